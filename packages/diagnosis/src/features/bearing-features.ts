import { STANDARD_GRAVITY_MM_PER_S2, rfft, type ComplexArray } from '@overtone/dsp';
import type { BearingOrders } from '../types.ts';
import { FLOOR_BINS_PER_SIDE, SLIP_FRACTION, measureLine, median, type MeasuredLine } from './bearing-lines.ts';
import { squaredEnvelopeSpectrum } from './envelope-ses.ts';
import { bandSpectralKurtosis, bestBand, kurtogram } from './spectral-kurtosis.ts';

/**
 * Rolling-bearing features of one axis: the demodulation band chosen by spectral kurtosis, the
 * bearing lines of its squared-envelope spectrum and of the acceleration spectrum itself, and
 * broadband measures (docs/diagnosis-parts/bearing.md).
 */

/** One harmonic of a bearing line in the SES (g²) or the acceleration spectrum (g RMS). */
export type LineFeature = MeasuredLine;

/** A sideband of a harmonic: the largest bin in the slip window around carrier ± spacing. */
export interface SidebandFeature {
  hz: number;
  amp: number;
  snr: number;
}

/** The two sidebands (carrier − spacing, carrier + spacing) of one harmonic. */
export interface SidebandPair {
  lo: SidebandFeature;
  hi: SidebandFeature;
}

/** One bearing defect line: its first three harmonics in the SES, their sidebands, its fundamental in the spectrum. */
export interface BearingLineFeatures {
  h1: LineFeature;
  h2: LineFeature;
  h3: LineFeature;
  /** Sidebands of h1…h3: ±1× shaft around BPFI, ±FTF around 2×BSF; absent for BPFO, BSF and FTF. */
  sb?: { h1: SidebandPair; h2: SidebandPair; h3: SidebandPair };
  /** The fundamental in the acceleration spectrum itself (Hann, g RMS): a stage-3 bearing shows it there. */
  spec: LineFeature;
}

/** Spectral-kurtosis band and envelope lines of one axis. Compact (≈ 2 kB as JSON), stable keys. */
export interface BearingFeatures {
  /** The demodulation band of maximum SK, Hz, with its SK, the SK's noise std and the band-passed signal's kurtosis. */
  band: {
    loHz: number;
    hiHz: number;
    /** Spectral kurtosis (complex envelope, Antoni 2006): 0 for Gaussian noise. */
    sk: number;
    /** Standard deviation of the SK estimate for Gaussian noise, 2/√(bins in the band) (Antoni 2006 §4). */
    skStd: number;
    /**
     * Kurtosis E[x⁴]/E[x²]² of the band-passed signal x = Re z, from its complex envelope:
     * (3/2)·(SK + 2) for a narrow band (uniform carrier phase); 3 for Gaussian noise.
     */
    kurtosis: number;
  };
  /** SES line spacing, Hz (fs/N). */
  resolutionHz: number;
  /** Median of the SES amplitude from the first bin up to the highest line read, g². */
  sesFloor: number;
  /**
   * RMS acceleration of the high-frequency band, 1 kHz … fs/2.56 (above the ISO 10816 velocity
   * band, within the usable bandwidth; Scheffer & Girdhar 2004 §5), g; 0 when fs/2.56 ≤ 1 kHz.
   */
  hfRmsG: number;
  /** RMS of the lower and upper halves of that band, g (a broadband rise raises both). */
  hfLowerRmsG: number;
  hfUpperRmsG: number;
  /** Upper edge of the high-frequency band, Hz (fs/2.56): values of another edge are not comparable. */
  hfHighHz: number;
  /** Overall velocity r.m.s., 10…1000 Hz (ISO 10816-1), mm/s. */
  vrmsIsoMmPerS: number;
  /** BPFO, BPFI, BSF, 2×BSF and FTF lines (SES amplitudes in g², spectrum amplitudes in g). */
  lines: {
    bpfo: BearingLineFeatures;
    bpfi: BearingLineFeatures;
    bsf: BearingLineFeatures;
    bsf2: BearingLineFeatures;
    ftf: BearingLineFeatures;
  };
}

export type BearingLineName = keyof BearingFeatures['lines'];
export const BEARING_LINE_NAMES: readonly BearingLineName[] = ['bpfo', 'bpfi', 'bsf', 'bsf2', 'ftf'];
/** Harmonics read per line. */
export const HARMONICS = 3;
/** Shortest record extractBearingFeatures accepts, samples (callers skip the bearing features below it). */
export const BEARING_MIN_SAMPLES = 256;

/** Order of a line's fundamental and its sideband spacing (orders of shaft speed). */
export function lineOrders(bearing: BearingOrders): Record<BearingLineName, { order: number; spacing: number | null }> {
  return {
    bpfo: { order: bearing.bpfo, spacing: null },
    bpfi: { order: bearing.bpfi, spacing: 1 },
    bsf: { order: bearing.bsf, spacing: null }, // its sidebands are read around 2×BSF, the dominant ball line
    bsf2: { order: 2 * bearing.bsf, spacing: bearing.ftf },
    ftf: { order: bearing.ftf, spacing: null },
  };
}

