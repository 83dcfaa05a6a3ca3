import type { Hz } from './units.ts';

/**
 * Machine kinematics: the frequencies at which faults of rolling bearings, gears and belts show in
 * the spectrum, from geometry and shaft speed. Sources: Randall, *Vibration-based Condition
 * Monitoring* 2nd ed. (2021) §2.2–2.3; Harris' *Shock and Vibration Handbook* 6th ed. (2010)
 * ch. 16 (rolling bearing defect frequencies), ch. 27.
 */

/** Bearing geometry and speed of {@link bearingFrequencies}. */
export interface BearingGeometry {
  /** Shaft (inner-ring) rotation frequency f_r, Hz, finite, ≥ 0 (outer ring stationary). */
  shaftHz: number;
  /** Number of rolling elements n, integer ≥ 1. */
  balls: number;
  /** Rolling-element diameter d, any length unit (the same as pitchDiameter), > 0. */
  ballDiameter: number;
  /** Pitch diameter D, same unit as ballDiameter, > ballDiameter. */
  pitchDiameter: number;
  /** Contact angle φ, degrees, 0 ≤ φ < 90. Default 0 (deep-groove ball bearing, radial load). */
  contactAngleDeg?: number;
}

/** Bearing defect frequencies, Hz. */
export interface BearingFrequencies {
  /** Ball pass frequency, outer race. */
  BPFO: Hz;
  /** Ball pass frequency, inner race. */
  BPFI: Hz;
  /** Fundamental train (cage) frequency. */
  FTF: Hz;
  /** Ball (roller) spin frequency. */
  BSF: Hz;
  /** Twice the ball spin frequency: a rolling-element defect strikes both races per spin. */
  '2xBSF': Hz;
}

function checkShaft(shaftHz: number): void {
  if (!Number.isFinite(shaftHz) || shaftHz < 0) throw new RangeError(`shaftHz must be finite and ≥ 0, got ${shaftHz}`);
}

/**
 * Rolling-bearing defect frequencies from geometry (outer ring fixed, no slip), with
 * ρ = (d/D)·cos φ:
 *
 * - FTF  = (f_r/2)·(1 − ρ)
 * - BPFO = (n·f_r/2)·(1 − ρ)
 * - BPFI = (n·f_r/2)·(1 + ρ)
 * - BSF  = (D/(2d))·f_r·(1 − ρ²), and 2×BSF
 *
 * Real bearings slip 1–2 %, so measured lines sit slightly below (Randall & Antoni 2011).
 *
 * @param o  {@link BearingGeometry}.
 * @returns  `{ BPFO, BPFI, FTF, BSF, '2xBSF' }`, Hz.
 * @throws RangeError for a negative or non-finite speed, balls not an integer ≥ 1, diameters not
 *         positive, d ≥ D, or a contact angle outside [0, 90).
 *
 * Sources: Randall (2021) §2.2.5 eq. (2.6)–(2.9); Harris' Shock and Vibration Handbook (2010)
 * §16.7; Randall & Antoni, MSSP 25 (2011) eq. (1)–(4).
 *
 * @example
 * // CWRU drive-end SKF 6205: 9 balls, d 0.3126 in, D 1.537 in, 1797 r/min (29.95 Hz)
 * bearingFrequencies({ shaftHz: 29.95, balls: 9, ballDiameter: 0.3126, pitchDiameter: 1.537 })
 * // { BPFO: 107.36, BPFI: 162.19, FTF: 11.93, BSF: 70.58, '2xBSF': 141.17 } (orders 3.5848, 5.4152, 0.39828, 2.3567, 4.7135)
 */
export function bearingFrequencies(o: BearingGeometry): BearingFrequencies {
  const { shaftHz, balls, ballDiameter: d, pitchDiameter: D, contactAngleDeg = 0 } = o;
  checkShaft(shaftHz);
  if (!Number.isInteger(balls) || balls < 1) throw new RangeError(`balls must be an integer ≥ 1, got ${balls}`);
  if (!(d > 0) || !(D > d) || !Number.isFinite(D)) throw new RangeError(`need 0 < ballDiameter < pitchDiameter, got ${d}, ${D}`);
  if (!(contactAngleDeg >= 0 && contactAngleDeg < 90))
    throw new RangeError(`contactAngleDeg must be in [0, 90), got ${contactAngleDeg}`);
  const rho = (d / D) * Math.cos((contactAngleDeg * Math.PI) / 180);
  const bsf = (D / (2 * d)) * shaftHz * (1 - rho * rho);
  return {
    BPFO: ((balls * shaftHz) / 2) * (1 - rho),
    BPFI: ((balls * shaftHz) / 2) * (1 + rho),
    FTF: (shaftHz / 2) * (1 - rho),
    BSF: bsf,
    '2xBSF': 2 * bsf,
  } as BearingFrequencies;
}

