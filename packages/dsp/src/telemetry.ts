import { autocorrelationCore } from './autocorrelation.ts';
import { analyticSignal, maskIndex } from './envelope.ts';
import { rfft } from './fft/fft.ts';
import { checkSignal, windowedMagnitudes } from './spectrum.ts';
import { STANDARD_GRAVITY_MM_PER_S2 } from './units.ts';

/**
 * Per-axis telemetry (overall values) computed from an acceleration record in g, as stored for
 * trends and alarms. Definitions follow protocol §6.3 / §18 (Senseway 3.x, mean removed) and
 * Randall, *Vibration-based Condition Monitoring* 2nd ed. (2021) §5.2 (statistical indicators).
 */

/** Telemetry names computed by {@link computeTelemetry}. */
export type TelemetryName =
  | 'GRMS'
  | 'VRMS'
  | 'VRMS_ISO10816'
  | 'PEAK'
  | 'PEAK_TO_PEAK'
  | 'CREST'
  | 'KURTOSIS'
  | 'SKEWNESS'
  | 'CLEARANCE'
  | 'SHAPE_FACTOR'
  | 'CREST_STAR'
  | 'AUTO_CORRELATION';

/** ISO 10816-1 machine classes (Annex B): I small, II medium, III large rigid, IV large flexible foundation. */
export type MachineClass = 'I' | 'II' | 'III' | 'IV';
/** ISO 10816-1 evaluation zones: A new, B unrestricted long-term, C restricted, D damage. */
export type Iso10816Zone = 'A' | 'B' | 'C' | 'D';

/** One telemetry value with its unit ('' for dimensionless ratios). */
export interface TelemetryValue {
  name: TelemetryName;
  value: number;
  unit: 'g' | 'mm/s' | '';
  /** VRMS_ISO10816 only, when a machine class was given: its ISO 10816-1 zone. */
  zone?: Iso10816Zone;
}

/** Options of {@link computeTelemetry}. */
export interface TelemetryOptions {
  /** ISO 10816-1 machine class; when given, VRMS_ISO10816 carries its `zone`. */
  machineClass?: MachineClass;
}

/** Central-moment statistics of a record (mean removed), all in g or dimensionless. */
export interface TimeStatistics {
  /** Number of samples N. */
  n: number;
  /** Mean μ, g (the DC / gravity component). */
  meanG: number;
  /** Population standard deviation sqrt(m2), g. */
  grmsG: number;
  /** max |x − μ|, g. */
  peakG: number;
  /** max x − min x, g. */
  peakToPeakG: number;
  /** PEAK / GRMS (0 for a constant record). */
  crest: number;
  /** m4 / m2² (non-excess, Gaussian ≈ 3; 0 for a constant record). */
  kurtosis: number;
  /** m3 / m2^1.5 (0 for a constant record). */
  skewness: number;
  /** PEAK / (mean sqrt|x − μ|)² (0 for a constant record). */
  clearance: number;
  /** GRMS / mean |x − μ| (0 for a constant record). */
  shapeFactor: number;
}

/**
 * All time-domain statistics of an acceleration record in one pass over the mean-removed
 * samples d_n = x_n − μ, with central moments m_k = (1/N) Σ d_n^k:
 *
 * | quantity | formula | unit |
 * |---|---|---|
 * | GRMS | sqrt(m2) (population standard deviation) | g |
 * | PEAK | max_n abs(d_n) | g |
 * | PEAK_TO_PEAK | max_n x_n − min_n x_n | g |
 * | CREST | PEAK / GRMS | – |
 * | KURTOSIS | m4 / m2² (not excess; Gaussian 3, sine 1.5) | – |
 * | SKEWNESS | m3 / m2^{3/2} | – |
 * | CLEARANCE | PEAK / ((1/N) Σ sqrt(abs(d_n)))² | – |
 * | SHAPE_FACTOR | GRMS / ((1/N) Σ abs(d_n)) | – |
 *
 * PEAK and CLEARANCE use the mean-removed signal (Senseway 3.x definition, protocol §6.3): the
 * legacy DC-including peak ≈ 1 g on the gravity axis and says nothing about the vibration.
 * A constant record (max = min) has GRMS = PEAK = 0 exactly; its ratios are then defined as 0
 * (not NaN/Infinity) so they can be stored and trended.
 *
 * @param signal  Acceleration x, shape (N,), N ≥ 1, in g.
 * @returns       {@link TimeStatistics}.
 * @throws RangeError for an empty signal.
 *
 * Sources: Randall (2021) §5.2.1; scipy.stats.kurtosis(fisher=False) and scipy.stats.skew
 * (bias=True) give the same kurtosis and skewness.
 *
 * @example
 * // sine of amplitude 1 g over whole periods on a 1 g gravity offset
 * timeStatistics(x) // { meanG: 1, grmsG: 0.7071, peakG: 1, crest: 1.4142, kurtosis: 1.5, skewness: 0, … }
 */
