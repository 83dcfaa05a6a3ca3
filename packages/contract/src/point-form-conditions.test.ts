import { describe, expect, it } from 'vitest';
import { visibility } from './point-form-conditions.ts';

describe('visibility (spec 000 §5 conditional fields)', () => {
  it('shows nothing conditional for a plain point', () => {
    const v = visibility({ type: ['None'] });
    expect(Object.values(v).every((x) => x === false)).toBe(true);
  });

  it('bearing selectors only with Bearing in the type list', () => {
    expect(visibility({ type: ['Bearing', 'Fan'] }).bearing).toBe(true);
    expect(visibility({ type: ['Fan'] }).bearing).toBe(false);
  });

  it('gearbox: planetary teeth for planetaryGearReducer, otherwise shaft teeth; current shafts only for middle', () => {
    expect(visibility({ type: ['Fan'], gearboxType: 'planetaryGearReducer' })).toMatchObject({
      gearbox: false,
      planetaryTeeth: false,
      shaftTeeth: false,
    });
    expect(
      visibility({ type: ['GearBox'], gearboxType: 'planetaryGearReducer', shaftOfSensorAttachedTo: 'middle' }),
    ).toMatchObject({
      gearbox: true,
      planetaryTeeth: true,
      shaftTeeth: false,
      currentShaftTeeth: false,
    });
    expect(visibility({ type: ['GearBox'], gearboxType: null, shaftOfSensorAttachedTo: 'middle' })).toMatchObject({
      planetaryTeeth: false,
      shaftTeeth: true,
      currentShaftTeeth: true,
    });
    expect(
      visibility({ type: ['GearBox'], gearboxType: 'spurGearReducer', shaftOfSensorAttachedTo: 'input' }).currentShaftTeeth,
    ).toBe(false);
  });

  it('drive and transmission', () => {
    expect(visibility({ driveType: 'electricMotor' }).motorPower).toBe(true);
    expect(visibility({ driveType: 'turbine' }).motorPower).toBe(false);
    expect(visibility({ transmissionType: 'belt-pulley' })).toMatchObject({
      belt: true,
      couplingType: false,
      transmissionGearbox: false,
    });
    expect(visibility({ transmissionType: 'coupling' })).toMatchObject({ belt: false, couplingType: true });
    expect(visibility({ transmissionType: 'gear-box' }).transmissionGearbox).toBe(true);
  });

  it('classification chains', () => {
    const pump = (cls: 'rotodynamic' | 'positiveDisplacement' | null, on = true) =>
      visibility({ pumpClassification: { pump: on, class: cls, rotodynamic: null, positiveDisplacement: null, open: false } });
    expect(pump('rotodynamic')).toMatchObject({ pumpClass: true, rotodynamicPump: true, positiveDisplacementPump: false });
    expect(pump('positiveDisplacement')).toMatchObject({ rotodynamicPump: false, positiveDisplacementPump: true });
    expect(pump('rotodynamic', false)).toMatchObject({ pumpClass: false, rotodynamicPump: false });
    expect(visibility({ couplingClassification: { coupling: true, class: 'flexible', flexible: null } }).flexibleCoupling).toBe(
      true,
    );
    expect(visibility({ couplingClassification: { coupling: true, class: 'rigid', flexible: null } }).flexibleCoupling).toBe(
      false,
    );
  });
});
