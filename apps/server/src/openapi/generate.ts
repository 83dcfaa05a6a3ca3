/**
 * Writes docs/openapi.json from the route schemas (which come from packages/contract).
 * `--check` fails when the committed file is stale (CI runs it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../infra/config.ts';
import type { AppContext } from '../context.ts';

const out = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
const config = { ...loadConfig({}), webDist: null };
const app = await buildApp({ config } as AppContext, { config });
await app.ready();
const text = JSON.stringify(app.swagger(), null, 2) + '\n';
await app.close();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  if (current !== text) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit it');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  fs.writeFileSync(out, text);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
