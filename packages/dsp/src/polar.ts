import { meanOf } from './prepare.ts';
import { checkSignal } from './spectrum.ts';
import type { Degrees, G } from './units.ts';
import { assertWindowName, cachedWindow, type WindowName } from './windows.ts';

/** Options of {@link polarAnalysis}. */
export interface PolarOptions {
  /** Acceleration samples x_n, shape (N,), in g; at least one revolution. */
  signal: ArrayLike<number>;
  /** Sampling rate fs, Hz, finite, > 0. */
  samplingRateHz: number;
  /** Reference (1×, running-speed) frequency f_ref, Hz, 0 < f_ref ≤ fs/2. RPM = 60·f_ref. */
  referenceFrequencyHz: number;
  /** Window over each revolution. Default 'rectangular'. */
  window?: WindowName;
  /** Subtract the record mean first. Default true. */
  removeDc?: boolean;
}

/** 1× vector per revolution and its vector mean. */
export interface PolarResult {
  /** 1× peak amplitude A_j per revolution j, shape (R,), g. */
  r: Float64Array;
  /** 1× phase φ_j per revolution, shape (R,), degrees in (−180, 180]. */
  phase: Float64Array;
  /** Amplitude of the vector mean of the R phasors, g. */
  rMean: G;
  /** Phase of the vector mean, degrees. */
  phaseMean: Degrees;
  unit: 'g';
  /** Samples per revolution L = round(fs / f_ref). */
  samplesPerRevolution: number;
  /** Complete revolutions R = ⌊N / L⌋. */
  revolutions: number;
}

/** Complex 1× phasors per revolution (peak amplitude, phase re the record start). Internal. */
export interface Phasors {
  re: Float64Array;
  im: Float64Array;
  samplesPerRevolution: number;
}

/** Computes the 1× phasors of {@link polarAnalysis}; validates its arguments. Internal. */
export function oneTimesPhasors(o: PolarOptions): Phasors {
  const { signal, samplingRateHz: fs, referenceFrequencyHz: fr, window = 'rectangular', removeDc = true } = o;
  const n = signal.length;
  checkSignal(n, fs);
  assertWindowName(window);
  if (!Number.isFinite(fr) || !(fr > 0)) throw new RangeError(`referenceFrequencyHz must be > 0, got ${fr}`);
  if (fr > fs / 2) throw new RangeError(`referenceFrequencyHz ${fr} Hz is above fs/2 = ${fs / 2} Hz`);
  const len = Math.round(fs / fr);
  const revs = Math.floor(n / len);
  if (revs < 1) throw new RangeError(`signal of ${n} samples is shorter than one revolution (${len} samples)`);
  const mu = meanOf(signal, removeDc);
  const w = window === 'rectangular' ? null : cachedWindow(window, len).w;
  const sumW = w ? cachedWindow(window, len).sum : len;
  const omega = (2 * Math.PI * fr) / fs; // rad per sample
  const c = new Float64Array(len),
    s = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    const wi = w ? w[i] : 1;
    c[i] = wi * Math.cos(omega * i);
    s[i] = wi * Math.sin(omega * i);
  }
  const re = new Float64Array(revs),
    im = new Float64Array(revs);
  const scale = 2 / sumW; // peak amplitude of a cosine on the window's coherent gain
  for (let j = 0; j < revs; j++) {
    const start = j * len;
    let a = 0,
      b = 0;
    for (let i = 0; i < len; i++) {
      const v = signal[start + i] - mu;
      a += v * c[i];
      b -= v * s[i];
    }
    // rotate to the record start: multiply by e^{−iω·start}
    const ph = omega * start;
    const cr = Math.cos(ph),
      sr = Math.sin(ph);
    re[j] = (a * cr + b * sr) * scale;
    im[j] = (b * cr - a * sr) * scale;
  }
  return { re, im, samplesPerRevolution: len };
}

const DEG = 180 / Math.PI;

