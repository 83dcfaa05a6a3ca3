import type { GearMesh, PointKinematics } from '../types.ts';
import { type AxisSpectrum, floorAt, gToMmPerS, lineAt } from './spectrum-core.ts';

/**
 * Kinematic line families of one axis beyond the running-speed orders: gear mesh with sidebands,
 * belt, twice mains with pole-pass sidebands, and the beat measure (docs/diagnosis-parts/machine.md).
 */

/** A measured spectral line: frequency, velocity and acceleration r.m.s., local floor (velocity). */
export interface SpectrumLine {
  /** Frequency of the line found (interpolated), Hz; 0 when none was looked for. */
  hz: number;
  /** Velocity r.m.s., mm/s. */
  mmPerS: number;
  /** Acceleration r.m.s., g. */
  g: number;
  /** Local noise floor of a line measurement there, mm/s (spectrum-core `floorAt`). */
  floorMmPerS: number;
}

/**
 * Signal-to-floor ratio at which a line counts as present: 10 dB (× 3.16). On noise alone a
 * 3-bin line exceeds 3.16 × its r.m.s. floor with probability e^{−10} per bin (chi-square with
 * 6 degrees of freedom: < 10⁻³), so a window of tens of bins rarely passes by chance (Bendat &
 * Piersol 2010 §8.5).
 */
export const LINE_PRESENT_RATIO = 10 ** (10 / 20);

export const EMPTY_LINE: SpectrumLine = { hz: 0, mmPerS: 0, g: 0, floorMmPerS: 0 };

/** Measures the line nearest `centreHz` (largest bin within ± half-width) on the acceleration lines. */
export function measureLine(spec: AxisSpectrum, centreHz: number, halfWidthHz: number): SpectrumLine {
  if (!(centreHz > 0) || centreHz + halfWidthHz >= spec.acc.length * spec.df) return { ...EMPTY_LINE };
  const hw = Math.max(halfWidthHz, 1.5 * spec.df);
  const found = lineAt(spec.vel, spec, centreHz, hw);
  const acc = lineAt(spec.acc, spec, found.hz, 0.5 * spec.df);
  return { hz: found.hz, mmPerS: found.amplitude, g: acc.amplitude, floorMmPerS: floorAt(spec.vel, spec, centreHz) };
}

export const isPresent = (l: SpectrumLine) => l.hz > 0 && l.mmPerS >= LINE_PRESENT_RATIO * l.floorMmPerS && l.mmPerS > 0;

/** One gear-mesh harmonic with its sideband families at the two shaft speeds. */
export interface GearMeshLine {
  /** The h-th mesh harmonic. */
  line: SpectrumLine;
  /** Quadrature sum of the ±1, ±2 sidebands spaced by the first shaft's speed, g. */
  sidebandsAG: number;
  /** How many of those 4 sidebands are present (≥ {@link LINE_PRESENT_RATIO} over the floor). */
  sidebandsAPresent: number;
  /** The same for the second shaft's speed. */
  sidebandsBG: number;
  sidebandsBPresent: number;
}

/** Mesh harmonics per mesh (`m1`, `m2`…) and harmonic (`h1`…`h3`). */
export type GearFeatures = Record<string, Record<'h1' | 'h2' | 'h3', GearMeshLine>>;

function sidebandFamily(spec: AxisSpectrum, centreHz: number, spacingHz: number): { g: number; present: number } {
  if (!(spacingHz >= 3 * spec.df)) return { g: 0, present: 0 }; // not resolved from the carrier
  let s = 0,
    present = 0;
  for (const k of [-2, -1, 1, 2]) {
    const l = measureLine(spec, centreHz + k * spacingHz, Math.min(0.25 * spacingHz, 0.01 * centreHz + spec.df));
    if (isPresent(l)) {
      present++;
      s += l.g * l.g;
    }
  }
  return { g: Math.sqrt(s), present };
}

/**
 * Gear-mesh lines h·f_mesh (h = 1…3) and their sidebands at either shaft's speed (Randall 2011
 * §2.3.1–2.3.2: mesh harmonics carry tooth deflection and wear; amplitude/phase modulation by a
 * shaft shows as sidebands spaced by that shaft's speed).
 */
