import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { loadConfig, type Config } from '../../src/infra/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { TEMPLATE_FILE, TEST_PASSWORD } from './constants.ts';

/** Server configuration for tests and benchmarks: loopback, free ports, no web app, the test password. */
export function testServerConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: dataDir }),
    port: 0,
    host: '127.0.0.1',
    mqttPort: 0,
    mqttHost: '127.0.0.1',
    webDist: null,
    demoPassword: TEST_PASSWORD,
    chunkWaitMs: 2000,
    ...overrides,
  };
}

/** A real server (embedded PGlite from the template, aedes broker, local storage) on free ports. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { persistent?: boolean } = {},
): Promise<RunningServer & { dataDir: string }> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-test-'));
  const fresh = !fs.existsSync(path.join(dataDir, 'db'));
  const config = testServerConfig(dataDir, overrides);
  const template = fresh ? new Blob([fs.readFileSync(TEMPLATE_FILE)]) : undefined;
  const server = await startServer({ ...config, dataDir }, { loadDataDir: template, inMemoryDb: !opts.persistent });
  return {
    ...server,
    dataDir,
    close: async () => {
      await server.close();
      if (!opts.persistent) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fetches a captcha challenge and solves it like the ALTCHA widget does; returns the payload. */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const ch = (await (await fetch(`${baseUrl}/api/auth/captcha`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) throw new Error('captcha not solvable');
  return Buffer.from(
    JSON.stringify({
      algorithm: ch.algorithm,
      challenge: ch.challenge,
      number: solution.number,
      salt: ch.salt,
      signature: ch.signature,
    }),
  ).toString('base64');
}

/** Logs in and returns the session token. */
export async function login(
  baseUrl: string,
  email = 'admin@demo.local',
  password = TEST_PASSWORD,
  domain = 'localhost',
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain, email, password, reCaptcha: await solveCaptcha(baseUrl) }),
  });
  if (res.status !== 200) throw new Error(`login failed ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api<T = unknown>(
  baseUrl: string,
  token: string | null,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api${p}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
