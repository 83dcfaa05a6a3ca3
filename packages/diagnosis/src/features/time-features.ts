/**
 * Time-domain statistics and sensor-integrity measures of one axis (OWNED BY THE SHAFT/INTEGRITY
 * PART: replace this stub).
 */
export interface TimeFeatures {
  /** r.m.s. of the AC part, g. */
  rmsG: number;
}

export function extractTimeFeatures(samples: Float64Array, _samplingRateHz: number, _rangeG: number): TimeFeatures {
  let s = 0;
  for (const v of samples) s += v * v;
  return { rmsG: Math.sqrt(s / Math.max(1, samples.length)) };
}
