import type { Kysely } from 'kysely';
import { ISO10816_ZONE_BOUNDARIES_MM_PER_S, iso10816Zone } from '@overtone/dsp';
import {
  CONDITION_AXES,
  CONDITION_HISTORY_DAYS,
  FAULT_SEVERITIES,
  alarmLevelOf,
  healthState,
  type ConditionActiveAlarm,
  type ConditionResponse,
  type FaultReport,
  type Language,
  senseway,
} from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { machineClassOf } from '../alarms/levels.ts';
import { SCAN_STALE_MS, latestBattery } from '../devices/repo.ts';
import { listReports } from '../fault-reports/repo.ts';
import { toFaultReports } from '../fault-reports/service.ts';
import { scansOfDevice } from '../iot/repo.ts';
import { attachedDevice } from '../point-config/repo.ts';
import { findJob, toSchedulerJob } from '../scheduler/repo.ts';
import { dailyWorstLevels, historyStart } from './history.ts';
import {
  activeAlarmRows,
  alarmStatesOf,
  conditionNodeOf,
  firstMeasurementAt,
  latestComputedValues,
  lastMeasurementOf,
  levelChangesSince,
} from './repo.ts';
import { alarmNameIn } from '../alarms/built-in-name.ts';

type Db = Kysely<DB>;

/** What the caller may read beyond the point (spec 001 §6): alarms (readAlarm) and fault reports (readFaultReport). */
export interface ConditionAccess {
  readAlarm: boolean;
  readFaultReport: boolean;
}

/** The telemetry the zone chart reads: velocity r.m.s. 10 … 1000 Hz, mm/s (packages/dsp `computeTelemetry`). */
export const ZONE_TELEMETRY = 'VRMS_ISO10816';

/** Open reports read for the tab; a point holds at most one open report per fault code, so this is all of them. */
const OPEN_REPORTS_LIMIT = 100;

const severityRank = (r: FaultReport) => FAULT_SEVERITIES.indexOf(r.severity);
const iso = (d: Date) => d.toISOString();

/**
 * The point's condition at a glance (`GET /point/{id}/condition`; docs/condition-control.md).
 *
 * Parameters
 * ----------
 * db : Kysely<DB>
 * customerId, pointId : string
 *     The point, already checked to be the customer's (with-point.ts).
 * access : ConditionAccess
 *     Parts the caller may not read are answered null.
 * lang : Language
 *     Language of the fault reports' texts.
 * offsetMinutes : number
 *     The customer's time zone (minutes east of UTC): the health history's calendar days.
 * now : Date, default the current time
 *
 * Returns
 * -------
 * ConditionResponse
 *     - `iso10816`: the point's machine class (ISO 10816-1 Annex B, from its motor power: I ≤ 15 kW,
 *       II ≤ 75 kW, III above, II when unknown; `machineClassOf`), its zone boundaries (mm/s) and
 *       per axis the latest `VRMS_ISO10816` value with its zone (boundaries belong to the lower zone);
 *     - `health`: the point's health now and the worst alarm level of each of the last 30 days;
 *     - `faultReports`: open machine-fault reports, most severe first, then newest;
 *     - `activeAlarms`: alarms above healthy, most severe first;
 *     - `sensor`: device, battery (V), latest scan (RSSI dBm, status), last measurement, open
 *       sensor-integrity reports;
 *     - `nextMeasurement`: the periodic job, null without a periodic setting.
 */
