import { fftInPlace, rfft, type ComplexArray } from '@overtone/dsp';

/**
 * Spectral kurtosis (SK) and the demodulation band it selects (docs/diagnosis-parts/bearing.md
 * "Band selection").
 *
 * Sources: J. Antoni, "The spectral kurtosis: a useful tool for characterising non-stationary
 * signals", MSSP 20 (2006) 282–307 (SK of a complex envelope, = 0 for Gaussian noise; its
 * estimator's variance 4/K under the Gaussian hypothesis, §4); J. Antoni & R.B. Randall, "The
 * spectral kurtosis: application to the vibratory surveillance and diagnostics of rotating
 * machines", MSSP 20 (2006) 308–331 (the band of maximum SK is the optimal demodulation band);
 * J. Antoni, "Fast computation of the kurtogram for the detection of transient faults", MSSP 21
 * (2007) 108–124 (the 1/3-binary tree of bands, SK of the decimated complex envelope).
 */

/** One band of the kurtogram. */
export interface KurtogramBand {
  /** Level of the 1/3-binary tree: 0, 1, 1.6, 2, 2.6, 3 … (bandwidth (fs/2)/2^level, as Antoni 2007). */
  level: number;
  loHz: number;
  hiHz: number;
  /** Spectral kurtosis of the band's complex envelope, E|c|⁴/(E|c|²)² − 2; 0 for Gaussian noise. */
  sk: number;
  /** Complex-envelope samples the SK was estimated from (the band's DFT bins). */
  samples: number;
  /** Standard deviation of the SK estimate of Gaussian noise, 2/√samples (Antoni 2006 §4). */
  skStd: number;
}

/** Options of {@link kurtogram}. */
export interface KurtogramOptions {
  /** Bands whose lower edge lies below this are skipped, Hz ≥ 0. Default 0. */
  minLowHz?: number;
  /** Bands whose upper edge lies above this are skipped, Hz. Default fs/2. */
  maxHighHz?: number;
  /** Bands narrower than this are skipped (the tree stops there), Hz > 0. Default fs/64. */
  minWidthHz?: number;
  /** Bands with fewer DFT bins than this are skipped (the SK estimate needs samples). Default 64. */
  minSamples?: number;
}

/** Deepest level of the tree (Antoni 2007 uses 7–8 levels for 10⁴–10⁵ samples). */
export const KURTOGRAM_MAX_LEVEL = 8;

/** Smallest 2^a·3^b·5^c ≥ n (an FFT length the dsp plans transform fast). */
export function fastLength(n: number): number {
  let best = Infinity;
  for (let a = 1; a < 2 * n + 2; a *= 2)
    for (let b = a; b < 2 * n + 2; b *= 3) for (let c = b; c < 2 * n + 2; c *= 5) if (c >= n && c < best) best = c;
  return best;
}

let reBuf = new Float64Array(0);
let imBuf = new Float64Array(0);
function buffers(n: number): [Float64Array, Float64Array] {
  if (reBuf.length !== n) {
    reBuf = new Float64Array(n);
    imBuf = new Float64Array(n);
  }
  return [reBuf, imBuf];
}

/**
 * Spectral kurtosis of the complex envelope of the DFT bins kLo ≤ k < kHi of a real signal:
 * the bins are shifted to base band and inverse-transformed (zero-padded to a fast length), which
 * gives the band's complex envelope c decimated to its own bandwidth (an ideal, brick-wall filter
 * bank: Antoni 2007 §3 builds the same decimated envelopes with FIR filters). SK = ⟨|c|⁴⟩/⟨|c|²⟩² − 2.
 *
 * Parameters
 * ----------
 * spectrum : ComplexArray
 *     One-sided DFT X_k of the signal (rfft), k = 0 … ⌊N/2⌋.
 * kLo, kHi : number
 *     Bin range, 0 ≤ kLo < kHi ≤ ⌊N/2⌋ + 1.
 *
 * Returns
 * -------
 * number
 *     SK, dimensionless: 0 for Gaussian noise, −1 for a pure tone, > 0 for impulsive content;
 *     0 for a band without energy.
 */