/**
 * Polar (1× vector) analysis: the running-speed component's amplitude and phase revolution by
 * revolution, and their vector mean.
 *
 * L = round(fs / f_ref) samples per revolution (rounded to the nearest sample: the revolution is
 * then at most half a sample too long or short); R = ⌊N/L⌋ complete revolutions, the rest is
 * dropped. For revolution j (samples jL … jL+L−1), with d = x − μ and w the window of length L,
 * the single-bin DFT at exactly f_ref (Goertzel's quantity, evaluated directly with a cosine/sine
 * table, which is more accurate than the Goertzel recursion) referred to the record start:
 *
 *   P_j = (2/Σw) · Σ_{n=0}^{L−1} d_{jL+n} · w_n · e^{−2πi f_ref (jL+n)/fs}.
 *
 * For x = A·cos(2π f_ref t + φ) this gives P_j = A·e^{iφ}: r_j = |P_j| is the **peak** amplitude
 * in g, phase_j = arg P_j the phase of the cosine at t = 0 in degrees (−180, 180]; with no
 * keyphasor the reference is the record start, so only phase changes are meaningful.
 * Window: over one revolution the 1× sits on DFT line 1 of the segment, two lines from its own
 * negative-frequency image (line −1) and one from DC and 2×. Rectangular (default), Hanning and
 * Hamming separate them exactly (their spectra vanish at the other integer lines); Blackman and
 * flat-top, whose main lobes span ±3 and ±5 lines, mix them in (≈1 % on a 1× with a phase other
 * than 0°), so prefer the first three here. The mean is
 * the vector mean V = (1/R) Σ_j P_j: rMean = |V|, phaseMean = arg V (a wandering phase lowers
 * rMean, as in synchronous averaging).
 *
 * @param o  {@link PolarOptions}.
 * @returns  {@link PolarResult}: r, phase of shape (R,), rMean (g), phaseMean (degrees).
 * @throws RangeError when fs is invalid, referenceFrequencyHz ≤ 0 or > fs/2, the signal holds
 *         less than one revolution, or the window is unknown.
 *
 * Sources: ISO 7919-1 / ISO 20816-1 (1× vectors, amplitude and phase); Bently & Hatch,
 * *Fundamentals of Rotating Machinery Diagnostics* (2002) ch. 5 (polar and Bode plots);
 * Goertzel (1958).
 *
 * @example
 * // CWRU 105 DE at 12000 Hz, f_ref 29.95 Hz: L = 401 samples, R = 299 revolutions of 120000 samples
 * const p = polarAnalysis({ signal: x, samplingRateHz: 12000, referenceFrequencyHz: 29.95 });
 */
export function polarAnalysis(o: PolarOptions): PolarResult {
  return polarFromPhasors(oneTimesPhasors(o));
}

function polarFromPhasors(p: Phasors): PolarResult {
  const revs = p.re.length;
  const r = new Float64Array(revs),
    phase = new Float64Array(revs);
  let sr = 0,
    si = 0;
  for (let j = 0; j < revs; j++) {
    const a = p.re[j],
      b = p.im[j];
    r[j] = Math.sqrt(a * a + b * b);
    phase[j] = Math.atan2(b, a) * DEG;
    sr += a;
    si += b;
  }
  sr /= revs;
  si /= revs;
  return {
    r,
    phase,
    rMean: Math.sqrt(sr * sr + si * si) as G,
    phaseMean: (Math.atan2(si, sr) * DEG) as Degrees,
    unit: 'g',
    samplesPerRevolution: p.samplesPerRevolution,
    revolutions: revs,
  };
}

/** Options of {@link orbitAnalysis}: those of {@link polarAnalysis} plus the second axis. */
export interface OrbitOptions extends PolarOptions {
  /** Second axis y_n, shape (N,) (same length as `signal`), in g. */
  signal2: ArrayLike<number>;
}

/** 1× orbit (filtered ellipse) per revolution, with each axis' polar result. */
export interface OrbitResult {
  /** Semi-major axis a_j of the 1× ellipse per revolution, shape (R,), g (peak). */
  r: Float64Array;
  /** Orientation θ_j of the major axis from the first axis toward the second, degrees (−90, 90]. */
  phase: Float64Array;
  /** Semi-major axis of the ellipse of the vector-mean phasors, g. */
  rMean: G;
  /** Orientation of that ellipse, degrees. */
  phaseMean: Degrees;
  /** Semi-minor axis b_j per revolution, shape (R,), g; signed: > 0 forward (first → second axis), < 0 backward. */
  minor: Float64Array;
  /** Signed semi-minor axis of the mean ellipse, g. */
  minorMean: G;
  /** Polar result of `signal` (first axis). */
  x: PolarResult;
  /** Polar result of `signal2` (second axis). */
  y: PolarResult;
  unit: 'g';
}

