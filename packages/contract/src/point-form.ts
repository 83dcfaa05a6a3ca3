import { z } from 'zod';

/**
 * The point create/edit form (spec 000 §3 "Point" and "Enumerations for the point form", §5
 * "Point form"). Values are the spec's wire values; labels live in the web app's `pointForm`
 * locale namespace under the same keys.
 */

/**
 * Sensor-position types of a point (multi; default ['None']): spec 000 §3 and 002 §9, the base list
 * and its extended one (Blower … Chillers).
 */
export const POINT_TYPES = [
  'None',
  'Bearing',
  'Electric Motor',
  'GearBox',
  'Pump',
  'Roll',
  'Fan',
  'Pulley',
  'Spindle',
  'pulley-belt',
  'Blower',
  'Compressor',
  'Generator-MotorSet',
  'Large Turbine / Generator',
  'Chillers',
] as const;
export const MACHINE_TYPES = [
  'fan',
  'press',
  'cNC',
  'compressor',
  'pump',
  'Coupling',
  'generator',
  'conveyor',
  'rolling',
  'saw',
  'mixingDrum',
  'Blister(Packing)',
  'postBinBlender',
  'camBlister',
] as const;
export const BELT_TYPES = ['Vbelt', 'timingTimingBelt', 'polyV-belt', 'conveyorBandBelt'] as const;
export const GEARBOX_TYPES = [
  'spurGearReducer',
  'WormGearReducer',
  'helicalGearReducer',
  'bevelGearReducer',
  'BevelGearReducer',
  'HypoidGearReducer',
  'harmonicReducer',
  'parallelGearReducer',
  'planetaryGearReducer',
  'SpineaReducer',
] as const;
/** Drive types; `electricMotor` is the value the motor-power condition tests. */
export const DRIVE_TYPES = ['internalCombustionEngine', 'electricMotor', 'turbine'] as const;
/** Transmission types (spec 000 §3, 002 §9: the universal-joint (cardan shaft) one from the extended list). */
export const TRANSMISSION_TYPES = ['belt-pulley', 'gear-box', 'coupling', 'coupled', 'CAMshaftBased', 'universal-joint'] as const;
export const PREVIOUS_FAULTS = ['None', 'Unbalance', 'Misalignment', 'Loosening', 'Bearing failure', 'Others'] as const;
export const SENSOR_SHAFTS = ['input', 'middle', 'output'] as const;
export const COORDINATE_AXES = ['xAxis', 'yAxis', 'zAxis'] as const;
/** Bearing brands offered by the form (the spec's spelling SCHAFFLER kept on the wire). */
export const BEARING_BRANDS = ['SKF', 'NTN', 'SCHAFFLER'] as const;
/**
 * Pump classification chain: pump → rotodynamic (centrifugal, mixedFlow, axialFlow) or
 * positiveDisplacement (rotary, reciprocating); `open` marks an open (unshrouded) impeller.
 */
export const PUMP_CLASSES = ['rotodynamic', 'positiveDisplacement'] as const;
export const ROTODYNAMIC_PUMPS = ['centrifugal', 'mixedFlow', 'axialFlow'] as const;
export const POSITIVE_DISPLACEMENT_PUMPS = ['rotary', 'reciprocating'] as const;
/** Coupling classification chain: coupling → rigid, or flexible → mechanical, elastomeric, membrane. */
export const COUPLING_CLASSES = ['rigid', 'flexible'] as const;
export const FLEXIBLE_COUPLINGS = ['mechanical', 'elastomeric', 'membrane'] as const;

/** `YYYY-MM-DD HH:mm:ss` (spec 000 §5, §7). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A tag code as typed: trimmed, upper-cased, everything but letters, digits and spaces removed,
 * without its '#' / '$' prefix (spec 000 §5). Letters include non-ASCII ones (Ç, Ş, Ü …).
 */
