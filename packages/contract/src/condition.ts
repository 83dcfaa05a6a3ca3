import { z } from 'zod';
import { alarmLevel } from './alarms.ts';
import { objectId } from './common.ts';
import { faultReport } from './fault-reports.ts';
import { gatewayStatus } from './iot.ts';
import { healthState } from './tree.ts';

/**
 * The point's "condition control" tab (spec 001 §2 point detail tabs; issue 16): the point's
 * condition at a glance, `GET /point/{id}/condition`. Design and sources: docs/condition-control.md.
 */

/** ISO 10816-1 machine classes (Annex B): I small, II medium, III large rigid, IV large soft foundation. */
export const MACHINE_CLASSES = ['I', 'II', 'III', 'IV'] as const;
export type ConditionMachineClass = (typeof MACHINE_CLASSES)[number];

/** ISO 10816-1 evaluation zones (§5.3.1): A new, B unrestricted long-term, C limited period, D damage. */
export const ISO_ZONES = ['A', 'B', 'C', 'D'] as const;
export type IsoZone = (typeof ISO_ZONES)[number];

/** The alarm health a zone stands for (the built-in ISO alarms' levels, docs/alarms.md): A healthy … D critical. */
export const ZONE_HEALTH: Record<IsoZone, 'healthy' | 'attention' | 'hazard' | 'critical'> = {
  A: 'healthy',
  B: 'attention',
  C: 'hazard',
  D: 'critical',
};

/** Accelerometer axes of a SenseWay sensor, in display order. */
export const CONDITION_AXES = ['x', 'y', 'z'] as const;
export type ConditionAxis = (typeof CONDITION_AXES)[number];

/** Days of the health history strip (the trend's default range, spec 001 §9: the last 30 days). */
export const CONDITION_HISTORY_DAYS = 30;

/**
 * One axis on the zone chart: its latest broadband velocity r.m.s. over 10 … 1000 Hz
 * (`VRMS_ISO10816`, mm/s, computed by Overtone from the waveform) and its zone for the point's class.
 */
export const conditionAxisValue = z.object({
  axis: z.enum(CONDITION_AXES),
  /** Telemetry source (`accelerometer_x` …). */
  source: z.string(),
  /** mm/s r.m.s. */
  value: z.number(),
  zone: z.enum(ISO_ZONES),
  /** Measured time, ISO 8601. */
  measuredAt: z.string(),
  measurementId: objectId,
});
export type ConditionAxisValue = z.infer<typeof conditionAxisValue>;

/** One day of the health history: the worst alarm level the point had that day (customer's calendar day). */
export const conditionHealthDay = z.object({
  /** `YYYY-MM-DD` in the customer's time zone. */
  date: z.string(),
  /** Worst level of the day; `unknown` (−1) before any alarm of the point was evaluated. */
  level: alarmLevel,
});
export type ConditionHealthDay = z.infer<typeof conditionHealthDay>;

/** An alarm of the point that is not healthy now: metric, frequency-peak or no-data. */
export const conditionActiveAlarm = z.object({
  /** The alarm's id (`nodata:{point}` for the no-data alarm). */
  alarmId: z.string(),
  kind: z.enum(['metric', 'frequencyPeak', 'noData']),
  name: z.string(),
  telemetry: z.string(),
  source: z.string(),
  level: alarmLevel,
  /** The value that decided the level, in the alarm's unit (docs/alarms.md "Score"); null when unknown. */
  score: z.number().nullable(),
  /** When the alarm reached its current level (its last transaction), ISO 8601; null when unknown. */
  since: z.string().nullable(),
  measurementId: objectId.nullable(),
});
export type ConditionActiveAlarm = z.infer<typeof conditionActiveAlarm>;

/** The point's sensor: registry entry, battery, signal of its latest scan, last measurement. */
export const conditionSensor = z.object({
  /** The device attached to the point, null when none. */
  device: z.object({ macAddress: z.string(), type: z.string(), gateway: z.string().nullable() }).nullable(),
  /** Latest device-reported battery voltage (V) and when; null when never reported. */
  battery: z.object({ volts: z.number(), at: z.string() }).nullable(),
  /** Latest scan of the device by one of the customer's gateways; status `unknown` when older than 5 min. */
  signal: z.object({ rssi: z.number().nullable(), gateway: z.string(), status: gatewayStatus, scannedAt: z.string() }).nullable(),
  /** The point's last persisted (or partial) measurement; null when none. */
  lastMeasurement: z.object({ _id: objectId, at: z.string(), type: z.string() }).nullable(),
  /** Open sensor-integrity reports of the diagnosis (detectionType `sensor`); null without readFaultReport. */
  integrityReports: z.array(faultReport).nullable(),
});
export type ConditionSensor = z.infer<typeof conditionSensor>;

/**
 * `GET /point/{id}/condition` (readPoint). Parts the caller may not read are null: `activeAlarms` and
 * `health.history` without readAlarm (spec 001 §6), `faultReports` and `sensor.integrityReports`
 * without readFaultReport.
 */
export const conditionResponse = z.object({
  point: z.object({ _id: objectId, name: z.string(), health: healthState }),
  iso10816: z.object({
    machineClass: z.enum(MACHINE_CLASSES),
    /** Where the class comes from: the point's motor power, or the default (II) without one. */
    classSource: z.enum(['motorPower', 'default']),
    motorPowerKw: z.number().nullable(),
    /** Zone boundaries A/B, B/C, C/D, mm/s (ISO 10816-1:1995 Annex B Table B.1). */
    boundaries: z.tuple([z.number(), z.number(), z.number()]),
    /** Latest value per axis that has one (x, y, z order); empty without measurements. */
    axes: z.array(conditionAxisValue),
  }),
  health: z.object({
    /** The point's health now (the worst active alarm level, `tree_nodes.health`). */
    current: healthState,
    /** One entry per day, oldest first, the last one today; null without readAlarm. */
    history: z.array(conditionHealthDay).nullable(),
  }),
  /** Open machine-fault reports, most severe first; null without readFaultReport. */
  faultReports: z.array(faultReport).nullable(),
  /** Alarms not healthy now, most severe first; null without readAlarm. */
  activeAlarms: z.array(conditionActiveAlarm).nullable(),
  sensor: conditionSensor,
  /** The periodic measurement job (`schedulerJob`), null when the point has no periodic setting. */
  nextMeasurement: z
    .object({
      nextRunAt: z.string(),
      lastRunAt: z.string().nullable(),
      failedAt: z.string().nullable(),
      failReason: z.string().nullable(),
    })
    .nullable(),
});
export type ConditionResponse = z.infer<typeof conditionResponse>;
