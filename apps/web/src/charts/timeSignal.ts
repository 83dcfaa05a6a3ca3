/** Acceleration of 1 g in mm/s² (standard gravity 9.80665 m/s²). */
export const MM_PER_S2_PER_G = 9806.65;

/**
 * Removes the mean (DC offset) of a signal.
 * @param values samples (any unit), shape n
 * @returns a new array of shape n with zero mean
 */
export function removeMean(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = n ? sum / n : 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = values[i] - mean;
  return out;
}

/**
 * Time of each sample.
 * @param n number of samples
 * @param samplingRateHz sampling rate in Hz (> 0)
 * @returns seconds since the first sample, i / samplingRateHz, shape n
 */
export function timeAxisS(n: number, samplingRateHz: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = i / samplingRateHz;
  return out;
}

/** Multiplies every sample by `factor` into a new array. */
export function scaled(values: ArrayLike<number>, factor: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] * factor;
  return out;
}

/** Cosine-sum coefficients of the display windows (symmetric; flat top as scipy/Heinzel's 5-term). */
const COSINE_SUMS: Record<string, readonly number[]> = {
  rectangular: [1],
  hanning: [0.5, 0.5],
  hamming: [0.54, 0.46],
  blackman: [0.42, 0.5, 0.08],
  flattop: [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368],
};

/**
 * Multiplies a waveform by a spectral window (spec 002 "Chart controls", time chart: window choice),
 * showing what the FFT sees: w[i] = Σ_k (−1)^k a_k cos(2πki/(n−1)).
 * @param values samples, shape n
 * @param window window name (rectangular, hanning, hamming, blackman, flattop); unknown names act as rectangular
 * @returns a new array, shape n
 */
export function applyWindow(values: ArrayLike<number>, window: string): Float64Array {
  const a = COSINE_SUMS[window] ?? COSINE_SUMS.rectangular;
  const n = values.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let w = 0;
    const phase = n > 1 ? (2 * Math.PI * i) / (n - 1) : 0;
    for (let k = 0; k < a.length; k++) w += (k % 2 ? -1 : 1) * a[k] * Math.cos(k * phase);
    out[i] = values[i] * w;
  }
  return out;
}
