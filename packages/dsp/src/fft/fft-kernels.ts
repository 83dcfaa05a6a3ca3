/**
 * Radix butterflies of the mixed-radix complex FFT (forward transform, e^{-2πi kn/N}).
 *
 * Stockham auto-sort layout of FFTPACK / pocketfft (Swarztrauber 1982; Reinecke, pocketfft):
 * one pass of radix p with `l1` transforms already done and `ido = N / (l1·p)` reads
 *   CC(i, m, k) = cc[i + ido·(m + p·k)]        i < ido, m < p, k < l1
 * and writes
 *   CH(i, k, j) = ch[i + ido·(k + l1·j)] = w_j(i) · Σ_m CC(i, m, k) · e^{-2πi jm/p},
 * with twiddles w_j(i) = e^{-2πi j·l1·i/N} stored at tw[i·(p−1) + j − 1].
 * Complex numbers are split into real and imaginary Float64Arrays. Radix 8 and generic odd
 * primes are in fft-kernels-large.ts. Internal module: the public entry points are in fft.ts.
 */

/** Radix-2 pass. */
export function pass2(
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
): void {
  const s = ido * l1;
  for (let k = 0; k < l1; k++) {
    const a = 2 * ido * k;
    const b = a + ido;
    const o0 = ido * k;
    const o1 = o0 + s;
    let ar = ccr[a],
      ai = cci[a],
      br = ccr[b],
      bi = cci[b];
    chr[o0] = ar + br;
    chi[o0] = ai + bi;
    chr[o1] = ar - br;
    chi[o1] = ai - bi;
    for (let i = 1; i < ido; i++) {
      ar = ccr[a + i];
      ai = cci[a + i];
      br = ccr[b + i];
      bi = cci[b + i];
      chr[o0 + i] = ar + br;
      chi[o0 + i] = ai + bi;
      const tr = ar - br,
        ti = ai - bi;
      const wr = twr[i],
        wi = twi[i];
      chr[o1 + i] = tr * wr - ti * wi;
      chi[o1 + i] = tr * wi + ti * wr;
    }
  }
}

const S3 = Math.sqrt(3) / 2;

/** Radix-3 pass. */
export function pass3(
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
): void {
  const s = ido * l1;
  for (let k = 0; k < l1; k++) {
    const c0 = 3 * ido * k;
    const o0 = ido * k;
    for (let i = 0; i < ido; i++) {
      const p0 = c0 + i;
      const x0r = ccr[p0],
        x0i = cci[p0];
      const x1r = ccr[p0 + ido],
        x1i = cci[p0 + ido];
      const x2r = ccr[p0 + 2 * ido],
        x2i = cci[p0 + 2 * ido];
      const tr = x1r + x2r,
        ti = x1i + x2i;
      const ur = S3 * (x1r - x2r),
        ui = S3 * (x1i - x2i);
      const mr = x0r - 0.5 * tr,
        mi = x0i - 0.5 * ti;
      const q = o0 + i;
      chr[q] = x0r + tr;
      chi[q] = x0i + ti;
      // y1 = m − i·u, y2 = m + i·u
      const y1r = mr + ui,
        y1i = mi - ur;
      const y2r = mr - ui,
        y2i = mi + ur;
      if (i === 0) {
        chr[q + s] = y1r;
        chi[q + s] = y1i;
        chr[q + 2 * s] = y2r;
        chi[q + 2 * s] = y2i;
      } else {
        const t = 2 * i;
        const w1r = twr[t],
          w1i = twi[t],
          w2r = twr[t + 1],
          w2i = twi[t + 1];
        chr[q + s] = y1r * w1r - y1i * w1i;
        chi[q + s] = y1r * w1i + y1i * w1r;
        chr[q + 2 * s] = y2r * w2r - y2i * w2i;
        chi[q + 2 * s] = y2r * w2i + y2i * w2r;
      }
    }
  }
}