/** Bearing defect frequencies as orders of shaft speed (the multipliers bearing makers publish). */
export interface BearingOrders {
  bpfo: number;
  bpfi: number;
  ftf: number;
  bsf: number;
}

/**
 * Bearing defect frequencies from published multipliers (orders of shaft speed):
 * BPFO = bpfo·f_r, …, 2xBSF = 2·bsf·f_r.
 *
 * @param shaftHz  Shaft frequency f_r, Hz, finite, ≥ 0.
 * @param orders   `{ bpfo, bpfi, ftf, bsf }`, dimensionless (bsf the ball spin, not 2×BSF).
 * @returns        `{ BPFO, BPFI, FTF, BSF, '2xBSF' }`, Hz.
 * @throws RangeError for an invalid speed or a negative / non-finite multiplier.
 *
 * @example
 * // CWRU 6205 multipliers at 29.95 Hz (the CWRU "rolling element" 4.7135 is 2×BSF)
 * bearingFrequenciesFromOrders(29.95, { bpfo: 3.5848, bpfi: 5.4152, ftf: 0.39828, bsf: 2.3567 }).BPFI // 162.19
 */
export function bearingFrequenciesFromOrders(shaftHz: number, orders: BearingOrders): BearingFrequencies {
  checkShaft(shaftHz);
  for (const [k, v] of Object.entries(orders)) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`multiplier ${k} must be finite and ≥ 0, got ${v}`);
  }
  return {
    BPFO: orders.bpfo * shaftHz,
    BPFI: orders.bpfi * shaftHz,
    FTF: orders.ftf * shaftHz,
    BSF: orders.bsf * shaftHz,
    '2xBSF': 2 * orders.bsf * shaftHz,
  } as BearingFrequencies;
}

/** The bearing defects by their order key, in the order the charts offer them (spec 002 "Chart controls"). */
export const BEARING_FAULTS = ['bpfo', 'bpfi', 'ftf', 'bsf'] as const;
/** One bearing defect: outer race, inner race, cage (fundamental train) or ball spin. */
export type BearingFault = (typeof BEARING_FAULTS)[number];

/**
 * The defect frequencies a point's bearing can mark: order × f_r for each of
 * {@link BEARING_FAULTS} whose order is known, finite and > 0 (a CUSTOM bearing saved with a zero
 * order has no line; a line at 0 Hz is evidence of nothing). The lenient counterpart of
 * {@link bearingFrequenciesFromOrders} for stored, possibly incomplete bearings: it never throws.
 *
 * @param shaftHz  Shaft frequency f_r, Hz; not finite or ≤ 0 gives no lines.
 * @param orders   `{ bpfo?, bpfi?, ftf?, bsf? }`, orders of shaft speed (bsf the ball spin); null or
 *                 undefined gives no lines.
 * @returns        Hz per defect, only the defects with a positive order; `{}` without orders or a
 *                 positive speed.
 * Source: as {@link bearingFrequenciesFromOrders} (Randall 2021 §2.2.5).
 * @example bearingFaultFrequenciesHz(10, { bpfo: 3, bpfi: 0, ftf: 0.4, bsf: 0 }) // { bpfo: 30, ftf: 4 }
 */
export function bearingFaultFrequenciesHz(
  shaftHz: number,
  orders: Partial<BearingOrders> | null | undefined,
): Partial<Record<BearingFault, Hz>> {
  const out: Partial<Record<BearingFault, Hz>> = {};
  if (!orders || !(shaftHz > 0) || !Number.isFinite(shaftHz)) return out;
  for (const k of BEARING_FAULTS) {
    const order = orders[k];
    if (order !== undefined && order > 0 && Number.isFinite(order)) out[k] = (order * shaftHz) as Hz;
  }
  return out;
}

