/**
 * `npm run typecheck`: every TypeScript project of the repository checked with its own tsconfig
 * (`tsc -p`), in parallel; exits 1 when one fails. `npm test` runs the same list beside ESLint.
 */
import { pathToFileURL } from 'node:url';
import { parallel, type LabelledCommand } from './parallel.ts';

/** Every project with a tsconfig of its own. */
export const TYPECHECKED = [
  'apps/web',
  'apps/server',
  'packages/contract',
  'packages/dsp',
  'packages/diagnosis',
  'apps/gateway-sim',
  'e2e',
  'bench',
  'scripts',
] as const;

export const tscOf = (p: string): LabelledCommand => ({
  label: `tsc -p ${p}`,
  cmd: process.execPath,
  args: ['node_modules/typescript/bin/tsc', '-p', p],
});

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await parallel(TYPECHECKED.map(tscOf));
  const failed = [...results].filter(([, ok]) => !ok).map(([label]) => label);
  console.log(failed.length ? `typecheck failed: ${failed.join(', ')}` : `typecheck ok: ${TYPECHECKED.length} projects`);
  process.exit(failed.length ? 1 : 0);
}
