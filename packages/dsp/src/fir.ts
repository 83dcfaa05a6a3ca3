/**
 * Windowed-sinc FIR low-pass design, identical to `scipy.signal.firwin(numtaps, cutoff,
 * window='hamming')` (pass_zero=True, scale=True).
 *
 * h[n] = c·sinc(c·(n − (L−1)/2)) · w[n], w the symmetric Hamming window
 * 0.54 − 0.46·cos(2πn/(L−1)), then scaled so that Σ h[n] = 1 (unity gain at DC).
 *
 * @param numtaps  Filter length L (number of taps), integer ≥ 1.
 * @param cutoff   Cut-off frequency relative to the Nyquist frequency, 0 < cutoff < 1
 *                 (scipy's default fs = 2 convention). E.g. 1/q for decimation by q.
 * @returns        Taps h, shape (L,), dimensionless, symmetric (linear phase), Σ h = 1.
 * @throws RangeError when numtaps is not a positive integer or cutoff is outside (0, 1).
 *
 * Source: Oppenheim & Schafer, *Discrete-Time Signal Processing* 3rd ed. §7.5 (window method);
 * scipy.signal.firwin (scipy 1.17).
 *
 * @example
 * firwinHammingLowpass(41, 0.5) // 41 taps, cut-off at fs/4; taps sum to 1, h[20] ≈ 0.50059
 */
export function firwinHammingLowpass(numtaps: number, cutoff: number): Float64Array {
  if (!Number.isInteger(numtaps) || numtaps < 1) throw new RangeError(`numtaps must be a positive integer, got ${numtaps}`);
  if (!(cutoff > 0 && cutoff < 1)) throw new RangeError(`cutoff must be in (0, 1) relative to Nyquist, got ${cutoff}`);
  const h = new Float64Array(numtaps);
  const alpha = 0.5 * (numtaps - 1);
  let sum = 0;
  for (let n = 0; n < numtaps; n++) {
    const m = n - alpha;
    const x = cutoff * m;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const w = numtaps === 1 ? 1 : 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (numtaps - 1));
    h[n] = cutoff * sinc * w;
    sum += h[n];
  }
  for (let n = 0; n < numtaps; n++) h[n] /= sum;
  return h;
}
