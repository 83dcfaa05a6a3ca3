/**
 * Runs a group of tests once per FFT backend (wasm SIMD and the pure-JavaScript fallback), so the
 * reference comparisons cover both paths. Test-only helper.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { setFftBackend } from '../src/fft/fft-wasm-runtime.ts';

export const FFT_BACKENDS = ['wasm', 'js'] as const;
export type FftBackend = (typeof FFT_BACKENDS)[number];

/** `describe(title + ' [backend]', body)` for each backend, with the backend selected around it. */
export function describeBackends(title: string, body: (backend: FftBackend) => void): void {
  for (const backend of FFT_BACKENDS) {
    describe(`${title} [${backend}]`, () => {
      beforeAll(() => {
        if (setFftBackend(backend) !== backend) throw new Error(`FFT backend '${backend}' is not available`);
      });
      afterAll(() => {
        setFftBackend('auto');
      });
      body(backend);
    });
  }
}