/**
 * Highest frequency the bearing features read in the SES, as an order of shaft speed: the third
 * harmonic of the highest line plus its sideband. The demodulation band must be at least this wide
 * (the squared envelope of a band B wide holds modulation frequencies up to B only) and start at
 * or above it (so that the band holds none of the low-frequency lines the envelope should show):
 * Randall & Antoni 2011 §3.
 */
export function sesSpanOrder(bearing: BearingOrders): number {
  let top = 0;
  for (const { order, spacing } of Object.values(lineOrders(bearing))) top = Math.max(top, HARMONICS * order + (spacing ?? 0));
  return top;
}

const ISO_LOW_HZ = 10;
const ISO_HIGH_HZ = 1000;
/** Lower edge of the high-frequency band, Hz (above the ISO 10816 velocity band). */
export const HF_BAND_LOW_HZ = 1000;

/** Rounds to 4 significant digits (frequencies, band values). */
const round = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(4)) : 0);
/** Rounds to 3 significant digits (line amplitudes and SNRs: 0.1–1 %, far finer than the 6 dB a baseline compares). */
const round3 = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(3)) : 0);
const roundLine = (l: MeasuredLine | null): LineFeature =>
  l ? { hz: round(l.hz), amp: round3(l.amp), floor: round3(l.floor), snr: round3(l.snr) } : { hz: 0, amp: 0, floor: 0, snr: 0 };
const roundSideband = (l: MeasuredLine | null): SidebandFeature =>
  l ? { hz: round(l.hz), amp: round3(l.amp), snr: round3(l.snr) } : { hz: 0, amp: 0, snr: 0 };

/**
 * The usable bandwidth of a measurement is fs/2.56: above it the acquisition's anti-aliasing
 * filter rolls off (the analyser convention F_max = fs/2.56: Scheffer & Girdhar 2004 §2.4;
 * Randall 2011 §3.1.3). A band there holds little energy, and SK, blind to scale, may find the
 * converter's glitches impulsive; the band selection stays below.
 */
export const USABLE_BANDWIDTH_FACTOR = 2.56;

/** Hann-windowed one-sided RMS amplitudes |X_k| (g) for k < count, by the frequency-domain Hann (−¼, ½, −¼). */
function hannAmplitudes(x: ComplexArray, n: number, count: number): Float64Array {
  const out = new Float64Array(count);
  const last = x.re.length - 1;
  const a = (Math.SQRT2 * 2) / n; // Σw = N/2
  for (let k = 1; k < count && k < last; k++) {
    const re = 0.5 * x.re[k] - 0.25 * (x.re[k - 1] + x.re[k + 1]);
    const im = 0.5 * x.im[k] - 0.25 * (x.im[k - 1] + x.im[k + 1]);
    out[k] = a * Math.hypot(re, im);
  }
  return out;
}

/**
 * The bearing features of one axis.
 *
 * 1. rfft of the mean-removed record;
 * 2. kurtogram (spectral-kurtosis.ts) over the bands that start at or above the SES span and are
 *    at least as wide ({@link sesSpanOrder}); the band of maximum SK is the demodulation band
 *    (Antoni & Randall 2006). Without such a band (a low sampling rate), [span, fs/2] or the upper
 *    half of the spectrum;
 * 3. squared-envelope spectrum of that band after cepstrum pre-whitening (envelope-ses.ts,
 *    Randall & Antoni 2011 §3–4; Borghesani et al. 2013);
 * 4. per line (BPFO, BPFI, BSF, 2×BSF, FTF) and harmonic 1…3 the peak within the slip window
 *    around k·order·shaftHz, its local floor and SNR (bearing-lines.ts); the sidebands (±1× around
 *    BPFI, ±FTF around 2×BSF); the fundamental in the acceleration spectrum;
 * 5. the overall velocity (ISO 10816 band) and the high-frequency acceleration r.m.s. (1 kHz …
 *    fs/2.56, and its two halves).
 *
 * Parameters
 * ----------
 * samples : Float64Array
 *     Acceleration, shape (N,), N ≥ 256, g.
 * samplingRateHz : number
 *     fs, Hz > 0.
 * shaftHz : number
 *     Running speed of the measurement, Hz > 0.
 * bearing : BearingOrders
 *     Defect orders (bsf the ball spin, not 2×BSF), > 0.
 *
 * Returns
 * -------
 * BearingFeatures
 *     Frequencies and band values rounded to 4 significant digits, line amplitudes and SNRs to 3.
 *
 * Raises
 * ------
 * RangeError
 *     N < 256, or a rate, speed or order that is not finite and > 0.
 */
