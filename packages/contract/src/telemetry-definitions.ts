import { z } from 'zod';
import { objectId } from './common.ts';

/**
 * A telemetry definition of the customer (spec 002 §3): how a telemetry is named, shown and
 * bounded. `isDefault` marks the customer's default telemetry (exactly one; it is also
 * `preferences.defaultTelemetry`); `builtIn` ones are computed by Overtone and cannot be deleted.
 */
export const telemetryDefinition = z.object({
  _id: objectId,
  name: z.string(),
  displayName: z.string(),
  unit: z.string(),
  hidden: z.boolean(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  isDefault: z.boolean(),
  builtIn: z.boolean(),
  order: z.number().int(),
});
export type TelemetryDefinition = z.infer<typeof telemetryDefinition>;
export const telemetryDefinitionList = z.array(telemetryDefinition);

const bounds = <T extends { minValue?: number | null; maxValue?: number | null }>(v: T) =>
  v.minValue == null || v.maxValue == null || v.minValue <= v.maxValue;

const fields = z.object({
  displayName: z.string().trim().min(1, 'requireDisplayName').max(100),
  unit: z.string().trim().min(1, 'requireUnit').max(20),
  hidden: z.boolean().default(false),
  minValue: z.number().finite().nullable().default(null),
  maxValue: z.number().finite().nullable().default(null),
  isDefault: z.boolean().default(false),
});

/** `POST /telemetry`: `name` is the telemetry code (upper-case letters, digits, underscore). */
export const telemetryCreateBody = fields
  .extend({
    name: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'invalidTelemetryName')),
  })
  .refine(bounds, { message: 'minGreaterThanMax', path: ['minValue'] });
export type TelemetryCreateBody = z.input<typeof telemetryCreateBody>;

/** `PUT /telemetry/{id}`: the name of a definition does not change. */
export const telemetryUpdateBody = fields.refine(bounds, { message: 'minGreaterThanMax', path: ['minValue'] });
export type TelemetryUpdateBody = z.input<typeof telemetryUpdateBody>;

/** `PUT /telemetry/order`: every definition id in the new display order. */
export const telemetryOrderBody = z.object({ ids: z.array(objectId).min(1).max(1000) });

/** `GET /telemetry/sources`: where telemetry values come from (axes, channels, the device itself). */
export const telemetrySource = z.object({ code: z.string(), name: z.string() });
export const telemetrySourceList = z.array(telemetrySource);
