import { ISO10816_BAND_HZ, iso10816Zone, type Iso10816Zone } from '@overtone/dsp';
import type { PointKinematics } from '../types.ts';
import { axisSpectrum, bandRms, floorBetween, type AxisSpectrum } from './spectrum-core.ts';
import {
  beatFeatures,
  beltFeatures,
  EMPTY_LINE,
  electricalFeatures,
  gearFeatures,
  isPresent,
  measureLine,
  type BeatFeatures,
  type BeltFeatures,
  type ElectricalFeatures,
  type GearFeatures,
  type SpectrumLine,
} from './spectrum-lines.ts';

export type {
  BeatFeatures,
  BeltFeatures,
  ElectricalFeatures,
  GearFeatures,
  GearMeshLine,
  SpectrumLine,
} from './spectrum-lines.ts';

/** Running-speed orders measured, by key (`o1_5` = 1.5×). */
export const ORDER_KEYS = {
  o0_5: 0.5,
  o1: 1,
  o1_5: 1.5,
  o2: 2,
  o2_5: 2.5,
  o3: 3,
  o4: 4,
  o5: 5,
  o6: 6,
  o7: 7,
  o8: 8,
  o9: 9,
  o10: 10,
} as const;
export type OrderKey = keyof typeof ORDER_KEYS;

/** Band r.m.s. values over running-speed regions, velocity mm/s (acceleration g above 10×). */
export interface OrderBands {
  /** 2 Hz (≥ 3 bins) … 0.4×: the ski-slope region. */
  lowMmPerS: number;
  /** 0.4× … 0.9×: sub-synchronous (oil whirl, belts, flow). */
  subSyncMmPerS: number;
  /** 0.9× … 3.2×: 1× to 3×. */
  sync1to3MmPerS: number;
  /** 3.2× … 10.5×: the higher harmonics. */
  harm3to10MmPerS: number;
  /** 10.5× … fs/2, acceleration. */
  above10G: number;
}

/** Acceleration band r.m.s. at fixed frequencies, g (0 where the band lies above fs/2). */
export interface AccelerationBands {
  g10To1k: number;
  g1kTo5k: number;
  g5kTo20k: number;
}

/** The largest spectral peaks the kinematics do not explain (p1 the largest; hz 0 = none). */
export interface UnexplainedPeaks {
  p1: SpectrumLine;
  p2: SpectrumLine;
  p3: SpectrumLine;
}

/** Spectrum features of one axis (baseline keys `x.spectrum.<…>`). */
export interface SpectrumFeatures {
  /** Line spacing, Hz. */
  resolutionHz: number;
  /** Overall velocity r.m.s. over 10…1000 Hz (ISO 10816), mm/s. */
  vrmsIsoMmPerS: number;
  /** Its ISO 10816-1 zone for the point's machine class. */
  isoZone: Iso10816Zone;
  accelerationBands: AccelerationBands;
  /** Running-speed orders; null without a speed. */
  orders: Record<OrderKey, SpectrumLine> | null;
  orderBands: OrderBands | null;
  /**
   * Ski slope: the acceleration floor of the low region (2 Hz … 0.4×; without a speed 2 … 10 Hz)
   * over the floor of 1.2× … 3.8× (20 … 100 Hz), dB; null when the low region has < 3 lines.
   */
  skiSlopeDb: number | null;
  peaks: UnexplainedPeaks;
  gear: GearFeatures | null;
  belt: BeltFeatures | null;
  electrical: ElectricalFeatures | null;
  beat: BeatFeatures;
}

/**
 * Frequencies the kinematics explain, Hz: running-speed orders 0.5…10 in half steps, bearing
 * defect lines ×1…3 (the bearing rules' business), mesh harmonics with ±2 sidebands, mains ×1…4.
 */
