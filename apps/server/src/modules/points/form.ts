import type { PointFormBody } from '@overtone/contract';
import type { PointData } from './repo.ts';

/**
 * The stored form of a point (`tree_nodes.point`, jsonb) from a validated `pointFormBody`, with the
 * fields whose condition does not hold set to null (spec 000 §5 "Conditional fields"), so a stored
 * point never carries values its form hides. The conditions mirror the web form's
 * (apps/web/src/features/point-form/conditions.ts):
 * - bearingBrand, bearing: only when `type` includes Bearing;
 * - gearboxType, gearboxConversionInput/Output, numberOfStages: only when `type` includes GearBox;
 *   ring, planet and sun teeth only for gearboxType planetaryGearReducer; otherwise (GearBox, not
 *   planetary) shaftOfSensorAttachedTo with driver and driven teeth, and first/second current shaft
 *   teeth only when the shaft is middle;
 * - motorPower (kW): only for driveType electricMotor;
 * - beltType, beltLength (cm), pulleyRadiusRatio: only for transmissionType belt-pulley;
 *   couplingType only for coupling; transmission_numberOfStages and
 *   transmission_gearboxConversionInput/Output only for gear-box;
 * - pump and coupling classification chains: a level only when the level above selects it;
 * - referenceFrequencyVariable: referenceFrequency (Hz) becomes 0.
 * `type`: duplicates dropped, 'None' only alone, an empty list becomes ['None'] (spec 000 §3).
 * The image fields (imageBool, imageName, deleteImage) and name/tagCode are not part of it.
 */
export function storedPointData(f: PointFormBody): PointData {
  const unique = [...new Set(f.type)];
  const type = unique.filter((t) => t !== 'None');
  const types: string[] = type.length ? type : ['None'];
  const has = (t: string) => types.includes(t);
  const bearing = has('Bearing');
  const gearbox = has('GearBox');
  const planetary = gearbox && f.gearboxType === 'planetaryGearReducer';
  const shaft = gearbox && !planetary;
  const middle = shaft && f.shaftOfSensorAttachedTo === 'middle';
  const when = <T>(cond: boolean, v: T): T | null => (cond ? v : null);
  const pump = f.pumpClassification;
  const coupling = f.couplingClassification;
  const rotodynamic = pump.pump && pump.class === 'rotodynamic';
  const positive = pump.pump && pump.class === 'positiveDisplacement';
  return {
    type: types,
    favoriteTelemetry: f.favoriteTelemetry,
    referenceFrequency: f.referenceFrequencyVariable ? 0 : f.referenceFrequency,
    referenceFrequencyVariable: f.referenceFrequencyVariable,
    bearingBrand: when(bearing, f.bearingBrand),
    bearingId: when(bearing, f.bearing),
    coordinateXAxis: f.coordinateXAxis,
    coordinateYAxis: f.coordinateYAxis,
    coordinateZAxis: f.coordinateZAxis,
    previousFaults: [...new Set(f.previousFaults)],
    machineType: f.machineType,
    driveType: f.driveType,
    motorPower: when(f.driveType === 'electricMotor', f.motorPower),
    transmissionType: f.transmissionType,
    beltType: when(f.transmissionType === 'belt-pulley', f.beltType),
    beltLength: when(f.transmissionType === 'belt-pulley', f.beltLength),
    pulleyRadiusRatio: when(f.transmissionType === 'belt-pulley', f.pulleyRadiusRatio),
    couplingType: when(f.transmissionType === 'coupling', f.couplingType),
    gearboxType: when(gearbox, f.gearboxType),
    gearboxConversionInput: when(gearbox, f.gearboxConversionInput),
    gearboxConversionOutput: when(gearbox, f.gearboxConversionOutput),
    numberOfStages: when(gearbox, f.numberOfStages),
    shaftOfSensorAttachedTo: when(shaft, f.shaftOfSensorAttachedTo),
    numberOfGearTeethAtRingGear: when(planetary, f.numberOfGearTeethAtRingGear),
    numberOfGearTeethAtPlanetGear: when(planetary, f.numberOfGearTeethAtPlanetGear),
    numberOfGearTeethAtSunGear: when(planetary, f.numberOfGearTeethAtSunGear),
    numberOfGearTeethAtDriverShaft: when(shaft, f.numberOfGearTeethAtDriverShaft),
    numberOfGearTeethAtFirstCurrentShaft: when(middle, f.numberOfGearTeethAtFirstCurrentShaft),
    numberOfGearTeethAtSecondCurrentShaft: when(middle, f.numberOfGearTeethAtSecondCurrentShaft),
    numberOfGearTeethAtDrivenShaft: when(shaft, f.numberOfGearTeethAtDrivenShaft),
    transmission_numberOfStages: when(f.transmissionType === 'gear-box', f.transmission_numberOfStages),
    transmission_gearboxConversionInput: when(f.transmissionType === 'gear-box', f.transmission_gearboxConversionInput),
    transmission_gearboxConversionOutput: when(f.transmissionType === 'gear-box', f.transmission_gearboxConversionOutput),
    lastMaintenanceDate: f.lastMaintenanceDate,
    pumpClassification: {
      pump: pump.pump,
      class: when(pump.pump, pump.class),
      rotodynamic: when(rotodynamic, pump.rotodynamic),
      positiveDisplacement: when(positive, pump.positiveDisplacement),
      open: rotodynamic && pump.open,
    },
    couplingClassification: {
      coupling: coupling.coupling,
      class: when(coupling.coupling, coupling.class),
      flexible: when(coupling.coupling && coupling.class === 'flexible', coupling.flexible),
    },
  };
}
