/**
 * Rader's pass for prime radices (Rader 1968, "Discrete Fourier transforms when the number of data
 * samples is prime", Proc. IEEE 56(6)); same layout and conventions as fft-kernels.ts (Stockham
 * auto-sort, split complex, forward transform). Internal module: the public entry points are in
 * fft.ts.
 */

/** A transform of split complex arrays between two buffer pairs (a batched sub-plan for Rader). */
export interface BatchedTransform {
  /** Transforms (ar, ai), using (br, bi) as the other ping-pong buffer; true if the result is in (ar, ai). */
  forwardBuffers(ar: Float64Array, ai: Float64Array, br: Float64Array, bi: Float64Array): boolean;
}

/**
 * Rader pass for a prime radix p, batched over all B = ido·l1 butterflies of the pass: the p-point
 * DFT of each butterfly becomes a cyclic convolution of length q = p − 1 (Rader 1968), and the
 * convolutions of all butterflies are done with one batched q-point FFT `sub` on the layout
 * element r of butterfly b at r·B + b (so every sub-pass runs long contiguous loops over b). With
 * g a primitive root mod p, a_r = x_{g^r} and c_s = e^{−2πi g^{−s}/p}:
 *   X_0 = x_0 + Σ_r a_r,   X_{g^{−q'}} = x_0 + Σ_r a_r c_{q'−r}   (q', r < p − 1).
 * `gin[r]` = g^r mod p, `gout[r]` = g^{−r} mod p; (bwr, bwi) = DFT(c)/q; (ar, ai), (br, bi) are
 * work buffers of q·B points. Twiddles here are transposed: w_j(i) at tw[(j − 1)·ido + i].
 * The inverse FFT is done as conj(FFT(conj(·))).
 */
export function passRader(
  p: number,
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
  gin: Int32Array,
  gout: Int32Array,
  bwr: Float64Array,
  bwi: Float64Array,
  sub: BatchedTransform,
  ar: Float64Array,
  ai: Float64Array,
  br: Float64Array,
  bi: Float64Array,
): void {
  const B = ido * l1;
  const q = p - 1;
  const pido = p * ido;
  if (ido === 1) {
    raderLast(p, l1, ccr, cci, chr, chi, gin, gout, bwr, bwi, sub, ar, ai, br, bi);
    return;
  }
  // gather a_r of every butterfly (b = i + ido·k)
  for (let r = 0; r < q; r++) {
    const m = gin[r] * ido;
    const base = r * B;
    for (let k = 0; k < l1; k++) {
      const src = m + pido * k,
        dst = base + ido * k;
      for (let i = 0; i < ido; i++) {
        ar[dst + i] = ccr[src + i];
        ai[dst + i] = cci[src + i];
      }
    }
  }
  let fr = ar,
    fi = ai,
    gr = br,
    gi = bi;
  if (!sub.forwardBuffers(ar, ai, br, bi)) {
    fr = br;
    fi = bi;
    gr = ar;
    gi = ai;
  }
  // X_0 = x_0 + Σ a_r = x_0 + F_0 (output j = 0 has unit twiddles)
  for (let k = 0; k < l1; k++) {
    const src = pido * k,
      dst = ido * k;
    for (let i = 0; i < ido; i++) {
      chr[dst + i] = ccr[src + i] + fr[dst + i];
      chi[dst + i] = cci[src + i] + fi[dst + i];
    }
  }
  // conj(F·DFT(c)/q), per r a constant factor over the batch
  for (let r = 0; r < q; r++) {
    const yr = bwr[r],
      yi = bwi[r];
    const e = (r + 1) * B;
    for (let t = r * B; t < e; t++) {
      const xr = fr[t],
        xi = fi[t];
      fr[t] = xr * yr - xi * yi;
      fi[t] = -(xr * yi + xi * yr);
    }
  }
  if (!sub.forwardBuffers(fr, fi, gr, gi)) {
    fr = gr;
    fi = gi;
  }
  // X_{gout[r]} = x_0 + conj(G_r), times the twiddle of output j
  const s = B;
  for (let r = 0; r < q; r++) {
    const j = gout[r];
    const base = r * B;
    const oj = j * s;
    const tj = (j - 1) * ido;
    for (let k = 0; k < l1; k++) {
      const src = pido * k,
        dst = ido * k;
      for (let i = 0; i < ido; i++) {
        const yr = ccr[src + i] + fr[base + dst + i],
          yi = cci[src + i] - fi[base + dst + i];
        const t = tj + i;
        const wr = twr[t],
          wi = twi[t];
        chr[oj + dst + i] = yr * wr - yi * wi;
        chi[oj + dst + i] = yr * wi + yi * wr;
      }
    }
  }
}

/** {@link passRader} for the last pass (ido = 1: no twiddles, butterfly b = k reads cc[p·k + m]). */
function raderLast(
  p: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  gin: Int32Array,
  gout: Int32Array,
  bwr: Float64Array,
  bwi: Float64Array,
  sub: BatchedTransform,
  ar: Float64Array,
  ai: Float64Array,
  br: Float64Array,
  bi: Float64Array,
): void {
  const B = l1;
  const q = p - 1;
  for (let r = 0; r < q; r++) {
    const base = r * B;
    let src = gin[r];
    for (let k = 0; k < B; k++, src += p) {
      ar[base + k] = ccr[src];
      ai[base + k] = cci[src];
    }
  }
  let fr = ar,
    fi = ai,
    gr = br,
    gi = bi;
  if (!sub.forwardBuffers(ar, ai, br, bi)) {
    fr = br;
    fi = bi;
    gr = ar;
    gi = ai;
  }
  for (let k = 0, src = 0; k < B; k++, src += p) {
    chr[k] = ccr[src] + fr[k];
    chi[k] = cci[src] + fi[k];
  }
  for (let r = 0; r < q; r++) {
    const yr = bwr[r],
      yi = bwi[r];
    const e = (r + 1) * B;
    for (let t = r * B; t < e; t++) {
      const xr = fr[t],
        xi = fi[t];
      fr[t] = xr * yr - xi * yi;
      fi[t] = -(xr * yi + xi * yr);
    }
  }
  if (!sub.forwardBuffers(fr, fi, gr, gi)) {
    fr = gr;
    fi = gi;
  }
  for (let r = 0; r < q; r++) {
    const base = r * B;
    const oj = gout[r] * B;
    for (let k = 0, src = 0; k < B; k++, src += p) {
      chr[oj + k] = ccr[src] + fr[base + k];
      chi[oj + k] = cci[src] - fi[base + k];
    }
  }
}
