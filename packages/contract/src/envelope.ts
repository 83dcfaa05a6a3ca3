/**
 * Envelope-spectrum settings shared by the measurement page (its envelope domain) and the server
 * (envelope alarms, jobs/alarms): band-pass limits, the default band and the spectrum's range, Hz
 * (spec 002 §5, §9 "Envelope"). Pure functions.
 */

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
