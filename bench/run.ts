/**
 * Runs every bench/*.bench.ts in turn (`npm run bench`, optionally `npm run bench -- spectrum`
 * to run only files whose name contains the filter). Each bench module exports a default async
 * function that prints its own table, including its ratio against a reference measured in the
 * same run (ARCHITECTURE.md). Every `*.bench.ts` here is picked up, e.g. ingest-flood.bench.ts
 * (memory under 1 000 unfinished measurements, issue 14).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matching '${filter}'`);
  process.exit(1);
}
for (const f of files) {
  console.log(`\n== ${f} ==`);
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default?: () => Promise<void> | void };
  if (typeof mod.default === 'function') await mod.default();
}
