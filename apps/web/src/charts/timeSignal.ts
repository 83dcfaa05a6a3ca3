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
