import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type LoginBody, type Session } from '@overtone/contract';
import { api, login, solveCaptcha, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';
import { TEST_PASSWORD } from './support/constants.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const post = (body: LoginBody) => callApi(server.url, null, ENDPOINTS.login, { body });

describe('POST /auth/customer (spec 000 §4, §5, §8)', () => {
  it('logs the demo admin in and answers the session', async () => {
    const res = await post({
      domain: 'localhost',
      email: 'Admin@Demo.Local',
      password: TEST_PASSWORD,
      reCaptcha: await solveCaptcha(server.url),
    });
    expect(res.status).toBe(200);
    const session = res.body as Session;
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(session).toMatchObject({ name: 'Demo', surname: 'Admin', role: 'admin', passwordChanged: true, mfa_id: null });
    expect(session.permissions).toEqual(expect.arrayContaining(['readMeasurement', 'createMeasurement', 'readPoint']));
  });

  it('refuses a wrong password with the catalogue message and wrongPassword', async () => {
    const res = await post({
      domain: 'localhost',
      email: 'admin@demo.local',
      password: 'nope',
      reCaptcha: await solveCaptcha(server.url),
    });
    expect(res.status).toBe(401);
    expect(failureOf(res)).toMatchObject({ message: 'Email or password is incorrect', wrongPassword: true });
  });

  it('refuses an unknown email exactly like a wrong password', async () => {
    const res = await post({
      domain: 'localhost',
      email: 'nobody@demo.local',
      password: 'x',
      reCaptcha: await solveCaptcha(server.url),
    });
    expect(res.status).toBe(401);
    expect(failureOf(res).message).toBe('Email or password is incorrect');
  });

  it('asks for the captcha when it is missing', async () => {
    const res = await post({ domain: 'localhost', email: 'admin@demo.local', password: TEST_PASSWORD });
    expect(res.status).toBe(400);
    expect(failureOf(res).errors).toEqual([expect.objectContaining({ msg: 'Please tick the verification checkbox' })]);
  });

  it('accepts a captcha payload once: a replay fails', async () => {
    const payload = await solveCaptcha(server.url);
    const first = await post({ domain: 'localhost', email: 'admin@demo.local', password: TEST_PASSWORD, reCaptcha: payload });
    expect(first.status).toBe(200);
    const replay = await post({ domain: 'localhost', email: 'admin@demo.local', password: TEST_PASSWORD, reCaptcha: payload });
    expect(replay.status).toBe(400);
    expect(failureOf(replay).errors![0].msg).toMatch(/captcha/i);
  });

  it('refuses a forged captcha payload', async () => {
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1, salt: 'x', signature: 'b'.repeat(64) }),
    ).toString('base64');
    const res = await post({ domain: 'localhost', email: 'admin@demo.local', password: TEST_PASSWORD, reCaptcha: forged });
    expect(res.status).toBe(400);
  });

  it('validates required fields with the spec messages', async () => {
    // empty fields, refused by the contract: sent as is
    const res = await api<{ errors: { msg: string }[] }>(server.url, null, 'POST', '/auth/customer', {
      domain: 'localhost',
      email: '',
      password: '',
      reCaptcha: 'x',
    });
    expect(res.status).toBe(400);
    const msgs = res.body.errors.map((e) => e.msg);
    expect(msgs).toEqual(expect.arrayContaining(['please enter email', 'please enter password']));
  });

  it('logout ends the session', async () => {
    const token = await login(server.url);
    expect((await callApi(server.url, token, ENDPOINTS.getTree)).status).toBe(200);
    expect((await callApi(server.url, token, ENDPOINTS.logout)).status).toBe(200);
    expect((await callApi(server.url, token, ENDPOINTS.getTree)).status).toBe(401);
  });
});

describe('customer and health', () => {
  it('serves the demo customer for localhost: the summary to anyone, the full record to its sessions', async () => {
    const localhost = { params: { host: 'localhost' } };
    expect((await callApi(server.url, null, ENDPOINTS.getCustomerByHost, localhost)).status).toBe(401);
    const token = await login(server.url);
    const full = await callApi(server.url, token, ENDPOINTS.getCustomerByHost, localhost);
    expect(full.status).toBe(200);
    expect(full.body.name).toBe('Demo Plant');
    expect(full.body.preferences.localization.preferedLanguage).toBe('tr');
    const summary = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, localhost);
    expect(summary.body.name).toBe('Demo Plant');
    const unknown = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, { params: { host: 'unknown.example' } });
    expect(unknown.status).toBe(404);
  });

  it('reports health 200 with database, broker and storage up', async () => {
    const h = await callApi(server.url, null, ENDPOINTS.getHealth);
    expect(h).toEqual({
      status: 200,
      body: { status: 'ok', database: true, broker: true, storage: true, ingest: { rejectedMessages24h: 0 } },
    });
  });

  it('answers 401 without a token and 404 in the catalogue format for unknown API paths', async () => {
    expect((await callApi(server.url, null, ENDPOINTS.getTree)).status).toBe(401);
    // an unknown path: sent with `api`
    const nf = await api<{ message: string }>(server.url, 'x', 'GET', '/no-such-thing');
    expect(nf.status).toBe(404);
    expect(nf.body.message).toBeTruthy();
  });
});

describe('GET /tree', () => {
  it('is a flat list: Demo Plant > CWRU test rig > four points with their device MACs', async () => {
    const token = await login(server.url);
    const { status, body } = await callApi(server.url, token, ENDPOINTS.getTree);
    expect(status).toBe(200);
    const plant = body.find((n) => n.name === 'Demo Plant')!;
    expect(plant).toMatchObject({ parent: 'root', nodeType: 'group' });
    const rig = body.find((n) => n.name === 'CWRU test rig')!;
    expect(rig.parent).toBe(plant._id);
    const points = body.filter((n) => n.nodeType === 'point');
    expect(points.map((p) => p.name)).toEqual(['Normal baseline', 'Inner race fault', 'Ball fault', 'Outer race fault']);
    expect(points.every((p) => p.parent === rig._id && p.tagCode.startsWith('$'))).toBe(true);
    expect(points.map((p) => p.macAddress)).toEqual([
      'CA:B8:31:00:00:01',
      'CA:B8:31:00:00:02',
      'CA:B8:31:00:00:03',
      'CA:B8:31:00:00:04',
    ]);
  });

  it('shows a point with its bearing, reference frequency and sensor', async () => {
    const token = await login(server.url);
    const tree = await callApi(server.url, token, ENDPOINTS.getTree);
    const ir = tree.body.find((n) => n.name === 'Inner race fault')!;
    const p = await callApi(server.url, token, ENDPOINTS.getPoint, { params: { id: ir._id } });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ referenceFrequency: 29.95, path: ['Demo Plant', 'CWRU test rig', 'Inner race fault'] });
    expect(p.body.bearing).toMatchObject({ brand: 'SKF', bearing_number: '6205-2RS', bpfi: 5.4152, bpfo: 3.5848 });
    expect(p.body.device).toMatchObject({ macAddress: 'CA:B8:31:00:00:02', gateway: 'CA:B8:28:00:00:01' });
  });
});
