/**
 * Compiles the production processes to JavaScript with esbuild (docs/architecture.md "Build and
 * start"): the server (apps/server/src/main.ts and its two worker-thread entries), the simulated
 * plant (apps/gateway-sim/src/main.ts) and the start script (scripts/start.ts) into `dist/` folders
 * (apps/server/dist, apps/gateway-sim/dist, dist/start.js), run with plain `node`, no tsx.
 *
 * - Our workspace packages (@overtone/contract, dsp with its WebAssembly module, diagnosis) are
 *   bundled; every other package stays external, loaded from node_modules as installed (native
 *   argon2, sharp, PGlite's wasm, pg, fastify…); each app's output sits in its own workspace so that
 *   Node finds the same copies from there. The build fails when such a package is not a production
 *   dependency of the workspace that imports it (it would be missing after `npm ci --omit=dev`), or
 *   when the output would load another copy of it than its importer does.
 * - Files the code reads beside itself (migrations, locales, models, fonts, the simulator's plant
 *   and recordings, the web app's dist) are read where they are in the checkout: in each bundled
 *   source file `import.meta.dirname`, `import.meta.filename` and `import.meta.url` name that
 *   source file, found from the compiled file's own location (the checkout may move).
 * - The worker entries (`dsp-worker.mjs`, `pglite-thread-worker.mjs`) are entry points of their own;
 *   their `register()` of tsx becomes a no-op, and `new URL('./<worker>.mjs', import.meta.url)`
 *   names the compiled worker.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Everything this script writes; gitignored. */
export const DIST = path.join(ROOT, 'dist');
/** The compiled `npm start` (server + simulated plant). */
export const START_JS = path.join(DIST, 'start.js');
export const SERVER_DIST = path.join(ROOT, 'apps', 'server', 'dist');
export const GATEWAY_SIM_DIST = path.join(ROOT, 'apps', 'gateway-sim', 'dist');

/** One esbuild run: a folder of `dist/` and its entry points (repo-relative source → output name). */
interface Bundle {
  name: string;
  outdir: string;
  entries: Record<string, string>;
}

const BUNDLES: Bundle[] = [
  {
    name: 'server',
    outdir: SERVER_DIST,
    entries: {
      main: 'apps/server/src/main.ts',
      'dsp-worker': 'apps/server/src/jobs/dsp/dsp-worker.mjs',
      'pglite-thread-worker': 'apps/server/src/infra/db/pglite-thread-worker.mjs',
    },
  },
  { name: 'gateway-sim', outdir: GATEWAY_SIM_DIST, entries: { main: 'apps/gateway-sim/src/main.ts' } },
  { name: 'start', outdir: DIST, entries: { start: 'scripts/start.ts' } },
];

const posix = (p: string) => p.split(path.sep).join('/');
const builtins = new Set(builtinModules);
/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Nearest package.json above a repo file (its workspace, or the root for scripts/). */
function workspaceOf(file: string): { dir: string; pkg: { name: string; dependencies?: Record<string, string> } } {
  for (let dir = path.dirname(file); dir.startsWith(ROOT); dir = path.dirname(dir)) {
    const f = path.join(dir, 'package.json');
    if (fs.existsSync(f)) return { dir, pkg: JSON.parse(fs.readFileSync(f, 'utf8')) };
  }
  throw new Error(`no package.json above ${file}`);
}

/** The installed copy of a package Node's resolution finds from `dir` (node_modules upwards), or null. */
function installedFrom(dir: string, name: string): string | null {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
    if (path.dirname(d) === d) return null;
  }
}

/**
 * esbuild plugin: keeps node_modules external (checking each is a production dependency),
 * bundles @overtone/*, turns tsx's `register` into a no-op, and points `import.meta` of every
 * bundled source file at that source file.
 */