export function sanitizeTagCode(input: string): string {
  return input
    .replace(/^[#$]/, '')
    .toLocaleUpperCase('en-US')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();
}

const nonNegative = z.number().min(0, 'mustNotBeNegative');
const count = z.number().int().min(0, 'mustNotBeNegative');
const opt = <T extends z.ZodType>(t: T) => t.nullable().default(null);

/** Pump classification (chain of spec 000 §3). */
export const pumpClassification = z.object({
  pump: z.boolean().default(false),
  class: opt(z.enum(PUMP_CLASSES)),
  rotodynamic: opt(z.enum(ROTODYNAMIC_PUMPS)),
  positiveDisplacement: opt(z.enum(POSITIVE_DISPLACEMENT_PUMPS)),
  open: z.boolean().default(false),
});
/** Coupling classification (chain of spec 000 §3). */
export const couplingClassification = z.object({
  coupling: z.boolean().default(false),
  class: opt(z.enum(COUPLING_CLASSES)),
  flexible: opt(z.enum(FLEXIBLE_COUPLINGS)),
});

/**
 * Body of `POST /group/{parentGroupId}/point` and of the full-form `PUT /point/{id}`. The server
 * nulls the fields whose condition does not hold (gearbox fields without GearBox in `type`, belt
 * fields unless belt-pulley, …: spec 000 §5) so that a stored point never carries hidden values.
 * Units: referenceFrequency Hz (step 0.5 in the form), motorPower kW, beltLength cm.
 */
export const pointFormBody = z.object({
  name: z.string().trim().min(1, 'pleaseEnterName').max(200),
  /** Without the '$' prefix; sanitised like {@link sanitizeTagCode}. */
  tagCode: z.string().transform(sanitizeTagCode).pipe(z.string().min(1, 'pleaseInputTagCode').max(64)),
  type: z.array(z.enum(POINT_TYPES)).default(['None']),
  favoriteTelemetry: opt(z.string().max(64)),
  bearingBrand: opt(z.string().max(64)),
  /** Id of a bearing from `GET /bearingSpesifications`. */
  bearing: opt(z.string()),
  coordinateXAxis: z.enum(COORDINATE_AXES).default('xAxis'),
  coordinateYAxis: z.enum(COORDINATE_AXES).default('yAxis'),
  coordinateZAxis: z.enum(COORDINATE_AXES).default('zAxis'),
  referenceFrequency: nonNegative.default(0),
  referenceFrequencyVariable: z.boolean().default(false),
  previousFaults: z.array(z.enum(PREVIOUS_FAULTS)).default([]),
  machineType: opt(z.enum(MACHINE_TYPES)),
  driveType: opt(z.enum(DRIVE_TYPES)),
  motorPower: opt(nonNegative),
  transmissionType: opt(z.enum(TRANSMISSION_TYPES)),
  beltType: opt(z.enum(BELT_TYPES)),
  beltLength: opt(nonNegative),
  pulleyRadiusRatio: opt(nonNegative),
  couplingType: opt(z.string().max(64)),
  gearboxType: opt(z.enum(GEARBOX_TYPES)),
  gearboxConversionInput: opt(nonNegative),
  gearboxConversionOutput: opt(nonNegative),
  numberOfStages: opt(count),
  shaftOfSensorAttachedTo: opt(z.enum(SENSOR_SHAFTS)),
  numberOfGearTeethAtRingGear: opt(count),
  numberOfGearTeethAtPlanetGear: opt(count),
  numberOfGearTeethAtSunGear: opt(count),
  numberOfGearTeethAtDriverShaft: opt(count),
  numberOfGearTeethAtFirstCurrentShaft: opt(count),
  numberOfGearTeethAtSecondCurrentShaft: opt(count),
  numberOfGearTeethAtDrivenShaft: opt(count),
  transmission_numberOfStages: opt(count),
  transmission_gearboxConversionInput: opt(nonNegative),
  transmission_gearboxConversionOutput: opt(nonNegative),
  lastMaintenanceDate: opt(z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime')),
  pumpClassification: pumpClassification.default({
    pump: false,
    class: null,
    rotodynamic: null,
    positiveDisplacement: null,
    open: false,
  }),
  couplingClassification: couplingClassification.default({ coupling: false, class: null, flexible: null }),
  /** An image will be uploaded: the answer carries `S3URL` for it (spec 000 §7). */
  imageBool: z.boolean().default(false),
  /** File name of that image (its content type is checked by the upload policy). */
  imageName: opt(z.string().max(200)),
  /** Keys of stored images to delete. */
  deleteImage: z.array(z.string()).default([]),
});
export type PointFormBody = z.infer<typeof pointFormBody>;
export type PointFormInput = z.input<typeof pointFormBody>;

/**
 * Form fields of a point beyond the core ones (spec 000 §3 "Point"), as `pointFormBody` names them;
 * null where the form's condition does not hold (apps/server/src/modules/points/form.ts). Units: motorPower kW, beltLength cm.
 */
export type PointFormExtras = Omit<
  PointFormBody,
  | 'name'
  | 'tagCode'
  | 'type'
  | 'favoriteTelemetry'
  | 'bearingBrand'
  | 'bearing'
  | 'coordinateXAxis'
  | 'coordinateYAxis'
  | 'coordinateZAxis'
  | 'referenceFrequency'
  | 'referenceFrequencyVariable'
  | 'imageBool'
  | 'imageName'
  | 'deleteImage'
>;

/** The form extras of a point that has none (no drive train, no classification, no faults). */
export const emptyPointFormExtras = (): PointFormExtras => ({
  previousFaults: [],
  machineType: null,
  driveType: null,
  motorPower: null,
  transmissionType: null,
  beltType: null,
  beltLength: null,
  pulleyRadiusRatio: null,
  couplingType: null,
  gearboxType: null,
  gearboxConversionInput: null,
  gearboxConversionOutput: null,
  numberOfStages: null,
  shaftOfSensorAttachedTo: null,
  numberOfGearTeethAtRingGear: null,
  numberOfGearTeethAtPlanetGear: null,
  numberOfGearTeethAtSunGear: null,
  numberOfGearTeethAtDriverShaft: null,
  numberOfGearTeethAtFirstCurrentShaft: null,
  numberOfGearTeethAtSecondCurrentShaft: null,
  numberOfGearTeethAtDrivenShaft: null,
  transmission_numberOfStages: null,
  transmission_gearboxConversionInput: null,
  transmission_gearboxConversionOutput: null,
  lastMaintenanceDate: null,
  pumpClassification: { pump: false, class: null, rotodynamic: null, positiveDisplacement: null, open: false },
  couplingClassification: { coupling: false, class: null, flexible: null },
});

/** Body of the move-only `PUT /point/{id}` (tree move mode): the new parent group in `tagGroup`. */
export const pointMoveBody = z.object({
  tagGroup: z.string(),
  name: z.string().optional(),
  tagCode: z.string().optional(),
  type: z.array(z.string()).optional(),
  referenceFrequency: z.number().optional(),
});

/** An S3 presigned POST (`url` and form `fields`; the file goes last as the `file` part). */
export const s3PresignedPost = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type S3PresignedPost = z.infer<typeof s3PresignedPost>;

/** Answer of point create / full edit: the id, and `S3URL` when `imageBool` asked for an upload. */
export const pointSaveAnswer = z.object({ _id: z.string(), S3URL: s3PresignedPost.nullable() });
export type PointSaveAnswer = z.infer<typeof pointSaveAnswer>;
