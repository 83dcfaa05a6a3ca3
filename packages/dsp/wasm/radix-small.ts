/**
 * Stockham passes of radix 2, 3, 4, 5 and 8 (forward transform, e^{−2πi kn/N}), interleaved
 * complex data, one complex number per v128. Same layout as the scalar kernels in
 * src/fft-kernels.ts: a pass of radix p with `l1` transforms done and ido = N/(l1·p) reads
 * CC(i, m, k) = cc[i + ido·(m + p·k)] and writes CH(i, k, j) = ch[i + ido·(k + l1·j)] =
 * w_j(i)·Σ_m CC(i, m, k)·e^{−2πi jm/p}, twiddle w_j(i) at tw[i·(p − 1) + j − 1] (complex).
 * Pointers are byte offsets; index i of a complex array is at ptr + 16·i.
 */
import { cmul, mulNegI } from './complex';

export function pass2(ido: i32, l1: i32, cc: usize, ch: usize, tw: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  if (ido == 1) {
    for (let k = 0; k < l1; k++) {
      const p = cc + ((<usize>k) << 5);
      const q = ch + ((<usize>k) << 4);
      const x0 = v128.load(p),
        x1 = v128.load(p, 16);
      v128.store(q, f64x2.add(x0, x1));
      v128.store(q + s, f64x2.sub(x0, x1));
    }
    return;
  }
  for (let k = 0; k < l1; k++) {
    let p = cc + ((<usize>(2 * ido * k)) << 4);
    let q = ch + ((<usize>(ido * k)) << 4);
    let t = tw;
    const e = p + d;
    while (p < e) {
      const x0 = v128.load(p),
        x1 = v128.load(p + d);
      v128.store(q, f64x2.add(x0, x1));
      v128.store(q + s, cmul(f64x2.sub(x0, x1), v128.load(t)));
      p += 16;
      q += 16;
      t += 16;
    }
  }
}

const S3: f64 = 0.8660254037844386; // sqrt(3)/2

export function pass3(ido: i32, l1: i32, cc: usize, ch: usize, tw: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  const s3 = f64x2.splat(S3);
  const half = f64x2.splat(0.5);
  for (let k = 0; k < l1; k++) {
    let p = cc + ((<usize>(3 * ido * k)) << 4);
    let q = ch + ((<usize>(ido * k)) << 4);
    let t = tw;
    const e = p + d;
    while (p < e) {
      const x0 = v128.load(p),
        x1 = v128.load(p + d),
        x2 = v128.load(p + 2 * d);
      const tt = f64x2.add(x1, x2);
      const u = mulNegI(f64x2.mul(s3, f64x2.sub(x1, x2)));
      const m = f64x2.sub(x0, f64x2.mul(half, tt));
      v128.store(q, f64x2.add(x0, tt));
      if (ido == 1) {
        v128.store(q + s, f64x2.add(m, u));
        v128.store(q + 2 * s, f64x2.sub(m, u));
      } else {
        v128.store(q + s, cmul(f64x2.add(m, u), v128.load(t)));
        v128.store(q + 2 * s, cmul(f64x2.sub(m, u), v128.load(t, 16)));
      }
      p += 16;
      q += 16;
      t += 32;
    }
  }
}

export function pass4(ido: i32, l1: i32, cc: usize, ch: usize, tw: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  if (ido == 1) {
    for (let k = 0; k < l1; k++) {
      const p = cc + ((<usize>k) << 6);
      const q = ch + ((<usize>k) << 4);
      const x0 = v128.load(p),
        x1 = v128.load(p, 16),
        x2 = v128.load(p, 32),
        x3 = v128.load(p, 48);
      const t1 = f64x2.add(x0, x2),
        t2 = f64x2.sub(x0, x2),
        t3 = f64x2.add(x1, x3),
        t4 = mulNegI(f64x2.sub(x1, x3));
      v128.store(q, f64x2.add(t1, t3));
      v128.store(q + s, f64x2.add(t2, t4));
      v128.store(q + 2 * s, f64x2.sub(t1, t3));
      v128.store(q + 3 * s, f64x2.sub(t2, t4));
    }
    return;
  }
  for (let k = 0; k < l1; k++) {
    let p = cc + ((<usize>(4 * ido * k)) << 4);
    let q = ch + ((<usize>(ido * k)) << 4);
    let t = tw;
    const e = p + d;
    while (p < e) {
      const x0 = v128.load(p),
        x1 = v128.load(p + d),
        x2 = v128.load(p + 2 * d),
        x3 = v128.load(p + 3 * d);
      const t1 = f64x2.add(x0, x2),
        t2 = f64x2.sub(x0, x2),
        t3 = f64x2.add(x1, x3),
        t4 = mulNegI(f64x2.sub(x1, x3));
      v128.store(q, f64x2.add(t1, t3));
      v128.store(q + s, cmul(f64x2.add(t2, t4), v128.load(t)));
      v128.store(q + 2 * s, cmul(f64x2.sub(t1, t3), v128.load(t, 16)));
      v128.store(q + 3 * s, cmul(f64x2.sub(t2, t4), v128.load(t, 32)));
      p += 16;
      q += 16;
      t += 48;
    }
  }
}

const C51: f64 = 0.30901699437494745; // cos(2π/5)
const C52: f64 = -0.8090169943749473; // cos(4π/5)
const S51: f64 = 0.9510565162951535; // sin(2π/5)
const S52: f64 = 0.5877852522924732; // sin(4π/5)

