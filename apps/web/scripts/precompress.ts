/**
 * Precompressed copies of the web build (issue 18 "Assets"): after `vite build` writes `dist/`, every
 * text asset gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside it. The server's
 * @fastify/static (`preCompressed: true`) sends the copy the browser's Accept-Encoding asks for, so the
 * files are compressed once at build, at the strongest settings, and never per request.
 * Runs in Node at build time only (never bundled into the app).
 */
// eslint-disable-next-line no-restricted-imports -- a build step: runs in Node, not in the browser
import { promises as fs } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- idem
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports -- idem
import { promisify } from 'node:util';
// eslint-disable-next-line no-restricted-imports -- idem
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * File name endings compressed: scripts, styles, pages, SVG images, JSON, text, source maps and
 * WebAssembly (binary, but its code compresses to about a third). Images, fonts in WOFF2 and
 * archives are compressed already and are left as they are.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm|xml|webmanifest)$/i;

/** One file's sizes, bytes. */
export interface CompressedSizes {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Every file under `dir` (recursively), absolute paths. */
async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every {@link COMPRESSIBLE} file under `dir` (dot-directories
 * such as Vite's `.vite/` manifest are skipped: the server does not serve them).
 * @param dir the build's output directory (absolute)
 * @returns each compressed file's sizes (path relative to `dir`, `/`-separated), sorted by path
 */
export async function precompressDir(dir: string): Promise<CompressedSizes[]> {
  const files = (await walk(dir)).filter(
    (f) =>
      COMPRESSIBLE.test(f) &&
      !path
        .relative(dir, f)
        .split(path.sep)
        .some((part) => part.startsWith('.')),
  );
  const sizes = await Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      return { file: path.relative(dir, file).split(path.sep).join('/'), raw: raw.length, gzip: gz.length, brotli: br.length };
    }),
  );
  return sizes.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Vite plugin: {@link precompressDir} on the output directory once the bundle is written (build only).
 */
export function precompress(): Plugin {
  let outDir = '';
  let log: (msg: string) => void = () => undefined;
  return {
    name: 'overtone-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (msg) => config.logger.info(msg);
    },
    async closeBundle() {
      const sizes = await precompressDir(outDir);
      const sum = (k: 'raw' | 'gzip' | 'brotli') => sizes.reduce((s, x) => s + x[k], 0);
      log(
        `precompressed ${sizes.length} files: ${(sum('raw') / 1024).toFixed(0)} KiB raw, ` +
          `${(sum('gzip') / 1024).toFixed(0)} KiB gzip, ${(sum('brotli') / 1024).toFixed(0)} KiB brotli`,
      );
    },
  };
}
