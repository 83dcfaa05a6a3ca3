import type { PointKinematics } from '../types.ts';

/** Spectrum features of one axis (OWNED BY THE SHAFT/INTEGRITY PART: replace this stub). */
export interface SpectrumFeatures {
  /** Overall velocity r.m.s. over 10…1000 Hz (ISO 10816), mm/s. */
  vrmsIsoMmPerS: number;
}

export function extractSpectrumFeatures(
  _samples: Float64Array,
  _samplingRateHz: number,
  _shaftHz: number | null,
  _kinematics: PointKinematics,
): SpectrumFeatures {
  return { vrmsIsoMmPerS: 0 };
}
