import { realFftPlan } from './fft/fft-real.ts';
import { VELOCITY_LOW_CUT_HZ, velocityOfLine } from './integration.ts';
import { STANDARD_GRAVITY_MM_PER_S2, type VibrationUnit } from './units.ts';
import { assertWindowName, cachedWindow, WINDOW_CORRECTION_NOMINAL, type WindowName } from './windows.ts';

/** Which quantity the spectrum shows: acceleration (g RMS) or velocity (mm/s RMS). */
export type SpectrumMode = 'accelerometer' | 'velocity';

/** Amplitude per line: RMS (A/√2 for a sine of peak A, default) or peak (A). */
export type SpectrumScaling = 'rms' | 'peak';

/**
 * Window amplitude correction: 'exact' = N/Σw (coherent gain of the window actually applied,
 * default), 'nominal' = the spec's table (hanning 2, hamming 1.85, blackman 2.8, flattop 4.18,
 * rectangular 1; {@link WINDOW_CORRECTION_NOMINAL}), to reproduce the legacy numbers.
 */
export type AmplitudeCorrectionMode = 'exact' | 'nominal';

/** Unit of acceleration spectra: 'g' (default) or 'mm/s2' (× 9806.65, reported as 'mm/s²'). */
export type AccelerationUnit = 'g' | 'mm/s2';

/** Options of {@link amplitudeSpectrum}. */
export interface AmplitudeSpectrumOptions {
  /** Acceleration samples x_n, shape (N,), N ≥ 2, in g. */
  signal: ArrayLike<number>;
  /** Sampling rate fs in Hz (the gateway's calibrated rate), finite, > 0. */
  samplingRateHz: number;
  /** Window applied before the DFT. Default 'hanning'. */
  window?: WindowName;
  /** Subtract the mean before windowing. Default true. */
  removeDc?: boolean;
  /** One-sided spectrum (0 … fs/2, RMS lines). false: two-sided, numpy fftfreq order. Default true. */
  half?: boolean;
  /** 'accelerometer' (g RMS) or 'velocity' (mm/s RMS, single integration). Default 'accelerometer'. */
  mode?: SpectrumMode;
  /** Velocity mode only: lines with |f| below this are set to 0, in Hz. Default 2. */
  velocityLowCutHz?: number;
  /** One-sided lines as RMS ('rms', default) or peak ('peak' = √2 × RMS) amplitudes. Two-sided: ignored. */
  scaling?: SpectrumScaling;
  /** Amplitude correction of the window: 'exact' (N/Σw, default) or 'nominal' (spec table). */
  correction?: AmplitudeCorrectionMode;
  /** Accelerometer mode only: 'g' (default) or 'mm/s2' (1 g = 9806.65 mm/s²). */
  accelerationUnit?: AccelerationUnit;
}

/** An amplitude spectrum: one amplitude per line, with its frequency and unit. */
export interface AmplitudeSpectrum {
  /** Line frequencies f_k in Hz, shape (⌊N/2⌋+1,) one-sided or (N,) two-sided (fftfreq order). */
  frequencyHz: Float64Array;
  /** Line amplitudes, same shape: RMS in `unit` (one-sided) or |X_k|·a_w/N (two-sided). */
  amplitude: Float64Array;
  unit: VibrationUnit;
  window: WindowName;
  /** Amplitude correction used: N/Σw ('exact', default) or the spec's nominal factor. */
  amplitudeCorrection: number;
  /** 'rms' or 'peak' (one-sided); two-sided spectra always read A/2 per line. */
  scaling: SpectrumScaling;
  /** Line spacing fs/N in Hz. */
  resolutionHz: number;
  /** 'one-sided' (half = true) or 'two-sided'. */
  sides: 'one-sided' | 'two-sided';
}

/**
 * Windowed DFT magnitudes |X_k|, k = 0 … ⌊N/2⌋, of (x − μ)·w (μ = mean if `removeDc`, else 0),
 * written into `mag`; returns Σw. Centring, windowing and packing take one pass. Internal helper
 * shared with telemetry.
 */
export function windowedMagnitudes(signal: ArrayLike<number>, window: WindowName, removeDc: boolean, mag: Float64Array): number {
  const n = signal.length;
  let mean = 0;
  if (removeDc) {
    for (let i = 0; i < n; i++) mean += signal[i];
    mean /= n;
  }
  const plan = realFftPlan(n);
  if (window === 'rectangular') {
    plan.packCentredWindowed(signal, mean, null);
    plan.magnitudes(mag);
    return n;
  }
  const { w, sum } = cachedWindow(window, n);
  plan.packCentredWindowed(signal, mean, w);
  plan.magnitudes(mag);
  return sum;
}

/**
 * Amplitude correction factor a_w of a window of length N with sum Σw: N/Σw ('exact') or the
 * spec's nominal factor ('nominal'). Throws RangeError for an unknown mode. Internal helper.
 */
