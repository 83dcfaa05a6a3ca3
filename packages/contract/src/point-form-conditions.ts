import type { PointFormInput } from './point-form.ts';

/**
 * The point form's conditional fields (spec 000 §5 "Point form", "Conditional fields"): which parts
 * show for the values entered. One rule for both apps: the web form shows and sends by it
 * (hidden values are sent as null), the server stores by it (a stored point never carries a value
 * its form hides: apps/server/src/modules/points/form.ts).
 */

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

/**
 * Decides which conditional fields show for these values (pure; spec 000 §5).
 * @param v the form's values (any may be missing while the form is filled in)
 * @returns each conditional part, shown or not
 */
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
