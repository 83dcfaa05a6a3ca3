/**
 * First-pass variants of the radix-2, 3, 4, 5 and 8 butterflies (fft-kernels.ts,
 * fft-kernels-large.ts) that read the complex input z_j = x[2j] + i·x[2j+1] straight from a real
 * array x of length 2N, so that the real FFT (fft-real.ts) needs no separate packing pass.
 * Generated from those kernels by replacing ccr[e] with x[2·e] and cci[e] with x[2·e + 1];
 * same layout and conventions. Internal module: the public entry points are in fft.ts.
 */

const S3 = Math.sqrt(3) / 2;
const C51 = Math.cos((2 * Math.PI) / 5);
const C52 = Math.cos((4 * Math.PI) / 5);
const S51 = Math.sin((2 * Math.PI) / 5);
const S52 = Math.sin((4 * Math.PI) / 5);
const R2 = Math.SQRT1_2;

/** Radix-2 reading packed real input (see the module comment). */
export function pass2x(
  ido: number,
  l1: number,
  x: Float64Array,
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
    let ar = x[2 * a],
      ai = x[2 * a + 1],
      br = x[2 * b],
      bi = x[2 * b + 1];
    chr[o0] = ar + br;
    chi[o0] = ai + bi;
    chr[o1] = ar - br;
    chi[o1] = ai - bi;
    for (let i = 1; i < ido; i++) {
      ar = x[2 * (a + i)];
      ai = x[2 * (a + i) + 1];
      br = x[2 * (b + i)];
      bi = x[2 * (b + i) + 1];
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

/** Radix-3 reading packed real input (see the module comment). */
export function pass3x(
  ido: number,
  l1: number,
  x: Float64Array,
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
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1];
      const x1r = x[2 * (p0 + ido)],
        x1i = x[2 * (p0 + ido) + 1];
      const x2r = x[2 * (p0 + 2 * ido)],
        x2i = x[2 * (p0 + 2 * ido) + 1];
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

/** Radix-4 reading packed real input (see the module comment). */
export function pass4x(
  ido: number,
  l1: number,
  x: Float64Array,
  chr: Float64Array,
  chi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
): void {
  const s = ido * l1;
  if (ido === 1) {
    for (let k = 0; k < l1; k++) {
      const p0 = 4 * k;
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1],
        x1r = x[2 * (p0 + 1)],
        x1i = x[2 * (p0 + 1) + 1];
      const x2r = x[2 * (p0 + 2)],
        x2i = x[2 * (p0 + 2) + 1],
        x3r = x[2 * (p0 + 3)],
        x3i = x[2 * (p0 + 3) + 1];
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
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1],
        x1r = x[2 * (p0 + ido)],
        x1i = x[2 * (p0 + ido) + 1];
      const x2r = x[2 * (p0 + 2 * ido)],
        x2i = x[2 * (p0 + 2 * ido) + 1];
      const x3r = x[2 * (p0 + 3 * ido)],
        x3i = x[2 * (p0 + 3 * ido) + 1];
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
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1],
        x1r = x[2 * (p0 + ido)],
        x1i = x[2 * (p0 + ido) + 1];
      const x2r = x[2 * (p0 + 2 * ido)],
        x2i = x[2 * (p0 + 2 * ido) + 1];
      const x3r = x[2 * (p0 + 3 * ido)],
        x3i = x[2 * (p0 + 3 * ido) + 1];
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

/** Radix-5 reading packed real input (see the module comment). */
export function pass5x(
  ido: number,
  l1: number,
  x: Float64Array,
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
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1];
      const x1r = x[2 * (p0 + 1)],
        x1i = x[2 * (p0 + 1) + 1];
      const x2r = x[2 * (p0 + 2)],
        x2i = x[2 * (p0 + 2) + 1];
      const x3r = x[2 * (p0 + 3)],
        x3i = x[2 * (p0 + 3) + 1];
      const x4r = x[2 * (p0 + 4)],
        x4i = x[2 * (p0 + 4) + 1];
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
      const x0r = x[2 * p0],
        x0i = x[2 * p0 + 1];
      const x1r = x[2 * (p0 + ido)],
        x1i = x[2 * (p0 + ido) + 1];
      const x2r = x[2 * (p0 + 2 * ido)],
        x2i = x[2 * (p0 + 2 * ido) + 1];
      const x3r = x[2 * (p0 + 3 * ido)],
        x3i = x[2 * (p0 + 3 * ido) + 1];
      const x4r = x[2 * (p0 + 4 * ido)],
        x4i = x[2 * (p0 + 4 * ido) + 1];
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

/** Radix-8 reading packed real input (see the module comment). */
export function pass8x(
  ido: number,
  l1: number,
  x: Float64Array,
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
      const x0r = x[2 * p],
        x0i = x[2 * p + 1];
      const x1r = x[2 * (p + ido)],
        x1i = x[2 * (p + ido) + 1];
      const x2r = x[2 * (p + 2 * ido)],
        x2i = x[2 * (p + 2 * ido) + 1];
      const x3r = x[2 * (p + 3 * ido)],
        x3i = x[2 * (p + 3 * ido) + 1];
      const x4r = x[2 * (p + 4 * ido)],
        x4i = x[2 * (p + 4 * ido) + 1];
      const x5r = x[2 * (p + 5 * ido)],
        x5i = x[2 * (p + 5 * ido) + 1];
      const x6r = x[2 * (p + 6 * ido)],
        x6i = x[2 * (p + 6 * ido) + 1];
      const x7r = x[2 * (p + 7 * ido)],
        x7i = x[2 * (p + 7 * ido) + 1];
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
