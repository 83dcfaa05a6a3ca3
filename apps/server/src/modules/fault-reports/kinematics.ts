import { senseway } from '@overtone/contract';
import type { BearingOrders, GearMesh, PointKinematics } from '@overtone/diagnosis';
import { machineClassOf } from '../alarms/levels.ts';
import type { PointData } from '../points/repo.ts';

/**
 * A point's form (spec 000 §3 Point, stored in `tree_nodes.point`) turned into the
 * {@link PointKinematics} the diagnosis rules read (docs/fault-reports.md "Kinematics").
 */

/** Mains frequencies a customer can choose (preference `mainsFrequencyHz`), Hz. */
export const MAINS_FREQUENCIES_HZ = [50, 60] as const;
/** Mains frequency when the customer chose none, Hz (IEC 60038: 50 Hz in most of the world). */
export const DEFAULT_MAINS_HZ = 50;

/** A bearing row's defect orders (bearings table: bpfo, bpfi, bsf, ftf as orders of shaft speed). */
export interface BearingRow {
  bpfo: number;
  bpfi: number;
  bsf: number;
  ftf: number;
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The bearing's defect orders, or null when it cannot give lines: no bearing, or any order not a
 * finite number > 0 (a CUSTOM bearing saved all zero; a line at 0 Hz would be evidence of nothing).
 */
export function bearingOrdersOf(row: BearingRow | null | undefined): BearingOrders | null {
  if (!row) return null;
  const { bpfo, bpfi, bsf, ftf } = row;
  return [bpfo, bpfi, bsf, ftf].every(positive) ? { bpfo, bpfi, bsf, ftf } : null;
}

/**
 * Gear meshes of the point's gearbox as orders of the reference shaft (the shaft the point's
 * `referenceFrequency` is the speed of), from the teeth counts of the form:
 *
 * - parallel-shaft gearbox (every type but planetary), speeds relative to the input shaft:
 *   input 1; with driver (input) teeth Z1 and driven (output) teeth Z4 only (one stage),
 *   output Z1/Z4 and one mesh Z1 × input; with the middle shaft's teeth (the form asks for them
 *   only when the sensor is on the middle shaft: Z2 meshing with Z1, Z3 meshing with Z4), middle
 *   Z1/Z2, output Z1/Z2 · Z3/Z4, meshes Z1 × input and Z3 × middle. The reference shaft is
 *   `shaftOfSensorAttachedTo` (input when not given): every order is divided by its speed.
 *   Each mesh's sideband spacings are the speeds of its two shafts (Randall 2011 §2.2.3).
 * - planetary gearbox with a fixed ring (Zr), planets (Zp) and sun (Zs), the sun on the input
 *   (reference) shaft: carrier speed Zs/(Zs + Zr), mesh frequency Zr × carrier speed
 *   (= Zr·Zs/(Zs + Zr) × sun; Randall 2011 §2.2.3, McFadden & Smith 1985), sideband spacings the
 *   sun and carrier speeds (the planet-pass frequency needs the number of planets, which the form
 *   does not ask).
 * - otherwise (teeth unknown or zero): none.
 *
 * Returns
 * -------
 * GearMesh[]
 *     Empty when the teeth are not known.
 */
export function gearMeshesOf(p: Partial<PointData>): GearMesh[] {
  if (!p.type?.includes('GearBox')) return [];
  if (p.gearboxType === 'planetaryGearReducer') {
    const zr = p.numberOfGearTeethAtRingGear,
      zs = p.numberOfGearTeethAtSunGear;
    if (!positive(zr) || !positive(zs)) return [];
    const carrier = zs / (zs + zr);
    return [{ meshOrder: zr * carrier, shaftOrders: [1, carrier] }];
  }
  const z1 = p.numberOfGearTeethAtDriverShaft,
    z4 = p.numberOfGearTeethAtDrivenShaft;
  if (!positive(z1)) return [];
  const z2 = p.numberOfGearTeethAtFirstCurrentShaft,
    z3 = p.numberOfGearTeethAtSecondCurrentShaft;
  const twoStage = positive(z2) && positive(z3) && positive(z4);
  let speeds: Record<'input' | 'middle' | 'output', number | null>;
  let meshes: { teeth: number; on: 'input' | 'middle'; with: 'middle' | 'output' }[];
  if (twoStage) {
    const middle = z1 / z2;
    speeds = { input: 1, middle, output: (middle * z3) / z4 };
    meshes = [
      { teeth: z1, on: 'input', with: 'middle' },
      { teeth: z3, on: 'middle', with: 'output' },
    ];
  } else {
    if (!positive(z4)) return [];
    speeds = { input: 1, middle: null, output: z1 / z4 };
    meshes = [{ teeth: z1, on: 'input', with: 'output' }];
  }
  const ref = speeds[p.shaftOfSensorAttachedTo ?? 'input'];
  if (!positive(ref)) return [];
  return meshes.map((m) => ({
    meshOrder: (m.teeth * speeds[m.on]!) / ref,
    shaftOrders: [speeds[m.on]! / ref, speeds[m.with]! / ref],
  }));
}

/**
 * The point's kinematics for the diagnosis.
 *
 * Parameters
 * ----------
 * point : Partial<PointData>
 *     The stored point form (`tree_nodes.point`); absent fields read as unknown.
 * bearing : BearingRow | null
 *     The point's bearing from the bearings table (its `bearingId`), null without one.
 * mainsHz : number
 *     The customer's mains frequency (preference `mainsFrequencyHz`), Hz; anything but 50 or 60
 *     reads as {@link DEFAULT_MAINS_HZ}.
 * rangeIndex : number
 *     The measurement's accelerometer range index (full scale 2^index g).
 *
 * Returns
 * -------
 * PointKinematics
 *     shaftHz: referenceFrequency when > 0, else null; shaftSpeedVariable: referenceFrequencyVariable;
 *     bearing: {@link bearingOrdersOf}; gearMeshes: {@link gearMeshesOf}; belt when the transmission
 *     is belt-pulley (drivenShaftOrder = pulleyRadiusRatio, read as driver radius / driven radius, so
 *     the driven pulley turns at that order; beltLengthM = beltLength cm / 100; each null when not
 *     > 0); electricMotor: driveType electricMotor or an 'Electric Motor' point; pump: machineType
 *     pump, the pump classification, or a 'Pump' point; fan: machineType fan, a 'Fan' or a 'Blower'
 *     point (a blower is a fan in ISO 13349's sense: a rotary-bladed machine keeping a continuous gas
 *     flow, its work per unit mass normally ≤ 25 kJ/kg; a compressor is not);
 *     axialAxis null (the form maps the sensor's axes onto the point's coordinate axes but never says
 *     which of them lies along the shaft, so no rule may rely on an axial reading); rangeG
 *     2^rangeIndex; machineClass from motorPower (ISO 10816-1 Annex B: I ≤ 15 kW, II 15–75 kW,
 *     III above; II unknown: `machineClassOf`, the same class the built-in ISO alarms use).
 */
export function pointKinematics(
  point: Partial<PointData> | null | undefined,
  bearing: BearingRow | null | undefined,
  mainsHz: number | null | undefined,
  rangeIndex: number,
): PointKinematics {
  const p = point ?? {};
  const types = p.type ?? [];
  const belt =
    p.transmissionType === 'belt-pulley'
      ? {
          drivenShaftOrder: positive(p.pulleyRadiusRatio) ? p.pulleyRadiusRatio : null,
          beltLengthM: positive(p.beltLength) ? p.beltLength / 100 : null,
        }
      : null;
  return {
    shaftHz: positive(p.referenceFrequency) ? p.referenceFrequency : null,
    shaftSpeedVariable: p.referenceFrequencyVariable === true,
    bearing: bearingOrdersOf(bearing),
    gearMeshes: gearMeshesOf(p),
    belt,
    electricMotor: p.driveType === 'electricMotor' || types.includes('Electric Motor'),
    pump: p.machineType === 'pump' || p.pumpClassification?.pump === true || types.includes('Pump'),
    fan: p.machineType === 'fan' || types.includes('Fan') || types.includes('Blower'),
    mainsHz: (MAINS_FREQUENCIES_HZ as readonly number[]).includes(mainsHz ?? NaN) ? mainsHz! : DEFAULT_MAINS_HZ,
    axialAxis: null,
    rangeG: senseway.rangeFullScaleG(rangeIndex),
    machineClass: machineClassOf(p.motorPower),
  };
}
