/**
 * Settings arithmetic of the envelope spectrum (spec 002 §5, §9 "Envelope"): bandpass slider
 * limits, the default band, and the bearing fault-frequency markers. Pure functions, Hz.
 */
import type { Bearing } from '@overtone/contract';

// The band settings are shared with the server's envelope alarms (packages/contract/src/envelope.ts).
export {
  BANDPASS_MIN_HZ,
  BANDPASS_NYQUIST_MARGIN_HZ,
  DEFAULT_BAND_HIGH_HZ,
  DEFAULT_BAND_LOW_HZ,
  ENVELOPE_XLIM_HZ,
  bandpassLimits,
  defaultEnvelopeBand,
} from '@overtone/contract';

/** Default number of harmonics of each fault frequency marked on the envelope spectrum (spec 002 §9: 5 on the details page). */
export const FAULT_HARMONIC_COUNT = 5;

/** Largest number of harmonics the user can choose (spec 002 §9: 10 drawn on the envelope and spectrum charts). */
export const MAX_FAULT_HARMONICS = 10;

/** Bearing fault kinds, in the order of the buttons (spec 002 "Chart controls", Envelope). */
export const FAULT_KINDS = ['bpfo', 'bpfi', 'ftf', 'bsf'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

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
