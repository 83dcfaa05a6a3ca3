/**
 * Settings arithmetic of the envelope spectrum (spec 002 §5, §9 "Envelope"): bandpass slider
 * limits, the default band, and the bearing fault-frequency markers. Pure functions, Hz.
 */
import type { Bearing } from '@overtone/contract';

/** Upper frequency of the envelope spectrum, Hz (spec 002 §9: xlim 2500). */
export const ENVELOPE_XLIM_HZ = 2500;

/** Bandpass slider minimum, Hz (spec 002 §5, §9). */
export const BANDPASS_MIN_HZ = 100;

/** Distance kept below the Nyquist frequency by the slider maximum, Hz (spec 002 §5: fs/2 − 50). */
export const BANDPASS_NYQUIST_MARGIN_HZ = 50;

/** Default upper edge of the band, Hz (spec 002 §9: default bandpass maximum 6000). */
export const DEFAULT_BAND_HIGH_HZ = 6000;

/**
 * Default lower edge of the band, Hz. The spec's range starts at 0, but the slider cannot go below
 * 100; 500 Hz keeps the running-speed harmonics and most structural resonances of the FFT out of the
 * band, which is the usual starting point of a bearing envelope (the user moves it from there).
 */
export const DEFAULT_BAND_LOW_HZ = 500;

/** Default number of harmonics of each fault frequency marked on the envelope spectrum (spec 002 §9: 5 on the details page). */
export const FAULT_HARMONIC_COUNT = 5;

/** Largest number of harmonics the user can choose (spec 002 §9: 10 drawn on the envelope and spectrum charts). */
export const MAX_FAULT_HARMONICS = 10;

/** Bearing fault kinds, in the order of the buttons (spec 002 "Chart controls", Envelope). */
export const FAULT_KINDS = ['bpfo', 'bpfi', 'ftf', 'bsf'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Limits of the bandpass slider for a sampling rate.
 * @param samplingRateHz sampling rate in Hz
 * @returns `{ min: 100, max: fs/2 − 50 }`, or null when the sampling rate leaves no band (max ≤ min)
 * @example bandpassLimits(25600) // → { min: 100, max: 12750 }
 */
export function bandpassLimits(samplingRateHz: number): { min: number; max: number } | null {
  const max = Math.floor(samplingRateHz / 2 - BANDPASS_NYQUIST_MARGIN_HZ);
  return Number.isFinite(max) && max > BANDPASS_MIN_HZ ? { min: BANDPASS_MIN_HZ, max } : null;
}

/**
 * Default band [low, high] in Hz: high = min(6000, fs/2 − 50), low = 500 (see
 * {@link DEFAULT_BAND_LOW_HZ}), lowered to the slider minimum when the band would be empty.
 * @returns null when the sampling rate leaves no band
 * @example defaultEnvelopeBand(25600) // → [500, 6000]
 * @example defaultEnvelopeBand(1000)  // → [100, 450]
 */
export function defaultEnvelopeBand(samplingRateHz: number): [number, number] | null {
  const limits = bandpassLimits(samplingRateHz);
  if (!limits) return null;
  const high = Math.min(DEFAULT_BAND_HIGH_HZ, limits.max);
  const low = DEFAULT_BAND_LOW_HZ < high ? DEFAULT_BAND_LOW_HZ : limits.min;
  return [low, high];
}

/**
 * Frequencies of the fault markers: k · order · reference frequency for k = 1…count.
 * @param order fault frequency as an order of shaft speed (e.g. bearing.bpfo)
 * @param referenceFrequencyHz shaft speed in Hz
 * @returns ascending frequencies in Hz, empty when order or reference frequency is not positive
 * @example faultHarmonicsHz(3.5, 25, 3) // → [87.5, 175, 262.5]
 */
export function faultHarmonicsHz(order: number, referenceFrequencyHz: number, count = FAULT_HARMONIC_COUNT): number[] {
  if (!(order > 0) || !(referenceFrequencyHz > 0) || !Number.isFinite(order * referenceFrequencyHz)) return [];
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => (i + 1) * order * referenceFrequencyHz);
}

/**
 * The fault kinds to offer as buttons: none without a bearing or a positive reference frequency,
 * otherwise those with a positive order.
 */
export function availableFaults(bearing: Pick<Bearing, FaultKind> | null | undefined, referenceFrequencyHz: number): FaultKind[] {
  if (!bearing || !(referenceFrequencyHz > 0)) return [];
  return FAULT_KINDS.filter((k) => bearing[k] > 0);
}
