/**
 * Radix-8 and generic odd-prime butterflies of the mixed-radix complex FFT; same layout and
 * conventions as fft-kernels.ts (Stockham auto-sort, split complex, forward transform).
 * Internal module: the public entry points are in fft.ts.
 */

/**
 * Generic pass for an odd radix p (7, 11, 13, …): O(p²) per butterfly using the symmetric
 * pairs (m, p−m). `cosp`/`sinp` hold cos/sin(2π·jm/p) for j, m = 1 … h, h = (p−1)/2, row-major
 * (index (j−1)·h + m−1); `tr`, `ti`, `ur`, `ui` are scratch arrays of length h. Two outputs
 * (j, j+1) are accumulated per sweep over m, so each loaded input pair feeds eight products.
 */
export function passOdd(
  p: number,
  ido: number,
  l1: number,
  ccr: Float64Array,
  cci: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
  cosp: Float64Array,
  sinp: Float64Array,
  tr: Float64Array,
  ti: Float64Array,
  ur: Float64Array,
  ui: Float64Array,
): void {
  const s = ido * l1;
  const h = (p - 1) >> 1;
  const pm1 = p - 1;
  for (let k = 0; k < l1; k++) {
    const c0 = p * ido * k;
    const o0 = ido * k;
    for (let i = 0; i < ido; i++) {
      const p0 = c0 + i;
      const x0r = ccr[p0],
        x0i = cci[p0];
      let sumr = x0r,
        sumi = x0i;
      for (let m = 0; m < h; m++) {
        const a = p0 + (m + 1) * ido,
          b = p0 + (p - 1 - m) * ido;
        const ar = ccr[a],
          ai = cci[a],
          br = ccr[b],
          bi = cci[b];
        const sr = ar + br,
          si = ai + bi;
        tr[m] = sr;
        ti[m] = si;
        ur[m] = ar - br;
        ui[m] = ai - bi;
        sumr += sr;
        sumi += si;
      }
      const q = o0 + i;
      chr[q] = sumr;
      chi[q] = sumi;
      const tw = i * pm1 - 1;
      for (let j = 1; j <= h; j += 2) {
        const two = j < h;
        const rowA = (j - 1) * h,
          rowB = two ? rowA + h : rowA;
        let sr = x0r,
          si = x0i,
          ar = 0,
          ai = 0,
          sr2 = x0r,
          si2 = x0i,
          ar2 = 0,
          ai2 = 0;
        for (let m = 0; m < h; m++) {
          const t0 = tr[m],
            t1 = ti[m],
            u0 = ur[m],
            u1 = ui[m];
          const c = cosp[rowA + m],
            sn = sinp[rowA + m],
            c2 = cosp[rowB + m],
            sn2 = sinp[rowB + m];
          sr += c * t0;
          si += c * t1;
          ar += sn * u0;
          ai += sn * u1;
          sr2 += c2 * t0;
          si2 += c2 * t1;
          ar2 += sn2 * u0;
          ai2 += sn2 * u1;
        }
        // y_j = S − i·A, y_{p−j} = S + i·A, times the twiddles of outputs j and p − j
        for (let u = 0; u < (two ? 2 : 1); u++) {
          const jj = j + u;
          const S0 = u === 0 ? sr : sr2,
            S1 = u === 0 ? si : si2,
            A0 = u === 0 ? ar : ar2,
            A1 = u === 0 ? ai : ai2;
          const yjr = S0 + A1,
            yji = S1 - A0,
            ykr = S0 - A1,
            yki = S1 + A0;
          const qj = q + jj * s,
            qk = q + (p - jj) * s;
          if (i === 0) {
            chr[qj] = yjr;
            chi[qj] = yji;
            chr[qk] = ykr;
            chi[qk] = yki;
          } else {
            let wr = twr[tw + jj],
              wi = twi[tw + jj];
            chr[qj] = yjr * wr - yji * wi;
            chi[qj] = yjr * wi + yji * wr;
            wr = twr[tw + p - jj];
            wi = twi[tw + p - jj];
            chr[qk] = ykr * wr - yki * wi;
            chi[qk] = ykr * wi + yki * wr;
          }
        }
      }
    }
  }
}

const R2 = Math.SQRT1_2;

