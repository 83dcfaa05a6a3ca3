import { z } from 'zod';
import { healthState } from './tree.ts';
import { bearing } from './bearing.ts';
import {
  BELT_TYPES,
  DRIVE_TYPES,
  GEARBOX_TYPES,
  MACHINE_TYPES,
  PREVIOUS_FAULTS,
  SENSOR_SHAFTS,
  TRANSMISSION_TYPES,
  COUPLING_CLASSES,
  FLEXIBLE_COUPLINGS,
  POSITIVE_DISPLACEMENT_PUMPS,
  PUMP_CLASSES,
  ROTODYNAMIC_PUMPS,
  pointFormBody,
  pointMoveBody,
} from './point-form.ts';

/** Measurement profile of a point's sensor: indices of the Senseway protocol (§4). */
export const measurementProfile = z.object({
  sampleSize: z.number().int().min(10).max(50000),
  samplingRate: z.number().int().min(5).max(10),
  accelerometerRange: z.number().int().min(1).max(4),
  sensorSelection: z.number().int().min(0).max(3),
  window: z.string(),
});
export type MeasurementProfile = z.infer<typeof measurementProfile>;

/** A stored image of a point: its object key (for `deleteImage`) and a URL the browser can GET (signed, expires). */
export const pointImage = z.object({ key: z.string(), url: z.string() });
export type PointImage = z.infer<typeof pointImage>;

/**
 * `GET /point/{id}`: the point record. The form fields are those of `pointFormBody` as stored (the
 * server nulls the ones whose condition does not hold, spec 000 §5); `bearing` is the whole bearing
 * (or null), `images` the uploaded images, oldest first. Units: referenceFrequency Hz, motorPower kW,
 * beltLength cm.
 */
export const point = z.object({
  _id: z.string(),
  name: z.string(),
  tagCode: z.string(),
  parent: z.string(),
  path: z.array(z.string()),
  type: z.array(z.string()),
  favoriteTelemetry: z.string().nullable(),
  referenceFrequency: z.number(),
  referenceFrequencyVariable: z.boolean(),
  bearingBrand: z.string().nullable(),
  bearing: bearing.nullable(),
  coordinateXAxis: z.enum(['xAxis', 'yAxis', 'zAxis']),
  coordinateYAxis: z.enum(['xAxis', 'yAxis', 'zAxis']),
  coordinateZAxis: z.enum(['xAxis', 'yAxis', 'zAxis']),
  health: healthState,
  device: z.object({ _id: z.string(), macAddress: z.string(), gateway: z.string().nullable(), type: z.string() }).nullable(),
  profile: measurementProfile.nullable(),
  previousFaults: z.array(z.enum(PREVIOUS_FAULTS)),
  machineType: z.enum(MACHINE_TYPES).nullable(),
  driveType: z.enum(DRIVE_TYPES).nullable(),
  motorPower: z.number().nullable(),
  transmissionType: z.enum(TRANSMISSION_TYPES).nullable(),
  beltType: z.enum(BELT_TYPES).nullable(),
  beltLength: z.number().nullable(),
  pulleyRadiusRatio: z.number().nullable(),
  couplingType: z.string().nullable(),
  gearboxType: z.enum(GEARBOX_TYPES).nullable(),
  gearboxConversionInput: z.number().nullable(),
  gearboxConversionOutput: z.number().nullable(),
  numberOfStages: z.number().int().nullable(),
  shaftOfSensorAttachedTo: z.enum(SENSOR_SHAFTS).nullable(),
  numberOfGearTeethAtRingGear: z.number().int().nullable(),
  numberOfGearTeethAtPlanetGear: z.number().int().nullable(),
  numberOfGearTeethAtSunGear: z.number().int().nullable(),
  numberOfGearTeethAtDriverShaft: z.number().int().nullable(),
  numberOfGearTeethAtFirstCurrentShaft: z.number().int().nullable(),
  numberOfGearTeethAtSecondCurrentShaft: z.number().int().nullable(),
  numberOfGearTeethAtDrivenShaft: z.number().int().nullable(),
  transmission_numberOfStages: z.number().int().nullable(),
  transmission_gearboxConversionInput: z.number().nullable(),
  transmission_gearboxConversionOutput: z.number().nullable(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  lastMaintenanceDate: z.string().nullable(),
  pumpClassification: z.object({
    pump: z.boolean(),
    class: z.enum(PUMP_CLASSES).nullable(),
    rotodynamic: z.enum(ROTODYNAMIC_PUMPS).nullable(),
    positiveDisplacement: z.enum(POSITIVE_DISPLACEMENT_PUMPS).nullable(),
    open: z.boolean(),
  }),
  couplingClassification: z.object({
    coupling: z.boolean(),
    class: z.enum(COUPLING_CLASSES).nullable(),
    flexible: z.enum(FLEXIBLE_COUPLINGS).nullable(),
  }),
  images: z.array(pointImage),
});
export type Point = z.infer<typeof point>;
export const pointList = z.array(point);

/** `GET /point?points=id1,id2`: the points asked for (comma list, at most 200 ids). */
export const pointListQuery = z.object({
  points: z
    .string()
    .default('')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string()).max(200)),
});

/**
 * `PUT /point/{id}`: a move (`pointMoveBody`, recognised by its `tagGroup`) or the full form
 * (`pointFormBody`). The server validates a body with `tagGroup` as a move, any other as the form.
 */
export const pointUpdateBody = z.union([pointMoveBody, pointFormBody]);
