import { describe, expect, it } from 'vitest';
import { GEAR_MESH_HARMONIC_COUNT, gearMeshFrequenciesHz, gearMeshHarmonicsHz, type GearboxTeeth } from './gearMesh';

const box: GearboxTeeth = { type: ['Bearing', 'GearBox'], gearboxType: 'helicalGearReducer' };

describe('gearMeshFrequenciesHz', () => {
  it('one stage, sensor on the input shaft: driver teeth × shaft speed (1480 RPM, 20 teeth → 493.33 Hz)', () => {
    const [gmf, ...rest] = gearMeshFrequenciesHz({ ...box, numberOfGearTeethAtDriverShaft: 20 }, 1480 / 60);
    expect(gmf).toBeCloseTo((1480 / 60) * 20, 10);
    expect(rest).toEqual([]);
    expect(gearMeshFrequenciesHz({ ...box, shaftOfSensorAttachedTo: 'input', numberOfGearTeethAtDriverShaft: 20 }, 25)).toEqual([
      500,
    ]);
  });

  it('sensor on the output shaft: the same mesh, referred through the ratio (= driven teeth × output speed)', () => {
    const out = { ...box, shaftOfSensorAttachedTo: 'output' as const, numberOfGearTeethAtDriverShaft: 20 };
    expect(gearMeshFrequenciesHz({ ...out, numberOfGearTeethAtDrivenShaft: 50 }, 10)).toEqual([500]);
    expect(gearMeshFrequenciesHz(out, 10)).toEqual([]); // output speed unknown without driven teeth
  });

  it('two stages from the middle shaft: Z1 × input and Z3 × middle', () => {
    const two = {
      ...box,
      shaftOfSensorAttachedTo: 'middle' as const,
      numberOfGearTeethAtDriverShaft: 20,
      numberOfGearTeethAtFirstCurrentShaft: 40,
      numberOfGearTeethAtSecondCurrentShaft: 15,
      numberOfGearTeethAtDrivenShaft: 45,
    };
    // middle 10 Hz → input 20 Hz; meshes 20 × 20 = 400 Hz and 15 × 10 = 150 Hz
    const [a, b] = gearMeshFrequenciesHz(two, 10);
    expect(a).toBeCloseTo(400, 10);
    expect(b).toBeCloseTo(150, 10);
  });

  it('planetary with a fixed ring: Zr·Zs/(Zs + Zr) × sun speed', () => {
    const p = {
      ...box,
      gearboxType: 'planetaryGearReducer' as const,
      numberOfGearTeethAtRingGear: 72,
      numberOfGearTeethAtSunGear: 24,
    };
    expect(gearMeshFrequenciesHz(p, 20)[0]).toBeCloseTo(((72 * 24) / 96) * 20, 10);
    expect(gearMeshFrequenciesHz({ ...p, numberOfGearTeethAtSunGear: null }, 20)).toEqual([]);
  });

  it('none without GearBox in the type, without teeth or without a positive speed', () => {
    expect(gearMeshFrequenciesHz({ type: ['Bearing'], numberOfGearTeethAtDriverShaft: 20 }, 25)).toEqual([]);
    expect(gearMeshFrequenciesHz({ ...box, numberOfGearTeethAtDriverShaft: 0 }, 25)).toEqual([]);
    expect(gearMeshFrequenciesHz({ ...box, numberOfGearTeethAtDriverShaft: 20 }, 0)).toEqual([]);
    expect(gearMeshFrequenciesHz({ ...box, numberOfGearTeethAtDriverShaft: 20 }, Number.NaN)).toEqual([]);
    expect(gearMeshFrequenciesHz(null, 25)).toEqual([]);
  });
});

describe('gearMeshHarmonicsHz', () => {
  it('draws GMF and its harmonics up to 10× (spec 002 §9)', () => {
    expect(GEAR_MESH_HARMONIC_COUNT).toBe(10);
    const [gmf] = gearMeshFrequenciesHz({ ...box, numberOfGearTeethAtDriverShaft: 17 }, 1480 / 60);
    const h = gearMeshHarmonicsHz(gmf);
    expect(h).toHaveLength(10);
    h.forEach((f, k) => expect(f).toBeCloseTo((k + 1) * 17 * (1480 / 60), 9));
    expect(gearMeshHarmonicsHz(0)).toEqual([]);
  });
});
