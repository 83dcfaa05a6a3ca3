import { fftInPlace, rfft, type ComplexArray } from './fft/fft.ts';
import { complexPlan } from './fft/fft-plan.ts';
import { meanOf, workBuffer } from './prepare.ts';
import { amplitudeSpectrum, checkSignal, type AmplitudeCorrectionMode, type SpectrumScaling } from './spectrum.ts';
import { assertWindowName, type WindowName } from './windows.ts';

/** Options of {@link envelopeSpectrum}. */
export interface EnvelopeOptions {
  /** Acceleration samples x_n, shape (N,), N ≥ 2, in g. */
  signal: ArrayLike<number>;
  /** Sampling rate fs, Hz, finite, > 0. */
  samplingRateHz: number;
  /** Band-pass [f_lo, f_hi] in Hz before demodulation. Default [0, 6000], clipped to [0, fs/2]. */
  bandHz?: [number, number];
  /** Window applied to the envelope before its spectrum. Default 'hanning'. */
  window?: WindowName;
  /** Subtract the mean of x before filtering. Default true. (The envelope's mean is always removed.) */
  removeDc?: boolean;
  /** Highest frequency returned, Hz. Default 2500 (spec 002 §9 `xlim`). */
  xlimHz?: number;
  /** Window amplitude correction, 'exact' (N/Σw, default) or 'nominal' (spec table). */
  correction?: AmplitudeCorrectionMode;
  /** Envelope-spectrum lines as RMS (default) or peak amplitudes. */
  scaling?: SpectrumScaling;
}

/** Envelope spectrum: amplitude of the demodulated signal per line, up to `xlimHz`. */
export interface EnvelopeSpectrum {
  /** Line frequencies k·fs/N, k = 0 … K−1 with f ≤ xlimHz (and ≤ fs/2), Hz. */
  frequencyHz: Float64Array;
  /** RMS (or peak) amplitude of the envelope per line, same shape, g. */
  amplitude: Float64Array;
  unit: 'g';
  /** Band actually used after clipping to [0, fs/2], Hz. */
  bandHz: [number, number];
  /** Line spacing fs/N, Hz. */
  resolutionHz: number;
}

/**
 * Envelope (amplitude-demodulation) spectrum of an acceleration signal: the standard bearing-fault
 * analysis ("high-frequency resonance technique").
 *
 * Steps (N samples, fs, one-sided DFT bins k = 0 … ⌊N/2⌋, f_k = k·fs/N):
 * 1. x' = x − mean(x) if `removeDc`; X = rfft(x');
 * 2. band-pass by FFT mask (the vendor calculator's brick-wall filter, protocol §18.4): keep the
 *    bins with f_lo ≤ f_k < f_hi, i.e. ⌈N·f_lo/fs⌉ ≤ k < ⌈N·f_hi/fs⌉; when f_hi ≥ fs/2 (after
 *    clipping) the Nyquist bin is kept too;
 * 3. analytic signal of the band-passed signal as scipy.signal.hilbert does it: Z_k = h_k·X_k·mask_k
 *    with h_0 = 1, h_{N/2} = 1 (even N), h_k = 2 for 0 < k < N/2, 0 for negative frequencies;
 *    z = ifft(Z) (N points), envelope e_n = |z_n|;
 * 4. the amplitude spectrum of e exactly as {@link amplitudeSpectrum} (mean removed, window,
 *    one-sided RMS lines, a_w = N/Σw or the nominal factor), truncated to f_k ≤ xlimHz.
 *
 * Steps 2 and 3 are fused in the frequency domain (one rfft, one complex inverse FFT); the result
 * equals rfft → mask → irfft → scipy.signal.hilbert → abs → spectrum within rounding (tested
 * against that scipy chain, 1e-9 relative).
 *
 * @param o  {@link EnvelopeOptions}.
 * @returns  `{ frequencyHz, amplitude, unit: 'g', bandHz, resolutionHz }`, arrays of shape (K,),
 *           K = min(⌊N/2⌋, ⌊xlimHz·N/fs⌋) + 1.
 * @throws RangeError when N < 2, fs is invalid, the window is unknown, xlimHz ≤ 0, or the band
 *         (after clipping) has f_lo ≥ f_hi or negative/non-finite edges.
 *
 * Sources: Randall & Antoni, "Rolling element bearing diagnostics — a tutorial", MSSP 25 (2011)
 * §3 (envelope analysis); Randall (2021) §3.6.2 (Hilbert transform); scipy.signal.hilbert.
 *
 * @example
 * // CWRU 105 (inner race), DE, fs 12000 Hz, first 120000 samples, band 2000–5000 Hz:
 * const e = envelopeSpectrum({ signal: x, samplingRateHz: 12000, bandHz: [2000, 5000] });
 * // strongest line (above 10 Hz) at 162.0 Hz ≈ BPFI = 5.4152 × 29.95 Hz = 162.2 Hz
 */
