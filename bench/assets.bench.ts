/**
 * The login page's download (issue 18 "Assets", target ≤ 350 KB compressed). Reads the web build in
 * apps/web/dist (it builds nothing: run `npm run build` first; without a build it says so and
 * returns; `BENCH_WEB_DIST=<dir>` measures another build) and prints, per file and in total, the
 * bytes raw, gzip and brotli of the JavaScript and CSS a browser fetches to show /login:
 * - in headless Chromium (playwright-core, as the e2e tests) against the real server (in-memory
 *   database, serving the build): every script and stylesheet the page requests from opening /login
 *   until its form is shown and the network is idle. That is the entry chunk with its static imports
 *   (Vite's `modulepreload`s), `strict-csp.js`, and what the page loads lazily before it can show the
 *   form: the language's texts for the open pages (apps/web/src/locales/languages.ts, one chunk per
 *   language; the customer's preferred language's too when it differs from the default). The time to
 *   the first paint (index.html's placeholder) and to the form are printed beside the bytes;
 * - the closure of the entry's static imports and CSS in Vite's manifest (dist/.vite/manifest.json),
 *   as a cross-check: the files the page requested beyond it are listed, and the total without
 *   Chromium (no browser on the machine: the closure is counted, noted as such).
 * Chunks behind `import()` that the login page does not request (the shell, tree, dashboard,
 * measurement page, admin, the forgot-password and MFA pages, the texts of the screens behind the
 * login, the other languages) are not counted; they are listed below the total with their sizes.
 * Compressed sizes are those of the build's `.br` / `.gz` copies (apps/web/scripts/precompress.ts:
 * brotli quality 11, gzip level 9), which the server sends; a file without them is compressed here
 * at the same settings. Bytes are exact and do not depend on the machine; times do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../apps/server/src/server.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';
import { launchChromium, CHROMIUM_PATH } from '../e2e/support/browser.ts';

const DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist'));
/** Issue 18's target for the login page's JavaScript (and CSS), compressed, bytes (1 KB = 1000 B). */
const TARGET_BYTES = 350_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface Sizes {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip and brotli bytes of one file of the build (path relative to dist, `/`-separated). */
function sizesOf(file: string): Sizes {
  const abs = path.join(DIST, file);
  const raw = fs.readFileSync(abs);
  const copy = (ext: string, make: () => Buffer) => (fs.existsSync(abs + ext) ? fs.statSync(abs + ext).size : make().length);
  return {
    file,
    raw: raw.length,
    gzip: copy('.gz', () => zlib.gzipSync(raw, { level: 9 })),
    brotli: copy('.br', () =>
      zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    ),
  };
}

/** Local files `index.html` loads: `<script src>`, `<link rel=modulepreload|stylesheet href>`. */
export function filesNamedByIndexHtml(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g)) files.add(m[1]);
  return [...files].filter((f) => f.startsWith('/') && !f.startsWith('//')).map((f) => f.slice(1));
}