export function pass5(ido: i32, l1: i32, cc: usize, ch: usize, tw: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  const c1 = f64x2.splat(C51),
    c2 = f64x2.splat(C52),
    s1 = f64x2.splat(S51),
    s2 = f64x2.splat(S52);
  for (let k = 0; k < l1; k++) {
    let p = cc + ((<usize>(5 * ido * k)) << 4);
    let q = ch + ((<usize>(ido * k)) << 4);
    let t = tw;
    const e = p + d;
    while (p < e) {
      const x0 = v128.load(p),
        x1 = v128.load(p + d),
        x2 = v128.load(p + 2 * d),
        x3 = v128.load(p + 3 * d),
        x4 = v128.load(p + 4 * d);
      const t1 = f64x2.add(x1, x4),
        u1 = f64x2.sub(x1, x4),
        t2 = f64x2.add(x2, x3),
        u2 = f64x2.sub(x2, x3);
      v128.store(q, f64x2.add(f64x2.add(x0, t1), t2));
      const a = f64x2.add(f64x2.add(x0, f64x2.mul(c1, t1)), f64x2.mul(c2, t2));
      const b = mulNegI(f64x2.add(f64x2.mul(s1, u1), f64x2.mul(s2, u2)));
      const c = f64x2.add(f64x2.add(x0, f64x2.mul(c2, t1)), f64x2.mul(c1, t2));
      const dd = mulNegI(f64x2.sub(f64x2.mul(s2, u1), f64x2.mul(s1, u2)));
      if (ido == 1) {
        v128.store(q + s, f64x2.add(a, b));
        v128.store(q + 2 * s, f64x2.add(c, dd));
        v128.store(q + 3 * s, f64x2.sub(c, dd));
        v128.store(q + 4 * s, f64x2.sub(a, b));
      } else {
        v128.store(q + s, cmul(f64x2.add(a, b), v128.load(t)));
        v128.store(q + 2 * s, cmul(f64x2.add(c, dd), v128.load(t, 16)));
        v128.store(q + 3 * s, cmul(f64x2.sub(c, dd), v128.load(t, 32)));
        v128.store(q + 4 * s, cmul(f64x2.sub(a, b), v128.load(t, 48)));
      }
      p += 16;
      q += 16;
      t += 64;
    }
  }
}

const R2: f64 = 0.7071067811865476; // sqrt(1/2)

/** Radix-8 pass: two radix-4 halves and a W8 combination (as the scalar pass8). */
export function pass8(ido: i32, l1: i32, cc: usize, ch: usize, tw: usize): void {
  const s = (<usize>(ido * l1)) << 4;
  const d = (<usize>ido) << 4;
  const r2 = f64x2.splat(R2);
  for (let k = 0; k < l1; k++) {
    let p = cc + ((<usize>(8 * ido * k)) << 4);
    let q = ch + ((<usize>(ido * k)) << 4);
    let t = tw;
    const e = p + d;
    while (p < e) {
      const x0 = v128.load(p),
        x1 = v128.load(p + d),
        x2 = v128.load(p + 2 * d),
        x3 = v128.load(p + 3 * d),
        x4 = v128.load(p + 4 * d),
        x5 = v128.load(p + 5 * d),
        x6 = v128.load(p + 6 * d),
        x7 = v128.load(p + 7 * d);
      const a0 = f64x2.add(x0, x4),
        a1 = f64x2.sub(x0, x4),
        a2 = f64x2.add(x2, x6),
        a3 = mulNegI(f64x2.sub(x2, x6));
      const e0 = f64x2.add(a0, a2),
        e2 = f64x2.sub(a0, a2),
        e1 = f64x2.add(a1, a3),
        e3 = f64x2.sub(a1, a3);
      const b0 = f64x2.add(x1, x5),
        b1 = f64x2.sub(x1, x5),
        b2 = f64x2.add(x3, x7),
        b3 = mulNegI(f64x2.sub(x3, x7));
      const o0 = f64x2.add(b0, b2),
        o2 = f64x2.sub(b0, b2),
        o1 = f64x2.add(b1, b3),
        o3 = f64x2.sub(b1, b3);
      const q1 = f64x2.mul(r2, f64x2.add(o1, mulNegI(o1)));
      const q2 = mulNegI(o2);
      const q3 = f64x2.mul(r2, f64x2.sub(mulNegI(o3), o3));
      v128.store(q, f64x2.add(e0, o0));
      if (ido == 1) {
        v128.store(q + s, f64x2.add(e1, q1));
        v128.store(q + 2 * s, f64x2.add(e2, q2));
        v128.store(q + 3 * s, f64x2.add(e3, q3));
        v128.store(q + 4 * s, f64x2.sub(e0, o0));
        v128.store(q + 5 * s, f64x2.sub(e1, q1));
        v128.store(q + 6 * s, f64x2.sub(e2, q2));
        v128.store(q + 7 * s, f64x2.sub(e3, q3));
      } else {
        v128.store(q + s, cmul(f64x2.add(e1, q1), v128.load(t)));
        v128.store(q + 2 * s, cmul(f64x2.add(e2, q2), v128.load(t, 16)));
        v128.store(q + 3 * s, cmul(f64x2.add(e3, q3), v128.load(t, 32)));
        v128.store(q + 4 * s, cmul(f64x2.sub(e0, o0), v128.load(t, 48)));
        v128.store(q + 5 * s, cmul(f64x2.sub(e1, q1), v128.load(t, 64)));
        v128.store(q + 6 * s, cmul(f64x2.sub(e2, q2), v128.load(t, 80)));
        v128.store(q + 7 * s, cmul(f64x2.sub(e3, q3), v128.load(t, 96)));
      }
      p += 16;
      q += 16;
      t += 112;
    }
  }
}