/**
 * Harmonic family k·f_0, k = 1 … count (spec 002 §9: 10 drawn on the charts, 5 by default).
 *
 * @param baseHz  Fundamental f_0, Hz, finite, ≥ 0.
 * @param count   Number of harmonics, integer ≥ 0.
 * @returns       Shape (count,), Hz.
 * @throws RangeError for an invalid base or count.
 * @example harmonics(29.95, 3) // [29.95, 59.9, 89.85]
 */
export function harmonics(baseHz: number, count: number): Float64Array {
  checkShaft(baseHz);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be an integer ≥ 0, got ${count}`);
  const out = new Float64Array(count);
  for (let k = 0; k < count; k++) out[k] = (k + 1) * baseHz;
  return out;
}

/**
 * Sideband family around a carrier: f_c + k·Δf, k = −count … count, ascending (index `count` is the
 * carrier itself). Modulation at Δf (e.g. shaft speed on BPFI or gear mesh) shows as these lines
 * (Randall 2021 §2.2.4, §2.3). Lines below 0 Hz are kept as negative numbers for the caller to drop.
 *
 * @param centerHz   Carrier f_c, Hz, finite.
 * @param spacingHz  Spacing Δf, Hz, finite, ≥ 0.
 * @param count      Sidebands on each side, integer ≥ 0.
 * @returns          Shape (2·count + 1,), Hz.
 * @throws RangeError for non-finite inputs, a negative spacing or an invalid count.
 * @example sidebands(162.19, 29.95, 2) // [102.29, 132.24, 162.19, 192.14, 222.09]
 */
export function sidebands(centerHz: number, spacingHz: number, count: number): Float64Array {
  if (!Number.isFinite(centerHz)) throw new RangeError(`centerHz must be finite, got ${centerHz}`);
  if (!Number.isFinite(spacingHz) || spacingHz < 0) throw new RangeError(`spacingHz must be finite and ≥ 0, got ${spacingHz}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be an integer ≥ 0, got ${count}`);
  const out = new Float64Array(2 * count + 1);
  for (let k = -count; k <= count; k++) out[k + count] = centerHz + k * spacingHz;
  return out;
}

/**
 * Gear mesh frequency f_mesh = N_teeth · f_shaft (the tooth-passing rate of a gear on that shaft;
 * the same for both gears of a pair). Its harmonics (spec: 10 drawn) via {@link harmonics}.
 *
 * @param shaftHz  Rotation frequency of the gear's shaft, Hz, finite, ≥ 0.
 * @param teeth    Number of teeth, integer ≥ 1.
 * @returns        f_mesh, Hz.
 * @throws RangeError for an invalid speed or tooth count.
 * Source: Randall (2021) §2.3.1.
 * @example gearMeshHz(29.95, 32) // 958.4
 */
export function gearMeshHz(shaftHz: number, teeth: number): Hz {
  checkShaft(shaftHz);
  if (!Number.isInteger(teeth) || teeth < 1) throw new RangeError(`teeth must be an integer ≥ 1, got ${teeth}`);
  return (teeth * shaftHz) as Hz;
}

/**
 * Belt (pass) frequency: how often one point of the belt passes a given pulley,
 * f_belt = π·D_p·f_p / L_belt, with the belt speed π·D_p·f_p (no slip). Belt defects show at f_belt
 * and its harmonics (2·f_belt for a two-pulley drive, Harris' Handbook ch. 16).
 *
 * @param pulleyHz        Rotation frequency f_p of the pulley, Hz, finite, ≥ 0.
 * @param pulleyDiameter  Pitch diameter D_p of that pulley, any length unit, > 0.
 * @param beltLength      Belt pitch length L, same length unit, > 0.
 * @returns               f_belt, Hz.
 * @throws RangeError for invalid arguments.
 * Source: Harris' Shock and Vibration Handbook 6th ed. (2010) §16.9; Randall (2021) §2.2.
 * @example beltFrequencyHz(29.95, 0.2, 1.6) // 11.76 (π·0.2·29.95/1.6)
 */
export function beltFrequencyHz(pulleyHz: number, pulleyDiameter: number, beltLength: number): Hz {
  checkShaft(pulleyHz);
  if (!(pulleyDiameter > 0) || !Number.isFinite(pulleyDiameter))
    throw new RangeError(`pulleyDiameter must be > 0, got ${pulleyDiameter}`);
  if (!(beltLength > 0) || !Number.isFinite(beltLength)) throw new RangeError(`beltLength must be > 0, got ${beltLength}`);
  return ((Math.PI * pulleyDiameter * pulleyHz) / beltLength) as Hz;
}
