import { visibility, type PointFormBody } from '@overtone/contract';
import type { PointData } from './repo.ts';

/**
 * The stored form of a point (`tree_nodes.point`, jsonb) from a validated `pointFormBody`, with the
 * fields whose condition does not hold set to null (spec 000 §5 "Conditional fields"), so a stored
 * point never carries values its form hides. The conditions are the web form's, one rule in the
 * contract (`visibility`, packages/contract/src/point-form-conditions.ts):
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
  const show = visibility({ ...f, type: types as PointFormBody['type'] });
  const when = <T>(cond: boolean, v: T): T | null => (cond ? v : null);
  const pump = f.pumpClassification;
  const coupling = f.couplingClassification;
  return {
    type: types,
    favoriteTelemetry: f.favoriteTelemetry,
    referenceFrequency: f.referenceFrequencyVariable ? 0 : f.referenceFrequency,
    referenceFrequencyVariable: f.referenceFrequencyVariable,
    bearingBrand: when(show.bearing, f.bearingBrand),
    bearingId: when(show.bearing, f.bearing),
    coordinateXAxis: f.coordinateXAxis,
    coordinateYAxis: f.coordinateYAxis,
    coordinateZAxis: f.coordinateZAxis,
    previousFaults: [...new Set(f.previousFaults)],
    machineType: f.machineType,
    driveType: f.driveType,
    motorPower: when(show.motorPower, f.motorPower),
    transmissionType: f.transmissionType,
    beltType: when(show.belt, f.beltType),
    beltLength: when(show.belt, f.beltLength),
    pulleyRadiusRatio: when(show.belt, f.pulleyRadiusRatio),
    couplingType: when(show.couplingType, f.couplingType),
    gearboxType: when(show.gearbox, f.gearboxType),
    gearboxConversionInput: when(show.gearbox, f.gearboxConversionInput),
    gearboxConversionOutput: when(show.gearbox, f.gearboxConversionOutput),
    numberOfStages: when(show.gearbox, f.numberOfStages),
    shaftOfSensorAttachedTo: when(show.shaftTeeth, f.shaftOfSensorAttachedTo),
    numberOfGearTeethAtRingGear: when(show.planetaryTeeth, f.numberOfGearTeethAtRingGear),
    numberOfGearTeethAtPlanetGear: when(show.planetaryTeeth, f.numberOfGearTeethAtPlanetGear),
    numberOfGearTeethAtSunGear: when(show.planetaryTeeth, f.numberOfGearTeethAtSunGear),
    numberOfGearTeethAtDriverShaft: when(show.shaftTeeth, f.numberOfGearTeethAtDriverShaft),
    numberOfGearTeethAtFirstCurrentShaft: when(show.currentShaftTeeth, f.numberOfGearTeethAtFirstCurrentShaft),
    numberOfGearTeethAtSecondCurrentShaft: when(show.currentShaftTeeth, f.numberOfGearTeethAtSecondCurrentShaft),
    numberOfGearTeethAtDrivenShaft: when(show.shaftTeeth, f.numberOfGearTeethAtDrivenShaft),
    transmission_numberOfStages: when(show.transmissionGearbox, f.transmission_numberOfStages),
    transmission_gearboxConversionInput: when(show.transmissionGearbox, f.transmission_gearboxConversionInput),
    transmission_gearboxConversionOutput: when(show.transmissionGearbox, f.transmission_gearboxConversionOutput),
    lastMaintenanceDate: f.lastMaintenanceDate,
    pumpClassification: {
      pump: pump.pump,
      class: when(show.pumpClass, pump.class),
      rotodynamic: when(show.rotodynamicPump, pump.rotodynamic),
      positiveDisplacement: when(show.positiveDisplacementPump, pump.positiveDisplacement),
      open: show.rotodynamicPump && pump.open,
    },
    couplingClassification: {
      coupling: coupling.coupling,
      class: when(show.couplingClass, coupling.class),
      flexible: when(show.flexibleCoupling, coupling.flexible),
    },
  };
}