function explainedLines(shaftHz: number | null, k: PointKinematics): number[] {
  const out: number[] = [];
  for (let m = 1; m <= 4; m++) out.push(m * k.mainsHz);
  if (!shaftHz) return out;
  for (let o = 0.5; o <= 10; o += 0.5) out.push(o * shaftHz);
  if (k.bearing)
    for (const o of [k.bearing.bpfo, k.bearing.bpfi, k.bearing.bsf, 2 * k.bearing.bsf, k.bearing.ftf])
      for (let m = 1; m <= 3; m++) out.push(m * o * shaftHz);
  for (const mesh of k.gearMeshes)
    for (let h = 1; h <= 3; h++)
      for (let s = -2; s <= 2; s++) for (const so of mesh.shaftOrders) out.push(h * mesh.meshOrder * shaftHz + s * so * shaftHz);
  if (k.belt?.drivenShaftOrder) out.push(k.belt.drivenShaftOrder * shaftHz, 2 * k.belt.drivenShaftOrder * shaftHz);
  return out;
}

/**
 * Lowest frequency of peak searches (unexplained peaks, the beat's carrier): the ISO 10816 band's
 * 10 Hz, or 0.8× for machines slower than 12.5 Hz, and at least 3 lines: below it the velocity
 * lines are dominated by the integrated low-frequency noise of the sensor (the ski slope).
 */
export function peakSearchLowHz(df: number, shaftHz: number | null): number {
  const lo = shaftHz && shaftHz < 12.5 ? 0.8 * shaftHz : ISO10816_BAND_HZ.lowHz;
  return Math.max(lo, 3 * df);
}

/**
 * The largest local maxima of the velocity spectrum within 10…1000 Hz (the ISO 10816 band)
 * that are present (≥ 10 dB over their floor) and lie off every explained line (± max(2 bins, 1 %)).
 */
/** Highest sidelobe of the Hann window, amplitude ratio (−31.5 dB; Harris 1978 Table 1). */
const HANN_SIDELOBE = 10 ** (-31.5 / 20);

function unexplainedPeaks(spec: AxisSpectrum, explained: number[], loHz: number): UnexplainedPeaks {
  const lo = Math.max(2, Math.ceil(loHz / spec.df));
  const hi = Math.min(spec.vel.length - 2, Math.floor(Math.min(ISO10816_BAND_HZ.highHz, 0.45 * spec.samplingRateHz) / spec.df));
  const maxima: number[] = [];
  for (let k = lo; k <= hi; k++) if (spec.vel[k]! > spec.vel[k - 1]! && spec.vel[k]! >= spec.vel[k + 1]!) maxima.push(k);
  maxima.sort((a, b) => spec.vel[b]! - spec.vel[a]!);
  const found: SpectrumLine[] = [];
  const seen: number[] = [];
  for (const k of maxima.slice(0, 40)) {
    const f = k * spec.df;
    // a sidelobe of a larger line (Hann: ≤ −31.5 dB, Harris 1978 Table 1) is no peak of its own
    const masked = seen.some((m) => Math.abs(m - k) <= 16 && spec.vel[k]! < HANN_SIDELOBE * spec.vel[m]!);
    seen.push(k);
    if (masked) continue;
    if (explained.some((e) => Math.abs(e - f) <= Math.max(2 * spec.df, 0.01 * e))) continue;
    const line = measureLine(spec, f, 0.5 * spec.df);
    if (!isPresent(line)) continue;
    if (found.some((p) => Math.abs(p.hz - line.hz) < 3 * spec.df)) continue;
    found.push(line);
    if (found.length === 3) break;
  }
  const at = (i: number) => found[i] ?? { ...EMPTY_LINE };
  return { p1: at(0), p2: at(1), p3: at(2) };
}

function ordersOf(spec: AxisSpectrum, shaftHz: number): Record<OrderKey, SpectrumLine> {
  const first = measureLine(spec, shaftHz, Math.max(2 * spec.df, 0.02 * shaftHz));
  // harmonics are centred on the measured 1× when it stands out, else on the reference
  const f1 = isPresent(first) ? first.hz : shaftHz;
  const out = {} as Record<OrderKey, SpectrumLine>;
  for (const [key, order] of Object.entries(ORDER_KEYS) as [OrderKey, number][]) {
    out[key] = order === 1 ? first : measureLine(spec, order * f1, Math.max(1.5 * spec.df, 0.01 * order * f1));
  }
  return out;
}