/**
 * Ellipse of the 1× orbit from the two axes' phasors X = A_x e^{iφx}, Y = A_y e^{iφy}
 * (x(t) = Re(X e^{iωt}), y(t) = Re(Y e^{iωt})): forward and backward rotating components
 * z₊ = (X + iY)/2 and z₋ = (X̄ + iȲ)/2, so that x + iy = z₊e^{iωt} + z₋e^{−iωt};
 * semi-major a = |z₊| + |z₋|, signed semi-minor b = |z₊| − |z₋|, orientation θ = (arg z₊ + arg z₋)/2.
 */
function ellipse(xr: number, xi: number, yr: number, yi: number): { a: number; b: number; thetaDeg: number } {
  const fr = (xr - yi) / 2,
    fi = (xi + yr) / 2; // z₊ = (X + iY)/2
  const br = (xr + yi) / 2,
    bi = (yr - xi) / 2; // z₋ = (conj X + i conj Y)/2
  const f = Math.sqrt(fr * fr + fi * fi),
    b = Math.sqrt(br * br + bi * bi);
  let theta = ((Math.atan2(fi, fr) + Math.atan2(bi, br)) / 2) * DEG;
  if (theta > 90) theta -= 180;
  else if (theta <= -90) theta += 180;
  return { a: f + b, b: f - b, thetaDeg: theta };
}

/**
 * Orbit analysis: the 1× (running-speed) orbit of two perpendicular axes per revolution.
 *
 * Each axis is analysed as in {@link polarAnalysis} (same L, R, window, phase reference), giving
 * phasors X_j and Y_j. The filtered 1× orbit of revolution j is the ellipse traced by
 * (Re(X_j e^{iωt}), Re(Y_j e^{iωt})). With the full-spectrum decomposition into forward and
 * backward circles z₊ = (X + iY)/2, z₋ = (X̄ + iȲ)/2: r_j = semi-major axis |z₊| + |z₋| (peak, g),
 * phase_j = orientation of the major axis, (arg z₊ + arg z₋)/2 in degrees (−90, 90] measured
 * from the first axis toward the second, minor_j = |z₊| − |z₋| (signed: > 0 forward precession,
 * from the first axis toward the second; 0 a line; |minor| = a circle's radius when |z₋| = 0).
 * rMean, phaseMean and minorMean are the ellipse of the vector-mean phasors (x.phasor mean,
 * y.phasor mean).
 *
 * @param o  {@link OrbitOptions}.
 * @returns  {@link OrbitResult}: r, phase, minor of shape (R,), rMean, phaseMean, minorMean, x, y.
 * @throws RangeError as {@link polarAnalysis}, or when the two signals differ in length.
 *
 * Sources: Goldman & Muszynska, "Application of full spectrum to rotating machinery diagnostics",
 * Orbit 20(1) (1999); Muszynska, *Rotordynamics* (2005) §1.3 (forward/backward components of a
 * 1× elliptical orbit); Bently & Hatch (2002) ch. 6.
 *
 * @example
 * // x = cos ωt, y = sin ωt (circular forward orbit of 1 g): r ≈ 1, minor ≈ 1
 * // x = cos ωt, y = cos ωt (line at 45°):                   r ≈ 1.414, minor ≈ 0, phase ≈ 45
 */
export function orbitAnalysis(o: OrbitOptions): OrbitResult {
  if (o.signal2.length !== o.signal.length) {
    throw new RangeError(`signal and signal2 differ in length: ${o.signal.length} vs ${o.signal2.length}`);
  }
  const px = oneTimesPhasors(o);
  const py = oneTimesPhasors({ ...o, signal: o.signal2 });
  const x = polarFromPhasors(px);
  const y = polarFromPhasors(py);
  const revs = px.re.length;
  const r = new Float64Array(revs),
    phase = new Float64Array(revs),
    minor = new Float64Array(revs);
  let mxr = 0,
    mxi = 0,
    myr = 0,
    myi = 0;
  for (let j = 0; j < revs; j++) {
    const e = ellipse(px.re[j], px.im[j], py.re[j], py.im[j]);
    r[j] = e.a;
    phase[j] = e.thetaDeg;
    minor[j] = e.b;
    mxr += px.re[j];
    mxi += px.im[j];
    myr += py.re[j];
    myi += py.im[j];
  }
  const m = ellipse(mxr / revs, mxi / revs, myr / revs, myi / revs);
  return { r, phase, rMean: m.a as G, phaseMean: m.thetaDeg as Degrees, minor, minorMean: m.b as G, x, y, unit: 'g' };
}