export function envelopeSpectrum(o: EnvelopeOptions): EnvelopeSpectrum {
  const { signal, samplingRateHz: fs, window = 'hanning', removeDc = true, xlimHz = 2500 } = o;
  const n = signal.length;
  checkSignal(n, fs);
  assertWindowName(window);
  if (!(xlimHz > 0)) throw new RangeError(`xlimHz must be > 0, got ${xlimHz}`);
  const [lo0, hi0] = o.bandHz ?? [0, 6000];
  if (!Number.isFinite(lo0) || !Number.isFinite(hi0) || lo0 < 0) throw new RangeError(`invalid band [${lo0}, ${hi0}] Hz`);
  const lo = Math.min(lo0, fs / 2);
  const hi = Math.min(hi0, fs / 2);
  if (!(lo < hi)) throw new RangeError(`band needs low < high within [0, fs/2], got [${lo0}, ${hi0}] Hz at fs ${fs} Hz`);

  const nb = (n >> 1) + 1;
  const mu = meanOf(signal, removeDc);
  const xr = workBuffer(0, n);
  for (let i = 0; i < n; i++) xr[i] = signal[i] - mu;
  const spec: ComplexArray = rfft(xr, { re: workBuffer(1, nb), im: workBuffer(2, nb) });
  const kLo = maskIndex(lo, n, fs);
  const kHi = hi >= fs / 2 ? nb : Math.min(nb, maskIndex(hi, n, fs));

  // |z| = |ifft(Z)| = |fft(conj Z)|/N (analyticSignal, fused: no final copy, no separate scaling)
  const zr = xr,
    zi = workBuffer(3, n);
  const plan = complexPlan(n);
  if (plan.analyticEnvelope) plan.analyticEnvelope(spec.re, spec.im, kLo, kHi, zr);
  else {
    loadAnalytic(spec, n, kLo, kHi, zr, zi);
    let ar = zr,
      ai = zi;
    if (!plan.forwardNoCopy(zr, zi)) {
      ar = plan.scratchRe;
      ai = plan.scratchIm;
    }
    const inv = 1 / n;
    for (let i = 0; i < n; i++) zr[i] = Math.sqrt(ar[i] * ar[i] + ai[i] * ai[i]) * inv;
  }
  const s = amplitudeSpectrum({
    signal: zr,
    samplingRateHz: fs,
    window,
    removeDc: true,
    correction: o.correction ?? 'exact',
    scaling: o.scaling ?? 'rms',
  });
  const count = Math.min(nb, Math.floor((xlimHz * n) / fs + 1e-9) + 1);
  return {
    frequencyHz: s.frequencyHz.slice(0, count),
    amplitude: s.amplitude.slice(0, count),
    unit: 'g',
    bandHz: [lo, hi],
    resolutionHz: fs / n,
  };
}

/** ⌈N·f/fs⌉, the first bin at or above f (protocol §18.4), with a 1e-9 tolerance for f on a line. */
export function maskIndex(f: number, n: number, fs: number): number {
  return Math.max(0, Math.ceil((n * f) / fs - 1e-9));
}

/**
 * Analytic signal z = ifft(Z) of the bins kLo ≤ k < kHi of a real signal's one-sided spectrum X
 * (N points): Z_k = h_k·X_k with h = 1 at DC and Nyquist, 2 between, 0 for negative frequencies
 * (scipy.signal.hilbert). Re z is the band-passed signal, |z| its envelope. `buf` (length N) is
 * reused as the real part. Internal.
 */
export function analyticSignal(spec: ComplexArray, n: number, kLo: number, kHi: number, buf?: Float64Array): ComplexArray {
  const zr = buf ?? new Float64Array(n),
    zi = new Float64Array(n);
  loadAnalytic(spec, n, kLo, kHi, zr, zi);
  fftInPlace(zr, zi);
  const inv = 1 / n;
  for (let i = 0; i < n; i++) {
    zr[i] *= inv;
    zi[i] *= -inv;
  }
  return { re: zr, im: zi };
}

/** Writes conj(Z) (Z_k = h_k·X_k for kLo ≤ k < kHi, else 0; see {@link analyticSignal}) into (zr, zi). */
function loadAnalytic(spec: ComplexArray, n: number, kLo: number, kHi: number, zr: Float64Array, zi: Float64Array): void {
  zr.fill(0);
  zi.fill(0);
  const even = n % 2 === 0;
  // conjugated for the inverse transform: ifft(Z) = conj(fft(conj(Z)))/N
  for (let k = kLo; k < kHi; k++) {
    const h = k === 0 || (even && 2 * k === n) ? 1 : 2;
    zr[k] = h * spec.re[k];
    zi[k] = -h * spec.im[k];
  }
}
