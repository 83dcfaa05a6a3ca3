import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import {
  AXIS_KEYS,
  measurementProfile,
  metricAlarmBody,
  senseway,
  sleepSeconds,
  type MetricAlarmInput,
} from '@overtone/contract';
import type { AppContext } from '../context.ts';
import type { MeasurementAnalysis } from './dsp/dsp-tasks.ts';
import type { MeasurementFeatures, PointKinematics } from '@overtone/diagnosis';
import { pointKinematics } from '../modules/fault-reports/kinematics.ts';
import { kinematicsInputsOf } from '../modules/fault-reports/diagnosis-repo.ts';
import { encodeFeatures } from '../modules/fault-reports/features-codec.ts';
import { newId } from '../infra/ids.ts';
import { waveformKey } from '../modules/measurements/waveform.ts';
import { createMetricAlarm } from '../modules/alarms/repo.ts';
import { upsertJob } from '../modules/scheduler/repo.ts';
import { createMaintenance, formatApiDate } from '../modules/maintenance/service.ts';
import { insertFinalMeasurement, type TelemetryRow } from './ingest/persist-measurement.ts';
import { DEMO_EMAIL, DEMO_HOST, DEMO_POINTS, DEMO_PROFILE } from './seed-demo.ts';
// The simulated plant's own loader and rate choice: the history is cut exactly as the simulator cuts.
import { chooseDecimation, loadRecording, type Recording } from '@overtone/gateway-sim/replay';

/**
 * The CWRU recordings the simulated plant replays, shipped with the repository
 * (apps/gateway-sim/recordings/cwru: real records of the CWRU Bearing Data Center, copied from
 * data/vibration/cwru; see that folder's README.md for provenance and terms).
 */
export const DEMO_RECORDINGS_DIR = fileURLToPath(new URL('../../../gateway-sim/recordings/cwru', import.meta.url));

/**
 * The repair the demo tells (docs/demo-history.md "The repair"): the normal point's drive-end
 * bearing had an outer-race fault and was replaced 12 days ago. Its first `firstAfter` history
 * measurements replay the outer-race record (`recordingBefore`, degrading as {@link degradationScale}
 * over them), the rest its own normal record; a completed maintenance record between them (the work
 * `durationHours` long, completed an hour before the first measurement after it) gets its verdict
 * from the diagnosis as on a real repair (docs/maintenance.md "Verdict"): improved, the outer-race
 * report it cured closed.
 */
export const DEMO_REPAIR = {
  mac: 'CA:B8:31:00:00:01',
  recordingBefore: 'cwru-130',
  /** index of the first measurement after the repair: 48 of 80 (≈18 days before, ≈12 after, at ≈9.1 h) */
  firstAfter: 48,
  durationHours: 4,
  title: 'Drive-end bearing replaced',
  description:
    'Outer-race fault confirmed by the envelope spectrum (BPFO and harmonics). Bearing 6205-2RS replaced at the drive end, housing fit checked, regreased. Machine returned to service.',
} as const;

/** Days of history each point gets. */
export const DEMO_HISTORY_DAYS = 30;
/**
 * The periodic setting the history points get, whose PERIODIC measurements the history is: sleep code
 * 30, 2^15 s ≈ 9.1 h (contract `sleepSeconds`; the spec's "9 hours" option), so the point form says
 * "measured periodically" and the scheduler carries the history on.
 */
export const DEMO_HISTORY_SLEEP_CODE = 30;
/** Milliseconds between two measurements of the history: the sleep code's interval. */
export const DEMO_HISTORY_STEP_MS = sleepSeconds(DEMO_HISTORY_SLEEP_CODE) * 1000;
/** Measurements per point: 30 days at the sleep code's interval (80). */
export const DEMO_HISTORY_COUNT = Math.ceil((DEMO_HISTORY_DAYS * 86_400_000) / DEMO_HISTORY_STEP_MS);
/** Amplitude factor of a fault recording 30 days ago; it rises to 1.0 now. */
export const DEMO_HISTORY_START_SCALE = 0.55;
/** Offset of z in the record, samples at the record's rate (plant.json: z = DE 60 000 samples later). */
const Z_OFFSET_SAMPLES = 60_000;
/** Prefix of the history's object ids (hex, like a device's): (device, object id) is unique, so a rerun inserts nothing. */
const OBJECT_ID_PREFIX = 'de30';

