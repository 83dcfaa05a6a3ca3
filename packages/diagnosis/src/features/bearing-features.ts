import type { BearingOrders } from '../types.ts';

/** Spectral-kurtosis band and envelope lines of one axis (OWNED BY THE BEARING PART: replace this stub). */
export interface BearingFeatures {
  /** The demodulation band chosen by spectral kurtosis, Hz. */
  bandHz: [number, number];
}

export function extractBearingFeatures(
  _samples: Float64Array,
  samplingRateHz: number,
  _shaftHz: number,
  _bearing: BearingOrders,
): BearingFeatures {
  return { bandHz: [0, samplingRateHz / 2] };
}
