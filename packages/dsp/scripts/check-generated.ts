/**
 * Checks that the generated FFT kernels are what their committed generators write (issue 20: "the
 * FFT engine ... with every generator committed"): runs each generator with python3, formats its
 * output with Prettier as the committed file was, and compares. Exit 1 naming the stale file.
 * The WebAssembly module has its own check (build-wasm.ts --check).
 *
 *   node --import tsx packages/dsp/scripts/check-generated.ts
 */
// eslint-disable-next-line no-restricted-imports
import { execFileSync } from 'node:child_process';
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { dirname, join } from 'node:path';
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each generated file and the generator that writes it. */
export const GENERATED = [
  { file: 'src/fft/fft-kernels-odd.ts', generator: 'scripts/gen-odd-kernels.py' },
  { file: 'src/fft/fft-kernels-packed.ts', generator: 'scripts/gen-packed-kernels.py' },
  { file: 'wasm/radix-odd.ts', generator: 'scripts/gen-wasm-odd-kernels.py' },
] as const;

/** The generated files whose committed text differs from their generator's output. */
export async function staleGenerated(): Promise<string[]> {
  const stale: string[] = [];
  for (const { file, generator } of GENERATED) {
    const raw = execFileSync('python3', [join(pkg, generator)], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const path = join(pkg, file);
    const options = (await prettier.resolveConfig(path)) ?? {};
    const expected = await prettier.format(raw, { ...options, filepath: path });
    if (expected !== readFileSync(path, 'utf8')) stale.push(`packages/dsp/${file}`);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = await staleGenerated();
  if (stale.length) {
    console.error(`stale generated files (run their generator, then prettier): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(`generated kernels up to date (${GENERATED.length} files)`);
}
