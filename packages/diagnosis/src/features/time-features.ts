import { timeStatistics } from '@overtone/dsp';

/**
 * Time-domain statistics and sensor-integrity measures of one axis (docs/diagnosis-parts/machine.md
 * "Time features"). All values are plain numbers under stable keys (baseline keys
 * `x.time.<name>`).
 */
export interface TimeFeatures {
  /** Mean (DC), g: on a DC-coupled MEMS sensor the projection of gravity on this axis. */
  meanG: number;
  /** r.m.s. of the AC part (population standard deviation), g. */
  rmsG: number;
  /** max |x − mean|, g. */
  peakG: number;
  /** peak / r.m.s.; 0 for a constant record. */
  crest: number;
  /** m4/m2² (non-excess: Gaussian 3, sine 1.5); 0 for a constant record. */
  kurtosis: number;
  /**
   * DC drift, g: the change over the record of a straight line fitted (least squares) to the means
   * of {@link DRIFT_SEGMENTS} consecutive segments (a moving mean), slope × duration.
   */
  driftG: number;
  /** Fraction of samples with |x| ≥ (1 − {@link CLIP_MARGIN})·rangeG (at the accelerometer's full scale), 0…1. */
  clippedFraction: number;
  /** Fraction of consecutive sample pairs with exactly equal values, 0…1. */
  zeroDiffFraction: number;
  /** Fraction of samples inside runs of ≥ {@link STUCK_RUN_SAMPLES} exactly equal values below the clipping level, 0…1. */
  stuckFraction: number;
  /**
   * Fraction of the aligned {@link REPEAT_BLOCK_SAMPLES}-sample blocks (not constant) that occur
   * again, bit for bit, elsewhere in the record (a repeated buffer), 0…1.
   */
  repeatedFraction: number;
  /**
   * Impacts: excursions of |x − mean| over {@link IMPACT_SIGMA}·r.m.s.; one impact lasts until the
   * signal stayed below that for 1 ms (its ringing counts once).
   */
  impactCount: number;
  /** Repetition rate of the impacts (1 / median interval), Hz; 0 with fewer than 3 impacts. */
  impactRateHz: number;
  /** Fraction of the impact intervals within ±10 % of their median (1 = strictly periodic), 0…1. */
  impactRegularity: number;
}

/** Segments of the moving mean the drift line is fitted to. */
export const DRIFT_SEGMENTS = 16;
/**
 * Margin below the full scale counted as clipped: 1 % of the range. An ADC's largest code is
 * 1 LSB (2^−(bits−1), < 0.05 % for ≥ 12 bits) below full scale; a sample within 1 % of it is at
 * the converter's limit (Bendat & Piersol, *Random Data* 4th ed. 2010, §10.4.2 "clipping").
 */
export const CLIP_MARGIN = 0.01;
/**
 * Run of exactly equal samples that a live accelerometer does not produce: 32 samples. A
 * quantised sine of 1000 LSB peak at 30 Hz sampled at 25.6 kHz stays within 1 LSB of its crest
 * for ≈ 12 samples; electronic noise of a working sensor (≥ 1 LSB) breaks runs far sooner.
 */
export const STUCK_RUN_SAMPLES = 32;
/** Block length of the repeated-buffer search, samples. */
export const REPEAT_BLOCK_SAMPLES = 64;
/**
 * Impact threshold, multiples of the r.m.s.: 5σ. A Gaussian signal exceeds 5σ with probability
 * 5.7·10⁻⁷ per sample, < 0.06 false impacts in 10⁵ samples, so what passes is impulsive (Randall
 * 2011 §5.2.1: impulsiveness raises crest factor and kurtosis over the Gaussian values).
 */
export const IMPACT_SIGMA = 5;

