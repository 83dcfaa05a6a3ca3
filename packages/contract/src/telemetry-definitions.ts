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

/**
 * The telemetry Overtone computes for every measurement (packages/dsp `computeTelemetry`, defined in
 * docs/dsp.md), in their default display order, with their default display names (the field's
 * standard terms, English). A customer may rename, bound, hide and reorder them, but not delete
 * them; while a definition keeps its default name the web app shows the name in the user's
 * language (locale namespace `telemetryNames`).
 */
export const BUILT_IN_TELEMETRY = [
  { name: 'GRMS', displayName: 'GRMS', unit: 'g' },
  { name: 'VRMS', displayName: 'VRMS', unit: 'mm/s' },
  { name: 'VRMS_ISO10816', displayName: 'VRMS ISO 10816', unit: 'mm/s' },
  { name: 'PEAK', displayName: 'Peak', unit: 'g' },
  { name: 'PEAK_TO_PEAK', displayName: 'Peak to peak', unit: 'g' },
  { name: 'CREST', displayName: 'Crest factor', unit: '-' },
  { name: 'CREST_STAR', displayName: 'Crest factor*', unit: '-' },
  { name: 'KURTOSIS', displayName: 'Kurtosis', unit: '-' },
  { name: 'SKEWNESS', displayName: 'Skewness', unit: '-' },
  { name: 'CLEARANCE', displayName: 'Clearance factor', unit: '-' },
  { name: 'SHAPE_FACTOR', displayName: 'Shape factor', unit: '-' },
  { name: 'AUTO_CORRELATION', displayName: 'Autocorrelation', unit: '-' },
] as const;
export type BuiltInTelemetryName = (typeof BUILT_IN_TELEMETRY)[number]['name'];

/** The default (English) display name of a built-in telemetry; undefined for any other name. */
export const builtInTelemetryDisplayName = (name: string): string | undefined =>
  BUILT_IN_TELEMETRY.find((t) => t.name === name)?.displayName;

/**
 * The telemetry kinds a device reports itself (spec 002 §9 "Telemetry kinds": TEMPERATURE,
 * pressure, humidity, distance, angle, pitch and roll, RPM, battery voltage, current and voltage on
 * lines L1, L2, L3), by the code it reports, with the unit the value is in and a default English
 * display name (the web app names them in the user's language, namespace `telemetryNames`).
 * Units follow the Duck's sensor types (`DUCK_SENSOR_TYPES`): °C, bar, %RH, mm, ° (degrees), RPM
 * (rev/min), V, A. Not created as definitions: a customer defines one to bound or alarm on it.
 */
export const DEVICE_TELEMETRY = [
  { name: 'TEMPERATURE', displayName: 'Temperature', unit: '°C' },
  { name: 'PRESSURE', displayName: 'Pressure', unit: 'bar' },
  { name: 'HUMIDITY', displayName: 'Humidity', unit: '%RH' },
  { name: 'DISTANCE', displayName: 'Distance', unit: 'mm' },
  { name: 'ANGLE', displayName: 'Angle', unit: '°' },
  { name: 'PITCH', displayName: 'Pitch', unit: '°' },
  { name: 'ROLL', displayName: 'Roll', unit: '°' },
  { name: 'RPM', displayName: 'Speed', unit: 'RPM' },
  { name: 'BATTERY_VOLTAGE', displayName: 'Battery voltage', unit: 'V' },
  { name: 'CURRENT_L1', displayName: 'Current L1', unit: 'A' },
  { name: 'CURRENT_L2', displayName: 'Current L2', unit: 'A' },
  { name: 'CURRENT_L3', displayName: 'Current L3', unit: 'A' },
  { name: 'VOLTAGE_L1', displayName: 'Voltage L1', unit: 'V' },
  { name: 'VOLTAGE_L2', displayName: 'Voltage L2', unit: 'V' },
  { name: 'VOLTAGE_L3', displayName: 'Voltage L3', unit: 'V' },
] as const;
export type DeviceTelemetryName = (typeof DEVICE_TELEMETRY)[number]['name'];

/**
 * A telemetry kind the product knows (built-in or device-reported) by its code, case-insensitive;
 * undefined for a customer's own.
 * @returns `{ name, displayName, unit }`
 */
export const telemetryKindOf = (name: string): { name: string; displayName: string; unit: string } | undefined => {
  const code = name.toUpperCase();
  return BUILT_IN_TELEMETRY.find((t) => t.name === code) ?? DEVICE_TELEMETRY.find((t) => t.name === code);
};
