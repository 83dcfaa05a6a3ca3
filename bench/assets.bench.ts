/**
 * The login page's download (issue 18 "Assets", target ≤ 350 KB compressed): reads the web build in
 * apps/web/dist (it builds nothing: run `npm run build` first; without a build it says so and returns)
 * and prints, per file and in total, the bytes raw, gzip and brotli of the JavaScript and CSS a
 * browser fetches to show /login:
 * - every script, module preload and stylesheet `index.html` names (the entry chunk and its static
 *   imports, which Vite lists as `modulepreload`, plus `strict-csp.js`);
 * - the closure of the entry's static imports and CSS in Vite's manifest (dist/.vite/manifest.json),
 *   which must be the same set: the login, forgot-password and MFA pages are in the entry chunk, so
 *   the login route imports nothing more. Chunks behind `import()` (the shell, tree, dashboard,
 *   measurement page, admin) are not fetched for /login and not counted; they are listed below the
 *   total with their sizes.
 * Compressed sizes are those of the build's `.br` / `.gz` copies (apps/web/scripts/precompress.ts:
 * brotli quality 11, gzip level 9), which the server sends; a file without them is compressed here
 * at the same settings. Bytes are exact and do not depend on the machine; no times are printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
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

export default function assetsBench() {
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
  if (closure.length === 0) console.log('(no dist/.vite/manifest.json: counting the files index.html names only)');
  const notNamed = closure.filter((f) => !named.includes(f));
  if (notNamed.length > 0) console.log(`entry imports index.html does not name (counted): ${notNamed.join(', ')}`);

  const login = [...new Set([...named, ...closure])].filter((f) => /\.(?:js|mjs|css)$/.test(f)).map(sizesOf);
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

  const countedSet = new Set(login.map((s) => s.file));
  const lazy = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => /\.(?:js|css)$/.test(f) && !countedSet.has(`assets/${f}`))
    .map((f) => sizesOf(`assets/${f}`))
    .sort((a, b) => b.brotli - a.brotli);
  console.log(`\nloaded on demand (not counted above), ${lazy.length} files, largest first:`);
  for (const s of lazy.slice(0, 12)) console.log(row(s));
  console.log(row({ file: 'total on demand', raw: sum(lazy, 'raw'), gzip: sum(lazy, 'gzip'), brotli: sum(lazy, 'brotli') }));
}
