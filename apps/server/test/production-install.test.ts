import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ROOT } from '../../../scripts/build-server.ts';
import { plainEnv, startCompiled, type CompiledStart } from './support/compiled-start.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { until } from './support/until.ts';

/**
 * The production install (issue 18; docs/architecture.md "Build and start"): a copy of the checkout
 * with its compiled outputs, installed with `npm ci --omit=dev` (no tsx, esbuild, Vite, Vitest,
 * Playwright, ESLint or Prettier), starts with `node dist/start.js`: the server answers, a user
 * logs in and reads the asset tree, the login page is served, the simulated plant connects, and
 * Ctrl+C stops it. The build's own check (scripts/build-server.ts) only sees the imports it
 * bundles; this is the install itself, with what the production dependencies pull in at run time.
 */

const run = promisify(execFile);
/** The built web app (`npm run build`; `npm test` builds it before the tiers). */
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');
/** npm's install of the production dependencies, from its cache when it has them, ms at most. */
const INSTALL_TIMEOUT_MS = 240_000;
/** Packages that only development needs: none may be installed. */
const DEV_ONLY = ['tsx', 'esbuild', 'vite', 'vitest', 'playwright-core', 'eslint', 'prettier'];

/** Copies the checkout without any `node_modules`, `.git` or test data (a clone after `npm run build`). */
function copyCheckout(to: string) {
  const skip = new Set(['node_modules', '.git', '.test-data']);
  fs.cpSync(ROOT, to, { recursive: true, filter: (src) => !skip.has(path.basename(src)) });
}

let copy = '';
let dataDir = '';
let compiled: CompiledStart | null = null;
/** what the start printed so far */
const output = () => compiled?.output() ?? '';

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  await buildServer();
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-production-'));
  copyCheckout(copy);
  await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: copy,
    env: plainEnv(),
    timeout: INSTALL_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  // a data directory holding the migrated, seeded database (as after a first start)
  const first = await startTestServer({}, { persistent: true });
  dataDir = first.dataDir;
  await first.close();
  compiled = await startCompiled(path.join(copy, 'dist', 'start.js'), dataDir);
}, INSTALL_TIMEOUT_MS + 60_000);

afterAll(async () => {
  if (compiled && compiled.proc.exitCode === null && compiled.proc.signalCode === null) {
    compiled.proc.kill('SIGKILL');
    await compiled.exit;
  }
  for (const dir of [copy, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the production install (npm ci --omit=dev, then node dist/start.js)', () => {
  it('has no development package, serves the API and a login, connects the simulated plant, and stops on Ctrl+C', async () => {
    for (const name of DEV_ONLY) expect(fs.existsSync(path.join(copy, 'node_modules', name)), name).toBe(false);
    expect(fs.existsSync(path.join(copy, 'node_modules', 'argon2'))).toBe(true);

    const url = await until(async () => /running at (http:\/\/\S+)/.exec(output())?.[1], 60_000);
    const base = url.replace('localhost', '127.0.0.1');
    const health = await until(async () => {
      const r = await fetch(`${base}/api/health`).catch(() => null);
      return r?.ok ? ((await r.json()) as { status: string }) : null;
    }, 30_000);
    expect(health, output().slice(-3000)).toMatchObject({ status: 'ok', database: true, broker: true, storage: true });
    const token = await login(base);
    // the demo plant's tree, read from the database through the compiled server
    const tree = await api(base, token, 'GET', '/tree');
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body)).toContain('Inner race fault');
    // the built web app, served from the copy
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    await until(async () => /gateway-sim connected/.test(output()), 30_000); // the simulated plant

    compiled!.proc.kill('SIGINT');
    const how = await Promise.race([compiled!.exit, new Promise((r) => setTimeout(() => r('timeout'), 20_000))]);
    expect(how, output().slice(-3000)).toEqual({ code: 0, signal: null });
  }, 120_000);
});
