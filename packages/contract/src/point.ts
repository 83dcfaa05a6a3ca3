import { z } from 'zod';
import { healthState } from './tree.ts';
import { bearing } from './bearing.ts';

/** Measurement profile of a point's sensor: indices of the Senseway protocol (§4). */
export const measurementProfile = z.object({
  sampleSize: z.number().int().min(10).max(50000),
  samplingRate: z.number().int().min(5).max(10),
  accelerometerRange: z.number().int().min(1).max(4),
  sensorSelection: z.number().int().min(0).max(3),
  window: z.string(),
});
export type MeasurementProfile = z.infer<typeof measurementProfile>;

/** `GET /point/{id}`: the point record (subset used by this slice; the full form comes with the tree issue). */
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
});
export type Point = z.infer<typeof point>;