export function timeStatistics(signal: ArrayLike<number>): TimeStatistics {
  const n = signal.length;
  if (!(n >= 1)) throw new RangeError('signal must not be empty');
  let min = Infinity,
    max = -Infinity,
    sum = 0;
  for (let i = 0; i < n; i++) {
    const v = signal[i];
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const constant = min === max;
  const mean = constant ? min : sum / n;
  let s2 = 0,
    s3 = 0,
    s4 = 0,
    sAbs = 0,
    sSqrt = 0,
    peak = 0;
  if (!constant) {
    for (let i = 0; i < n; i++) {
      const d = signal[i] - mean;
      const d2 = d * d;
      s2 += d2;
      s3 += d2 * d;
      s4 += d2 * d2;
      const a = Math.abs(d);
      sAbs += a;
      sSqrt += Math.sqrt(a);
      if (a > peak) peak = a;
    }
  }
  const m2 = s2 / n,
    m3 = s3 / n,
    m4 = s4 / n;
  const grms = Math.sqrt(m2);
  const ok = m2 > 0;
  const meanSqrt = sSqrt / n;
  return {
    n,
    meanG: mean,
    grmsG: grms,
    peakG: peak,
    peakToPeakG: max - min,
    crest: ok ? peak / grms : 0,
    kurtosis: ok ? m4 / (m2 * m2) : 0,
    skewness: ok ? m3 / (m2 * grms) : 0,
    clearance: ok ? peak / (meanSqrt * meanSqrt) : 0,
    shapeFactor: ok ? grms / (sAbs / n) : 0,
  };
}

/** GRMS = sqrt((1/N) Σ (x_n − μ)²), g (see {@link timeStatistics}). @example grms([1, -1, 1, -1]) // 1 */
export function grms(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).grmsG;
}
/** PEAK = max |x_n − μ|, g (mean removed; see {@link timeStatistics}). @example peak([1, 1, 4]) // 2 */
export function peak(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).peakG;
}
/** PEAK_TO_PEAK = max x − min x, g. @example peakToPeak([0.5, -0.25, 1]) // 1.25 */
export function peakToPeak(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).peakToPeakG;
}
/** CREST = PEAK / GRMS, dimensionless; 0 for a constant record. @example crestFactor(sine) // 1.4142 */
export function crestFactor(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).crest;
}
/** KURTOSIS = m4 / m2² (non-excess), dimensionless; 0 for a constant record. @example kurtosis(sine) // 1.5 */
export function kurtosis(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).kurtosis;
}
/** SKEWNESS = m3 / m2^{3/2}, dimensionless; 0 for a constant record. @example skewness([0, 0, 3]) // 0.7071 */
export function skewness(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).skewness;
}
/** CLEARANCE = PEAK / (mean sqrt|x − μ|)², dimensionless; 0 for a constant record. @example clearanceFactor([1, -1]) // 1 */
export function clearanceFactor(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).clearance;
}
/** SHAPE_FACTOR = GRMS / mean |x − μ|, dimensionless; 0 for a constant record. @example shapeFactor(sine) // 1.1107 */
export function shapeFactor(signalG: ArrayLike<number>): number {
  return timeStatistics(signalG).shapeFactor;
}

/** Velocity band of {@link vrms}, in Hz, both edges inclusive. */
export interface VelocityBand {
  /** Lowest line included, Hz. Default 2. */
  lowHz?: number;
  /** Highest line included, Hz (clipped to fs/2). Default fs/2. */
  highHz?: number;
}

/** ISO 10816 / ISO 20816-1 broadband velocity band for machines running above 600 r/min, Hz. */
export const ISO10816_BAND_HZ = { lowHz: 10, highHz: 1000 } as const;

