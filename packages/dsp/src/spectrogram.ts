import { rfft, type ComplexArray } from './fft.ts';
import { centredWindowed, meanOf } from './prepare.ts';
import { checkSignal } from './spectrum.ts';
import { assertWindowName, type WindowName } from './windows.ts';

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
  /** sxx[i][j]: RMS amplitude of frequency i in segment j, g; F arrays of length T. */
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
  const buf = new Float64Array(nfft);
  const out: ComplexArray = { re: new Float64Array(nb), im: new Float64Array(nb) };
  const sxx: Float64Array[] = new Array(nb);
  for (let i = 0; i < nb; i++) sxx[i] = new Float64Array(segments);
  const timeS = new Float64Array(segments);
  let scale = 0;
  for (let j = 0; j < segments; j++) {
    const start = j * step;
    const sumW = centredWindowed(signal, start, nfft, meanOf(signal, removeDc, start, start + nfft), window, buf);
    rfft(buf, out);
    if (j === 0) scale = Math.SQRT2 / sumW;
    const { re, im } = out;
    for (let i = 1; i < nb - 1; i++) sxx[i][j] = Math.sqrt(re[i] * re[i] + im[i] * im[i]) * scale;
    sxx[0][j] = (Math.sqrt(re[0] * re[0] + im[0] * im[0]) * scale) / Math.SQRT2;
    sxx[nb - 1][j] = (Math.sqrt(re[nb - 1] * re[nb - 1] + im[nb - 1] * im[nb - 1]) * scale) / Math.SQRT2;
    timeS[j] = (start + nfft / 2) / fs;
  }
  const frequencyHz = new Float64Array(nb);
  for (let i = 0; i < nb; i++) frequencyHz[i] = (i * fs) / nfft;
  return { frequencyHz, timeS, sxx, unit: 'g', step };
}
