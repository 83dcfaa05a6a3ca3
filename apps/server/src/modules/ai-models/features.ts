import { computeTelemetry, envelopeSpectrum, fft, ifft } from '@overtone/dsp';

/**
 * Features of the bearing-condition model (docs/ai-model.md), computed from ONE axis of an
 * acceleration record. The training script (tools/bearing-model/extract-features.ts) and the server
 * (predictions) call this same function, so training and serving features are identical by
 * construction. Version the definition: a model file names the version it was trained on.
 */
export const FEATURE_SET_VERSION = 'bearing-envelope-v1';

/** Names of the features, in the order of {@link bearingFeatures}' vector. */
export const FEATURE_NAMES = ['log10BandKurtosis', 'log10BandCrest', 'envelopeBPFO', 'envelopeBPFI', 'envelope2xBSF'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Analysis band [lo, hi) of the band-passed signal and of the envelope, Hz. 1–5 kHz holds the
 * structural resonances the bearing impacts excite on the CWRU rig (docs/ai-model.md), and the
 * band needs fs ≥ 10 kHz: the features are then independent of the sampling rate.
 */
export const ANALYSIS_BAND_HZ: readonly [number, number] = [1000, 5000];
/** Shortest record accepted, s: 0.5 s gives 2 Hz envelope lines, enough to separate BPFO, 2×BSF and BPFI. */
export const MIN_DURATION_S = 0.5;
/** A fault line is searched within ±(FAULT_LINE_TOLERANCE·f + one line) of its kinematic frequency f (slip, speed error). */
export const FAULT_LINE_TOLERANCE = 0.02;
/** The envelope background is the median line amplitude over these shaft orders. */
export const BACKGROUND_ORDERS: readonly [number, number] = [0.5, 12];

/** Fault-frequency multipliers of a bearing, orders of shaft speed (contract `bearing`). */
export interface BearingOrders {
  /** Ball pass frequency, outer race. */
  bpfo: number;
  /** Ball pass frequency, inner race. */
  bpfi: number;
  /** Ball spin frequency (classical; a ball defect shows at 2×BSF). */
  bsf: number;
}

/** Why features could not be computed: the model's answer is then `class0` (unknown). */
export type FeatureRefusal = 'noBearing' | 'noShaftSpeed' | 'samplingRateTooLow' | 'recordTooShort' | 'constantSignal';

export type FeatureResult = { ok: true; features: Float64Array } | { ok: false; reason: FeatureRefusal };

/**
 * Band-pass by FFT mask (the brick-wall filter of protocol §18.4, as envelopeSpectrum does):
 * mean removed, bins with lo ≤ f_k < hi kept (k and N−k), the rest zeroed, inverse FFT.
 *
 * @param x   Samples, shape (N,), any unit u.
 * @param fs  Sampling rate, Hz.
 * @param band [lo, hi) Hz, hi ≤ fs/2.
 * @returns   Band-passed samples, shape (N,), unit u.
 */
export function bandPass(x: ArrayLike<number>, fs: number, band: readonly [number, number]): Float64Array {
  const n = x.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  const re = new Float64Array(n);
  for (let i = 0; i < n; i++) re[i] = x[i] - mean;
  const X = fft(re);
  const kLo = Math.max(0, Math.ceil((n * band[0]) / fs - 1e-9));
  const kHi = Math.ceil((n * band[1]) / fs - 1e-9);
  for (let k = 0; k < n; k++) {
    const kk = k <= n / 2 ? k : n - k;
    if (kk < kLo || kk >= kHi) {
      X.re[k] = 0;
      X.im[k] = 0;
    }
  }
  return Float64Array.from(ifft(X.re, X.im).re);
}

/**
 * Whether a point's context allows features at all, whatever its records: the refusal that every
 * record of the point gets (`noBearing`: no bearing or one with a zero BPFO, BPFI or BSF;
 * `noShaftSpeed`: no reference frequency), or null when records can be analysed. The serving
 * side uses it to answer such points class0 without reading any waveform.
 *
 * @param shaftHz  The point's reference frequency, Hz.
 * @param bearing  The point's bearing multipliers (orders of shaft speed), or null.
 */
export function contextRefusal(shaftHz: number | null, bearing: BearingOrders | null): FeatureRefusal | null {
  if (!bearing || !(bearing.bpfo > 0 && bearing.bpfi > 0 && bearing.bsf > 0)) return 'noBearing';
  if (!(shaftHz !== null && shaftHz > 0)) return 'noShaftSpeed';
  return null;
}

/**
 * The feature vector ({@link FEATURE_NAMES}) of one axis:
 *
 * | feature | definition |
 * |---|---|
 * | log10BandKurtosis | log10 KURTOSIS (m4/m2², computeTelemetry) of x band-passed to 1–5 kHz |
 * | log10BandCrest | log10 CREST (peak/RMS, computeTelemetry) of the same band-passed signal |
 * | envelopeBPFO, envelopeBPFI, envelope2xBSF | log10 of (mean over harmonics h = 1, 2 of the largest envelope-spectrum line within ±(2 %·f + 1 line) of f = h·order·shaftHz) / (median envelope line over 0.5–12 shaft orders) |
 *
 * The envelope spectrum is envelopeSpectrum (Hilbert envelope of the 1–5 kHz band, Hanning
 * window, RMS lines). Every feature is a ratio: independent of the sensor's gain and of the
 * absolute vibration level, and, for fs ≥ 10 kHz, of the sampling rate.
 *
 * @param x        Acceleration of one axis, shape (N,), g (any unit works: ratios only).
 * @param fs       Sampling rate, Hz.
 * @param shaftHz  Shaft speed (the point's referenceFrequency), Hz; ≤ 0 or missing → refusal.
 * @param bearing  The point's bearing multipliers, or null → refusal.
 * @returns        `{ok: true, features}` (shape (5,)) or `{ok: false, reason}`.
 *
 * Sources: Randall & Antoni, "Rolling element bearing diagnostics — a tutorial", MSSP 25 (2011)
 * §3 (envelope analysis, fault frequencies) and §5 (kurtosis of a band, spectral kurtosis);
 * Randall (2021) §5.2 (crest factor, kurtosis).
 */
export function bearingFeatures(
  x: ArrayLike<number>,
  fs: number,
  shaftHz: number | null,
  bearing: BearingOrders | null,
): FeatureResult {
  const refused = contextRefusal(shaftHz, bearing);
  // (the null checks only narrow the types: contextRefusal refuses both)
  if (refused || !bearing || shaftHz === null) return { ok: false, reason: refused ?? 'noBearing' };
  if (!(fs >= 2 * ANALYSIS_BAND_HZ[1])) return { ok: false, reason: 'samplingRateTooLow' };
  const n = x.length;
  if (!(n / fs >= MIN_DURATION_S - 1e-9)) return { ok: false, reason: 'recordTooShort' };
  let min = Infinity,
    max = -Infinity;
  for (let i = 0; i < n; i++) {
    if (x[i] < min) min = x[i];
    if (x[i] > max) max = x[i];
  }
  if (!(max > min)) return { ok: false, reason: 'constantSignal' };

  const y = bandPass(x, fs, ANALYSIS_BAND_HZ);
  const tel = computeTelemetry(y, fs);
  const value = (name: string) => tel.find((t) => t.name === name)!.value;
  const kurt = value('KURTOSIS');
  const crest = value('CREST');
  if (!(kurt > 0 && crest > 0)) return { ok: false, reason: 'constantSignal' };

  const orders = [bearing.bpfo, bearing.bpfi, 2 * bearing.bsf];
  const xlimHz = Math.min(fs / 2, Math.max(2.2 * Math.max(...orders), BACKGROUND_ORDERS[1] + 1) * shaftHz);
  const env = envelopeSpectrum({ signal: x, samplingRateHz: fs, bandHz: [ANALYSIS_BAND_HZ[0], ANALYSIS_BAND_HZ[1]], xlimHz });
  const f = env.frequencyHz,
    a = env.amplitude,
    df = env.resolutionHz;
  const background: number[] = [];
  for (let k = 0; k < f.length; k++)
    if (f[k] >= BACKGROUND_ORDERS[0] * shaftHz && f[k] <= BACKGROUND_ORDERS[1] * shaftHz) background.push(a[k]);
  const med = median(background);
  if (!(med > 0)) return { ok: false, reason: 'constantSignal' };
  const lineFeature = (order: number) => {
    let s = 0;
    for (const h of [1, 2]) {
      const fc = h * order * shaftHz;
      const tol = FAULT_LINE_TOLERANCE * fc + df;
      let best = 0;
      for (let k = 0; k < f.length; k++) if (f[k] >= fc - tol && f[k] <= fc + tol && a[k] > best) best = a[k];
      s += best;
    }
    return Math.log10(Math.max(s / 2, 1e-12 * med) / med);
  };
  return {
    ok: true,
    features: Float64Array.from([Math.log10(kurt), Math.log10(crest), ...orders.map(lineFeature)]),
  };
}

/** Median of a non-empty list (mean of the two middle values for an even count); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