/**
 * Velocity RMS in mm/s by single integration in the frequency domain.
 *
 * Mean removed, rectangular window, one-sided RMS lines of {@link amplitudeSpectrum}
 * (y_k = √2·|X_k|/N for 0 < k < N/2, |X_{N/2}|/N at Nyquist), V_k = y_k·9806.65/(2π f_k),
 * and VRMS = sqrt(Σ V_k²) over the lines with lowHz ≤ f_k ≤ highHz. With the rectangular
 * window this is Parseval's sum of the velocity spectrum, i.e. the RMS of the band-limited
 * velocity signal (exact for on-line components; leakage of off-line components stays inside
 * the sum).
 *
 * Default band 2 Hz … fs/2 is the telemetry `VRMS` (close to the vendor calculator's
 * ≈3 Hz … fs/2, protocol §18.3); {@link ISO10816_BAND_HZ} (10 … 1000 Hz) is `VRMS_ISO10816`,
 * the broadband severity band of ISO 10816-3 / ISO 20816-1 (machines > 600 r/min).
 *
 * @param signalG        Acceleration x, shape (N,), N ≥ 2, in g.
 * @param samplingRateHz Sampling rate fs in Hz, finite, > 0.
 * @param band           `{ lowHz = 2, highHz = fs/2 }`, inclusive, Hz.
 * @returns              Velocity RMS over the band, mm/s.
 * @throws RangeError when N < 2, fs is invalid, or lowHz > highHz / negative.
 *
 * Sources: Randall (2021) §3.3.4 (integration in the frequency domain); ISO 20816-1:2016 §4
 * and Annex A (vibration velocity r.m.s., 10 … 1000 Hz).
 *
 * @example
 * // fs 6000 Hz, N 12000, 100 Hz sine of 1 g amplitude (protocol §18.3 fixture)
 * vrms(x, 6000) // 11.0364 mm/s = 9806.65 / (2π·100·√2)
 */
export function vrms(signalG: ArrayLike<number>, samplingRateHz: number, band: VelocityBand = {}): number {
  const n = signalG.length;
  checkSignal(n, samplingRateHz);
  const mag = new Float64Array((n >> 1) + 1);
  if (!isConstant(signalG)) windowedMagnitudes(signalG, 'rectangular', true, mag);
  return velocityRmsFromMagnitudes(mag, n, samplingRateHz, band);
}

/** True when all samples are equal (then every spectral line is exactly 0, not rounding noise). */
function isConstant(x: ArrayLike<number>): boolean {
  const x0 = x[0];
  for (let i = 1; i < x.length; i++) if (x[i] !== x0) return false;
  return true;
}

/** Band sum of {@link vrms} from rectangular-window DFT magnitudes |X_k|, k ≤ N/2. */
function velocityRmsFromMagnitudes(mag: Float64Array, n: number, fs: number, band: VelocityBand): number {
  const lowHz = band.lowHz ?? 2;
  const highHz = Math.min(band.highHz ?? fs / 2, fs / 2);
  if (!(lowHz >= 0) || !(highHz >= lowHz)) throw new RangeError(`invalid band ${lowHz} … ${highHz} Hz`);
  const df = fs / n;
  // lines with lowHz ≤ k·df ≤ highHz (tolerance for f exactly on a line, e.g. 1000 Hz)
  const kLo = Math.max(1, Math.ceil(lowHz / df - 1e-9));
  const kHi = Math.min(n >> 1, Math.floor(highHz / df + 1e-9));
  const c = STANDARD_GRAVITY_MM_PER_S2 / (2 * Math.PI * n * df);
  let s = 0;
  for (let k = kLo; k <= kHi; k++) {
    const v = ((2 * k === n ? 1 : Math.SQRT2) * c * mag[k]) / k;
    s += v * v;
  }
  return Math.sqrt(s);
}

/**
 * ISO 10816-1 zone boundaries A/B, B/C, C/D of the broadband velocity r.m.s. (10 … 1000 Hz), mm/s,
 * per machine class (ISO 10816-1:1995, Annex B, Table B.1).
 */
export const ISO10816_ZONE_BOUNDARIES_MM_PER_S: Readonly<Record<MachineClass, readonly [number, number, number]>> = {
  I: [0.71, 1.8, 4.5],
  II: [1.12, 2.8, 7.1],
  III: [1.8, 4.5, 11.2],
  IV: [2.8, 7.1, 18],
};

/**
 * Evaluation zone of a broadband velocity r.m.s. for an ISO 10816-1 machine class: A up to and
 * including the A/B boundary, B up to B/C, C up to C/D, D above.
 *
 * @param vrmsMmPerS    Velocity r.m.s. over 10 … 1000 Hz (VRMS_ISO10816), mm/s, finite, ≥ 0.
 * @param machineClass  'I' (small machines, up to 15 kW), 'II' (medium, 15–75 kW, or up to 300 kW on
 *                      special foundations), 'III' (large, rigid foundations), 'IV' (large, soft foundations).
 * @returns             'A' | 'B' | 'C' | 'D'.
 * @throws RangeError for a negative / non-finite velocity or an unknown class.
 *
 * Source: ISO 10816-1:1995 (= ISO 20816-1:2016 Annex B guidance), Annex B, Table B.1
 * (class I 0.71 / 1.8 / 4.5, II 1.12 / 2.8 / 7.1, III 1.8 / 4.5 / 11.2, IV 2.8 / 7.1 / 18 mm/s).
 *
 * @example iso10816Zone(2.0, 'II') // 'B'
 */
