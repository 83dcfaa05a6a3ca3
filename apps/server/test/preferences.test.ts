import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, type Customer, type PreferencesBody, type TelemetryDefinition, type User } from '@overtone/contract';
import { startTwoTenants, validationText, type Call } from './admin-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
let otherId: string;

beforeAll(async () => {
  ({ server, call, other, demoId, otherId } = await startTwoTenants());
});
afterAll(async () => server?.close());

/** A full, valid preferences body. */
const prefs = (over: Partial<PreferencesBody> = {}): PreferencesBody => ({
  passwordPolicy: {
    minCharacter: 10,
    requiresUpperCaseLetters: true,
    requiresLowerCaseLetters: true,
    requiresNumbers: false,
    requiresSpecialCharacters: true,
  },
  localization: { dateFormat: 'YYYY/MM/DD HH:mm:ss', preferedLanguage: 'de', timeZone: 'GMT+1' },
  defaultTelemetry: 'VRMS',
  mainsFrequencyHz: 50,
  alarm: {
    mailReceivers: ['ops@demo.local'],
    notificationReceivers: [],
    enableSensewayAlarm: true,
    frequencyAlarmMail: 12,
    autoAlarms: { crest_star: true },
    alarmLevel: 2,
  },
  ...over,
});
const stored = async (customerId: string) =>
  (await server.ctx.db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow())
    .preferences as Record<string, unknown>;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
const upload = (who: Call, bytes: Buffer, type = 'image/png') =>
  who<{ logo: string | null }>('PUT', '/preferences/logo', bytes, { 'content-type': type });