/**
 * Amplitude factor of the k-th of `count` measurements of a degrading point: 0.55 at k = 0 rising
 * as 0.55 + 0.45·u² (u = k/(count−1): a fault that grows faster as it develops) to exactly 1.0 at
 * the last, with ±1.5 % noise (deterministic, so a test can rely on it) that vanishes at both ends.
 * @returns the factor (dimensionless)
 */
export function degradationScale(k: number, count: number): number {
  const u = count > 1 ? k / (count - 1) : 1;
  const noise = 0.015 * Math.sin(12.9898 * (k + 1) * 78.233) * Math.sin(Math.PI * u);
  return DEMO_HISTORY_START_SCALE + (1 - DEMO_HISTORY_START_SCALE) * u * u + noise;
}

/**
 * The metric alarms each point of the history gets (beside the built-in ISO 10816 ones, which
 * stay in zone A: the rig's velocities are 0.1–0.3 mm/s), so that the history raises alarm
 * transactions. Drive-end (x) only, as the faulty bearing is at the drive end.
 * - `Acceleration RMS DE` (GRMS, g): attention 0.2, hazard 0.4, critical 1.0; 2 consecutive
 *   measurements, 0.01 g hysteresis. With the degradation the inner race (0.29 g at 1.0×) reaches
 *   attention about half-way, the outer race (0.67 g) hazard after about 10 days; the normal
 *   (0.07 g) and ball (0.14 g) records stay healthy.
 * - `Kurtosis DE` (Pearson, 3 for Gaussian noise; impulsiveness of a localised defect, Randall 2021
 *   §5.2.1): attention 4, hazard 6, critical 10. Amplitude scaling leaves it unchanged: the inner
 *   race (≈5.4) is in attention and the outer race (≈7.6) in hazard from the first measurement.
 */
export const DEMO_HISTORY_ALARMS: MetricAlarmInput[] = [
  {
    name: 'Acceleration RMS DE',
    telemetry: 'GRMS',
    source: 'accelerometer_x',
    thresholdDirection: 1,
    threshold: { attention: [null, 0.2], hazard: [null, 0.4], critical: [null, 1] },
    delay: 2,
    hysteresis: 0.01,
  },
  {
    name: 'Kurtosis DE',
    telemetry: 'KURTOSIS',
    source: 'accelerometer_x',
    thresholdDirection: 1,
    threshold: { attention: [null, 4], hazard: [null, 6], critical: [null, 10] },
  },
];

interface HistoryJob {
  at: Date;
  k: number;
  pointId: string;
  customerId: string;
  deviceMac: string;
  gatewayMac: string | null;
  rangeIndex: number;
  rateIndex: number;
  recording: Recording;
  kinematics: PointKinematics;
  q: number;
  sampleSize: number;
  scale: number;
}

/**
 * The int16 X,Y,Z stream (little-endian, as a Senseway sensor sends it) of one history
 * measurement: `sampleSize` samples from offset `k·n/count` of the record decimated by `q`
 * (x = DE, y = FE, z = DE 60 000 record samples later, wrapping cyclically as the simulator's
 * `SimDevice.samplesG`), multiplied by `scale`, quantised with `senseway.quantizeG`.
 */
function historyBytes(job: HistoryJob): Uint8Array {
  const de = job.recording.channelAt('DE', job.q);
  const fe = job.recording.channelAt('FE', job.q);
  const n = de.length;
  const offset = Math.floor((job.k * n) / DEMO_HISTORY_COUNT);
  const zOffset = offset + Math.floor(Z_OFFSET_SAMPLES / job.q);
  const pick = (ch: Float64Array, from: number) => {
    const out = new Float64Array(job.sampleSize);
    for (let i = 0; i < out.length; i++) out[i] = ch[(from + i) % n] * job.scale;
    return senseway.quantizeG(out, job.rangeIndex);
  };
  const x = pick(de, offset),
    y = pick(fe, offset),
    z = pick(de, zOffset);
  const xyz = new Int16Array(3 * job.sampleSize);
  for (let i = 0; i < job.sampleSize; i++) {
    xyz[3 * i] = x[i];
    xyz[3 * i + 1] = y[i];
    xyz[3 * i + 2] = z[i];
  }
  return new Uint8Array(xyz.buffer);
}