/** Radix-8 pass (split into two radix-4 halves and a W8 combination). */
export function pass8(
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
    const c0 = 8 * ido * k;
    const o0 = ido * k;
    for (let i = 0; i < ido; i++) {
      const p = c0 + i;
      const x0r = ccr[p],
        x0i = cci[p];
      const x1r = ccr[p + ido],
        x1i = cci[p + ido];
      const x2r = ccr[p + 2 * ido],
        x2i = cci[p + 2 * ido];
      const x3r = ccr[p + 3 * ido],
        x3i = cci[p + 3 * ido];
      const x4r = ccr[p + 4 * ido],
        x4i = cci[p + 4 * ido];
      const x5r = ccr[p + 5 * ido],
        x5i = cci[p + 5 * ido];
      const x6r = ccr[p + 6 * ido],
        x6i = cci[p + 6 * ido];
      const x7r = ccr[p + 7 * ido],
        x7i = cci[p + 7 * ido];
      // even half: DFT4(x0, x2, x4, x6)
      const a0r = x0r + x4r,
        a0i = x0i + x4i,
        a1r = x0r - x4r,
        a1i = x0i - x4i;
      const a2r = x2r + x6r,
        a2i = x2i + x6i,
        a3r = x2r - x6r,
        a3i = x2i - x6i;
      const e0r = a0r + a2r,
        e0i = a0i + a2i,
        e2r = a0r - a2r,
        e2i = a0i - a2i;
      const e1r = a1r + a3i,
        e1i = a1i - a3r,
        e3r = a1r - a3i,
        e3i = a1i + a3r;
      // odd half: DFT4(x1, x3, x5, x7)
      const b0r = x1r + x5r,
        b0i = x1i + x5i,
        b1r = x1r - x5r,
        b1i = x1i - x5i;
      const b2r = x3r + x7r,
        b2i = x3i + x7i,
        b3r = x3r - x7r,
        b3i = x3i - x7i;
      const o0r = b0r + b2r,
        o0i = b0i + b2i,
        o2r = b0r - b2r,
        o2i = b0i - b2i;
      const o1r = b1r + b3i,
        o1i = b1i - b3r,
        o3r = b1r - b3i,
        o3i = b1i + b3r;
      // W8^k · o_k
      const q1r = R2 * (o1r + o1i),
        q1i = R2 * (o1i - o1r);
      const q2r = o2i,
        q2i = -o2r;
      const q3r = R2 * (o3i - o3r),
        q3i = -R2 * (o3r + o3i);
      const q = o0 + i;
      chr[q] = e0r + o0r;
      chi[q] = e0i + o0i;
      const y1r = e1r + q1r,
        y1i = e1i + q1i,
        y5r = e1r - q1r,
        y5i = e1i - q1i;
      const y2r = e2r + q2r,
        y2i = e2i + q2i,
        y6r = e2r - q2r,
        y6i = e2i - q2i;
      const y3r = e3r + q3r,
        y3i = e3i + q3i,
        y7r = e3r - q3r,
        y7i = e3i - q3i;
      const y4r = e0r - o0r,
        y4i = e0i - o0i;
      if (i === 0) {
        chr[q + s] = y1r;
        chi[q + s] = y1i;
        chr[q + 2 * s] = y2r;
        chi[q + 2 * s] = y2i;
        chr[q + 3 * s] = y3r;
        chi[q + 3 * s] = y3i;
        chr[q + 4 * s] = y4r;
        chi[q + 4 * s] = y4i;
        chr[q + 5 * s] = y5r;
        chi[q + 5 * s] = y5i;
        chr[q + 6 * s] = y6r;
        chi[q + 6 * s] = y6i;
        chr[q + 7 * s] = y7r;
        chi[q + 7 * s] = y7i;
      } else {
        const t = 7 * i;
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
        wr = twr[t + 4];
        wi = twi[t + 4];
        chr[q + 5 * s] = y5r * wr - y5i * wi;
        chi[q + 5 * s] = y5r * wi + y5i * wr;
        wr = twr[t + 5];
        wi = twi[t + 5];
        chr[q + 6 * s] = y6r * wr - y6i * wi;
        chi[q + 6 * s] = y6r * wi + y6i * wr;
        wr = twr[t + 6];
        wi = twi[t + 6];
        chr[q + 7 * s] = y7r * wr - y7i * wi;
        chi[q + 7 * s] = y7r * wi + y7i * wr;
      }
    }
  }
}