describe('PUT /preferences', () => {
  it('saves the whole object and answers the customer record', async () => {
    const me = (await call<User[]>('GET', '/users')).body.find((u) => u.email === 'admin@demo.local')!;
    const body = prefs({ alarm: { ...prefs().alarm, notificationReceivers: [me._id, me._id] } });
    const res = await call<Customer>('PUT', '/preferences', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = customer.parse(res.body);
    expect(answered).toMatchObject({ _id: demoId, name: 'Demo Plant' });
    expect(answered.preferences).toEqual({ ...body, logo: null, alarm: { ...body.alarm, notificationReceivers: [me._id] } });
    expect(await stored(demoId)).toEqual(answered.preferences);
  });

  it('makes `defaultTelemetry` the customer’s default telemetry definition', async () => {
    await call('PUT', '/preferences', prefs({ defaultTelemetry: 'KURTOSIS' }));
    const defs = (await call<TelemetryDefinition[]>('GET', '/telemetry')).body;
    expect(defs.filter((d) => d.isDefault).map((d) => d.name)).toEqual(['KURTOSIS']);
  });

  it('refuses an unknown default telemetry (404) and changes nothing', async () => {
    const before = await stored(demoId);
    const res = await call(
      'PUT',
      '/preferences',
      prefs({ defaultTelemetry: 'NO_SUCH', localization: { ...prefs().localization, preferedLanguage: 'ru' } }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'TELEMETRY_NOT_FOUND' });
    expect(await stored(demoId)).toEqual(before);
  });

  it('checks the fields against the contract (policy length 4..16, frequency, date format)', async () => {
    const policy = prefs().passwordPolicy;
    for (const minCharacter of [3, 17]) {
      const res = await call('PUT', '/preferences', prefs({ passwordPolicy: { ...policy, minCharacter } }));
      expect(res.status, String(minCharacter)).toBe(400);
    }
    for (const minCharacter of [4, 16])
      expect((await call('PUT', '/preferences', prefs({ passwordPolicy: { ...policy, minCharacter } }))).status).toBe(200);
    const freq = await call<{ errors: { msg: string }[] }>(
      'PUT',
      '/preferences',
      prefs({ alarm: { ...prefs().alarm, frequencyAlarmMail: 7 } }),
    );
    expect(freq.status).toBe(400);
    expect(freq.body.errors.map((e) => e.msg)).toContain(
      validationText('frequencyAlarmMail must be 0, 6, 12, 18, 24 or 9999999'),
    );
    const date = await call('PUT', '/preferences', {
      ...prefs(),
      localization: { ...prefs().localization, dateFormat: 'DD.MM.YYYY' },
    });
    expect(date.status).toBe(400);
  });

  it('refuses notification receivers that are not the customer’s users (404)', async () => {
    const theirs = (await other<User[]>('GET', '/users')).body[0]!;
    const res = await call('PUT', '/preferences', prefs({ alarm: { ...prefs().alarm, notificationReceivers: [theirs._id] } }));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});

describe('PUT /preferences/logo', () => {
  it('stores the image as a PNG 40 px high in proportion and points preferences.logo at it', async () => {
    const res = await upload(call, await png(300, 100));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.logo).toMatch(/^\/api\/customer\/localhost\/logo\?v=[0-9a-f]{12}$/);
    const file = await server.ctx.storage.get(`logos/${demoId}.png`);
    expect(file).not.toBeNull();
    const meta = await sharp(Buffer.from(file!)).metadata();
    expect(meta).toMatchObject({ format: 'png', height: 40, width: 120 });
    expect((await stored(demoId)).logo).toBe(res.body.logo);
    const served = await server.app.inject({ method: 'GET', url: res.body.logo!, headers: { host: '127.0.0.1' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(served.rawPayload)).toEqual(file);
  });

  it('reads JPEG, WebP and GIF too, upscales a small image, and caps a very wide one at 400 px', async () => {
    const base = sharp({ create: { width: 20, height: 10, channels: 3, background: '#1677ff' } });
    for (const [type, bytes] of [
      ['image/jpeg', await base.clone().jpeg().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
    ] as const) {
      const res = await upload(call, bytes, type);
      expect(res.status, type).toBe(200);
      const meta = await sharp(Buffer.from((await server.ctx.storage.get(`logos/${demoId}.png`))!)).metadata();
      expect(meta, type).toMatchObject({ format: 'png', height: 40, width: 80 });
    }
    await upload(call, await png(4000, 100));
    const wide = await sharp(Buffer.from((await server.ctx.storage.get(`logos/${demoId}.png`))!)).metadata();
    expect(wide).toMatchObject({ width: 400, height: 10 });
  });

  it('a new image gets a new URL; saving preferences keeps the logo', async () => {
    const a = (await upload(call, await png(100, 50))).body.logo;
    const b = (await upload(call, await png(100, 60))).body.logo;
    expect(a).not.toBe(b);
    const res = await call<Customer>('PUT', '/preferences', prefs());
    expect(res.body.preferences.logo).toBe(b);
  });

  it('refuses what is not an image (400), SVG, and files over 2 MB (413)', async () => {
    const junk = await upload(call, Buffer.from('definitely not a picture'));
    expect(junk.status).toBe(400);
    expect(junk.body).toEqual({ errors: [{ msg: 'The file is not a supported image' }] });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await upload(call, svg)).status).toBe(400);
    for (const type of ['image/svg+xml', 'application/octet-stream', 'application/json'])
      expect((await upload(call, svg, type)).body, type).toEqual({ errors: [{ msg: 'The file is not a supported image' }] });
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(call, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('JSON routes stay JSON-only: an image body elsewhere is refused', async () => {
    const res = await call('PUT', '/preferences', await png(10, 10), { 'content-type': 'image/png' });
    expect(res.status).toBe(400);
  });
});

describe('DELETE /preferences/logo', () => {
  it('removes the stored image and clears preferences.logo', async () => {
    await upload(call, await png(100, 50));
    const res = await call('DELETE', '/preferences/logo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logo: null });
    expect(await server.ctx.storage.get(`logos/${demoId}.png`)).toBeNull();
    expect((await stored(demoId)).logo).toBeNull();
  });
});

describe('tenant isolation of preferences', () => {
  it('each customer saves only its own preferences and logo', async () => {
    await upload(call, await png(100, 50));
    const ours = await stored(demoId);
    const ourLogo = await server.ctx.storage.get(`logos/${demoId}.png`);
    const res = await other<Customer>('PUT', '/preferences', prefs({ defaultTelemetry: 'GRMS' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body._id).toBe(otherId);
    const logo = await upload(other, await png(50, 50));
    expect(logo.body.logo).toMatch(/^\/api\/customer\/other\.test\/logo\?v=/);
    expect(await server.ctx.storage.get(`logos/${otherId}.png`)).not.toBeNull();
    expect(await stored(demoId)).toEqual(ours);
    expect(await server.ctx.storage.get(`logos/${demoId}.png`)).toEqual(ourLogo);
    await other('DELETE', '/preferences/logo');
    expect(await server.ctx.storage.get(`logos/${demoId}.png`)).toEqual(ourLogo);
    const defs = (await call<TelemetryDefinition[]>('GET', '/telemetry')).body;
    expect(defs.find((d) => d.isDefault)?.name).toBe(ours.defaultTelemetry);
  });
});