function overtonePlugin(bundle: Bundle, missing: Set<string>): esbuild.Plugin {
  const workerOut = new Map(Object.entries(bundle.entries).map(([out, src]) => [path.join(ROOT, src), `${out}.js`]));
  const toRoot = posix(path.relative(bundle.outdir, ROOT)) || '.';
  return {
    name: 'overtone',
    setup(build) {
      build.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: 'tsx-register', namespace: 'overtone-stub' }));
      build.onLoad({ filter: /.*/, namespace: 'overtone-stub' }, () => ({
        // already JavaScript: nothing to register (the worker entries' `register()` of tsx)
        contents: 'export function register() { return () => {}; }',
        loader: 'js',
      }));
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageOf(args.path.replace(/^node:/, ''));
        if (args.path.startsWith('node:') || builtins.has(name)) return { path: args.path, external: true };
        if (name.startsWith('@overtone/')) return undefined; // bundled from its workspace's src
        const ws = workspaceOf(args.importer);
        const root = workspaceOf(path.join(ROOT, 'package.json'));
        const by = posix(path.relative(ROOT, args.importer));
        if (!ws.pkg.dependencies?.[name] && !root.pkg.dependencies?.[name])
          missing.add(`${name} (imported by ${by}, not in ${ws.pkg.name}'s dependencies)`);
        else if (installedFrom(path.dirname(args.importer), name) !== installedFrom(bundle.outdir, name))
          missing.add(`${name} (imported by ${by}: ${posix(path.relative(ROOT, bundle.outdir))} would load another copy)`);
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let text = await fs.promises.readFile(args.path, 'utf8');
        const rel = posix(path.relative(ROOT, args.path));
        // a worker entry named beside its host: the compiled worker beside the compiled host
        text = text.replace(
          /new URL\(\s*(['"])(\.\.?\/[^'"]+\.mjs)\1\s*,\s*import\.meta\.url\s*\)/g,
          (whole, _q: string, spec: string) => {
            const out = workerOut.get(path.resolve(path.dirname(args.path), spec));
            return out ? `new URL(${JSON.stringify(`./${out}`)}, __overtoneBundleUrl)` : whole;
          },
        );
        const src = JSON.stringify(rel);
        text = text
          .replace(/\bimport\.meta\.dirname\b/g, `__overtoneSourceDir(${src})`)
          .replace(/\bimport\.meta\.filename\b/g, `__overtoneSourceFile(${src})`)
          .replace(/\bimport\.meta\.url\b/g, `__overtoneSourceUrl(${src})`);
        const loader = /\.m?ts$/.test(args.path) ? 'ts' : 'js';
        return { contents: text, loader, resolveDir: path.dirname(args.path) };
      });
      // Defined once at the top of every output file (entries and shared chunks, all in `outdir`).
      build.initialOptions.banner = {
        js: [
          "import { fileURLToPath as __overtoneFileURLToPath } from 'node:url';",
          'const __overtoneBundleUrl = import.meta.url;',
          `const __overtoneRootUrl = new URL(${JSON.stringify(`${toRoot}/`)}, import.meta.url);`,
          'const __overtoneSourceUrl = (rel) => new URL(rel, __overtoneRootUrl).href;',
          'const __overtoneSourceFile = (rel) => __overtoneFileURLToPath(__overtoneSourceUrl(rel));',
          "const __overtoneSourceDir = (rel) => __overtoneFileURLToPath(new URL('.', __overtoneSourceUrl(rel))).replace(/[\\\\/]$/, '');",
        ].join('\n'),
      };
    },
  };
}

/** What one build read: repo-relative input files (for the freshness check in build-all.ts). */
export interface BuildResult {
  inputs: string[];
  bytes: number;
  ms: number;
}

/**
 * Compiles every bundle into `dist/` (emptied first).
 * @returns the source files read (repo-relative, sorted), the JavaScript bytes written, the time
 * @throws when esbuild fails or an external package is no production dependency of its importer
 */
export async function buildServer(): Promise<BuildResult> {
  const t0 = performance.now();
  const inputs = new Set<string>();
  let bytes = 0;
  for (const bundle of BUNDLES) {
    fs.rmSync(bundle.outdir === DIST ? START_JS : bundle.outdir, { recursive: true, force: true });
    const missing = new Set<string>();
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.entries(bundle.entries).map(([out, src]) => ({ in: src, out })),
      outdir: bundle.outdir,
      bundle: true,
      splitting: Object.keys(bundle.entries).length > 1,
      chunkNames: 'chunk-[hash]',
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      keepNames: true,
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
      define: { __OVERTONE_COMPILED__: 'true' },
      plugins: [overtonePlugin(bundle, missing)],
    });
    if (missing.size)
      throw new Error(
        `External packages missing from production dependencies (npm ci --omit=dev would not install them):\n  ${[...missing].join('\n  ')}`,
      );
    for (const f of Object.keys(result.metafile.inputs)) if (!f.includes(':')) inputs.add(posix(f));
    for (const [f, o] of Object.entries(result.metafile.outputs)) if (f.endsWith('.js')) bytes += o.bytes;
  }
  return { inputs: [...inputs].sort(), bytes, ms: performance.now() - t0 };
}

/** A fingerprint of files (path, size, modification time; a missing file counts too). */
export function fingerprint(files: string[]): string {
  const h = crypto.createHash('sha256');
  for (const f of files) {
    const st = fs.statSync(path.resolve(ROOT, f), { throwIfNoEntry: false });
    h.update(`${f}\t${st ? `${st.size}\t${st.mtimeMs}` : 'missing'}\n`);
  }
  return h.digest('hex');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const r = await buildServer();
  console.log(
    `apps/server/dist, apps/gateway-sim/dist, dist/start.js: ${(r.bytes / 1024).toFixed(0)} KiB of JavaScript in ${r.ms.toFixed(0)} ms`,
  );
}