/**
 * Spectrum features of one axis from one Hann-windowed rfft (docs/diagnosis-parts/machine.md
 * "Spectrum features").
 *
 * Parameters
 * ----------
 * samples : Float64Array
 *     Acceleration, g, shape (N,), N ≥ 2.
 * samplingRateHz : number
 *     fs, Hz, > 0.
 * shaftHz : number | null
 *     Running speed of this measurement (estimateShaftSpeed), Hz; null: no order features.
 * kinematics : PointKinematics
 *
 * Returns
 * -------
 * SpectrumFeatures
 *
 * Sources: ISO 10816-1:1995 (velocity r.m.s. 10…1000 Hz, zones, Annex B); Randall 2011 §3.2–3.3
 * (windowed DFT scaling); Scheffer & Girdhar 2004 ch. 6 (order regions and line families).
 */
export function extractSpectrumFeatures(
  samples: Float64Array,
  samplingRateHz: number,
  shaftHz: number | null,
  kinematics: PointKinematics,
): SpectrumFeatures {
  const spec = axisSpectrum(samples, samplingRateHz);
  const nyq = samplingRateHz / 2;
  const vrmsIsoMmPerS = bandRms(spec.vel, spec, ISO10816_BAND_HZ.lowHz, ISO10816_BAND_HZ.highHz);
  const accBand = (lo: number, hi: number) => (lo < nyq ? bandRms(spec.acc, spec, lo, Math.min(hi, nyq)) : 0);
  const lowStart = Math.max(2, 3 * spec.df);
  const shaft = shaftHz && shaftHz > 0 ? shaftHz : null;
  const lowEnd = shaft ? 0.4 * shaft : 10;
  const midLo = shaft ? 1.2 * shaft : 20,
    midHi = shaft ? 3.8 * shaft : 100;
  let skiSlopeDb: number | null = null;
  if ((lowEnd - lowStart) / spec.df >= 2 && midHi < nyq) {
    const low = floorBetween(spec.acc, spec, lowStart, lowEnd);
    const mid = floorBetween(spec.acc, spec, midLo, midHi);
    if (low > 0 && mid > 0) skiSlopeDb = 20 * Math.log10(low / mid);
  }
  const orderBands: OrderBands | null = shaft
    ? {
        lowMmPerS: bandRms(spec.vel, spec, lowStart, 0.4 * shaft),
        subSyncMmPerS: bandRms(spec.vel, spec, 0.4 * shaft, 0.9 * shaft),
        sync1to3MmPerS: bandRms(spec.vel, spec, 0.9 * shaft, 3.2 * shaft),
        harm3to10MmPerS: bandRms(spec.vel, spec, 3.2 * shaft, 10.5 * shaft),
        above10G: accBand(10.5 * shaft, nyq),
      }
    : null;
  return {
    resolutionHz: spec.df,
    vrmsIsoMmPerS,
    isoZone: iso10816Zone(vrmsIsoMmPerS, kinematics.machineClass),
    accelerationBands: { g10To1k: accBand(10, 1000), g1kTo5k: accBand(1000, 5000), g5kTo20k: accBand(5000, 20000) },
    orders: shaft ? ordersOf(spec, shaft) : null,
    orderBands,
    skiSlopeDb,
    peaks: unexplainedPeaks(spec, explainedLines(shaft, kinematics), peakSearchLowHz(spec.df, shaft)),
    gear: shaft ? gearFeatures(spec, shaft, kinematics.gearMeshes) : null,
    belt: shaft && kinematics.belt ? beltFeatures(spec, shaft, kinematics.belt) : null,
    electrical: shaft && kinematics.electricMotor ? electricalFeatures(spec, shaft, kinematics.mainsHz) : null,
    beat: beatFeatures(samples, spec, peakSearchLowHz(spec.df, shaft)),
  };
}
