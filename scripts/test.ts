/**
 * `npm test`: everything, in order: Chromium, Mosquitto, PostgreSQL and poppler-utils (installed from Debian
 * when missing), typecheck, lint and format, the error catalogue check, the web build, then every vitest tier (unit, web,
 * api, e2e). Ends with one plain line `N passed, N failed` (CI reads it), counting each check
 * step as one test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parallel } from './parallel.ts';
import { TYPECHECKED, tscOf } from './typecheck.ts';

const root = path.resolve(import.meta.dirname, '..');
const results: { name: string; ok: boolean }[] = [];
const sh = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
const step = (name: string, fn: () => boolean) => {
  console.log(`\n▶ ${name}`);
  const ok = fn();
  results.push({ name, ok });
  console.log(`${ok ? '✔' : '✘'} ${name}`);
  return ok;
};

const asRoot = (args: string[]) =>
  process.getuid?.() === 0
    ? sh(args[0], args.slice(1), { DEBIAN_FRONTEND: 'noninteractive' })
    : sh('sudo', args, { DEBIAN_FRONTEND: 'noninteractive' });
const aptInstall = (pkg: string) =>
  asRoot(['apt-get', 'update']) && asRoot(['apt-get', 'install', '-y', '--no-install-recommends', pkg]);

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) step('install chromium (apt-get)', () => aptInstall('chromium'));
// Mosquitto 2 with its dynamic-security plugin: the edge tests run against it too (docs/operations.md).
export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
if (!fs.existsSync(MOSQUITTO))
  step('install mosquitto (apt-get)', () => {
    const ok = aptInstall('mosquitto');
    // The tests start their own broker; a system service would hold port 1883 that `npm start` uses.
    if (ok && fs.existsSync('/run/systemd/system')) asRoot(['systemctl', 'disable', '--now', 'mosquitto']);
    return ok;
  });

// PostgreSQL 15: the tests that need it start their own throw-away cluster (apps/server/test/support/postgres.ts).
export const POSTGRES = path.join(process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin', 'postgres');
if (!fs.existsSync(POSTGRES))
  step('install postgresql (apt-get)', () => {
    const ok = aptInstall('postgresql');
    // Debian's package creates and starts a cluster on port 5432 where systemd runs: not ours.
    if (ok && fs.existsSync('/run/systemd/system')) asRoot(['systemctl', 'disable', '--now', 'postgresql']);
    return ok;
  });

// poppler-utils (pdftotext, pdfinfo): the fault report PDF tests read the rendered PDFs back with them.
export const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext';
if (!fs.existsSync(PDFTOTEXT)) step('install poppler-utils (apt-get)', () => aptInstall('poppler-utils'));

// The eight typechecks and ESLint are independent: on every core at once (about half the time on 2
// cores), ESLint first (the longest) while the typechecks share the other lanes.
const eslint = { label: 'eslint .', cmd: process.execPath, args: ['node_modules/eslint/bin/eslint.js', '.'] };
console.log('\n▶ typecheck and lint (eslint), in parallel');
const checked = await parallel([eslint, ...TYPECHECKED.map(tscOf)]);
const typecheckOk = TYPECHECKED.every((p) => checked.get(tscOf(p).label) === true);
const lintOk = checked.get(eslint.label) === true;
step('typecheck', () => typecheckOk);
step('lint (eslint)', () => lintOk);
step('format (prettier --check)', () => sh(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']));
step('openapi.json is up to date', () =>
  sh(process.execPath, ['--import', 'tsx', 'apps/server/src/openapi/generate.ts', '--check']),
);
step('dsp wasm module is up to date', () =>
  sh(process.execPath, ['--import', 'tsx', 'packages/dsp/scripts/build-wasm.ts', '--check']),
);
step('dsp generated kernels are up to date', () =>
  sh(process.execPath, ['--import', 'tsx', 'packages/dsp/scripts/check-generated.ts']),
);
step('web build', () => sh('npm', ['run', 'build', '-w', '@overtone/web']));

const report = path.join(root, '.test-data', 'vitest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
sh(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
let passed = results.filter((r) => r.ok).length;
let failed = results.length - passed;
if (fs.existsSync(report)) {
  const j = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    testResults: { status: string; name: string }[];
  };
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  // A test file that failed to load counts as a failure even though it ran no test.
  failed += j.testResults.filter((t) => t.status === 'failed').length && j.numFailedTests === 0 ? 1 : 0;
} else {
  failed += 1;
  console.error('vitest produced no report');
}
for (const r of results.filter((r) => !r.ok)) console.log(`failed step: ${r.name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