/** When the k-th history measurement was taken: one every {@link DEMO_HISTORY_STEP_MS}, the last at `now`. */
const historyAt = (now: Date, k: number) => new Date(now.getTime() - (DEMO_HISTORY_COUNT - 1 - k) * DEMO_HISTORY_STEP_MS);

/**
 * The demo's repair ({@link DEMO_REPAIR}) as a user records it: a maintenance record created
 * completed, through the maintenance service (the point's baseline restarts from the completion;
 * the verdict is pending until the diagnoser has diagnosed three measurements after it), by the
 * demo administrator.
 * @returns the record's id
 */
async function recordRepair(ctx: AppContext, customerId: string, pointId: string, now: Date): Promise<string> {
  const completedAt = new Date(historyAt(now, DEMO_REPAIR.firstAfter).getTime() - 3_600_000);
  const startAt = new Date(completedAt.getTime() - DEMO_REPAIR.durationHours * 3_600_000);
  const admin = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  return createMaintenance(
    ctx.db,
    { customerId, userId: admin?.id ?? null },
    {
      pointId,
      title: DEMO_REPAIR.title,
      description: DEMO_REPAIR.description,
      status: 'completed',
      maintenanceStartDate: formatApiDate(startAt, 0),
    },
    0,
    completedAt,
  );
}

/** What {@link seedDemoHistory} added. */
export interface DemoHistoryResult {
  /** points that got a history (those already measured are left alone) */
  points: number;
  /** measurements created */
  measurements: number;
  /** wall-clock time, ms */
  ms: number;
}

/**
 * Gives the demo rig a past (`npm start` only; main.ts calls it after `seedDemoPlant`), so that a
 * first start shows trends, alarm transactions, point health and AI predictions.
 *
 * THE HISTORY IS SYNTHETIC (docs/demo-history.md). For each of the four sensor points of the CWRU
 * test rig (found by their devices' MACs, {@link DEMO_POINTS}) that has no measurement yet, it
 * creates {@link DEMO_HISTORY_COUNT} PERIODIC measurements, one every ≈9.1 h over the last 30 days
 * ending now, and the periodic setting they come from ({@link DEMO_HISTORY_SLEEP_CODE}; next due one
 * interval after now). Each replays a different stretch of the point's REAL recording (the records the
 * simulator replays, {@link DEMO_RECORDINGS_DIR}; CWRU Bearing Data Center, Case Western Reserve
 * University: 97 normal, 105 inner race, 118 ball, 130 outer race, 0.007 in, 0 hp), cut and
 * decimated as the simulator does for the device's profile (±4 g, 12.8 kHz nominal → 12 kHz,
 * 24 000 samples). The fault records' amplitude is scaled from 0.55× (30 days ago) to 1.0× (now)
 * ({@link degradationScale}) to suggest a developing fault; the normal record stays 1.0×. The
 * normal point tells a repair ({@link DEMO_REPAIR}): the outer-race record until a completed
 * maintenance record 12 days ago, its own record after it. Real
 * bearings do not degrade this way in a month, and scaling leaves shape features (kurtosis, crest
 * factor) unchanged.
 *
 * Each measurement is stored as ingest stores a self-initiated one (jobs/ingest/finalize.ts): the
 * int16 waveform in object storage under `waveformKey`, its telemetry and diagnosis features
 * computed in the DSP pool from one decode (`measurementAnalysis`, with the point's kinematics) and
 * the row, telemetry, `measurement_values` and features written by `insertFinalMeasurement` (the
 * features queue the measurement's diagnosis, docs/fault-reports.md); then the alarm evaluator, the
 * diagnosis and the prediction warmer are notified,
 * oldest first. Telemetry runs in the pool with at most `concurrency` tasks in flight; rows are
 * written in measured order.
 *
 * A point that gets a history also gets the demo alarms {@link DEMO_HISTORY_ALARMS} (those of the
 * same name it lacks), so that the evaluator has something to raise.
 *
 * Idempotent: a point that already has a measurement gets nothing, and the object ids are fixed,
 * so a concurrent second run inserts nothing twice.
 * @param opts.now end of the history (default now)
 * @param opts.concurrency DSP tasks in flight (default 4)
 * @returns counts and duration; zeros without the demo tenant or its devices
 */