export function amplitudeCorrectionFactor(
  window: WindowName,
  n: number,
  sumW: number,
  correction: AmplitudeCorrectionMode,
): number {
  if (correction === 'exact') return n / sumW;
  if (correction === 'nominal') return WINDOW_CORRECTION_NOMINAL[window].amplitude;
  throw new RangeError(`unknown correction '${String(correction)}', expected 'exact' or 'nominal'`);
}

/** Validates a signal length and sampling rate; throws RangeError. */
export function checkSignal(n: number, samplingRateHz: number): void {
  if (!(n >= 2)) throw new RangeError(`signal needs at least 2 samples, got ${n}`);
  if (!Number.isFinite(samplingRateHz) || samplingRateHz <= 0) {
    throw new RangeError(`samplingRateHz must be finite and > 0, got ${samplingRateHz}`);
  }
}

/**
 * Amplitude spectrum of an acceleration signal, RMS-scaled per line, in g or mm/s.
 *
 * Definition (N samples, fs, window w with exact amplitude correction a_w = N/Σw):
 * - x'_n = x_n − mean(x) if `removeDc`, X_k = DFT(x'·w)_k = Σ_n x'_n w_n e^{−2πikn/N};
 * - one-sided (`half`, default), k = 0 … ⌊N/2⌋, f_k = k·fs/N:
 *   y_k = a_w·√2·|X_k|/N for 0 < k < N/2; y_0 = a_w·|X_0|/N; for even N y_{N/2} = a_w·|X_{N/2}|/N.
 *   A sine of peak amplitude A exactly on line k reads A/√2 (its RMS) with every window, and
 *   with the rectangular window Σ_k y_k² equals the mean square of x' (Parseval);
 * - two-sided (`half: false`), k = 0 … N−1 in numpy.fft.fftfreq order (f_k = k·fs/N for
 *   k ≤ ⌊(N−1)/2⌋, else (k−N)·fs/N): y_k = a_w·|X_k|/N, no √2 (each of the two lines ±f
 *   of a sine of amplitude A reads A/2);
 * - `mode: 'velocity'`: single integration in the frequency domain,
 *   V_k = y_k · 9806.65 / (2π·|f_k|) in mm/s RMS (1 g = 9806.65 mm/s²; `velocityOfLine`, integration.ts); V_0 = 0, and lines with
 *   |f_k| < `velocityLowCutHz` (2 Hz) are 0, since 1/(2πf) amplifies sensor drift and leakage
 *   of the DC near 0 Hz without bound;
 * - `scaling: 'peak'`: one-sided lines 0 < k < N/2 are multiplied by √2 (a sine of peak A reads A);
 *   DC and Nyquist lines are unchanged;
 * - `correction: 'nominal'`: a_w is the spec's nominal factor (hanning 2, hamming 1.85, blackman 2.8,
 *   flattop 4.18) instead of N/Σw, reproducing the legacy numbers (blackman +17.6 %, flattop −9.9 %);
 * - `accelerationUnit: 'mm/s2'`: accelerometer lines × 9806.65, unit 'mm/s²'.
 *
 * @returns `{ frequencyHz, amplitude, unit: 'g' | 'mm/s²' | 'mm/s', window, amplitudeCorrection,
 *          scaling, resolutionHz, sides }`, arrays of shape (⌊N/2⌋+1,) one-sided or (N,) two-sided.
 * @throws RangeError when N < 2, samplingRateHz is not finite or ≤ 0, or the window, mode,
 *         scaling, correction or acceleration unit is unknown.
 *
 * Sources: Randall, *Vibration-based Condition Monitoring* 2nd ed. (2021) §3.2–3.3 (DFT
 * scaling, windows); Harris (1978) (coherent gain); ISO 20816-1:2016 (velocity in mm/s RMS).
 *
 * @example
 * // 100 Hz sine, 1 g peak, fs 6000 Hz, N 12000: line 200 (100 Hz) reads 0.7071 g RMS
 * const s = amplitudeSpectrum({ signal: x, samplingRateHz: 6000 });
 * s.frequencyHz[200]; // 100
 * s.amplitude[200];   // 0.70711 (g)
 * amplitudeSpectrum({ signal: x, samplingRateHz: 6000, mode: 'velocity' }).amplitude[200]; // 11.036 (mm/s)
 */
