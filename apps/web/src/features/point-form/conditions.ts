import type { PointFormInput } from '@overtone/contract';

/** The form values the visibility rules read (spec 000 §5 "Point form"). */
export type ConditionInputs = Partial<
  Pick<
    PointFormInput,
    | 'type'
    | 'gearboxType'
    | 'shaftOfSensorAttachedTo'
    | 'driveType'
    | 'transmissionType'
    | 'pumpClassification'
    | 'couplingClassification'
  >
>;

/** Which conditional parts of the point form are shown (and sent: hidden values are sent as null). */
export interface Visibility {
  /** Bearing brand, number and fault-frequency factors: the type list includes Bearing. */
  bearing: boolean;
  /** Gearbox type, conversion, stage count: the type list includes GearBox. */
  gearbox: boolean;
  /** Ring, planet and sun teeth: gearbox shown and gearboxType is planetaryGearReducer. */
  planetaryTeeth: boolean;
  /** Sensor shaft selector with driver and driven teeth: gearbox shown and not planetary. */
  shaftTeeth: boolean;
  /** First and second current shaft teeth: shaft teeth shown and the shaft is middle. */
  currentShaftTeeth: boolean;
  /** Motor power (kW): driveType is electricMotor. */
  motorPower: boolean;
  /** Belt type, length and pulley ratio: transmissionType is belt-pulley. */
  belt: boolean;
  /** Coupling type: transmissionType is coupling. */
  couplingType: boolean;
  /**
   * transmission_numberOfStages and transmission_gearboxConversionInput/Output: transmissionType is
   * gear-box (the spec lists the fields without their condition; a gear transmission is the one they
   * describe).
   */
  transmissionGearbox: boolean;
  /** Pump class select: the point is classified as a pump. */
  pumpClass: boolean;
  /** Rotodynamic kind (centrifugal, mixed flow, axial flow) and the open-impeller flag. */
  rotodynamicPump: boolean;
  /** Positive-displacement kind (rotary, reciprocating). */
  positiveDisplacementPump: boolean;
  /** Coupling class select: the point is classified as a coupling. */
  couplingClass: boolean;
  /** Flexible coupling kind (mechanical, elastomeric, membrane). */
  flexibleCoupling: boolean;
}

/** Decides which conditional fields show for these values (pure; spec 000 §5). */
export function visibility(v: ConditionInputs): Visibility {
  const type: readonly string[] = v.type ?? [];
  const gearbox = type.includes('GearBox');
  const planetaryTeeth = gearbox && v.gearboxType === 'planetaryGearReducer';
  const shaftTeeth = gearbox && !planetaryTeeth;
  const pump = v.pumpClassification?.pump === true;
  const coupling = v.couplingClassification?.coupling === true;
  return {
    bearing: type.includes('Bearing'),
    gearbox,
    planetaryTeeth,
    shaftTeeth,
    currentShaftTeeth: shaftTeeth && v.shaftOfSensorAttachedTo === 'middle',
    motorPower: v.driveType === 'electricMotor',
    belt: v.transmissionType === 'belt-pulley',
    couplingType: v.transmissionType === 'coupling',
    transmissionGearbox: v.transmissionType === 'gear-box',
    pumpClass: pump,
    rotodynamicPump: pump && v.pumpClassification?.class === 'rotodynamic',
    positiveDisplacementPump: pump && v.pumpClassification?.class === 'positiveDisplacement',
    couplingClass: coupling,
    flexibleCoupling: coupling && v.couplingClassification?.class === 'flexible',
  };
}

/**
 * A multi-select holding a 'None' entry: picking another entry drops 'None', picking 'None' keeps
 * only it, and an emptied list falls back to `fallback` (['None'] for the point type list, spec 000 §3).
 */
export function exclusiveNone<T extends string>(previous: readonly T[], next: readonly T[], fallback: readonly T[]): T[] {
  const none = 'None' as T;
  const added = next.filter((x) => !previous.includes(x));
  if (added.includes(none)) return [none];
  const rest = next.filter((x) => x !== none);
  return rest.length ? rest : [...fallback];
}
