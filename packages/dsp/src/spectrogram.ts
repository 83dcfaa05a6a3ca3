import { realFftPlan } from './fft/fft-real.ts';
import { meanOf } from './prepare.ts';
import { checkSignal } from './spectrum.ts';
import { assertWindowName, cachedWindow, type WindowName } from './windows.ts';

const BLOCK = 16; // segments per transposition block

let scratch = new Float64Array(0);
/** A reused work buffer of at least n points (the module keeps the largest one asked for). */
function spectrogramScratch(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(n);
  return scratch;
}

/** Options of {@link spectrogram}. */
export interface SpectrogramOptions {
  /** Acceleration samples x_n, shape (N,), N ≥ nfft, in g. */
  signal: ArrayLike<number>;
  /** Sampling rate fs, Hz, finite, > 0. */
  samplingRateHz: number;
  /** Segment length (= DFT length), integer 256 … 16384 (spec 002 §9). Default 1024. */
  nfft?: number;
  /** Window of each segment. Default 'hanning'. */
  window?: WindowName;
  /** Overlap of consecutive segments as a fraction of nfft, 0 ≤ overlap < 1. Default 0.5. */
  overlap?: number;
  /** Subtract each segment's own mean (scipy's detrend='constant'). Default true. */
  removeDc?: boolean;
}

/** Short-time amplitude spectra: frequency × time. */
export interface Spectrogram {
  /** Line frequencies k·fs/nfft, k = 0 … nfft/2, shape (F,), Hz. */
  frequencyHz: Float64Array;
  /** Segment centres (nfft/2 + j·step)/fs, shape (T,), s. */
  timeS: Float64Array;
  /** sxx[i][j]: RMS amplitude of frequency i in segment j, g; F arrays of length T (views into one buffer). */
  sxx: Float64Array[];
  unit: 'g';
  /** Samples between segment starts, nfft − round(overlap·nfft). */
  step: number;
}

/**
 * Spectrogram (short-time Fourier transform magnitudes) in RMS amplitude per line.
 *
 * Segments j = 0 … T−1 of nfft samples start at j·step, step = nfft − round(overlap·nfft),
 * T = ⌊(N − nfft)/step⌋ + 1 (no padding: trailing samples that do not fill a segment are
 * dropped). Each segment s is centred on its own mean (`removeDc`), windowed (w of length nfft,
 * periodic) and transformed; line i (f_i = i·fs/nfft, i = 0 … nfft/2) reads
 * a_w·√2·|S_i|/nfft (a_w = nfft/Σw) for 0 < i < nfft/2 and a_w·|S_i|/nfft at DC and Nyquist:
 * the one-sided RMS amplitude of {@link amplitudeSpectrum}, so a stationary sine reads its RMS
 * value in every segment.
 *
 * Correspondence with scipy: `f, t, S = scipy.signal.spectrogram(x, fs, window=get_window(w, nfft),
 * nperseg=nfft, noverlap=round(overlap·nfft), nfft=nfft, detrend='constant' (removeDc) or False,
 * scaling='spectrum', mode='magnitude')` gives S = |S_i|/Σw; ours = √2·S (0 < i < nfft/2), = S at
 * DC and Nyquist, with identical f and t (tested, 1e-9 relative).
 *
 * @param o  {@link SpectrogramOptions}.
 * @returns  `{ frequencyHz (F,), timeS (T,), sxx (F × T), unit: 'g', step }`, F = nfft/2 + 1.
 * @throws RangeError when fs is invalid, nfft is not an integer in 256 … 16384, N < nfft,
 *         overlap is outside [0, 1) or the window is unknown.
 *
 * Sources: Allen & Rabiner, "A unified approach to short-time Fourier analysis and synthesis",
 * Proc. IEEE 65 (1977); Randall (2021) §3.5; scipy.signal.spectrogram.
 *
 * @example
 * // 50000 samples at 25600 Hz, nfft 1024, overlap 0.5: F = 513 lines of 25 Hz, T = 96 segments
 * const s = spectrogram({ signal: x, samplingRateHz: 25600 });
 * s.timeS[0]; // 0.02 (s) = 512 / 25600
 */
export function spectrogram(o: SpectrogramOptions): Spectrogram {
  const { signal, samplingRateHz: fs, nfft = 1024, window = 'hanning', overlap = 0.5, removeDc = true } = o;
  const n = signal.length;
  checkSignal(n, fs);
  assertWindowName(window);
  if (!Number.isInteger(nfft) || nfft < 256 || nfft > 16384)
    throw new RangeError(`nfft must be an integer in 256 … 16384, got ${nfft}`);
  if (n < nfft) throw new RangeError(`signal of ${n} samples is shorter than nfft = ${nfft}`);
  if (!(overlap >= 0 && overlap < 1)) throw new RangeError(`overlap must be in [0, 1), got ${overlap}`);
  const step = nfft - Math.round(overlap * nfft);
  if (step < 1) throw new RangeError(`overlap ${overlap} leaves no step at nfft ${nfft}`);
  const segments = Math.floor((n - nfft) / step) + 1;
  const nb = (nfft >> 1) + 1;
  const plan = realFftPlan(nfft);
  const win = window === 'rectangular' ? null : cachedWindow(window, nfft);
  const w = win ? win.w : null;
  const scale = Math.SQRT2 / (win ? win.sum : nfft);
  // one buffer for all F rows (creating F separate typed arrays costs more than the transforms)
  const store = new Float64Array(nb * segments);
  const sxx: Float64Array[] = new Array(nb);
  for (let i = 0; i < nb; i++) sxx[i] = store.subarray(i * segments, (i + 1) * segments);
  const timeS = new Float64Array(segments);
  const edge = scale / Math.SQRT2;
  for (let j = 0; j < segments; j++) timeS[j] = (j * step + nfft / 2) / fs;
  // wasm: the whole loop on the signal copied into wasm memory, one copy of the result out
  if (!plan.stft?.(signal, step, segments, w, removeDc, scale, edge, store)) {
    // magnitudes of up to BLOCK segments, then written transposed (BLOCK consecutive j per row)
    const mag = spectrogramScratch(BLOCK * nb);
    for (let j0 = 0; j0 < segments; j0 += BLOCK) {
      const cnt = Math.min(BLOCK, segments - j0);
      for (let b = 0; b < cnt; b++) {
        const start = (j0 + b) * step;
        plan.packCentredWindowed(signal, meanOf(signal, removeDc, start, start + nfft), w, start);
        plan.magnitudes(mag.subarray(b * nb, (b + 1) * nb));
      }
      for (let i = 0; i < nb; i++) {
        const s = i === 0 || i === nb - 1 ? edge : scale;
        const o = i * segments + j0;
        for (let b = 0; b < cnt; b++) store[o + b] = mag[b * nb + i] * s;
      }
    }
  }
  const frequencyHz = new Float64Array(nb);
  for (let i = 0; i < nb; i++) frequencyHz[i] = (i * fs) / nfft;
  return { frequencyHz, timeS, sxx, unit: 'g', step };
}