export function amplitudeSpectrum(options: AmplitudeSpectrumOptions): AmplitudeSpectrum {
  const { signal, samplingRateHz: fs, window = 'hanning', removeDc = true, half = true, mode = 'accelerometer' } = options;
  const { scaling = 'rms', correction = 'exact', accelerationUnit = 'g' } = options;
  const lowCut = options.velocityLowCutHz ?? VELOCITY_LOW_CUT_HZ;
  const n = signal.length;
  checkSignal(n, fs);
  assertWindowName(window);
  if (mode !== 'accelerometer' && mode !== 'velocity') throw new RangeError(`unknown mode '${String(mode)}'`);
  if (scaling !== 'rms' && scaling !== 'peak') throw new RangeError(`unknown scaling '${String(scaling)}'`);
  if (accelerationUnit !== 'g' && accelerationUnit !== 'mm/s2') {
    throw new RangeError(`unknown accelerationUnit '${String(accelerationUnit)}'`);
  }
  const nb = (n >> 1) + 1;
  const mag = new Float64Array(half ? nb : n);
  const sumW = windowedMagnitudes(signal, window, removeDc, mag);
  const df = fs / n;
  const aw = amplitudeCorrectionFactor(window, n, sumW, correction);
  const velocity = mode === 'velocity';
  const toMmPerS2 = !velocity && accelerationUnit === 'mm/s2';
  const base = (aw / n) * (toMmPerS2 ? STANDARD_GRAVITY_MM_PER_S2 : 1); // a_w / N
  let freq: Float64Array;
  if (half) {
    freq = new Float64Array(nb);
    const full = base * (scaling === 'peak' ? 2 : Math.SQRT2);
    for (let k = 0; k < nb; k++) {
      const f = k * df;
      freq[k] = f;
      let y = mag[k] * (k === 0 || 2 * k === n ? base : full);
      if (velocity) y = velocityOfLine(y, f, lowCut);
      mag[k] = y;
    }
  } else {
    freq = new Float64Array(n);
    const lastPositive = (n - 1) >> 1;
    // conjugate symmetry of a real signal: |X_{N−k}| = |X_k|
    for (let k = n - 1; k >= nb; k--) mag[k] = mag[n - k];
    for (let k = 0; k < n; k++) {
      const f = (k <= lastPositive ? k : k - n) * df;
      freq[k] = f;
      let y = mag[k] * base;
      if (velocity) y = velocityOfLine(y, f, lowCut);
      mag[k] = y;
    }
  }
  return {
    frequencyHz: freq,
    amplitude: mag,
    unit: velocity ? 'mm/s' : toMmPerS2 ? 'mm/s²' : 'g',
    window,
    amplitudeCorrection: aw,
    scaling,
    resolutionHz: df,
    sides: half ? 'one-sided' : 'two-sided',
  };
}

/**
 * Amplitudes in decibels, 20·log10(y / reference) (spec 002 §9: "log scale is 20 times log10").
 * Lines ≤ 0 (e.g. the zeroed velocity lines below the low cut) map to `floorDb` instead of
 * −Infinity, which JSON cannot carry.
 *
 * @param amplitude  y, shape (M,), any amplitude unit u (g, mm/s, …).
 * @param reference  Reference amplitude in u, > 0. Default 1 (dB re 1 g, dB re 1 mm/s).
 * @param floorDb    Value for y ≤ 0, dB. Default −240 (= 20·log10(1e-12)).
 * @returns          Shape (M,), dB.
 * @throws RangeError when reference is not finite and > 0.
 * @example toDecibels([1, 0.1, 0]) // [0, −20, −240]
 */
export function toDecibels(amplitude: ArrayLike<number>, reference: number = 1, floorDb: number = -240): Float64Array {
  if (!(reference > 0) || !Number.isFinite(reference)) throw new RangeError(`reference must be finite and > 0, got ${reference}`);
  const out = new Float64Array(amplitude.length);
  const c = 20 / Math.LN10;
  for (let i = 0; i < out.length; i++) {
    const y = amplitude[i];
    out[i] = y > 0 ? c * Math.log(y / reference) : floorDb;
  }
  return out;
}

/**
 * Frequency axis as orders of running speed, f / f_shaft (spec 002 "Frequency or RPM x axis";
 * order 1 = 1× running speed). For an axis in r/min instead, multiply the frequencies by 60.
 *
 * @param frequencyHz  Frequencies, shape (M,), Hz.
 * @param shaftHz      Shaft (reference) frequency, Hz, finite, > 0 (RPM / 60).
 * @returns            Orders, shape (M,), dimensionless.
 * @throws RangeError when shaftHz is not finite and > 0.
 * @example frequencyToOrder([29.95, 162.2], 29.95) // [1, 5.4157]
 */
export function frequencyToOrder(frequencyHz: ArrayLike<number>, shaftHz: number): Float64Array {
  if (!(shaftHz > 0) || !Number.isFinite(shaftHz)) throw new RangeError(`shaftHz must be finite and > 0, got ${shaftHz}`);
  const out = new Float64Array(frequencyHz.length);
  for (let i = 0; i < out.length; i++) out[i] = frequencyHz[i] / shaftHz;
  return out;
}

/**
 * Frequency axis in cycles per minute (the spec's "RPM" x axis): 60 · f.
 *
 * @param frequencyHz  Frequencies, shape (M,), Hz.
 * @returns            Shape (M,), cycles per minute (r/min for a shaft line).
 * @example frequencyToRpm([29.95]) // [1797]
 */
export function frequencyToRpm(frequencyHz: ArrayLike<number>): Float64Array {
  const out = new Float64Array(frequencyHz.length);
  for (let i = 0; i < out.length; i++) out[i] = 60 * frequencyHz[i];
  return out;
}