export async function seedDemoHistory(
  ctx: AppContext,
  opts: { now?: Date; concurrency?: number } = {},
): Promise<DemoHistoryResult> {
  const t0 = Date.now();
  const now = opts.now ?? new Date();
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const devices = await ctx.db
    .selectFrom('devices as d')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .select(['d.mac', 'd.customer_id', 'd.point_id', 'd.gateway_mac', 'd.profile'])
    .where((eb) => eb(eb.val(DEMO_HOST), '=', eb.fn.any('c.hosts')))
    .where(
      'd.mac',
      'in',
      DEMO_POINTS.map((p) => p.mac),
    )
    .where('d.point_id', 'is not', null)
    .execute();
  const measured = devices.length
    ? new Set(
        (
          await ctx.db
            .selectFrom('measurements')
            .select('point_id')
            .distinct()
            .where(
              'point_id',
              'in',
              devices.map((d) => d.point_id!),
            )
            .execute()
        ).map((r) => r.point_id),
      )
    : new Set<string | null>();
  const todo = devices.filter((d) => !measured.has(d.point_id));
  if (!todo.length) return { points: 0, measurements: 0, ms: Date.now() - t0 };

  // The alarms first: the evaluator may pick a measurement up as soon as it is inserted.
  for (const d of todo) {
    const names = new Set(
      (await ctx.db.selectFrom('metric_alarms').select('name').where('point_id', '=', d.point_id!).execute()).map((a) => a.name),
    );
    for (const a of DEMO_HISTORY_ALARMS)
      if (!names.has(a.name)) await createMetricAlarm(ctx.db, d.customer_id, d.point_id!, metricAlarmBody.parse(a));
  }

  const jobs: HistoryJob[] = [];
  const recordings = new Map<string, Recording>();
  for (const d of todo) {
    // the recording its simulated sensor replays (the plant's layout, plant.json)
    const source = DEMO_POINTS.find((p) => p.mac === d.mac)!;
    const parsed = measurementProfile.safeParse(d.profile);
    const profile = parsed.success ? parsed.data : DEMO_PROFILE;
    let recording = recordings.get(source.recording);
    if (!recording) {
      recording = await loadRecording(DEMO_RECORDINGS_DIR, source.recording);
      recordings.set(source.recording, recording);
    }
    const repaired = d.mac === DEMO_REPAIR.mac;
    let before: Recording | null = null;
    if (repaired) {
      before =
        recordings.get(DEMO_REPAIR.recordingBefore) ?? (await loadRecording(DEMO_RECORDINGS_DIR, DEMO_REPAIR.recordingBefore));
      recordings.set(DEMO_REPAIR.recordingBefore, before);
    }
    const rateHz = senseway.nominalSamplingRateHz(profile.samplingRate);
    const k = await kinematicsInputsOf(ctx.db, d.point_id!);
    const kinematics = pointKinematics(k.point, k.bearing, k.mainsHz, profile.accelerometerRange);
    for (let k = 0; k < DEMO_HISTORY_COUNT; k++) {
      // the repaired point: the outer-race record (degrading) until its repair, its own record after
      const beforeRepair = before !== null && k < DEMO_REPAIR.firstAfter;
      const rec = beforeRepair ? before! : recording;
      jobs.push({
        at: historyAt(now, k),
        k,
        pointId: d.point_id!,
        customerId: d.customer_id,
        deviceMac: d.mac,
        gatewayMac: d.gateway_mac,
        rangeIndex: profile.accelerometerRange,
        rateIndex: profile.samplingRate,
        recording: rec,
        kinematics,
        q: chooseDecimation(rec.samplingRateHz, rateHz),
        sampleSize: profile.sampleSize,
        scale: beforeRepair
          ? degradationScale(k, DEMO_REPAIR.firstAfter)
          : recording.fault !== null
            ? degradationScale(k, DEMO_HISTORY_COUNT)
            : 1,
      });
    }
  }
  jobs.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Telemetry and features in the DSP pool (one decode each), a bounded window ahead; rows written in measured order.
  const compute = (job: HistoryJob) => {
    const bytes = historyBytes(job);
    const fs = job.recording.samplingRateHz / job.q;
    const analysis = ctx.dsp.run<MeasurementAnalysis>({
      kind: 'measurementAnalysis',
      bytes: bytes.slice(),
      rangeIndex: job.rangeIndex,
      samplingRateHz: fs,
      kinematics: job.kinematics,
      temperatureC: null,
    });
    // Awaited in turn below; marked handled now so that a stop, which rejects every task in flight
    // (the pool is destroyed), fails this run through the first one and not the process through the rest.
    analysis.catch(() => {});
    return { job, bytes, fs, analysis };
  };
  const window: ReturnType<typeof compute>[] = [];
  let next = 0;
  const created: string[] = [];
  const storedFor = new Set<string>();
  const featuresOf = new Map<string, MeasurementFeatures>();
  while (next < jobs.length || window.length) {
    while (next < jobs.length && window.length < concurrency) window.push(compute(jobs[next++]));
    const { job, bytes, fs, analysis } = window.shift()!;
    const { telemetry: computed, features } = await analysis;
    const id = newId();
    const key = waveformKey(job.customerId, id);
    await ctx.storage.put(key, bytes, 'application/octet-stream');
    const rows: TelemetryRow[] = computed
      .flatMap((list, i) =>
        list.map((t) => ({ telemetry: t.name, source: AXIS_KEYS[i], value: t.value, unit: t.unit, device_reported: false })),
      )
      .filter((r) => Number.isFinite(r.value));
    const stored = await insertFinalMeasurement(
      ctx.db,
      {
        id,
        object_id: `${OBJECT_ID_PREFIX}${job.k.toString(16).padStart(20, '0')}`,
        device_mac: job.deviceMac,
        customer_id: job.customerId,
        point_id: job.pointId,
        range_index: job.rangeIndex,
        rate_index: job.rateIndex,
        created_at: job.at,
      },
      {
        state: 'persisted',
        error: null,
        sample_size: bytes.length / 6,
        calibrated_sampling_rate: fs,
        started_at: job.at,
        waveform_key: key,
        gateway_mac: job.gatewayMac,
        device_telemetry: [],
      },
      job.at,
      rows,
      features ? { version: features.version, features: encodeFeatures(features) } : null,
    );
    if (!stored) {
      await ctx.storage.delete(key).catch(() => {});
      continue;
    }
    created.push(id);
    storedFor.add(job.deviceMac);
    if (features) featuresOf.set(id, features);
  }
  if (created.length) {
    // insertFinalMeasurement stamps persisted_at now(): the history was "persisted" as it was measured.
    await sql`UPDATE measurements SET persisted_at = created_at + interval '5 seconds' WHERE id = ANY(${created}::text[])`.execute(
      ctx.db,
    );
    // The repair, by this run only (a concurrent run stored none of these measurements), before the
    // diagnosis is told of them: its verdict follows their diagnosis.
    const repaired = todo.find((d) => d.mac === DEMO_REPAIR.mac);
    if (repaired && storedFor.has(DEMO_REPAIR.mac)) await recordRepair(ctx, repaired.customer_id, repaired.point_id!, now);
    for (const id of created) {
      ctx.alarms?.notify(id);
      ctx.diagnosis?.notify(id, featuresOf.get(id));
      ctx.aiPredictions?.notify(id);
    }
  }
  // The periodic setting whose measurements the history is (the point form shows it; the scheduler goes
  // on). Last: set before the history is in, the no-data check would find the points 30 days silent.
  for (const d of todo)
    await upsertJob(ctx.db, d.customer_id, d.point_id!, DEMO_HISTORY_SLEEP_CODE, now, ctx.config.schedulerTimeFactor);
  return { points: todo.length, measurements: created.length, ms: Date.now() - t0 };
}