export async function conditionOf(
  db: Db,
  customerId: string,
  pointId: string,
  access: ConditionAccess,
  lang: Language,
  offsetMinutes: number,
  now = new Date(),
): Promise<ConditionResponse> {
  const node = await conditionNodeOf(db, customerId, pointId);
  const motorPower = (node.point as { motorPower?: unknown } | null)?.motorPower;
  const motorPowerKw = typeof motorPower === 'number' && motorPower > 0 ? motorPower : null;
  const machineClass = machineClassOf(motorPowerKw);
  const boundaries = ISO10816_ZONE_BOUNDARIES_MM_PER_S[machineClass];

  const [values, device, lastMeasurement, job, reports, alarms, history] = await Promise.all([
    latestComputedValues(
      db,
      customerId,
      pointId,
      ZONE_TELEMETRY,
      CONDITION_AXES.map((a) => `accelerometer_${a}`),
    ),
    attachedDevice(db, customerId, pointId),
    lastMeasurementOf(db, customerId, pointId),
    findJob(db, customerId, pointId),
    access.readFaultReport ? openReports(db, customerId, pointId, lang) : null,
    access.readAlarm ? activeAlarms(db, customerId, pointId, lang) : null,
    access.readAlarm ? healthHistory(db, customerId, pointId, offsetMinutes, now) : null,
  ]);
  const [battery, scans] = device
    ? await Promise.all([latestBattery(db, customerId, device.mac), scansOfDevice(db, customerId, device.mac)])
    : [null, []];
  const scan = scans[0];
  const health = healthState.safeParse(node.health);

  return {
    point: { _id: node.id, name: node.name, health: health.success ? health.data : 'unknown' },
    iso10816: {
      machineClass,
      classSource: motorPowerKw === null ? 'default' : 'motorPower',
      motorPowerKw,
      boundaries: [boundaries[0], boundaries[1], boundaries[2]],
      axes: values
        .filter((v) => Number.isFinite(v.value) && v.value >= 0)
        .map((v) => ({
          axis: v.source.slice(-1) as (typeof CONDITION_AXES)[number],
          source: v.source,
          value: v.value,
          zone: iso10816Zone(v.value, machineClass),
          measuredAt: iso(v.measured_at),
          measurementId: v.measurement_id,
        })),
    },
    health: { current: health.success ? health.data : 'unknown', history },
    faultReports: reports ? reports.filter((r) => r.detectionType === 'machine') : null,
    activeAlarms: alarms,
    sensor: {
      device: device ? { macAddress: device.mac, type: device.type, gateway: device.gateway_mac } : null,
      battery:
        battery && battery.batteryLevel !== null && battery.batteryLevelDate !== null
          ? { volts: battery.batteryLevel, at: battery.batteryLevelDate }
          : null,
      signal: scan
        ? {
            rssi: scan.rssi,
            gateway: scan.gateway_mac,
            status:
              now.getTime() - new Date(scan.scanned_at).getTime() > SCAN_STALE_MS
                ? 'unknown'
                : senseway.normalizeDeviceStatus(scan.status),
            scannedAt: iso(new Date(scan.scanned_at)),
          }
        : null,
      lastMeasurement: lastMeasurement
        ? { _id: lastMeasurement.id, at: iso(lastMeasurement.at), type: lastMeasurement.type }
        : null,
      integrityReports: reports ? reports.filter((r) => r.detectionType === 'sensor') : null,
    },
    nextMeasurement: job ? toSchedulerJob(job) : null,
  };
}

/** The point's open reports as the API answers them, most severe first, then newest. */
async function openReports(db: Db, customerId: string, pointId: string, lang: Language): Promise<FaultReport[]> {
  const { rows } = await listReports(db, customerId, pointId, { pageSize: OPEN_REPORTS_LIMIT, pageNumber: 1, status: 'open' });
  const reports = await toFaultReports(db, customerId, rows, lang);
  return reports.sort((a, b) => severityRank(b) - severityRank(a) || b.createdAt.localeCompare(a.createdAt));
}

/** The point's alarms above healthy (contract `conditionActiveAlarm`). */
async function activeAlarms(db: Db, customerId: string, pointId: string, lang: Language): Promise<ConditionActiveAlarm[]> {
  const rows = await activeAlarmRows(db, customerId, pointId);
  return rows.map((r) => ({
    alarmId: r.alarm_id,
    kind: r.kind,
    name: alarmNameIn(r.name ?? '', lang),
    telemetry: r.telemetry ?? (r.kind === 'noData' ? 'NO_DATA' : ''),
    source: r.source ?? '',
    level: alarmLevelOf(r.level),
    score: r.score,
    since: r.since ? iso(r.since) : null,
    measurementId: r.measurement_id,
  }));
}

/** Worst alarm level per customer day over the last {@link CONDITION_HISTORY_DAYS} days (history.ts). */
async function healthHistory(db: Db, customerId: string, pointId: string, offsetMinutes: number, now: Date) {
  const from = historyStart(now, CONDITION_HISTORY_DAYS, offsetMinutes);
  const [changes, states, first] = await Promise.all([
    levelChangesSince(db, customerId, pointId, from),
    alarmStatesOf(db, customerId, pointId),
    firstMeasurementAt(db, customerId, pointId),
  ]);
  const days = dailyWorstLevels(
    changes.before,
    changes.within,
    new Set(states.map((s) => s.alarm_id)),
    states.length ? first : null,
    now,
    CONDITION_HISTORY_DAYS,
    offsetMinutes,
  );
  return days.map((d) => ({ date: d.date, level: alarmLevelOf(d.level) }));
}
