import { describe, expect, it } from 'vitest';
import { bearingOrdersOf, gearMeshesOf, pointKinematics } from './kinematics.ts';

/** SKF 6205-2RS defect orders (the CWRU drive-end bearing; SKF catalogue). */
const SKF_6205 = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.357, ftf: 0.39828 };

describe('pointKinematics', () => {
  it('reads the demo rig point: speed, bearing, electric motor, class II, ±4 g', () => {
    const k = pointKinematics(
      { type: ['Bearing', 'Electric Motor'], referenceFrequency: 29.95, referenceFrequencyVariable: false },
      SKF_6205,
      null,
      2,
    );
    expect(k).toEqual({
      shaftHz: 29.95,
      shaftSpeedVariable: false,
      bearing: SKF_6205,
      gearMeshes: [],
      belt: null,
      electricMotor: true,
      pump: false,
      fan: false,
      mainsHz: 50,
      axialAxis: null,
      rangeG: 4,
      machineClass: 'II',
    });
  });

  it('treats an unknown or zero speed as unknown, a variable speed as variable', () => {
    expect(pointKinematics({ referenceFrequency: 0, referenceFrequencyVariable: true }, null, 60, 3)).toMatchObject({
      shaftHz: null,
      shaftSpeedVariable: true,
      mainsHz: 60,
      rangeG: 8,
    });
    expect(pointKinematics(null, null, 55, 1)).toMatchObject({ shaftHz: null, bearing: null, mainsHz: 50, rangeG: 2 });
  });

  it('maps machine, drive and pump classification', () => {
    expect(pointKinematics({ machineType: 'pump' }, null, 50, 2)).toMatchObject({ pump: true, fan: false, electricMotor: false });
    expect(
      pointKinematics(
        { pumpClassification: { pump: true, class: null, rotodynamic: null, positiveDisplacement: null, open: false } },
        null,
        50,
        2,
      ).pump,
    ).toBe(true);
    expect(pointKinematics({ type: ['Pump'] }, null, 50, 2).pump).toBe(true);
    expect(pointKinematics({ machineType: 'fan' }, null, 50, 2).fan).toBe(true);
    expect(pointKinematics({ type: ['Fan'] }, null, 50, 2).fan).toBe(true);
    expect(pointKinematics({ type: ['Blower'] }, null, 50, 2).fan).toBe(true);
    expect(pointKinematics({ type: ['Compressor'] }, null, 50, 2).fan).toBe(false);
    expect(pointKinematics({ driveType: 'electricMotor' }, null, 50, 2).electricMotor).toBe(true);
  });

  it('takes the ISO 10816-1 class from the motor power', () => {
    const cls = (kw: number | null) => pointKinematics({ motorPower: kw }, null, 50, 2).machineClass;
    expect([cls(null), cls(0), cls(11), cls(15), cls(30), cls(75), cls(200)]).toEqual(['II', 'II', 'I', 'I', 'II', 'II', 'III']);
  });

  it('reads a belt drive: driven pulley order from the radius ratio, belt length cm → m', () => {
    expect(
      pointKinematics({ transmissionType: 'belt-pulley', pulleyRadiusRatio: 0.5, beltLength: 180 }, null, 50, 2).belt,
    ).toEqual({ drivenShaftOrder: 0.5, beltLengthM: 1.8 });
    expect(
      pointKinematics({ transmissionType: 'belt-pulley', pulleyRadiusRatio: 0, beltLength: null }, null, 50, 2).belt,
    ).toEqual({
      drivenShaftOrder: null,
      beltLengthM: null,
    });
    expect(pointKinematics({ transmissionType: 'coupling', pulleyRadiusRatio: 2 }, null, 50, 2).belt).toBeNull();
  });
});

describe('bearingOrdersOf', () => {
  it('is null without a bearing or with an all-zero (or partly zero) one', () => {
    expect(bearingOrdersOf(null)).toBeNull();
    expect(bearingOrdersOf({ bpfo: 0, bpfi: 0, bsf: 0, ftf: 0 })).toBeNull();
    expect(bearingOrdersOf({ ...SKF_6205, ftf: 0 })).toBeNull();
    expect(bearingOrdersOf(SKF_6205)).toEqual(SKF_6205);
  });
});

describe('gearMeshesOf', () => {
  const box = { type: ['GearBox'] };
  it('one stage, sensor on the input: mesh = driver teeth × input speed, sidebands at both shafts', () => {
    const [m, ...rest] = gearMeshesOf({ ...box, numberOfGearTeethAtDriverShaft: 20, numberOfGearTeethAtDrivenShaft: 50 });
    expect(rest).toEqual([]);
    expect(m!.meshOrder).toBeCloseTo(20);
    expect(m!.shaftOrders[0]).toBeCloseTo(1);
    expect(m!.shaftOrders[1]).toBeCloseTo(0.4);
  });
  it('one stage, sensor on the output: orders of the output shaft', () => {
    const [m] = gearMeshesOf({
      ...box,
      shaftOfSensorAttachedTo: 'output',
      numberOfGearTeethAtDriverShaft: 20,
      numberOfGearTeethAtDrivenShaft: 50,
    });
    expect(m!.meshOrder).toBeCloseTo(50); // driven teeth × output speed
    expect(m!.shaftOrders[0]).toBeCloseTo(2.5);
    expect(m!.shaftOrders[1]).toBeCloseTo(1);
  });
  it('two stages, sensor on the middle shaft', () => {
    const meshes = gearMeshesOf({
      ...box,
      shaftOfSensorAttachedTo: 'middle',
      numberOfGearTeethAtDriverShaft: 20,
      numberOfGearTeethAtFirstCurrentShaft: 40,
      numberOfGearTeethAtSecondCurrentShaft: 15,
      numberOfGearTeethAtDrivenShaft: 45,
    });
    expect(meshes).toHaveLength(2);
    expect(meshes[0]!.meshOrder).toBeCloseTo(40); // 20 × input (2 × middle) = 40 × middle
    expect(meshes[0]!.shaftOrders).toEqual([2, 1]);
    expect(meshes[1]!.meshOrder).toBeCloseTo(15);
    expect(meshes[1]!.shaftOrders[1]).toBeCloseTo(1 / 3);
  });
  it('planetary with a fixed ring: mesh = ring teeth × carrier speed', () => {
    const [m] = gearMeshesOf({
      ...box,
      gearboxType: 'planetaryGearReducer',
      numberOfGearTeethAtRingGear: 72,
      numberOfGearTeethAtSunGear: 24,
      numberOfGearTeethAtPlanetGear: 24,
    });
    expect(m!.meshOrder).toBeCloseTo(18); // 72 × 24/96
    expect(m!.shaftOrders).toEqual([1, 0.25]);
  });
  it('none without teeth or without a gearbox', () => {
    expect(gearMeshesOf(box)).toEqual([]);
    expect(gearMeshesOf({ ...box, numberOfGearTeethAtDriverShaft: 20, numberOfGearTeethAtDrivenShaft: 0 })).toEqual([]);
    expect(gearMeshesOf({ type: ['Bearing'], numberOfGearTeethAtDriverShaft: 20, numberOfGearTeethAtDrivenShaft: 50 })).toEqual(
      [],
    );
  });
});