export function iso10816Zone(vrmsMmPerS: number, machineClass: MachineClass): Iso10816Zone {
  if (!Number.isFinite(vrmsMmPerS) || vrmsMmPerS < 0) throw new RangeError(`velocity must be finite and ≥ 0, got ${vrmsMmPerS}`);
  if (!Object.prototype.hasOwnProperty.call(ISO10816_ZONE_BOUNDARIES_MM_PER_S, machineClass)) {
    throw new RangeError(`unknown machine class '${String(machineClass)}', expected I, II, III or IV`);
  }
  const [ab, bc, cd] = ISO10816_ZONE_BOUNDARIES_MM_PER_S[machineClass];
  return vrmsMmPerS <= ab ? 'A' : vrmsMmPerS <= bc ? 'B' : vrmsMmPerS <= cd ? 'C' : 'D';
}

/** High-pass edge of {@link crestStar}, Hz (protocol §18.5). */
export const CREST_STAR_HIGH_PASS_HZ = 1000;

/**
 * Crest* ("crest star", the gateway vendor's indicator, protocol §18.5): y = the signal high-passed
 * at 1000 Hz by FFT mask (bins k ≥ ⌈N·1000/fs⌉ kept, DC and everything below removed, §18.4),
 * P = max_n |y_n|, G = sqrt((1/N) Σ y_n²), Crest* = P + G + P/G.
 *
 * No standard defines Crest*; its parts follow the standard definitions: P is the **absolute**
 * peak (ISO 2041 / the crest factor of Randall 2021 §5.2.1), whereas the vendor takes the signed
 * maximum max_n y_n (lower for a signal whose largest excursion is negative). The sum adds g to a
 * ratio, so it is a score, reported without unit.
 *
 * @param signalG         Acceleration x, shape (N,), N ≥ 2, in g.
 * @param samplingRateHz  fs, Hz; ≥ 3000 (the vendor's condition: the band above 1 kHz must exist).
 * @returns               Crest*, dimensionless score; undefined when fs < 3000 Hz; 0 when G = 0.
 * @throws RangeError when N < 2 or fs is invalid.
 *
 * @example
 * // 3000 Hz sine of 1 g at fs 12000 (samples 0, 1, 0, −1): P = 1, G = 0.7071, Crest* = 1 + 0.7071 + 1.4142 = 3.1213
 */
export function crestStar(signalG: ArrayLike<number>, samplingRateHz: number): number | undefined {
  const n = signalG.length;
  checkSignal(n, samplingRateHz);
  if (samplingRateHz < 3000) return undefined;
  const x = Float64Array.from(signalG);
  const z = analyticSignal(rfft(x), n, maskIndex(CREST_STAR_HIGH_PASS_HZ, n, samplingRateHz), (n >> 1) + 1, x);
  const y = z.re;
  let p = 0,
    s2 = 0;
  for (let i = 0; i < n; i++) {
    const v = y[i];
    s2 += v * v;
    const a = Math.abs(v);
    if (a > p) p = a;
  }
  const g = Math.sqrt(s2 / n);
  return g > 0 ? p + g + p / g : 0;
}

/** Lag window of the AUTO_CORRELATION telemetry, samples (the chart's default lag size). */
export const AUTO_CORRELATION_LAGS = 1024;

/**
 * AUTO_CORRELATION telemetry, a periodicity index: the largest normalised autocorrelation r_k
 * (mean removed, rectangular window, as {@link autocorrelation}) at lags from its first zero
 * crossing (first k ≥ 1 with r_k ≤ 0) up to L = min(1024, N−1) samples (the chart's default lag
 * size). ≈ 1 for a periodic signal (a period shorter than L), ≈ 0 for broadband noise; 0 when r
 * does not cross zero within L (too slow to judge) or the record is constant. Starting after the
 * zero crossing skips the trivial main lobe around lag 0 (which is wide for low-pass content).
 *
 * @param signal  x, shape (N,), N ≥ 2, any unit.
 * @returns       Index in [−1, 1], dimensionless.
 * @throws RangeError when N < 2.
 * Source: Bendat & Piersol, *Random Data* (2010) §5.1 (autocorrelation of periodic vs random data).
 * @example autoCorrelationIndex(sine100HzAt12800) // 0.93 (r at the period, 128 samples, of N = 1280)
 */