export function gearFeatures(spec: AxisSpectrum, shaftHz: number, meshes: readonly GearMesh[]): GearFeatures | null {
  if (!meshes.length) return null;
  const out: GearFeatures = {};
  meshes.slice(0, 4).forEach((mesh, i) => {
    const h = {} as Record<'h1' | 'h2' | 'h3', GearMeshLine>;
    for (const k of [1, 2, 3] as const) {
      const fc = k * mesh.meshOrder * shaftHz;
      const line = measureLine(spec, fc, Math.max(1.5 * spec.df, 0.005 * fc));
      const centre = line.hz > 0 ? line.hz : fc;
      const a = sidebandFamily(spec, centre, mesh.shaftOrders[0] * shaftHz);
      const b = sidebandFamily(spec, centre, mesh.shaftOrders[1] * shaftHz);
      h[`h${k}`] = {
        line,
        sidebandsAG: a.g,
        sidebandsAPresent: a.present,
        sidebandsBG: b.g,
        sidebandsBPresent: b.present,
      };
    }
    out[`m${i + 1}`] = h;
  });
  return out;
}

/** Belt-drive lines: the largest sub-synchronous line and the driven pulley's 1×. */
export interface BeltFeatures {
  /** The largest line below both shafts' speeds (a belt frequency candidate). */
  subSync: SpectrumLine;
  /** How many of its 2nd and 3rd harmonics are present, 0…2. */
  harmonicsPresent: number;
  /** Driven pulley's speed, Hz. */
  drivenHz: number;
  /** 1× of the driven pulley. */
  driven1x: SpectrumLine;
}

/**
 * Belt lines (Scheffer & Girdhar 2004 §6.6: belt frequencies lie below both pulleys' speeds, with
 * harmonics, 2× belt frequency often the largest; an eccentric or misaligned pulley raises its 1×).
 */
export function beltFeatures(spec: AxisSpectrum, shaftHz: number, belt: NonNullable<PointKinematics['belt']>): BeltFeatures {
  const drivenHz = (belt.drivenShaftOrder ?? 1) * shaftHz;
  const hi = 0.95 * Math.min(shaftHz, drivenHz);
  const lo = Math.max(2, 3 * spec.df);
  let subSync = { ...EMPTY_LINE };
  let harmonicsPresent = 0;
  if (hi > lo + 2 * spec.df) {
    const centre = (lo + hi) / 2;
    subSync = measureLine(spec, centre, (hi - lo) / 2);
    if (subSync.hz > 0)
      for (const k of [2, 3])
        if (isPresent(measureLine(spec, k * subSync.hz, Math.max(1.5 * spec.df, 0.01 * k * subSync.hz)))) harmonicsPresent++;
  }
  return { subSync, harmonicsPresent, drivenHz, driven1x: measureLine(spec, drivenHz, Math.max(2 * spec.df, 0.02 * drivenHz)) };
}

/** Electrical lines of an induction motor. */
export interface ElectricalFeatures {
  /** The line at twice the mains frequency. */
  mains2x: SpectrumLine;
  /**
   * 1 when 2× mains is at least 3 bins from every running-speed harmonic (the two can be told
   * apart at this resolution), else 0.
   */
  separable: number;
  /** Pole-pass frequency (slip × poles), Hz; 0 when the speed does not fit an induction motor. */
  polePassHz: number;
  /** Largest of the 1× ± pole-pass sidebands, mm/s; 0 when not resolved (< 3 bins from 1×). */
  polePassMmPerS: number;
  /** Frequency of that sideband, Hz; 0 when none. */
  polePassSidebandHz: number;
}

/**
 * Twice-mains and pole-pass lines (Scheffer & Girdhar 2004 §6.7; Thomson & Fenger, IEEE Ind.
 * Appl. Mag. 7(4) 2001: stator faults and air-gap eccentricity excite 2× line frequency; rotor-bar
 * faults modulate 1× at the pole-pass frequency, slip × poles, slip = synchronous − running speed,
 * synchronous = mains / pole pairs with the pole pairs the largest that keep it above the speed).
 */
export function electricalFeatures(spec: AxisSpectrum, shaftHz: number, mainsHz: number): ElectricalFeatures {
  const f2 = 2 * mainsHz;
  const mains2x = measureLine(spec, f2, 1.5 * spec.df);
  let minGap = Infinity;
  for (let k = 1; k * shaftHz < f2 + shaftHz; k++) minGap = Math.min(minGap, Math.abs(f2 - k * shaftHz));
  const pairs = Math.floor(mainsHz / shaftHz);
  let polePassHz = 0,
    polePassMmPerS = 0,
    polePassSidebandHz = 0;
  if (pairs >= 1) {
    const slip = mainsHz / pairs - shaftHz;
    if (slip > 0 && slip < 0.1 * (mainsHz / pairs)) {
      polePassHz = slip * 2 * pairs;
      if (polePassHz >= 3 * spec.df) {
        const lo = measureLine(spec, shaftHz - polePassHz, spec.df);
        const hi = measureLine(spec, shaftHz + polePassHz, spec.df);
        for (const l of [lo, hi])
          if (isPresent(l) && l.mmPerS > polePassMmPerS) {
            polePassMmPerS = l.mmPerS;
            polePassSidebandHz = l.hz;
          }
      }
    }
  }
  return { mains2x, separable: minGap >= 3 * spec.df ? 1 : 0, polePassHz, polePassMmPerS, polePassSidebandHz };
}

