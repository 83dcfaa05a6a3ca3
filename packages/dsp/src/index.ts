/**
 * @overtone/dsp: pure TypeScript vibration signal processing (no Node, DOM or React).
 * Definitions, units and sources: docs/dsp.md.
 */
export { decimate } from './decimate.ts';
export { firwinHammingLowpass } from './fir.ts';
export { fft, fftInPlace, ifft, rfft, type ComplexArray } from './fft.ts';
export {
  WINDOW_CORRECTION_NOMINAL,
  WINDOW_NAMES,
  windowCorrection,
  windowSamples,
  type WindowCorrection,
  type WindowName,
} from './windows.ts';
export { amplitudeSpectrum, type AmplitudeSpectrum, type AmplitudeSpectrumOptions, type SpectrumMode } from './spectrum.ts';
export {
  ISO10816_BAND_HZ,
  clearanceFactor,
  computeTelemetry,
  crestFactor,
  grms,
  kurtosis,
  peak,
  peakToPeak,
  shapeFactor,
  skewness,
  timeStatistics,
  vrms,
  type TelemetryName,
  type TelemetryValue,
  type TimeStatistics,
  type VelocityBand,
} from './telemetry.ts';
export { STANDARD_GRAVITY_MM_PER_S2, type VibrationUnit } from './units.ts';
