import { rfft } from './fft/fft.ts';
import { evenSequenceDft, workBuffer } from './prepare.ts';
import { checkSignal, windowedMagnitudes } from './spectrum.ts';
import { assertWindowName, type WindowName } from './windows.ts';

/** Options of {@link realCepstrum}. */
export interface CepstrumOptions {
  /** Samples x_n, shape (N,), N ≥ 2, in g. */
  signal: ArrayLike<number>;
  /** Sampling rate fs, Hz, finite, > 0. */
  samplingRateHz: number;
  /** Window applied before the DFT. Default 'hanning'. */
  window?: WindowName;
  /** Subtract the mean before windowing. Default true. */
  removeDc?: boolean;
  /** Return quefrencies n = 0 … ⌊N/2⌋ (true, default) or all N (false; c_{N−n} = c_n). */
  half?: boolean;
}

/** A real cepstrum: one value per quefrency. */
export interface RealCepstrum {
  /** Quefrencies n/fs, shape (⌊N/2⌋+1,) (or (N,) with `half: false`), s. */
  quefrencyS: Float64Array;
  /** Real cepstrum c_n, same shape, dimensionless (natural log of a magnitude in g). */
  amplitude: Float64Array;
  /** ε added to |X_k| before the logarithm: 1e-12·max_k |X_k| (1e-300 for an all-zero frame). */
  epsilon: number;
}

/**
 * Real cepstrum: c_n = Re( ifft( ln(|X_k| + ε) ) )_n with X = DFT((x − μ)·w) (N points),
 * ε = 1e-12·max_k |X_k| (keeps ln finite for exactly-zero lines; 240 dB below the strongest line),
 * quefrency q_n = n/fs in seconds. A family of lines spaced Δf in the spectrum shows as a peak at
 * q = 1/Δf (e.g. a gear's sidebands, a bearing's harmonics).
 *
 * ln|X| is real and even, so c is its inverse DFT as a DCT-I: one real FFT of length N/2 when
 * 4 divides N, else (1/N)·Re(rfft(ln|X|)) over N points (no complex inverse in either case);
 * equals `numpy.fft.ifft(np.log(np.abs(np.fft.fft(xw)) + eps)).real` within 1e-9 (tested).
 * The window's amplitude correction only adds ln(a_w) to c_0 and is not applied.
 *
 * @param o  {@link CepstrumOptions}.
 * @returns  `{ quefrencyS, amplitude, epsilon }`, shape (⌊N/2⌋+1,) (half) or (N,).
 * @throws RangeError when N < 2, fs is invalid or the window is unknown.
 *
 * Sources: Bogert, Healy & Tukey (1963); Randall (2021) §3.7 (cepstrum analysis), Randall, "A
 * history of cepstrum analysis and its application to mechanical problems", MSSP 97 (2017).
 *
 * @example
 * // 100 Hz pulse train (impulses every 10 ms), fs 10000 Hz: a peak at q = 0.01 s
 * realCepstrum({ signal: x, samplingRateHz: 10000 }).amplitude[100]; // the rahmonic at 10 ms
 */
export function realCepstrum(o: CepstrumOptions): RealCepstrum {
  const { signal, samplingRateHz: fs, window = 'hanning', removeDc = true, half = true } = o;
  const n = signal.length;
  checkSignal(n, fs);
  assertWindowName(window);
  const nb = (n >> 1) + 1;
  // |X_k| straight from the real-FFT split (centring, windowing and packing in one pass)
  const buf = workBuffer(0, n);
  windowedMagnitudes(signal, window, removeDc, buf);
  let max = 0;
  for (let k = 0; k < nb; k++) if (buf[k] > max) max = buf[k];
  const eps = max > 0 ? 1e-12 * max : 1e-300;
  const len = half ? nb : n;
  const c = new Float64Array(len);
  const q = new Float64Array(len);
  const inv = 1 / n;
  for (let k = 0; k < nb; k++) buf[k] = Math.log(buf[k] + eps);
  if (n % 4 === 0) {
    // DCT-I of the half sequence: one real FFT of length N/2
    const C = workBuffer(1, nb);
    evenSequenceDft(buf.subarray(0, nb), C);
    for (let i = 0; i < nb; i++) c[i] = C[i] * inv;
  } else {
    // ln|X| as a full even sequence of length N in buf: L_{N−k} = L_k
    for (let k = nb; k < n; k++) buf[k] = buf[n - k];
    const C = rfft(buf, { re: workBuffer(1, nb), im: workBuffer(2, nb) });
    for (let i = 0; i < nb; i++) c[i] = C.re[i] * inv;
  }
  for (let i = nb; i < len; i++) c[i] = c[n - i];
  for (let i = 0; i < len; i++) q[i] = i / fs;
  return { quefrencyS: q, amplitude: c, epsilon: eps };
}