/** Least-squares change over the record of a line through the segment means, g. */
function driftOf(samples: Float64Array): number {
  const n = samples.length;
  const m = Math.min(DRIFT_SEGMENTS, n);
  if (m < 2) return 0;
  let sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  for (let s = 0; s < m; s++) {
    const a = Math.floor((s * n) / m),
      b = Math.floor(((s + 1) * n) / m);
    let sum = 0;
    for (let i = a; i < b; i++) sum += samples[i]!;
    const y = sum / (b - a);
    const x = (a + b - 1) / 2 / n; // centre, fraction of the record
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const den = m * sxx - sx * sx;
  return den > 0 ? (m * sxy - sx * sy) / den : 0; // slope per record = change over the record
}

/**
 * Fraction of non-constant aligned blocks with an exact copy at another offset ≥ one block away:
 * a polynomial rolling hash (mod 2^32, Math.imul) of every window of {@link REPEAT_BLOCK_SAMPLES}
 * samples' bit patterns, looked up in an open-addressing table of the aligned blocks' hashes;
 * every hit is verified sample by sample. O(N).
 */
export function repeatedBlockFraction(samples: Float64Array): number {
  const B = REPEAT_BLOCK_SAMPLES;
  const n = samples.length;
  const blocks = Math.floor(n / B);
  if (blocks < 2) return 0;
  const words = new Int32Array(samples.buffer, samples.byteOffset, n * 2);
  const P = 0x01000193; // FNV prime
  let pow = 1; // P^(B−1) mod 2^32
  for (let i = 1; i < B; i++) pow = Math.imul(pow, P);
  // A sample's code: both words of its double, the high word rotated so that its sign and exponent
  // reach the low bits (quantised samples, int16 counts × a scale, have a mantissa of few bits: the
  // low word and the high word's low bits are zeros, and a sum of such codes would be too).
  const code = (i: number) => {
    const hi = words[2 * i + 1]!;
    return words[2 * i]! ^ ((hi << 13) | (hi >>> 19));
  };
  // Slot of a hash: its bits mixed (lowbias32, C. Wellons 2018), so that hashes differing only in
  // their high bits spread over the table instead of sharing a probe chain.
  const slotOf = (h: number) => {
    let x = h ^ (h >>> 16);
    x = Math.imul(x, 0x7feb352d);
    x ^= x >>> 15;
    x = Math.imul(x, 0x846ca68b);
    return (x ^ (x >>> 16)) & mask;
  };
  const constantBlock = (a: number) => {
    for (let i = a + 1; i < a + B; i++) if (samples[i] !== samples[a]) return false;
    return true;
  };
  const same = (a: number, c: number) => {
    for (let i = 0; i < B; i++) if (samples[a + i] !== samples[c + i]) return false;
    return true;
  };
  let size = 1;
  while (size < 4 * blocks) size <<= 1;
  const mask = size - 1;
  const tableHash = new Int32Array(size);
  const tableBlock = new Int32Array(size); // block start + 1; 0 = empty
  let candidates = 0;
  for (let b = 0; b < blocks; b++) {
    const start = b * B;
    if (constantBlock(start)) continue; // a flat block is the stuck measure's business
    candidates++;
    let h = 0;
    for (let i = start; i < start + B; i++) h = (Math.imul(h, P) + code(i)) | 0;
    let slot = slotOf(h);
    while (tableBlock[slot]) slot = (slot + 1) & mask;
    tableHash[slot] = h;
    tableBlock[slot] = start + 1;
  }
  if (!candidates) return 0;
  const repeated = new Uint8Array(blocks);
  let count = 0;
  let h = 0;
  for (let i = 0; i < B; i++) h = (Math.imul(h, P) + code(i)) | 0;
  for (let i = 0; i + B <= n; i++) {
    if (i > 0) h = (Math.imul((h - Math.imul(code(i - 1), pow)) | 0, P) + code(i + B - 1)) | 0;
    for (let slot = slotOf(h); tableBlock[slot]; slot = (slot + 1) & mask) {
      if (tableHash[slot] !== h) continue;
      const a = tableBlock[slot]! - 1;
      if (Math.abs(a - i) >= B && !repeated[a / B] && same(a, i)) {
        repeated[a / B] = 1;
        count++;
      }
    }
  }
  return count / candidates;
}

// The loops over the samples are functions of their own, and the impacts' intervals a typed array:
// V8 optimized this function's long loops while they ran (on-stack replacement), reused that code at
// every call, and it deoptimized after the loops at nearly every call (`--trace-deopt` on
// `npm run bench -- diagnosis-cpu`: 79 times before, none after; no time measurably gained).

/**
 * Samples at or beyond the clipping level, successive equal samples, and samples inside runs of at
 * least {@link STUCK_RUN_SAMPLES} equal values below the clipping level (a run at the full scale is
 * clipping, counted there, not a stuck sensor). Counts.
 */
function clippingAndFlatness(samples: Float64Array, limit: number): { clipped: number; zeroDiff: number; stuck: number } {
  const n = samples.length;
  let clipped = 0,
    zeroDiff = 0,
    stuck = 0,
    run = 1;
  for (let i = 0; i < n; i++) {
    const v = samples[i]!;
    if (Math.abs(v) >= limit) clipped++;
    if (i > 0) {
      if (v === samples[i - 1]) {
        zeroDiff++;
        run++;
      } else {
        if (run >= STUCK_RUN_SAMPLES && Math.abs(samples[i - 1]!) < limit) stuck += run;
        run = 1;
      }
    }
  }
  if (run >= STUCK_RUN_SAMPLES && Math.abs(samples[n - 1]!) < limit) stuck += run;
  return { clipped, zeroDiff, stuck };
}

/**
 * Sample indices of the impacts: where |x − μ| exceeds `threshold`, one impact lasting until the
 * signal has stayed below it for `dead` samples (its ringing), at its largest |x − μ|.
 */
function impactTimes(samples: Float64Array, meanG: number, threshold: number, dead: number): number[] {
  const n = samples.length;
  const times: number[] = [];
  let i = 0;
  while (i < n) {
    if (Math.abs(samples[i]! - meanG) > threshold) {
      let best = i,
        quiet = 0,
        j = i;
      for (; j < n && quiet < dead; j++) {
        const a = Math.abs(samples[j]! - meanG);
        if (a > threshold) quiet = 0;
        else quiet++;
        if (a > Math.abs(samples[best]! - meanG)) best = j;
      }
      times.push(best);
      i = j;
    } else i++;
  }
  return times;
}

/**
 * Rate (fs / the median interval, Hz) and regularity (the fraction of intervals within ±10 % of the
 * median) of impacts at sample indices `times`; both 0 with fewer than three impacts.
 */
function impactPeriodicity(times: readonly number[], samplingRateHz: number): { rate: number; regularity: number } {
  if (times.length < 3) return { rate: 0, regularity: 0 };
  const intervals = new Float64Array(times.length - 1);
  for (let k = 0; k < intervals.length; k++) intervals[k] = times[k + 1]! - times[k]!;
  const med = intervals.slice().sort()[intervals.length >> 1]!;
  let regular = 0;
  for (const d of intervals) if (Math.abs(d - med) <= 0.1 * med) regular++;
  return { rate: samplingRateHz / med, regularity: regular / intervals.length };
}

/**
 * Time-domain features of one axis: statistics (via `timeStatistics` of @overtone/dsp), DC drift,
 * clipping, flatness, repeated blocks and impacts.
 *
 * Parameters
 * ----------
 * samples : Float64Array
 *     Acceleration, g, shape (N,), N ≥ 2.
 * samplingRateHz : number
 *     fs, Hz, > 0 (impact spacing and rate).
 * rangeG : number
 *     The accelerometer's full scale, g; ≤ 0 or non-finite: clipping is not measured (0).
 *
 * Returns
 * -------
 * TimeFeatures
 *
 * Sources: Randall 2011 §5.2.1 (crest factor, kurtosis); Bendat & Piersol 2010 §10.4 (data
 * validation: clipping, drop-outs, drift).
 */
export function extractTimeFeatures(samples: Float64Array, samplingRateHz: number, rangeG: number): TimeFeatures {
  const n = samples.length;
  const t = timeStatistics(samples);
  const limit = rangeG > 0 && Number.isFinite(rangeG) ? (1 - CLIP_MARGIN) * rangeG : Infinity;
  const { clipped, zeroDiff, stuck } = clippingAndFlatness(samples, limit);
  // impacts: local maxima of |x − μ| over 5σ, at least 1 ms apart (one impact's ringing counts once)
  const times =
    t.grmsG > 0 ? impactTimes(samples, t.meanG, IMPACT_SIGMA * t.grmsG, Math.max(1, Math.round(samplingRateHz * 1e-3))) : [];
  const { rate, regularity } = impactPeriodicity(times, samplingRateHz);
  return {
    meanG: t.meanG,
    rmsG: t.grmsG,
    peakG: t.peakG,
    crest: t.crest,
    kurtosis: t.kurtosis,
    driftG: driftOf(samples),
    clippedFraction: limit === Infinity ? 0 : clipped / n,
    zeroDiffFraction: n > 1 ? zeroDiff / (n - 1) : 0,
    stuckFraction: stuck / n,
    repeatedFraction: repeatedBlockFraction(samples),
    impactCount: times.length,
    impactRateHz: rate,
    impactRegularity: regularity,
  };
}