export function extractBearingFeatures(
  samples: Float64Array,
  samplingRateHz: number,
  shaftHz: number,
  bearing: BearingOrders,
): BearingFeatures {
  const n = samples.length;
  const fs = samplingRateHz;
  if (n < BEARING_MIN_SAMPLES) throw new RangeError(`need at least ${BEARING_MIN_SAMPLES} samples, got ${n}`);
  for (const [what, v] of [['samplingRateHz', fs], ['shaftHz', shaftHz], ...Object.entries(bearing)] as const)
    if (!(v > 0) || !Number.isFinite(v)) throw new RangeError(`${what} must be finite and > 0, got ${v}`);

  let mean = 0;
  for (let i = 0; i < n; i++) mean += samples[i];
  mean /= n;
  const centred = new Float64Array(n);
  for (let i = 0; i < n; i++) centred[i] = samples[i] - mean;
  const x = rfft(centred);
  const df = fs / n;

  // 2. band
  const span = sesSpanOrder(bearing) * shaftHz;
  const best = bestBand(kurtogram(x, n, fs, { minLowHz: span, minWidthHz: span, maxHighHz: fs / USABLE_BANDWIDTH_FACTOR }));
  const nb = x.re.length;
  const loHz = best ? best.loHz : Math.min(span, fs / 4);
  const hiHz = best ? best.hiHz : Math.max(fs / USABLE_BANDWIDTH_FACTOR, loHz + 2 * df);
  const kLo = Math.max(1, Math.round(loHz / df));
  const kHi = Math.min(nb, Math.max(kLo + 1, Math.round(hiHz / df)));

  // 3. SES up to the span plus the floor bins
  const sesBins = Math.min(nb, Math.ceil((span * (1 + 2 * SLIP_FRACTION)) / df) + 2 * FLOOR_BINS_PER_SIDE + 2);
  const ses = squaredEnvelopeSpectrum(x, n, fs, kLo, kHi, sesBins);
  const sk = best ? best.sk : bandSpectralKurtosis(x, kLo, kHi);
  const direct = hannAmplitudes(x, n, sesBins);

  // 4. lines
  const orders = lineOrders(bearing);
  const lines = {} as BearingFeatures['lines'];
  for (const name of Object.keys(orders) as BearingLineName[]) {
    const { order, spacing } = orders[name];
    const f1 = order * shaftHz;
    const harmonic = (k: number) => roundLine(measureLine(ses.amplitude, df, k * f1));
    const line: BearingLineFeatures = {
      h1: harmonic(1),
      h2: harmonic(2),
      h3: harmonic(3),
      spec: roundLine(measureLine(direct, df, f1)),
    };
    if (spacing !== null) {
      const d = spacing * shaftHz;
      const pair = (k: number): SidebandPair => ({
        lo: roundSideband(measureLine(ses.amplitude, df, k * f1 - d)),
        hi: roundSideband(measureLine(ses.amplitude, df, k * f1 + d)),
      });
      line.sb = { h1: pair(1), h2: pair(2), h3: pair(3) };
    }
    lines[name] = line;
  }

  // 5. broadband measures from the rectangular-window DFT (Parseval)
  const vScale = STANDARD_GRAVITY_MM_PER_S2 / (2 * Math.PI);
  const hfHigh = fs / USABLE_BANDWIDTH_FACTOR;
  const hfMid = (HF_BAND_LOW_HZ + hfHigh) / 2;
  let v2 = 0,
    hfLower2 = 0,
    hfUpper2 = 0;
  for (let k = 1; k < nb; k++) {
    const f = k * df;
    const p = ((2 * k === n ? 1 : 2) * (x.re[k] * x.re[k] + x.im[k] * x.im[k])) / (n * n);
    if (f >= ISO_LOW_HZ && f <= ISO_HIGH_HZ) v2 += (p * vScale * vScale) / (f * f);
    if (f >= HF_BAND_LOW_HZ && f < hfMid) hfLower2 += p;
    else if (f >= hfMid && f <= hfHigh) hfUpper2 += p;
  }
  const floorValues: number[] = [];
  for (let k = 1; k < ses.amplitude.length; k++) floorValues.push(ses.amplitude[k]);

  return {
    band: {
      loHz: round(kLo * df),
      hiHz: round(kHi * df),
      sk: round(sk),
      skStd: round(2 / Math.sqrt(kHi - kLo)),
      kurtosis: round(1.5 * (sk + 2)),
    },
    resolutionHz: round(df),
    sesFloor: round(median(floorValues)),
    hfRmsG: round(Math.sqrt(hfLower2 + hfUpper2)),
    hfLowerRmsG: round(Math.sqrt(hfLower2)),
    hfUpperRmsG: round(Math.sqrt(hfUpper2)),
    hfHighHz: round(hfHigh),
    vrmsIsoMmPerS: round(Math.sqrt(v2)),
    lines,
  };
}