/** Beat measure of the dominant line. */
export interface BeatFeatures {
  /** The largest velocity line within 10…1000 Hz (spectrum-features `peakSearchLowHz`). */
  carrier: SpectrumLine;
  /**
   * Depth of its slow amplitude modulation, (max − min)/(max + min) of its amplitude in
   * consecutive segments, 0…1; 0 when the record holds too few periods.
   */
  depth: number;
  /** Beat frequency, Hz: spacing of the resolved pair, else from the modulation's crossings; 0 none. */
  beatHz: number;
}

/**
 * Beat (Scheffer & Girdhar 2004 §6.10; Taylor, *The Vibration Analysis Handbook* 2003 ch. 3):
 * two close frequencies f1, f2 of amplitudes A1 ≥ A2 add to one line whose amplitude swings
 * between A1 − A2 and A1 + A2 at |f1 − f2|, modulation depth A2/A1. Measured as the amplitude of
 * the dominant line in ≥ 4 Hann-windowed segments (a single-frequency DFT each, bandwidth wide
 * enough to hold both lines), and as a spectral pair 2…5 bins apart when the record resolves it.
 */
export function beatFeatures(samples: Float64Array, spec: AxisSpectrum, lo: number): BeatFeatures {
  const top = Math.min(1000, 0.45 * spec.samplingRateHz);
  if (top <= lo) return { carrier: { ...EMPTY_LINE }, depth: 0, beatHz: 0 };
  const carrier = measureLine(spec, (lo + top) / 2, (top - lo) / 2);
  const fc = carrier.hz;
  const n = samples.length;
  const T = n / spec.samplingRateHz;
  const segments = Math.min(16, Math.floor((T * fc) / 4));
  let depth = 0,
    beatHz = 0;
  if (segments >= 4 && carrier.mmPerS > 0) {
    const amps: number[] = [];
    const w = (2 * Math.PI * fc) / spec.samplingRateHz;
    let mean = 0;
    for (let i = 0; i < n; i++) mean += samples[i]!;
    mean /= n;
    for (let s = 0; s < segments; s++) {
      const a = Math.floor((s * n) / segments),
        b = Math.floor(((s + 1) * n) / segments);
      const len = b - a;
      let re = 0,
        im = 0;
      // phasors by recurrence: e^{−iωn} for the DFT, e^{i2πn/(len−1)} for the Hann window
      let c = 1,
        sn = 0,
        hc = 1,
        hs = 0;
      const cw = Math.cos(w),
        sw = Math.sin(w),
        ch = Math.cos((2 * Math.PI) / (len - 1)),
        sh = Math.sin((2 * Math.PI) / (len - 1));
      for (let i = 0; i < len; i++) {
        const v = (samples[a + i]! - mean) * (0.5 - 0.5 * hc);
        re += v * c;
        im -= v * sn;
        const c2 = c * cw - sn * sw;
        sn = sn * cw + c * sw;
        c = c2;
        const h2 = hc * ch - hs * sh;
        hs = hs * ch + hc * sh;
        hc = h2;
      }
      amps.push(Math.hypot(re, im));
    }
    const mx = Math.max(...amps),
      mn = Math.min(...amps);
    depth = mx + mn > 0 ? (mx - mn) / (mx + mn) : 0;
    const m = amps.reduce((x, y) => x + y, 0) / segments;
    let crossings = 0;
    for (let s = 1; s < segments; s++) if (amps[s - 1]! - m < 0 !== amps[s]! - m < 0) crossings++;
    beatHz = crossings / (2 * T);
  }
  // a resolved pair: the largest other line 2…5 bins from the carrier, at least a quarter of it
  const k0 = Math.round(fc / spec.df);
  let pair = 0,
    pairK = 0;
  for (let k = k0 - 5; k <= k0 + 5; k++) {
    if (Math.abs(k - k0) < 2 || k < 1 || k >= spec.vel.length - 1) continue;
    const v = spec.vel[k]!;
    if (v > spec.vel[k - 1]! && v > spec.vel[k + 1]! && v > pair) {
      pair = v;
      pairK = k;
    }
  }
  if (pairK && pair >= 0.25 * spec.vel[k0]!) beatHz = Math.abs(pairK - k0) * spec.df;
  return { carrier, depth, beatHz: depth > 0 || pairK ? beatHz : 0 };
}

export { gToMmPerS };
