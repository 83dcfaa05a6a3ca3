import { fftInPlace, rfft, type ComplexArray } from '@overtone/dsp';
import { fastLength } from './spectral-kurtosis.ts';

/**
 * Squared-envelope spectrum (SES) of one band of a real signal, from the signal's DFT
 * (docs/diagnosis-parts/bearing.md "Squared-envelope spectrum").
 *
 * Sources: R.B. Randall & J. Antoni, "Rolling element bearing diagnostics—A tutorial", MSSP 25
 * (2011) 485–520, §3 (band-pass filtering by FFT, analytic signal, squared envelope) and §4 (the
 * SES: the squared envelope, not the envelope, gives the cleanest bearing lines); P. Borghesani,
 * P. Pennacchi, R.B. Randall, N. Sawalhi & R. Ricci, "Application of cepstrum pre-whitening for the
 * diagnosis of bearing faults under variable speed conditions", MSSP 36 (2013) 370–384 (cepstrum
 * pre-whitening X/|X|: discrete machine lines lose their weight, the bearing's cyclostationary
 * impacts keep their periodic modulation).
 */

/** The squared-envelope spectrum of one band. */
export interface SquaredEnvelopeSpectrum {
  /** RMS line amplitudes of the squared envelope |z|² (z the band's, pre-whitened, analytic signal), g², bins k = 0 … K−1 at k·fs/N; line 0 is 0. */
  amplitude: Float64Array;
  /** Line spacing fs/N, Hz (the record's own resolution). */
  resolutionHz: number;
  /** Mean of |z|² (twice the band's mean square), g². */
  meanSquaredEnvelope: number;
  /** Kurtosis E|z|⁴/(E|z|²)² of the complex envelope (SK + 2 of the band, Antoni 2006). */
  envelopeKurtosis: number;
}

let scratchRe = new Float64Array(0);
let scratchIm = new Float64Array(0);
let window = new Float64Array(0);

/**
 * SES of the band kLo ≤ k < kHi of a real signal of N samples.
 *
 * Steps: with `whiten` (default) each band bin is set to unit magnitude, X_k/|X_k| (cepstrum
 * pre-whitening, Borghesani et al. 2013), then scaled by the band's r.m.s. bin magnitude so that
 * |z|² keeps the band's power in g²; the band's bins (×2/N, the analytic signal's one-sided weight) are shifted to base band
 * and inverse-transformed on L ≥ M + K points (M bins in the band, K the SES bins wanted), which
 * samples the complex envelope c (|c| = |z|) without aliasing the squared envelope below bin K;
 * |c|² minus its mean is Hann-windowed and transformed; line k reads √2·|Y_k|/Σw (RMS, exact
 * window correction, as packages/dsp amplitudeSpectrum). Same duration as the record, hence the
 * same resolution fs/N.
 *
 * Parameters
 * ----------
 * spectrum : ComplexArray
 *     rfft of the record, k = 0 … ⌊N/2⌋, g.
 * n : number
 *     Record length N.
 * samplingRateHz : number
 * kLo, kHi : number
 *     Band bins, 0 ≤ kLo < kHi ≤ ⌊N/2⌋ + 1.
 * bins : number
 *     K, SES bins returned (≥ 1; the highest frequency read is (K−1)·fs/N).
 * whiten : boolean
 *     Cepstrum pre-whitening of the band first. Default true.
 *
 * Returns
 * -------
 * SquaredEnvelopeSpectrum
 */
export function squaredEnvelopeSpectrum(
  spectrum: ComplexArray,
  n: number,
  samplingRateHz: number,
  kLo: number,
  kHi: number,
  bins: number,
  whiten = true,
): SquaredEnvelopeSpectrum {
  const m = kHi - kLo;
  const len = fastLength(m + bins + 1);
  if (scratchRe.length !== len) {
    scratchRe = new Float64Array(len);
    scratchIm = new Float64Array(len);
    window = new Float64Array(len);
    for (let i = 0; i < len; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / len); // periodic Hann
  }
  const re = scratchRe,
    im = scratchIm;
  re.fill(0);
  im.fill(0);
  let scale = 2 / n;
  if (whiten) {
    let s2 = 0;
    for (let k = kLo; k < kHi; k++) s2 += spectrum.re[k] * spectrum.re[k] + spectrum.im[k] * spectrum.im[k];
    scale *= Math.sqrt(s2 / m);
  }
  for (let k = 0; k < m; k++) {
    const kk = kLo + k;
    const h = kk === 0 || 2 * kk === n ? 0.5 : 1; // DC and Nyquist carry weight 1, not 2
    const mag = whiten ? Math.hypot(spectrum.re[kk], spectrum.im[kk]) : 1;
    const w = mag > 0 ? (h * scale) / mag : 0;
    re[k] = w * spectrum.re[kk];
    im[k] = -w * spectrum.im[kk];
  }
  fftInPlace(re, im); // conj(c) up to the conjugation: |.|² is |c|²
  let mean = 0,
    m4 = 0;
  for (let i = 0; i < len; i++) {
    const p = re[i] * re[i] + im[i] * im[i];
    re[i] = p;
    mean += p;
    m4 += p * p;
  }
  mean /= len;
  m4 /= len;
  let sumW = 0;
  for (let i = 0; i < len; i++) {
    re[i] = (re[i] - mean) * window[i];
    sumW += window[i];
  }
  const y = rfft(re);
  const count = Math.min(bins, y.re.length);
  const amplitude = new Float64Array(count);
  const a = Math.SQRT2 / sumW;
  for (let k = 1; k < count; k++) amplitude[k] = a * Math.hypot(y.re[k], y.im[k]);
  return {
    amplitude,
    resolutionHz: samplingRateHz / n,
    meanSquaredEnvelope: mean,
    envelopeKurtosis: mean > 0 ? m4 / (mean * mean) : 0,
  };
}