/** Radix-4 pass. */
export function pass4(
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
): void {
  const s = ido * l1;
  if (ido === 1) {
    for (let k = 0; k < l1; k++) {
      const p0 = 4 * k;
      const x0r = ccr[p0],
        x0i = cci[p0],
        x1r = ccr[p0 + 1],
        x1i = cci[p0 + 1];
      const x2r = ccr[p0 + 2],
        x2i = cci[p0 + 2],
        x3r = ccr[p0 + 3],
        x3i = cci[p0 + 3];
      const t1r = x0r + x2r,
        t1i = x0i + x2i,
        t2r = x0r - x2r,
        t2i = x0i - x2i;
      const t3r = x1r + x3r,
        t3i = x1i + x3i,
        t4r = x1r - x3r,
        t4i = x1i - x3i;
      chr[k] = t1r + t3r;
      chi[k] = t1i + t3i;
      chr[k + 2 * s] = t1r - t3r;
      chi[k + 2 * s] = t1i - t3i;
      chr[k + s] = t2r + t4i;
      chi[k + s] = t2i - t4r;
      chr[k + 3 * s] = t2r - t4i;
      chi[k + 3 * s] = t2i + t4r;
    }
    return;
  }
  for (let k = 0; k < l1; k++) {
    const c0 = 4 * ido * k;
    const o0 = ido * k;
    {
      const p0 = c0;
      const x0r = ccr[p0],
        x0i = cci[p0],
        x1r = ccr[p0 + ido],
        x1i = cci[p0 + ido];
      const x2r = ccr[p0 + 2 * ido],
        x2i = cci[p0 + 2 * ido];
      const x3r = ccr[p0 + 3 * ido],
        x3i = cci[p0 + 3 * ido];
      const t1r = x0r + x2r,
        t1i = x0i + x2i,
        t2r = x0r - x2r,
        t2i = x0i - x2i;
      const t3r = x1r + x3r,
        t3i = x1i + x3i,
        t4r = x1r - x3r,
        t4i = x1i - x3i;
      chr[o0] = t1r + t3r;
      chi[o0] = t1i + t3i;
      chr[o0 + 2 * s] = t1r - t3r;
      chi[o0 + 2 * s] = t1i - t3i;
      chr[o0 + s] = t2r + t4i;
      chi[o0 + s] = t2i - t4r;
      chr[o0 + 3 * s] = t2r - t4i;
      chi[o0 + 3 * s] = t2i + t4r;
    }
    for (let i = 1; i < ido; i++) {
      const p0 = c0 + i;
      const x0r = ccr[p0],
        x0i = cci[p0],
        x1r = ccr[p0 + ido],
        x1i = cci[p0 + ido];
      const x2r = ccr[p0 + 2 * ido],
        x2i = cci[p0 + 2 * ido];
      const x3r = ccr[p0 + 3 * ido],
        x3i = cci[p0 + 3 * ido];
      const t1r = x0r + x2r,
        t1i = x0i + x2i,
        t2r = x0r - x2r,
        t2i = x0i - x2i;
      const t3r = x1r + x3r,
        t3i = x1i + x3i,
        t4r = x1r - x3r,
        t4i = x1i - x3i;
      const q = o0 + i;
      chr[q] = t1r + t3r;
      chi[q] = t1i + t3i;
      const y1r = t2r + t4i,
        y1i = t2i - t4r;
      const y2r = t1r - t3r,
        y2i = t1i - t3i;
      const y3r = t2r - t4i,
        y3i = t2i + t4r;
      const t = 3 * i;
      const w1r = twr[t],
        w1i = twi[t],
        w2r = twr[t + 1],
        w2i = twi[t + 1];
      const w3r = twr[t + 2],
        w3i = twi[t + 2];
      chr[q + s] = y1r * w1r - y1i * w1i;
      chi[q + s] = y1r * w1i + y1i * w1r;
      chr[q + 2 * s] = y2r * w2r - y2i * w2i;
      chi[q + 2 * s] = y2r * w2i + y2i * w2r;
      chr[q + 3 * s] = y3r * w3r - y3i * w3i;
      chi[q + 3 * s] = y3r * w3i + y3i * w3r;
    }
  }
}

const C51 = Math.cos((2 * Math.PI) / 5);
const C52 = Math.cos((4 * Math.PI) / 5);
const S51 = Math.sin((2 * Math.PI) / 5);
const S52 = Math.sin((4 * Math.PI) / 5);

