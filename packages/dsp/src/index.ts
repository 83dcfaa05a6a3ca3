/**
 * @overtone/dsp: pure TypeScript vibration signal processing (no Node, DOM or React).
 * Definitions, units and sources: docs/dsp.md.
 */
export { decimate } from './decimate.ts';
export { firwinHammingLowpass } from './fir.ts';
export { fft, fftInPlace, ifft, rfft, type ComplexArray } from './fft/fft.ts';
export {
  WINDOW_CORRECTION_NOMINAL,
  WINDOW_NAMES,
  windowCorrection,
  windowSamples,
  type WindowCorrection,
  type WindowName,
} from './windows.ts';
export { VELOCITY_LOW_CUT_HZ, velocityFromAcceleration, velocityOfLine } from './integration.ts';
export {
  amplitudeSpectrum,
  frequencyToOrder,
  frequencyToRpm,
  toDecibels,
  type AccelerationUnit,
  type AmplitudeCorrectionMode,
  type AmplitudeSpectrum,
  type AmplitudeSpectrumOptions,
  type SpectrumMode,
  type SpectrumScaling,
} from './spectrum.ts';
export { envelopeSpectrum, type EnvelopeOptions, type EnvelopeSpectrum } from './envelope.ts';
export { realCepstrum, type CepstrumOptions, type RealCepstrum } from './cepstrum.ts';
export { spectrogram, type Spectrogram, type SpectrogramOptions } from './spectrogram.ts';
export { LAG_SIZES, autocorrelation, type Autocorrelation, type AutocorrelationOptions } from './autocorrelation.ts';
export {
  orbitAnalysis,
  polarAnalysis,
  type OrbitOptions,
  type OrbitResult,
  type PolarOptions,
  type PolarResult,
} from './polar.ts';
export {
  AUTO_CORRELATION_LAGS,
  CREST_STAR_HIGH_PASS_HZ,
  ISO10816_BAND_HZ,
  ISO10816_ZONE_BOUNDARIES_MM_PER_S,
  autoCorrelationIndex,
  clearanceFactor,
  computeTelemetry,
  crestFactor,
  crestStar,
  grms,
  iso10816Zone,
  kurtosis,
  peak,
  peakToPeak,
  shapeFactor,
  skewness,
  timeStatistics,
  vrms,
  type Iso10816Zone,
  type MachineClass,
  type TelemetryName,
  type TelemetryOptions,
  type TelemetryValue,
  type TimeStatistics,
  type VelocityBand,
} from './telemetry.ts';
export {
  BEARING_FAULTS,
  bearingFaultFrequenciesHz,
  bearingFrequencies,
  bearingFrequenciesFromOrders,
  beltFrequencyHz,
  gearMeshHz,
  harmonics,
  sidebands,
  type BearingFault,
  type BearingFrequencies,
  type BearingGeometry,
  type BearingOrders,
} from './kinematics.ts';
export {
  STANDARD_GRAVITY_MM_PER_S2,
  degrees,
  g,
  gToMmPerS2,
  hz,
  mmPerS,
  mmPerS2,
  seconds,
  hzToRpm,
  rpmToHz,
  type Branded,
  type Degrees,
  type G,
  type Hz,
  type MmPerS,
  type MmPerS2,
  type Seconds,
  type VibrationUnit,
} from './units.ts';
export {
  computeDomain,
  type DomainCurve,
  type DomainPolarPart,
  type DomainRequest,
  type DomainResult,
  type DomainResults,
} from './domains.ts';