export function bandSpectralKurtosis(spectrum: ComplexArray, kLo: number, kHi: number): number {
  const m = kHi - kLo;
  const len = fastLength(m);
  const [re, im] = buffers(len);
  re.fill(0);
  im.fill(0);
  // c = ifft(X shifted) up to a constant: |c|² from fft(conj X), moments are scale-free
  for (let k = 0; k < m; k++) {
    re[k] = spectrum.re[kLo + k];
    im[k] = -spectrum.im[kLo + k];
  }
  fftInPlace(re, im);
  // zero-padding interpolates: average over the padded grid (len points over the same duration)
  let s2 = 0,
    s4 = 0;
  for (let i = 0; i < len; i++) {
    const p = re[i] * re[i] + im[i] * im[i];
    s2 += p;
    s4 += p * p;
  }
  if (!(s2 > 0)) return 0;
  return (len * s4) / (s2 * s2) - 2;
}

/**
 * The kurtogram of a real signal from its one-sided DFT: SK of every band of the 1/3-binary tree
 * (Antoni 2007 §3: at level l the band [0, fs/2] is cut into 2^l bands, and at the intermediate
 * level l + 0.6 into 3·2^(l−1)), for the bands that pass the options' edge limits.
 *
 * Parameters
 * ----------
 * spectrum : ComplexArray
 *     rfft of the signal (N samples), k = 0 … ⌊N/2⌋.
 * n : number
 *     Signal length N ≥ 2.
 * samplingRateHz : number
 *     fs > 0.
 * options : KurtogramOptions
 *
 * Returns
 * -------
 * KurtogramBand[]
 *     By level, then frequency; empty when no band passes the limits.
 */
export function kurtogram(
  spectrum: ComplexArray,
  n: number,
  samplingRateHz: number,
  options: KurtogramOptions = {},
): KurtogramBand[] {
  const fs = samplingRateHz;
  const minLow = options.minLowHz ?? 0;
  const minWidth = options.minWidthHz ?? fs / 64;
  const minSamples = options.minSamples ?? 64;
  const maxHigh = options.maxHighHz ?? fs / 2;
  const nyquistBin = n >> 1;
  const df = fs / n;
  const out: KurtogramBand[] = [];
  const parts: [number, number][] = [[0, 1]];
  for (let l = 1; l <= KURTOGRAM_MAX_LEVEL; l++) {
    parts.push([l, 2 ** l]);
    parts.push([l + 0.6, 3 * 2 ** (l - 1)]);
  }
  for (const [level, count] of parts) {
    const width = fs / 2 / count;
    if (width < minWidth) continue;
    for (let i = 0; i < count; i++) {
      const kLo = Math.round((i * nyquistBin) / count);
      const kHi = Math.round(((i + 1) * nyquistBin) / count);
      if (kLo * df < minLow - 1e-9 || kHi * df > maxHigh + 1e-9 || kHi - kLo < minSamples) continue;
      const sk = bandSpectralKurtosis(spectrum, kLo, kHi);
      out.push({ level, loHz: kLo * df, hiHz: kHi * df, sk, samples: kHi - kLo, skStd: 2 / Math.sqrt(kHi - kLo) });
    }
  }
  return out;
}

/**
 * The band of maximum spectral kurtosis (Antoni & Randall 2006 §3: the filter that maximises the
 * SK maximises the impulsive content of the demodulated signal).
 *
 * Parameters
 * ----------
 * samples : Float64Array
 *     Acceleration, shape (N,), N ≥ 128, g.
 * samplingRateHz : number
 *     fs > 0.
 * options : KurtogramOptions
 *
 * Returns
 * -------
 * KurtogramBand | null
 *     null when no band passes the limits.
 *
 * Raises
 * ------
 * RangeError
 *     N < 128 or fs not finite and > 0.
 */
export function maximumSpectralKurtosisBand(
  samples: Float64Array,
  samplingRateHz: number,
  options: KurtogramOptions = {},
): KurtogramBand | null {
  if (samples.length < 128) throw new RangeError(`need at least 128 samples, got ${samples.length}`);
  if (!(samplingRateHz > 0) || !Number.isFinite(samplingRateHz)) throw new RangeError(`invalid samplingRateHz ${samplingRateHz}`);
  return bestBand(kurtogram(rfft(samples), samples.length, samplingRateHz, options));
}

/** The band of largest SK of a kurtogram (the first of equal ones); null for an empty one. */
export function bestBand(bands: readonly KurtogramBand[]): KurtogramBand | null {
  let best: KurtogramBand | null = null;
  for (const b of bands) if (!best || b.sk > best.sk) best = b;
  return best;
}