/** Radix-5 pass. */
export function pass5(
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
): void {
  const s = ido * l1;
  if (ido === 1) {
    // last pass: no twiddles, contiguous inputs
    for (let k = 0; k < l1; k++) {
      const p0 = 5 * k;
      const x0r = ccr[p0],
        x0i = cci[p0];
      const x1r = ccr[p0 + 1],
        x1i = cci[p0 + 1];
      const x2r = ccr[p0 + 2],
        x2i = cci[p0 + 2];
      const x3r = ccr[p0 + 3],
        x3i = cci[p0 + 3];
      const x4r = ccr[p0 + 4],
        x4i = cci[p0 + 4];
      const t1r = x1r + x4r,
        t1i = x1i + x4i,
        u1r = x1r - x4r,
        u1i = x1i - x4i;
      const t2r = x2r + x3r,
        t2i = x2i + x3i,
        u2r = x2r - x3r,
        u2i = x2i - x3i;
      chr[k] = x0r + t1r + t2r;
      chi[k] = x0i + t1i + t2i;
      const ar = x0r + C51 * t1r + C52 * t2r,
        ai = x0i + C51 * t1i + C52 * t2i;
      const br = S51 * u1r + S52 * u2r,
        bi = S51 * u1i + S52 * u2i;
      const cr = x0r + C52 * t1r + C51 * t2r,
        ci = x0i + C52 * t1i + C51 * t2i;
      const dr = S52 * u1r - S51 * u2r,
        di = S52 * u1i - S51 * u2i;
      chr[k + s] = ar + bi;
      chi[k + s] = ai - br;
      chr[k + 4 * s] = ar - bi;
      chi[k + 4 * s] = ai + br;
      chr[k + 2 * s] = cr + di;
      chi[k + 2 * s] = ci - dr;
      chr[k + 3 * s] = cr - di;
      chi[k + 3 * s] = ci + dr;
    }
    return;
  }
  for (let k = 0; k < l1; k++) {
    const c0 = 5 * ido * k;
    const o0 = ido * k;
    // i = 0 uses the unit twiddles stored at tw[0 … 3] (see fft-plan.ts)
    for (let i = 0; i < ido; i++) {
      const p0 = c0 + i;
      const x0r = ccr[p0],
        x0i = cci[p0];
      const x1r = ccr[p0 + ido],
        x1i = cci[p0 + ido];
      const x2r = ccr[p0 + 2 * ido],
        x2i = cci[p0 + 2 * ido];
      const x3r = ccr[p0 + 3 * ido],
        x3i = cci[p0 + 3 * ido];
      const x4r = ccr[p0 + 4 * ido],
        x4i = cci[p0 + 4 * ido];
      const t1r = x1r + x4r,
        t1i = x1i + x4i,
        u1r = x1r - x4r,
        u1i = x1i - x4i;
      const t2r = x2r + x3r,
        t2i = x2i + x3i,
        u2r = x2r - x3r,
        u2i = x2i - x3i;
      const q = o0 + i;
      chr[q] = x0r + t1r + t2r;
      chi[q] = x0i + t1i + t2i;
      const ar = x0r + C51 * t1r + C52 * t2r,
        ai = x0i + C51 * t1i + C52 * t2i;
      const br = S51 * u1r + S52 * u2r,
        bi = S51 * u1i + S52 * u2i;
      const cr = x0r + C52 * t1r + C51 * t2r,
        ci = x0i + C52 * t1i + C51 * t2i;
      const dr = S52 * u1r - S51 * u2r,
        di = S52 * u1i - S51 * u2i;
      // y1 = a − i·b, y4 = a + i·b, y2 = c − i·d, y3 = c + i·d
      const y1r = ar + bi,
        y1i = ai - br,
        y4r = ar - bi,
        y4i = ai + br;
      const y2r = cr + di,
        y2i = ci - dr,
        y3r = cr - di,
        y3i = ci + dr;
      if (i === 0) {
        chr[q + s] = y1r;
        chi[q + s] = y1i;
        chr[q + 2 * s] = y2r;
        chi[q + 2 * s] = y2i;
        chr[q + 3 * s] = y3r;
        chi[q + 3 * s] = y3i;
        chr[q + 4 * s] = y4r;
        chi[q + 4 * s] = y4i;
        continue;
      }
      const t = 4 * i;
      let wr = twr[t],
        wi = twi[t];
      chr[q + s] = y1r * wr - y1i * wi;
      chi[q + s] = y1r * wi + y1i * wr;
      wr = twr[t + 1];
      wi = twi[t + 1];
      chr[q + 2 * s] = y2r * wr - y2i * wi;
      chi[q + 2 * s] = y2r * wi + y2i * wr;
      wr = twr[t + 2];
      wi = twi[t + 2];
      chr[q + 3 * s] = y3r * wr - y3i * wi;
      chi[q + 3 * s] = y3r * wi + y3i * wr;
      wr = twr[t + 3];
      wi = twi[t + 3];
      chr[q + 4 * s] = y4r * wr - y4i * wi;
      chi[q + 4 * s] = y4r * wi + y4i * wr;
    }
  }
}
