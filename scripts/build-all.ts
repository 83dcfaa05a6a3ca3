/**
 * `npm run build`: the web app (Vite, apps/web/dist) and the compiled server, simulator and start
 * script (scripts/build-server.ts). `--changed` (what `npm start` runs) skips a build whose inputs
 * are unchanged since its last successful run (docs/architecture.md "Build and start").
 *
 * A build's inputs are fingerprinted by path, size and modification time
 * ({@link fingerprint}) and the fingerprint is stored in `dist/.build-state.json` after the build
 * succeeds; a missing output, a changed, added or removed input, or another fingerprint rebuilds.
 * - web: every file under apps/web and packages/* (not node_modules, dist, or `*.test.*` files,
 *   which the bundle never includes), package-lock.json;
 * - server: the source files esbuild read last time (its metafile), this script and
 *   build-server.ts, package-lock.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, DIST, fingerprint, GATEWAY_SIM_DIST, ROOT, SERVER_DIST, START_JS } from './build-server.ts';

const STATE_FILE = path.join(DIST, '.build-state.json');

interface BuildState {
  web?: { fingerprint: string };
  server?: { fingerprint: string; inputs: string[] };
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** Repo-relative files under `dir` (recursively), without {@link SKIP_DIRS} and test files. */
export function listSources(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path.join(abs, e.name));
      } else if (!/\.test\.[cm]?[jt]sx?$/.test(e.name)) {
        out.push(path.relative(ROOT, path.join(abs, e.name)).split(path.sep).join('/'));
      }
    }
  };
  walk(path.resolve(ROOT, dir));
  return out.sort();
}

/** The web build's inputs: apps/web and our packages (the web imports contract and dsp), the lockfile. */
export function webInputs(): string[] {
  const packages = fs.readdirSync(path.join(ROOT, 'packages')).flatMap((p) => listSources(`packages/${p}`));
  return [...listSources('apps/web'), ...packages, 'package-lock.json'];
}

const serverExtras = ['scripts/build-all.ts', 'scripts/build-server.ts', 'package-lock.json'];
const serverOutputs = [path.join(SERVER_DIST, 'main.js'), path.join(GATEWAY_SIM_DIST, 'main.js'), START_JS];

function readState(): BuildState {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as BuildState;
  } catch {
    return {};
  }
}
function writeState(state: BuildState) {
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state)}\n`);
}

/**
 * Builds the web app and the server (all, or with `changedOnly` those whose inputs changed).
 * @returns what was built and skipped, for the log
 * @throws when a build fails (the state keeps the previous fingerprint, so the next run retries)
 */
export async function buildAll(changedOnly: boolean): Promise<{ built: string[]; skipped: string[] }> {
  const built: string[] = [];
  const skipped: string[] = [];
  let state = readState();

  const webPrint = fingerprint(webInputs());
  const webFresh = state.web?.fingerprint === webPrint && fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'));
  if (changedOnly && webFresh) skipped.push('web');
  else {
    const r = spawnSync('npm', ['run', 'build', '-w', '@overtone/web'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`web build failed (${r.signal ?? r.status})`);
    state = { ...readState(), web: { fingerprint: webPrint } };
    writeState(state);
    built.push('web');
  }

  const prev = state.server;
  const serverFresh =
    prev && serverOutputs.every((f) => fs.existsSync(f)) && prev.fingerprint === fingerprint([...prev.inputs, ...serverExtras]);
  if (changedOnly && serverFresh) skipped.push('server');
  else {
    const r = await buildServer();
    writeState({ ...readState(), server: { fingerprint: fingerprint([...r.inputs, ...serverExtras]), inputs: r.inputs } });
    console.log(
      `server, simulator, start script compiled: ${(r.bytes / 1024).toFixed(0)} KiB of JavaScript in ${r.ms.toFixed(0)} ms`,
    );
    built.push('server');
  }
  return { built, skipped };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const changedOnly = process.argv.includes('--changed');
  const { skipped } = await buildAll(changedOnly);
  if (skipped.length) console.log(`up to date, not rebuilt: ${skipped.join(', ')}`);
}
