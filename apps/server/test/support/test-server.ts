import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { loadConfig, type Config } from '../../src/infra/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { openDatabase, type Database } from '../../src/infra/db/database.ts';
import { TEMPLATE_FILE, TEST_PASSWORD } from './constants.ts';
import { codeOf, outboxCount, waitForMail } from './mail.ts';
import { externalInfra, startExternalParts } from './external-infra.ts';

/** Server configuration for tests and benchmarks: loopback, free ports, no web app, the test password, easy captchas. */
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
    // Easy captchas: tests solve one per login (the widget's difficulty is not what they test).
    captchaMaxNumber: 1000,
    ...overrides,
  };
}

/** The template's next in-memory database, opening in the background (see {@link templateDatabase}). */
let spare: Promise<Database> | null = null;

const openTemplateDatabase = () =>
  openDatabase({ databaseUrl: null, dataDir: null, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) }).then((d) => {
    d.keepProcessAlive?.(false); // waiting for a next test file that may never come
    return d;
  });

/**
 * An in-memory database opened from the template, and the next one starting to open meanwhile:
 * opening one (a thread, PGlite, the template loaded) takes about a second, and the api tier starts
 * a server per test file, one file at a time, while the second core mostly waits. The next file then
 * takes a database opened while this one ran. A spare that failed to open is replaced by a direct open.
 */
async function templateDatabase(): Promise<Database> {
  const taken = spare;
  const next = openTemplateDatabase();
  spare = next;
  next.catch(() => {
    if (spare === next) spare = null;
  });
  return (taken ? await taken.catch(() => null) : null) ?? openTemplateDatabase();
}

/** A real server (embedded PGlite from the template, aedes broker, local storage) on free ports. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { persistent?: boolean } = {},
): Promise<RunningServer & { dataDir: string }> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-test-'));
  const fresh = !fs.existsSync(path.join(dataDir, 'db'));
  // The api:external tier: PostgreSQL, Mosquitto and S3 instead of the embedded parts, unless the
  // test chose its own (support/external-infra.ts).
  const parts =
    externalInfra() && !overrides.databaseUrl && !overrides.mqttUrl && !opts.persistent ? await startExternalParts() : null;
  const config = testServerConfig(dataDir, { ...parts?.config, ...overrides });
  const inMemoryFromTemplate = fresh && !opts.persistent && !config.databaseUrl;
  const template = fresh && !inMemoryFromTemplate ? new Blob([fs.readFileSync(TEMPLATE_FILE)]) : undefined;
  const server = await startServer(
    { ...config, dataDir },
    {
      loadDataDir: template,
      inMemoryDb: !opts.persistent,
      database: inMemoryFromTemplate ? await templateDatabase() : undefined,
    },
  ).catch(async (e: unknown) => {
    await parts?.stop();
    throw e;
  });
  return {
    ...server,
    ...(parts ? { mqttUrl: parts.mqttUrl } : {}),
    dataDir,
    close: async () => {
      await server.close();
      await parts?.stop();
      if (!opts.persistent) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Options of a test request: the Host it is sent with (default: the URL's), the `language` header. */
export interface RequestOptions {
  /** Host header (e.g. 'other.test' for the second tenant); Node's fetch cannot set it. */
  host?: string;
  /** `language` header; default 'en' (the tests read the English texts), null sends none (→ tr). */
  language?: string | null;
  headers?: Record<string, string>;
}

/** One HTTP request with node:http (any Host header); the answer's body parsed as JSON when it is. */
export function request(
  url: string,
  method: string,
  opts: { host?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        method,
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        headers: {
          ...(opts.host ? { host: opts.host } : {}),
          ...opts.headers,
          ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Fetches a captcha challenge and solves it like the ALTCHA widget does; returns the payload. */
export async function solveCaptcha(baseUrl: string, host?: string): Promise<string> {
  const res = await request(`${baseUrl}/api/auth/captcha`, 'GET', { host });
  if (res.status !== 200) throw new Error(`captcha ${res.status} ${res.text}`);
  const ch = JSON.parse(res.text) as {
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

export interface LoginOptions {
  /** Host the login is sent to (the customer); default the URL's host (the demo customer). */
  host?: string;
  /**
   * The server's data directory: a login that answers the second step is completed with the code
   * read from `dataDir/outbox`. Without it such a login throws.
   */
  dataDir?: string;
}

/**
 * Logs in and returns the session token.
 * @param hostOrOpts the Host to log in on (e.g. 'other.test'), or options
 */
export async function login(
  baseUrl: string,
  email = 'admin@demo.local',
  password = TEST_PASSWORD,
  hostOrOpts: string | LoginOptions = {},
): Promise<string> {
  const opts: LoginOptions = typeof hostOrOpts === 'string' ? { host: hostOrOpts } : hostOrOpts;
  const host = opts.host && opts.host !== 'localhost' ? opts.host : undefined;
  const after = opts.dataDir ? outboxCount(opts.dataDir) : 0;
  const res = await api<{ token?: string; requireMFAVerification?: boolean; mfa_id?: string }>(
    baseUrl,
    null,
    'POST',
    '/auth/customer',
    { email, password, reCaptcha: await solveCaptcha(baseUrl, host) },
    { host },
  );
  if (res.status !== 200) throw new Error(`login failed ${res.status} ${JSON.stringify(res.body)}`);
  if (!res.body.requireMFAVerification) return res.body.token!;
  if (!opts.dataDir) throw new Error(`login of ${email} asks for the e-mailed code: pass { dataDir }`);
  const mail = await waitForMail(opts.dataDir, email, { after });
  const verified = await api<{ token: string }>(
    baseUrl,
    null,
    'POST',
    '/auth/customer/verify-mfa',
    { trnxId: res.body.mfa_id, code: codeOf(mail), reCaptcha: await solveCaptcha(baseUrl, host) },
    { host },
  );
  if (verified.status !== 200) throw new Error(`verify-mfa failed ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.token;
}

/**
 * One API call (`/api` + `p`) with the `token` header, a JSON body, and the `language` header 'en'
 * unless told otherwise (`opts.language`, null: none); `opts.host` sets the Host header (the tenant).
 */
export async function api<T = unknown>(
  baseUrl: string,
  token: string | null,
  method: string,
  p: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<{ status: number; body: T; headers: http.IncomingHttpHeaders }> {
  const language = opts.language === undefined ? 'en' : opts.language;
  const res = await request(`${baseUrl}/api${p}`, method, {
    host: opts.host,
    headers: {
      ...(token ? { token } : {}),
      ...(language ? { language } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  let parsed: unknown = null;
  if (res.text) {
    try {
      parsed = JSON.parse(res.text);
    } catch {
      parsed = res.text;
    }
  }
  const result = { status: res.status, body: parsed as T } as { status: number; body: T; headers: http.IncomingHttpHeaders };
  // Not enumerable: `expect(res).toEqual({ status, body })` stays as it was.
  Object.defineProperty(result, 'headers', { value: res.headers, enumerable: false });
  return result;
}
