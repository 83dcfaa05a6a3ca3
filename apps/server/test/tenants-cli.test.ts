import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli/tenant.ts');
let dataDir = '';

/** Runs `npm run tenant -- …` as its own process (what the README documents) against `dataDir`. */
function tenant(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, timeout: 60000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let generatedPassword = '';

beforeAll(async () => {
  // A data directory holding the migrated, seeded template database (as after a first `npm start`).
  const first = await startTestServer({}, { persistent: true });
  dataDir = first.dataDir;
  await first.close();
});
afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run tenant (against a PGlite DATA_DIR)', () => {
  it('refuses to open the database while a server holds it, and says why', async () => {
    const server = await startTestServer({ dataDir }, { persistent: true });
    try {
      const res = await tenant('list');
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('is in use by the Overtone server');
      expect(res.stderr).toContain('Stop the server');
    } finally {
      await server.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('create: a customer with an all-permission admin; prints the generated password once', async () => {
    const res = await tenant(
      'create',
      '--name',
      'Acme',
      '--host',
      'acme.test',
      '--admin-email',
      'ada@acme.test',
      '--admin-name',
      'Ada Lovelace',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Created customer "Acme" \(id [0-9a-f]{24}\)/);
    generatedPassword = /password: (\S+)/.exec(res.stdout)![1]!;
    expect(generatedPassword.length).toBeGreaterThanOrEqual(12);
    const again = await tenant('create', '--name', 'Copy', '--host', 'ACME.test', '--admin-email', 'x@copy.test');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('host already served by customer "Acme"');
    const bad = await tenant('create', '--name', 'Bad', '--host', 'bad_host!', '--admin-email', 'x@bad.test');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('not a valid host name');
    const weak = await tenant(
      'create',
      '--name',
      'Weak',
      '--host',
      'weak.test',
      '--admin-email',
      'x@weak.test',
      '--password',
      'password1',
    );
    expect(weak.code).toBe(1);
  });

  it('list, add-host, disable and enable', async () => {
    expect((await tenant('add-host', '--customer', 'acme.test', '--host', 'www.acme.test')).stdout).toContain(
      'acme.test, www.acme.test',
    );
    const list = await tenant('list');
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+name\s+hosts\s+disabled\s+users$/);
    expect(lines.find((l) => l.includes('Acme'))).toMatch(/Acme\s+acme\.test, www\.acme\.test\s+no\s+1$/);
    expect(lines.find((l) => l.includes('Demo Plant'))).toMatch(/localhost, 127\.0\.0\.1\s+no\s+\d+$/);
    expect((await tenant('disable', '--host', 'www.acme.test')).stdout).toContain('Disabled customer "Acme"');
    const json = JSON.parse((await tenant('list', '--json')).stdout) as { name: string; disabled: boolean }[];
    expect(json.find((t) => t.name === 'Acme')!.disabled).toBe(true);
    expect((await tenant('disable', '--host', 'nowhere.test')).code).toBe(1);
  });

  it('the server serves the new customer on its host once enabled; the admin logs in with the mailed code and must set a password', async () => {
    let server = await startTestServer({ dataDir }, { persistent: true });
    try {
      expect(
        (
          await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, {
            params: { host: 'acme.test' },
            host: 'acme.test',
          })
        ).status,
      ).toBe(404);
    } finally {
      await server.close();
    }
    expect((await tenant('enable', '--host', 'acme.test')).code).toBe(0);
    server = await startTestServer({ dataDir }, { persistent: true });
    try {
      const onAcme = { host: 'www.acme.test' };
      const summary = await callApi(server.url, null, ENDPOINTS.getCustomerSummaryByHost, {
        params: { host: 'www.acme.test' },
        ...onAcme,
      });
      expect(summary.body.name).toBe('Acme');
      const token = await login(server.url, 'ada@acme.test', generatedPassword, { host: 'www.acme.test', dataDir });
      const me = await callApi(server.url, token, ENDPOINTS.getMe, onAcme);
      expect(me.body).toMatchObject({ name: 'Ada', surname: 'Lovelace', role: 'admin', passwordChanged: false });
      expect(me.body.permissions).toEqual(expect.arrayContaining(['createUser', 'updatePreferences', 'readMeasurement']));
      expect((await callApi(server.url, token, ENDPOINTS.getTree, onAcme)).status).toBe(403);
      expect(
        (await callApi(server.url, token, ENDPOINTS.setMyPassword, { body: { password: 'Acme-Chosen-Pw-1' }, ...onAcme })).status,
      ).toBe(200);
      expect((await callApi(server.url, token, ENDPOINTS.getTree, onAcme)).body).toEqual([]);
      const acme = await server.ctx.db.selectFrom('customers').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
      const defs = await server.ctx.db
        .selectFrom('telemetry_definitions')
        .select(['name', 'is_default'])
        .where('customer_id', '=', acme.id)
        .execute();
      expect(defs.map((d) => d.name)).toContain('KURTOSIS');
      expect(defs.filter((d) => d.is_default).map((d) => d.name)).toEqual(['GRMS']);
    } finally {
      await server.close();
    }
  });
});
