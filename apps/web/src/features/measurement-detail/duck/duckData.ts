import { z } from 'zod';
import {
  DUCK_SENSOR_TYPES,
  duckChannelKey,
  duckSensor,
  duckSensorTypeOf,
  isDuckMac,
  type MeasurementDetail,
  type TelemetryValue,
} from '@overtone/contract';

/** The sensors of the configuration a Duck measurement was taken with (spec 002 §3 `config.sensors`). */
const duckMeasurementConfig = z.object({ sensors: z.array(duckSensor) });

/**
 * Unit of a sensor type's values: the contract's `DUCK_SENSOR_TYPES` unit (current A, voltage V,
 * accelerometer g — the spec's "G", standard gravity 9.80665 m/s² — temperature °C, pressure bar,
 * tachometer RPM, humidity %RH, angle °, distance mm); g for a type the contract does not know.
 */
export const duckSensorUnit = (sensorType: string): DuckUnit => duckSensorTypeOf(sensorType)?.unit ?? 'g';

/** The unit of a Duck sensor's values (A, V, g, °C, bar, RPM, %RH, °, mm). */
export type DuckUnit = string;

/** One channel of a sensor in the view. */
export interface DuckChannelView {
  /** input 1 … 8 */
  order: number;
  /** data key and telemetry source, `channel_{order}` */
  key: string;
  /** the sensor type's channel code, e.g. `current_l1` ('' when unknown) */
  code: string;
  /** the measurement holds samples for it */
  hasData: boolean;
}

/** One sensor of a Duck measurement. */
export interface DuckSensorView {
  /** stable id in the view: the group code (orders joined by '|') */
  id: string;
  /** sensor type name (accelerometer, current, voltage, …) */
  type: string;
  displayName: string;
  unit: DuckUnit;
  channels: DuckChannelView[];
}

/**
 * The Duck configuration a measurement detail carries, if any: `config` or `duckConfig` with
 * `sensors` (spec 002 §3). The contract's `MeasurementDetail` does not declare it yet, so it is read
 * leniently; null when absent or not a Duck configuration.
 */
export function duckConfigOf(m: MeasurementDetail): z.infer<typeof duckMeasurementConfig> | null {
  const raw = m as MeasurementDetail & { config?: unknown; duckConfig?: unknown };
  for (const candidate of [raw.config, raw.duckConfig]) {
    const r = duckMeasurementConfig.safeParse(candidate);
    if (r.success) return r.data;
  }
  return null;
}

/** Whether a measurement is a Duck's (device type DUCKV1, a Duck MAC, or a Duck configuration in the detail). */
export const isDuckMeasurement = (m: MeasurementDetail) =>
  m.device.type === 'DUCKV1' || isDuckMac(m.macAddress) || duckConfigOf(m) !== null;

const CHANNEL_KEY = /^channel_([1-8])$/;
const hasSamples = (m: MeasurementDetail, key: string) => (m.data[key]?.length ?? 0) >= 2;

/** Sensor type of a channel known only by the unit of its samples (no configuration in the detail). */
const typeOfUnit = (unit: string): string => {
  const u = unit.trim();
  return DUCK_SENSOR_TYPES.find((t) => t.unit === u)?.name ?? 'accelerometer';
};

/**
 * The sensors of a Duck measurement with their channels. From the configuration when the detail
 * carries one; otherwise from the `channel_{order}` keys of `measurementData`, `data` and the
 * telemetry, one sensor per unit (the contract sensor type of that unit: A current, V voltage …; else accelerometer).
 */
export function duckSensors(m: MeasurementDetail): DuckSensorView[] {
  const cfg = duckConfigOf(m);
  if (cfg)
    return cfg.sensors.map((s) => ({
      id: s.groupCode || s.channels.map((c) => c.order).join('|'),
      type: s.name,
      displayName: s.displayName,
      unit: duckSensorUnit(s.name),
      channels: s.channels.map((c) => ({
        order: c.order,
        key: duckChannelKey(c.order),
        code: c.channel,
        hasData: hasSamples(m, duckChannelKey(c.order)),
      })),
    }));
  const units = new Map<number, string>();
  for (const d of m.measurementData) {
    const o = CHANNEL_KEY.exec(d.key);
    if (o) units.set(Number(o[1]), d.unit);
  }
  for (const key of [...Object.keys(m.data), ...m.telemetry.map((r) => r.source)]) {
    const o = CHANNEL_KEY.exec(key);
    if (o && !units.has(Number(o[1]))) units.set(Number(o[1]), unitOfTelemetry(m.telemetry, key));
  }
  const byType = new Map<string, DuckSensorView>();
  for (const order of [...units.keys()].sort((a, b) => a - b)) {
    const type = typeOfUnit(units.get(order)!);
    let s = byType.get(type);
    if (!s) {
      s = { id: type, type, displayName: type, unit: duckSensorUnit(type), channels: [] };
      byType.set(type, s);
    }
    s.channels.push({ order, key: duckChannelKey(order), code: '', hasData: hasSamples(m, duckChannelKey(order)) });
  }
  return [...byType.values()].map((s) => ({ ...s, id: s.channels.map((c) => c.order).join('|') }));
}

/** The level unit the server gave the telemetry of a channel (A, V or g), '' when none. */
function unitOfTelemetry(rows: readonly TelemetryValue[], source: string) {
  return rows.find((r) => r.source === source && ['A', 'V', 'g', 'G'].includes(r.unit))?.unit ?? '';
}

/** Telemetry values of a Duck sensor type are shown in the sensor's unit; these are levels of the signal. */
const LEVEL_UNITS = new Set(['g', 'G', 'A', 'V']);

/**
 * The unit shown next to a telemetry value of a sensor (spec 002 §2): the sensor's unit (current A,
 * voltage V, otherwise g) for the levels of the signal; a unit of its own (mm/s) as it is; '' for a
 * ratio (crest, kurtosis …).
 */
export const telemetryUnit = (row: TelemetryValue, sensorUnit: string) => (LEVEL_UNITS.has(row.unit) ? sensorUnit : row.unit);

/** Whether a sensor measures vibration (accelerometer, g): its spectrum offers bearing fault frequencies. */
export const isVibrationSensor = (s: Pick<DuckSensorView, 'type' | 'unit'>) => s.type === 'accelerometer' && s.unit === 'g';

/**
 * Whether a sensor measures the electrical supply (current A or voltage V, spec 002 §2 "The
 * electrical time chart"): its channels get a time waveform with DC offset, audio and CSV.
 */
export const isElectricalSensor = (s: Pick<DuckSensorView, 'type'>) => s.type === 'current' || s.type === 'voltage';

/** Whether a sensor type is known to the contract (for its translated name). */
export const isKnownSensorType = (name: string) => duckSensorTypeOf(name) !== undefined;
