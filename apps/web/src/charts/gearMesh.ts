import type { Point } from '@overtone/contract';
import { gearMeshHz } from '@overtone/dsp/kinematics';
import { harmonicsHz } from './spectrumMath';

/** Gear-mesh harmonics drawn on the spectrum (spec 002 §9: "Gear mesh harmonics 10"). */
export const GEAR_MESH_HARMONIC_COUNT = 10;

/** The gearbox fields of a point form (spec 000 §3 "Point") the gear-mesh frequencies need. */
export type GearboxTeeth = Partial<
  Pick<
    Point,
    | 'type'
    | 'gearboxType'
    | 'shaftOfSensorAttachedTo'
    | 'numberOfGearTeethAtRingGear'
    | 'numberOfGearTeethAtSunGear'
    | 'numberOfGearTeethAtDriverShaft'
    | 'numberOfGearTeethAtFirstCurrentShaft'
    | 'numberOfGearTeethAtSecondCurrentShaft'
    | 'numberOfGearTeethAtDrivenShaft'
  >
>;

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
/** A tooth count packages/dsp `gearMeshHz` takes: an integer ≥ 1 (the point form's `count`). */
const teeth = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/**
 * Gear-mesh frequencies (GMF = shaft speed × teeth of a gear on that shaft, packages/dsp
 * `gearMeshHz`; Randall 2011 "Vibration-based Condition Monitoring" §2.2.3) of a point's gearbox,
 * from the point form's teeth counts and the point's reference frequency, which is the speed of
 * the shaft the sensor is on
 * (`shaftOfSensorAttachedTo`, input when not given). Mirrors the server's `gearMeshesOf`
 * (apps/server/src/modules/fault-reports/kinematics.ts), so the lines drawn are those the
 * diagnosis reads:
 *
 * - parallel-shaft gearbox (every type but planetary), shaft speeds relative to the input shaft:
 *   driver (input) teeth Z1, driven (output) teeth Z4; with the middle shaft's teeth Z2 (meshing
 *   with Z1) and Z3 (meshing with Z4) two stages: middle Z1/Z2, output Z1/Z2 · Z3/Z4, meshes
 *   Z1 × input and Z3 × middle; otherwise one mesh Z1 × input (Z4 needed only to refer it to the
 *   output shaft).
 * - planetary gearbox with a fixed ring (Zr) and the sun (Zs) on the reference shaft: carrier
 *   Zs/(Zs + Zr) × sun, mesh Zr × carrier (McFadden & Smith 1985).
 *
 * @param gearbox the point's form fields; nothing without 'GearBox' in `type`
 * @param referenceFrequencyHz speed of the sensor's shaft in Hz (RPM / 60)
 * @returns GMF per mesh in Hz, input stage first; empty without a positive speed or the teeth needed
 * @example gearMeshFrequenciesHz({ type: ['GearBox'], numberOfGearTeethAtDriverShaft: 20 }, 25) // → [500]
 */
export function gearMeshFrequenciesHz(gearbox: GearboxTeeth | null | undefined, referenceFrequencyHz: number): number[] {
  const g = gearbox;
  if (!g?.type?.includes('GearBox') || !positive(referenceFrequencyHz)) return [];
  if (g.gearboxType === 'planetaryGearReducer') {
    const zr = g.numberOfGearTeethAtRingGear,
      zs = g.numberOfGearTeethAtSunGear;
    return teeth(zr) && teeth(zs) ? [gearMeshHz((zs / (zs + zr)) * referenceFrequencyHz, zr)] : [];
  }
  const z1 = g.numberOfGearTeethAtDriverShaft,
    z2 = g.numberOfGearTeethAtFirstCurrentShaft,
    z3 = g.numberOfGearTeethAtSecondCurrentShaft,
    z4 = g.numberOfGearTeethAtDrivenShaft;
  if (!teeth(z1)) return [];
  const twoStage = teeth(z2) && teeth(z3) && teeth(z4);
  const middle = twoStage ? z1 / z2 : null;
  const speeds = {
    input: 1,
    middle,
    output: twoStage ? (middle! * z3) / z4 : teeth(z4) ? z1 / z4 : null,
  };
  const ref = speeds[g.shaftOfSensorAttachedTo ?? 'input'];
  if (!positive(ref)) return [];
  const inputHz = referenceFrequencyHz / ref;
  const input = gearMeshHz(inputHz, z1);
  return twoStage ? [input, gearMeshHz(middle! * inputHz, z3)] : [input];
}

/**
 * The marked lines of one gear mesh: GMF and its harmonics k·GMF, k = 1..{@link GEAR_MESH_HARMONIC_COUNT}.
 * @param gmfHz gear-mesh frequency in Hz
 * @returns ascending Hz, empty for a non-positive GMF
 * @example gearMeshHarmonicsHz(500).length // → 10
 */
export const gearMeshHarmonicsHz = (gmfHz: number): number[] => harmonicsHz(gmfHz, GEAR_MESH_HARMONIC_COUNT);
