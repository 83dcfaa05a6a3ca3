/**
 * Deterministic test signals, defined identically in packages/dsp/test/reference/generate.py so
 * that fixtures hold only numpy/scipy outputs. Test and benchmark support: not exported from the
 * package entry.
 */

/**
 * Uniform pseudo-random numbers in [0, 1) from the 32-bit LCG
 * s ← (1664525·s + 1013904223) mod 2³², u = s / 2³² (Numerical Recipes in C, 2nd ed. §7.1).
 *
 * @param n     Count.
 * @param seed  Initial state (uint32).
 * @returns     u, shape (n,).
 * @example lcgUniform(1, 0)[0] // 1013904223 / 2^32 = 0.23606797284…
 */
export function lcgUniform(n: number, seed: number): Float64Array {
  const out = new Float64Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(1664525, s) + 1013904223) >>> 0;
    out[i] = s / 4294967296;
  }
  return out;
}

/** Approximately Gaussian noise (sum of 4 LCG uniforms − 2), zero mean, std 1/√3. */
export function lcgNoise(n: number, seed: number): Float64Array {
  const u = lcgUniform(4 * n, seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = u[4 * i] + u[4 * i + 1] + (u[4 * i + 2] + u[4 * i + 3]) - 2;
  return out;
}

/** Sampling rate of {@link syntheticSignal} in the fixtures, Hz. */
export const SYNTHETIC_FS_HZ = 25600;

/**
 * Synthetic accelerometer record in g: 1 g gravity offset + 0.8 g at 29.95 Hz (1×) + 0.3 g at
 * 162.185 Hz (BPFI-like) + 0.05 g at 3 kHz + 0.1·LCG noise (seed 12345).
 */
export function syntheticSignal(n: number, fs: number = SYNTHETIC_FS_HZ): Float64Array {
  const noise = lcgNoise(n, 12345);
  const x = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let v = 1.0 + 0.8 * Math.sin((2 * Math.PI * 29.95 * k) / fs + 0.3);
    v = v + 0.3 * Math.sin((2 * Math.PI * 162.185 * k) / fs + 1.1);
    v = v + 0.05 * Math.sin((2 * Math.PI * 3000.0 * k) / fs);
    x[k] = v + 0.1 * noise[k];
  }
  return x;
}

/** Complex FFT test input: real and imaginary parts uniform in [−0.5, 0.5) (seeds 7 and 8). */
export function complexTestInput(n: number): { re: Float64Array; im: Float64Array } {
  const re = lcgUniform(n, 7),
    im = lcgUniform(n, 8);
  for (let i = 0; i < n; i++) {
    re[i] -= 0.5;
    im[i] -= 0.5;
  }
  return { re, im };
}
