/** The plan interfaces of the FFT engine (internal; public entry points in fft.ts). */

/** A complex FFT plan for one length N (direct mixed radix or Bluestein). */
export interface ComplexPlan {
  n: number;
  /** Runs the forward transform in place on (re, im), each of length n. */
  forward(re: Float64Array, im: Float64Array): void;
  /**
   * Like {@link forward} but skips the final copy: returns true when the result is in (re, im),
   * false when it is in ({@link scratchRe}, {@link scratchIm}).
   */
  forwardNoCopy(re: Float64Array, im: Float64Array): boolean;
  /**
   * Transforms z_j = x[2j] + i·x[2j+1] (x of length 2n) without a packing pass, using (re, im)
   * (length n) as work buffers; returns like {@link forwardNoCopy}. Returns null (and does
   * nothing) when the first radix has no packed-input kernel.
   */
  forwardPacked(x: Float64Array, re: Float64Array, im: Float64Array): boolean | null;
  readonly scratchRe: Float64Array;
  readonly scratchIm: Float64Array;
  /**
   * Envelope of the analytic signal (wasm plans only; envelope.ts has the JavaScript path):
   * out_t = |ifft(Z)_t| for Z_k = h_k·X_k, kLo ≤ k < kHi (h = 1 at DC and Nyquist, 2 between),
   * Z_k = 0 elsewhere, X given by its one-sided bins (re, im), t < n.
   */
  analyticEnvelope?(re: Float64Array, im: Float64Array, kLo: number, kHi: number, out: Float64Array): void;
}

/**
 * A real-input FFT plan for one length N (internal; public entry: `rfft` in fft.ts). Callers load
 * the samples with {@link RealPlan.pack} or {@link RealPlan.packCentredWindowed} and then call
 * {@link RealPlan.transform} or {@link RealPlan.magnitudes}, so that windowing and packing take one
 * pass over the samples. Two implementations: {@link RealFftPlan} (JavaScript) and
 * {@link WasmRealFftPlan} (wasm SIMD), chosen by {@link realFftPlan}.
 */
export interface RealPlan {
  readonly n: number;
  /** Loads x (shape (N,)) into the work buffers. */
  pack(x: ArrayLike<number>): void;
  /** Loads (x_{start+n} − mean)·w_n, n < N (w = null: no window), into the work buffers in one pass. */
  packCentredWindowed(x: ArrayLike<number>, mean: number, w: Float64Array | null, start?: number): void;
  /** Transforms the loaded samples; writes X_k, k ≤ N/2, into Xr/Xi (length ⌊N/2⌋+1). */
  transform(Xr: Float64Array, Xi: Float64Array): void;
  /** pack(x) + transform(Xr, Xi) for a Float64Array x of length N. */
  transformReal(x: Float64Array, Xr: Float64Array, Xi: Float64Array): void;
  /** Like {@link transform} but writes only |X_k|, k ≤ N/2, into `mag` (length ≥ ⌊N/2⌋+1). */
  magnitudes(mag: Float64Array): void;
  /**
   * Short-time magnitudes (wasm plans only; spectrogram.ts has the JavaScript loop): for segment
   * j < `segments` starting at j·step, |X_i| of (x − μ_j)·w (μ_j the segment mean if `removeDc`),
   * times `edge` for i = 0 and N/2 and `scale` between, into out[i·segments + j]. Returns false
   * (and does nothing) when wasm memory cannot grow.
   */
  stft?(
    x: ArrayLike<number>,
    step: number,
    segments: number,
    w: Float64Array | null,
    removeDc: boolean,
    scale: number,
    edge: number,
    out: Float64Array,
  ): boolean;
}