/** The entry chunk's file, its static imports' files (transitively) and their CSS, from Vite's manifest. */
export function entryClosure(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const row = (s: Sizes) =>
  `${s.file.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.brotli).padStart(10)}`;

/** What headless Chromium fetched to show /login. */
interface BrowserLoad {
  /** build files (relative to dist) of every same-origin request, in request order */
  files: string[];
  /** `Content-Encoding` the server answered per file ('' when none) */
  encodings: Map<string, string>;
  /** ms from navigation start to the first paint (index.html's placeholder) */
  firstPaintMs: number;
  /** ms from navigation start until the login form is in the page */
  formMs: number;
}

/**
 * Opens /login in headless Chromium on a real server serving {@link DIST} and records what it fetches
 * until the login form is shown and the network is idle (the captcha's challenge included).
 */
async function loadLoginPage(): Promise<BrowserLoad> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  const server = await startServer({ ...testServerConfig(dataDir), webDist: DIST }, { inMemoryDb: true });
  const chromium = await launchChromium();
  try {
    const page = await chromium.context.newPage();
    const origin = new URL(server.url).origin;
    const files: string[] = [];
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
      const file = decodeURIComponent(url.pathname).replace(/^\//, '');
      if (!files.includes(file)) files.push(file);
      encodings.set(file, response.headers()['content-encoding'] ?? '');
    });
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').waitFor({ timeout: 60000 });
    const formMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    const firstPaintMs = await page.evaluate(() => performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN);
    return { files, encodings, firstPaintMs, formMs };
  } finally {
    await chromium.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const isCode = (f: string) => /\.(?:js|mjs|css)$/.test(f);

export default async function assetsBench() {
  const indexHtml = path.join(DIST, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    console.log(`no web build in ${DIST}: run \`npm run build\` first (this bench only reads it)`);
    return;
  }
  const named = filesNamedByIndexHtml(fs.readFileSync(indexHtml, 'utf8'));
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  const closure = fs.existsSync(manifestFile)
    ? entryClosure(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : [];
  if (closure.length === 0) console.log("(no dist/.vite/manifest.json: the cross-check names index.html's files only)");
  const staticSet = [...new Set([...named, ...closure])].filter(isCode);

  let counted: string[];
  let browser: BrowserLoad | null = null;
  if (fs.existsSync(CHROMIUM_PATH)) {
    browser = await loadLoginPage();
    counted = browser.files.filter(isCode);
    const beyond = counted.filter((f) => !staticSet.includes(f));
    const missed = staticSet.filter((f) => !counted.includes(f));
    console.log(`requested by the page beyond the entry's static imports (counted): ${beyond.join(', ') || 'none'}`);
    if (missed.length > 0) console.log(`entry's static imports the page did not request (not counted): ${missed.join(', ')}`);
  } else {
    console.log(`(no Chromium at ${CHROMIUM_PATH}: counting the entry's static closure, without the lazy language chunk)`);
    counted = staticSet;
  }

  const login = counted.map(sizesOf);
  login.sort((a, b) => b.brotli - a.brotli);
  const sum = (list: Sizes[], k: 'raw' | 'gzip' | 'brotli') => list.reduce((s, x) => s + x[k], 0);
  const total: Sizes = { file: 'total', raw: sum(login, 'raw'), gzip: sum(login, 'gzip'), brotli: sum(login, 'brotli') };

  console.log(`login page (/login): JavaScript and CSS it fetches, ${login.length} files`);
  console.log(`${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const s of login) console.log(row(s));
  console.log(row(total));
  const sent = Math.min(total.brotli, total.gzip);
  console.log(
    `compressed (brotli, as sent to a browser that accepts it): ${kb(total.brotli)}; gzip ${kb(total.gzip)}; ` +
      `target ≤ ${kb(TARGET_BYTES)}: ${(sent / TARGET_BYTES).toFixed(2)}× the target, ${sent <= TARGET_BYTES ? 'met' : 'NOT met'}`,
  );
  if (browser) {
    const seen = [...new Set(counted.map((f) => browser.encodings.get(f) || 'identity'))];
    console.log(`Content-Encoding the server sent Chromium for them: ${seen.join(', ')}`);
    console.log(
      `in Chromium (headless, localhost; times vary with the machine): first paint (the placeholder) ` +
        `${browser.firstPaintMs.toFixed(0)} ms, login form shown ${browser.formMs.toFixed(0)} ms after navigation start`,
    );
  }

  const countedSet = new Set(counted);
  const lazy = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => /\.(?:js|css)$/.test(f) && !countedSet.has(`assets/${f}`))
    .map((f) => sizesOf(`assets/${f}`))
    .sort((a, b) => b.brotli - a.brotli);
  console.log(`\nloaded on demand (not counted above), ${lazy.length} files, largest first:`);
  for (const s of lazy.slice(0, 12)) console.log(row(s));
  console.log(row({ file: 'total on demand', raw: sum(lazy, 'raw'), gzip: sum(lazy, 'gzip'), brotli: sum(lazy, 'brotli') }));
}