export function autoCorrelationIndex(signal: ArrayLike<number>): number {
  const n = signal.length;
  if (!(n >= 2)) throw new RangeError(`signal needs at least 2 samples, got ${n}`);
  const lags = Math.min(AUTO_CORRELATION_LAGS, n - 1);
  const r = autocorrelationCore(signal, lags, 'rectangular', true);
  let k = 1;
  while (k <= lags && r[k] > 0) k++;
  if (k > lags) return 0;
  let best = -Infinity;
  for (; k <= lags; k++) if (r[k] > best) best = r[k];
  return best;
}

/**
 * All per-axis telemetry of one acceleration record, in the order GRMS, VRMS, VRMS_ISO10816,
 * PEAK, PEAK_TO_PEAK, CREST, KURTOSIS, SKEWNESS, CLEARANCE, SHAPE_FACTOR, CREST_STAR,
 * AUTO_CORRELATION. Definitions: {@link timeStatistics} (time domain), {@link vrms} (VRMS: 2 Hz …
 * fs/2; VRMS_ISO10816: 10 … 1000 Hz, upper edge clipped to fs/2, with its ISO 10816-1 `zone`
 * when `machineClass` is given), {@link crestStar} (left out when fs < 3000 Hz) and
 * {@link autoCorrelationIndex}.
 *
 * @param signalG        Acceleration x, shape (N,), N ≥ 2, in g.
 * @param samplingRateHz Sampling rate fs in Hz (CALIBRATED_SAMPLINGRATE), finite, > 0.
 * @param options        `{ machineClass?: 'I' | 'II' | 'III' | 'IV' }`.
 * @returns              11 or 12 `{ name, value, unit, zone? }` entries; units 'g', 'mm/s' or '' (ratio).
 * @throws RangeError when N < 2, fs is not finite and > 0, or the machine class is unknown.
 *
 * Sources: protocol §6.3 and §18; Randall (2021) §5.2; ISO 20816-1:2016; ISO 10816-1:1995 Annex B.
 *
 * @example
 * computeTelemetry(sine100HzOneG, 6000, { machineClass: 'II' })
 * // [{ name: 'GRMS', value: 0.70711, unit: 'g' }, { name: 'VRMS', value: 11.036, unit: 'mm/s' },
 * //  { name: 'VRMS_ISO10816', value: 11.036, unit: 'mm/s', zone: 'D' }, …, { name: 'KURTOSIS', value: 1.5, unit: '' }, …]
 */
export function computeTelemetry(
  signalG: ArrayLike<number>,
  samplingRateHz: number,
  options: TelemetryOptions = {},
): TelemetryValue[] {
  const n = signalG.length;
  checkSignal(n, samplingRateHz);
  const t = timeStatistics(signalG);
  const mag = new Float64Array((n >> 1) + 1);
  if (t.peakToPeakG !== 0) windowedMagnitudes(signalG, 'rectangular', true, mag); // constant: all lines 0
  const vIso = velocityRmsFromMagnitudes(mag, n, samplingRateHz, ISO10816_BAND_HZ);
  const iso: TelemetryValue = { name: 'VRMS_ISO10816', value: vIso, unit: 'mm/s' };
  if (options.machineClass !== undefined) iso.zone = iso10816Zone(vIso, options.machineClass);
  const out: TelemetryValue[] = [
    { name: 'GRMS', value: t.grmsG, unit: 'g' },
    { name: 'VRMS', value: velocityRmsFromMagnitudes(mag, n, samplingRateHz, {}), unit: 'mm/s' },
    iso,
    { name: 'PEAK', value: t.peakG, unit: 'g' },
    { name: 'PEAK_TO_PEAK', value: t.peakToPeakG, unit: 'g' },
    { name: 'CREST', value: t.crest, unit: '' },
    { name: 'KURTOSIS', value: t.kurtosis, unit: '' },
    { name: 'SKEWNESS', value: t.skewness, unit: '' },
    { name: 'CLEARANCE', value: t.clearance, unit: '' },
    { name: 'SHAPE_FACTOR', value: t.shapeFactor, unit: '' },
  ];
  const cs = t.peakToPeakG === 0 ? (samplingRateHz >= 3000 ? 0 : undefined) : crestStar(signalG, samplingRateHz);
  if (cs !== undefined) out.push({ name: 'CREST_STAR', value: cs, unit: '' });
  out.push({ name: 'AUTO_CORRELATION', value: t.peakToPeakG === 0 ? 0 : autoCorrelationIndex(signalG), unit: '' });
  return out;
}
