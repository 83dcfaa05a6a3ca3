import { amplitudeSpectrum } from '@overtone/dsp';

/** The spectrum drawn for one item: x Hz, y in `unit`. */
export interface CompareSpectrum {
  x: readonly number[];
  y: readonly number[];
  unit: string;
}

/** The spec's placeholder of the compare view's spectrum when an item has no samples: 12000 zeros at 12000 Hz. */
export const PLACEHOLDER_SIGNAL = { samplingRateHz: 12000, length: 12000 } as const;

/**
 * The compare view's spectrum of a waveform (spec 002 §7: window 'rectangular', mode
 * 'accelerometer', mean removed, one-sided), computed in the browser with the DSP package's
 * `amplitudeSpectrum`, the function `POST /vibration/signal/spectrum` runs on the server: same
 * lines, same values, without sending the waveform there and back (2 × ~0.7 MB for two 24 000-sample
 * waveforms).
 *
 * Parameters
 * ----------
 * signal : samples in g; fewer than 2 → the placeholder (12000 zeros at 12000 Hz)
 * samplingRateHz : Hz, > 0
 *
 * Returns
 * -------
 * `{x, y, unit}`: x = k·fs/N Hz for k = 0 … ⌊N/2⌋, y the RMS amplitude of each line in g (a sine of
 * peak A on a line reads A/√2), unit 'g'.
 *
 * Raises RangeError when `samplingRateHz` is not finite or ≤ 0 (from `amplitudeSpectrum`).
 */
export function compareSpectrumOf(signal: ArrayLike<number>, samplingRateHz: number): CompareSpectrum {
  const hasWave = signal.length >= 2;
  const s = amplitudeSpectrum({
    signal: hasWave ? signal : new Float64Array(PLACEHOLDER_SIGNAL.length),
    samplingRateHz: hasWave ? samplingRateHz : PLACEHOLDER_SIGNAL.samplingRateHz,
    window: 'rectangular',
    removeDc: true,
    half: true,
    mode: 'accelerometer',
  });
  return { x: Array.from(s.frequencyHz), y: Array.from(s.amplitude), unit: s.unit };
}
