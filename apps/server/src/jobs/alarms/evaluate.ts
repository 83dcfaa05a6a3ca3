import { sql, type Kysely } from 'kysely';
import {
  defaultEnvelopeBand,
  ENVELOPE_XLIM_HZ,
  senseway,
  type MetricThreshold,
  type ThresholdDirection,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';
import { ensureDefaultAlarms, refreshPointHealth } from '../../modules/alarms/repo.ts';
import { bandPeak, levelOfPeak, levelOfValue, nextAlarmState, type AlarmLevelState } from '../../modules/alarms/levels.ts';

type Db = Kysely<DB>;

/** Alarm id of a point's no-data alarm (its `alarm_states` / `alarm_transactions` key). */
export const noDataAlarmId = (pointId: string) => `nodata:${pointId}`;

/** One alarm's input to an evaluation: what it is, and the level(s) this measurement gives it. */
export interface Candidate {
  alarmId: string;
  kind: 'metric' | 'frequencyPeak' | 'noData';
  name: string;
  telemetry: string;
  source: string;
  delay: number;
  rawLevel: number;
  clearLevel: number;
  score: number;
}

/** A transaction row to write. */
interface TransactionRow {
  id: string;
  alarm_id: string;
  kind: string;
  name: string;
  telemetry: string;
  source: string;
  level: number;
  score: number;
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Points this process already gave the built-in alarms (saves ensureDefaultAlarms' transaction on
 * every measurement; the database row stays the authority, so another instance only repeats a no-op).
 */
const defaultsAppliedByDb = new WeakMap<Db, Set<string>>();
const DEFAULTS_CACHE_SIZE = 50_000;
async function ensureDefaultsOnce(db: Db, customerId: string, pointId: string): Promise<boolean> {
  // per database: point ids repeat across databases (a test's copy of the template, a restored backup)
  let defaultsApplied = defaultsAppliedByDb.get(db);
  if (!defaultsApplied) defaultsAppliedByDb.set(db, (defaultsApplied = new Set()));
  if (defaultsApplied.has(pointId)) return false;
  const created = await ensureDefaultAlarms(db, customerId, pointId);
  if (defaultsApplied.size >= DEFAULTS_CACHE_SIZE) defaultsApplied.clear();
  defaultsApplied.add(pointId);
  return created;
}

/**
 * The envelope spectra the frequency-peak ("envelope") alarms of a measurement read: per axis, the
 * envelope (amplitude-demodulation) spectrum in g RMS per line, Hanning window, mean removed, over
 * the default band of the measurement page's envelope domain (`defaultEnvelopeBand`: 500 Hz to
 * min(6000, fs/2 − 50) Hz) — what an analyst sees there before moving the band — up to the highest
 * alarm frequency (at least the page's 2500 Hz). `envelopeSpectrum` of packages/dsp (Randall &
 * Antoni 2011 §3), computed in the DSP pool.
 * @param topHz the highest frequency an alarm reads (frequency + sensitivity / 2), Hz
 * @returns null when the measurement has no stored triaxial waveform or its rate leaves no band
 */
async function envelopeSpectraOf(
  ctx: AppContext,
  m: { waveform_key: string | null; range_index: number; calibrated_sampling_rate: number | null; is_duck: boolean },
  axes: Set<string>,
  topHz: number,
): Promise<Map<string, { x: Float64Array; y: Float64Array }> | null> {
  const fs = m.calibrated_sampling_rate;
  const band = fs ? defaultEnvelopeBand(fs) : null;
  if (!m.waveform_key || m.is_duck || !fs || !band) return null;
  const bytes = await ctx.storage.get(m.waveform_key);
  if (!bytes) return null;
  const wave = senseway.decodeTriaxial(bytes, m.range_index);
  const axisSamples: Record<string, Float64Array> = { accelerometer_x: wave.x, accelerometer_y: wave.y, accelerometer_z: wave.z };
  const out = new Map<string, { x: Float64Array; y: Float64Array }>();
  await Promise.all(
    [...axes].map(async (axis) => {
      const samples = axisSamples[axis];
      if (!samples || samples.length < 2) return;
      const s = await ctx.dsp.run<{ x: Float64Array; y: Float64Array }>({
        kind: 'envelope',
        signal: samples,
        samplingRateHz: fs,
        window: 'hanning',
        removeDc: true,
        bandHz: band,
        xlimHz: Math.max(ENVELOPE_XLIM_HZ, topHz),
      });
      out.set(axis, s);
    }),
  );
  return out;
}

/** A metric alarm of the measurement's point joined to the measurement's value of its telemetry and source. */
interface MetricWithValue {
  id: string;
  name: string;
  telemetry: string;
  source: string;
  threshold_direction: number;
  threshold: MetricThreshold;
  delay_count: number;
  hysteresis: number;
  value: number | null;
}

/**
 * Everything the evaluation of measurements reads, in ONE statement (the embedded database pays
 * per round trip): the measurement, its point's metric alarms joined to its telemetry values
 * (`calculated` → the values Overtone computed, else the device-reported ones), and whether the
 * point has frequency-peak alarms.
 */
async function loadForEvaluation(db: Db, measurementIds: readonly string[]) {
  const r = await sql<{
    id: string;
    customer_id: string;
    point_id: string | null;
    device_mac: string;
    state: string;
    created_at: Date;
    started_at: Date | null;
    waveform_key: string | null;
    range_index: number;
    calibrated_sampling_rate: number | null;
    is_duck: boolean;
    pending: boolean;
    metric: MetricWithValue[];
    has_peaks: boolean;
  }>`
    SELECT m.id, m.customer_id, m.point_id, m.device_mac, m.state, m.created_at, m.started_at, m.waveform_key,
           m.range_index, m.calibrated_sampling_rate, m.duck_config IS NOT NULL AS is_duck,
           EXISTS (SELECT 1 FROM alarm_evaluations_pending p WHERE p.measurement_id = m.id) AS pending,
           coalesce((
             SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'telemetry', a.telemetry, 'source', a.source,
                      'threshold_direction', a.threshold_direction, 'threshold', a.threshold, 'delay_count', a.delay_count,
                      'hysteresis', a.hysteresis, 'value', v.value))
               FROM metric_alarms a
               JOIN telemetry_values v
                 ON v.measurement_id = m.id AND v.telemetry = a.telemetry AND v.source = a.source
                AND v.device_reported = NOT a.calculated
              WHERE a.point_id = m.point_id AND a.customer_id = m.customer_id), '[]'::json) AS metric,
           EXISTS (SELECT 1 FROM frequency_peak_alarms f WHERE f.point_id = m.point_id AND f.customer_id = m.customer_id) AS has_peaks
      FROM measurements m
     WHERE m.id = ANY(${[...measurementIds]}::text[])`.execute(db);
  // The embedded driver and node-postgres both parse json; a string would mean a driver that does not.
  return r.rows.map((row) => ({
    ...row,
    metric: typeof row.metric === 'string' ? (JSON.parse(row.metric) as MetricWithValue[]) : row.metric,
  }));
}
type Loaded = Awaited<ReturnType<typeof loadForEvaluation>>[number];

/** Result of {@link evaluateMeasurement}. */
export interface EvaluationResult {
  /** false when the measurement was missing, not final, or already evaluated (nothing done). */
  evaluated: boolean;
  /** Transactions written (level changes). */
  transactions: number;
}

/** The alarms' candidate levels from one measurement (reads its envelope spectra for frequency-peak alarms). */
async function candidatesOf(ctx: AppContext, m: Loaded): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  if (!m.point_id) return candidates;
  for (const a of m.metric) {
    if (a.value === null || !Number.isFinite(a.value)) continue;
    const dir = a.threshold_direction as ThresholdDirection;
    candidates.push({
      alarmId: a.id,
      kind: 'metric',
      name: a.name,
      telemetry: a.telemetry,
      source: a.source,
      delay: a.delay_count,
      rawLevel: levelOfValue(a.value, dir, a.threshold),
      clearLevel: levelOfValue(a.value, dir, a.threshold, a.hysteresis),
      score: round4(a.value),
    });
  }
  const peaks = m.has_peaks
    ? await ctx.db
        .selectFrom('frequency_peak_alarms')
        .selectAll()
        .where('point_id', '=', m.point_id)
        .where('customer_id', '=', m.customer_id)
        .execute()
    : [];
  if (peaks.length) {
    const topHz = Math.max(...peaks.map((p) => p.frequency_hz + p.half_band_hz));
    const spectra = await envelopeSpectraOf(ctx, m, new Set(peaks.map((p) => p.axis)), topHz);
    for (const p of peaks) {
      const s = spectra?.get(p.axis);
      const hit = s ? bandPeak(s.x, s.y, p.frequency_hz, p.half_band_hz) : null;
      if (!hit) continue;
      const level = levelOfPeak(hit.peak, p);
      candidates.push({
        alarmId: p.id,
        kind: 'frequencyPeak',
        name: p.name,
        telemetry: `PEAK_${p.frequency_hz}HZ`,
        source: p.axis,
        delay: 1,
        rawLevel: level,
        clearLevel: level,
        score: round4(hit.peak),
      });
    }
  }
  return candidates;
}

/**
 * Evaluates every alarm of a persisted measurement's point once (docs/alarms.md "Evaluation"):
 * {@link evaluateMeasurements} of one measurement.
 */
export async function evaluateMeasurement(ctx: AppContext, measurementId: string, now: Date): Promise<EvaluationResult> {
  return (await evaluateMeasurements(ctx, [measurementId], now)).get(measurementId) ?? { evaluated: false, transactions: 0 };
}

/**
 * Evaluates every alarm of the points of persisted measurements, each measurement once
 * (docs/alarms.md "Evaluation").
 *
 * Parameters
 * ----------
 * ctx : AppContext
 *     Database, object storage (waveform) and DSP pool (envelope spectra for frequency-peak alarms).
 * measurementIds : string[]
 *     Measurements in state persisted or partial (others are skipped), e.g. those notified since
 *     the last batch.
 * now : Date
 *     The evaluation time (the alarm states' `updated_at`).
 *
 * Returns
 * -------
 * Map<string, EvaluationResult>
 *     Per given id; `evaluated` false when missing, not final or already evaluated.
 *
 * Notes
 * -----
 * Idempotent and safe concurrently: the measurements are claimed (their `alarm_evaluations_pending`
 * rows deleted) in the same database transaction that locks the alarms' state rows, writes the level
 * changes and the points' health; a second evaluation of a measurement finds it claimed and does
 * nothing, and a crash before the commit leaves them unevaluated for the sweep. A batch costs one
 * read (the measurements with their points' metric alarms joined to their telemetry values) and one
 * transaction whose claim covers the whole batch, then a few statements per measurement, applied in
 * the order they were measured; the waveform is read and its envelope spectra computed (DSP pool) only when
 * the point has frequency-peak alarms. A measurement older than an alarm's last evaluated one does
 * not change that alarm (late arrival). Each measurement clears an active no-data alarm of its point.
 */
export async function evaluateMeasurements(
  ctx: AppContext,
  measurementIds: readonly string[],
  now: Date,
): Promise<Map<string, EvaluationResult>> {
  const db = ctx.db;
  const results = new Map<string, EvaluationResult>(measurementIds.map((id) => [id, { evaluated: false, transactions: 0 }]));
  const isDue = (m: Loaded) => m.pending && (m.state === 'persisted' || m.state === 'partial');
  let due = (await loadForEvaluation(db, measurementIds)).filter(isDue);
  if (!due.length) return results;
  // A point's first measurement (in this process): give it the built-in alarms, and read them too.
  let created = false;
  for (const m of due) if (m.point_id && (await ensureDefaultsOnce(db, m.customer_id, m.point_id))) created = true;
  if (created)
    due = (
      await loadForEvaluation(
        db,
        due.map((m) => m.id),
      )
    ).filter(isDue);
  const measuredAt = (m: Loaded) => m.started_at ?? m.created_at;
  due.sort((a, b) => measuredAt(a).getTime() - measuredAt(b).getTime() || (a.id < b.id ? -1 : 1));
  const candidates = new Map<string, Candidate[]>();
  for (const m of due) candidates.set(m.id, await candidatesOf(ctx, m));

  await db.transaction().execute(async (trx) => {
    const claimed = new Set(
      (
        await trx
          .deleteFrom('alarm_evaluations_pending')
          .where(
            'measurement_id',
            'in',
            due.map((m) => m.id),
          )
          .returning('measurement_id')
          .execute()
      ).map((r) => r.measurement_id),
    );
    const sets: (CandidateSet & { id: string })[] = [];
    for (const m of due) {
      if (!claimed.has(m.id)) continue;
      results.set(m.id, { evaluated: true, transactions: 0 });
      if (m.point_id)
        sets.push({
          id: m.id,
          customerId: m.customer_id,
          pointId: m.point_id,
          measurementId: m.id,
          macAddress: m.device_mac,
          measuredAt: measuredAt(m),
          candidates: candidates.get(m.id)!,
          clearNoData: true,
        });
    }
    const written = await applyCandidateBatch(trx, sets, now);
    sets.forEach((e, i) => results.set(e.id, { evaluated: true, transactions: written[i]! }));
  });
  return results;
}

/** One measurement's (or one no-data check's) candidates for {@link applyCandidateBatch}. */
export interface CandidateSet {
  customerId: string;
  pointId: string;
  measurementId: string | null;
  macAddress: string;
  measuredAt: Date;
  candidates: Candidate[];
  /** also clear the point's active no-data alarm (a measurement arrived) */
  clearNoData: boolean;
}

/**
 * Applies one evaluation's candidates to the alarms' states inside a database transaction
 * ({@link applyCandidateBatch} of one set).
 * @returns the number of transactions written
 */
export async function applyCandidates(trx: Db, e: CandidateSet & { now: Date }): Promise<number> {
  return (await applyCandidateBatch(trx, [e], e.now))[0]!;
}

/**
 * Applies the candidates of several evaluations, in the given order (oldest measurement first), to
 * the alarms' states inside a database transaction: creates missing state rows, locks every state
 * row the batch touches at once, steps each alarm through {@link nextAlarmState} set after set in
 * memory, then writes the states in one statement, one transaction row per level change in one
 * more, and refreshes the health of each point whose levels changed or whose alarms were evaluated
 * for the first time.
 * @returns the number of transactions written for each set, in order
 */
export async function applyCandidateBatch(trx: Db, sets: readonly CandidateSet[], now: Date): Promise<number[]> {
  const written = sets.map(() => 0);
  const lockIds = [
    ...new Set(
      sets.flatMap((e) => [...e.candidates.map((c) => c.alarmId), ...(e.clearNoData ? [noDataAlarmId(e.pointId)] : [])]),
    ),
  ];
  if (!lockIds.length) return written;
  type StateRow = {
    alarm_id: string;
    level: number;
    pending_level: number | null;
    pending_count: number;
    last_measured_at: Date | null;
  };
  const lock = (alarmIds: string[]) =>
    sql<StateRow>`
    SELECT alarm_id, level, pending_level, pending_count, last_measured_at
      FROM alarm_states WHERE alarm_id = ANY(${alarmIds}::text[]) ORDER BY alarm_id FOR UPDATE`.execute(trx);
  // Usually every state row exists: one statement locks them. An alarm's first evaluation creates
  // its row (locked by the insert; a concurrent creator's row is locked by a second select).
  const states = (await lock(lockIds)).rows;
  const have = new Set(states.map((s) => s.alarm_id));
  const missing = new Map<string, { alarm_id: string; kind: string; customer_id: string; point_id: string }>();
  for (const e of sets)
    for (const c of e.candidates)
      if (!have.has(c.alarmId) && !missing.has(c.alarmId))
        missing.set(c.alarmId, { alarm_id: c.alarmId, kind: c.kind, customer_id: e.customerId, point_id: e.pointId });
  // A new state row (an alarm's first evaluation) changes the point's health from unknown.
  const healthOf = new Set<string>();
  if (missing.size) {
    const inserted = await sql<StateRow & { point_id: string }>`
      INSERT INTO alarm_states (alarm_id, kind, customer_id, point_id)
      SELECT r.alarm_id, r.kind, r.customer_id, r.point_id
        FROM jsonb_to_recordset(${JSON.stringify([...missing.values()])}::jsonb)
          AS r(alarm_id text, kind text, customer_id text, point_id text)
      ON CONFLICT (alarm_id) DO NOTHING
      RETURNING alarm_id, level, pending_level, pending_count, last_measured_at, point_id`.execute(trx);
    for (const r of inserted.rows) healthOf.add(r.point_id);
    states.push(...inserted.rows);
    const raced = [...missing.keys()].filter((id) => !inserted.rows.some((r) => r.alarm_id === id));
    if (raced.length) states.push(...(await lock(raced)).rows);
  }
  const byId = new Map(states.map((s) => [s.alarm_id, { ...s }]));
  const changed = new Set<string>();
  const transactions: (TransactionRow & {
    customer_id: string;
    point_id: string;
    mac_address: string;
    measurement_id: string | null;
    created_at: Date;
  })[] = [];
  for (const [i, e] of sets.entries()) {
    const row = (c: Pick<TransactionRow, 'alarm_id' | 'kind' | 'name' | 'telemetry' | 'source' | 'level' | 'score'>) => ({
      id: newId(),
      ...c,
      customer_id: e.customerId,
      point_id: e.pointId,
      mac_address: e.macAddress,
      measurement_id: e.measurementId,
      created_at: e.measuredAt,
    });
    for (const c of e.candidates) {
      const s = byId.get(c.alarmId);
      if (!s) continue;
      if (s.last_measured_at && s.last_measured_at.getTime() > e.measuredAt.getTime()) continue;
      const before: AlarmLevelState = { level: s.level, pendingLevel: s.pending_level, pendingCount: s.pending_count };
      const after = nextAlarmState(before, c.rawLevel, c.clearLevel, c.delay);
      Object.assign(s, {
        level: after.level,
        pending_level: after.pendingLevel,
        pending_count: after.pendingCount,
        last_measured_at: e.measuredAt,
      });
      changed.add(c.alarmId);
      if (after.level !== before.level) {
        written[i]!++;
        transactions.push(row({ ...c, alarm_id: c.alarmId, level: after.level }));
        healthOf.add(e.pointId);
      }
    }
    const noData = e.clearNoData ? byId.get(noDataAlarmId(e.pointId)) : undefined;
    if (noData && noData.level > 0) {
      const name =
        (
          await trx
            .selectFrom('alarm_transactions')
            .select('name')
            .where('alarm_id', '=', noData.alarm_id)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst()
        )?.name ?? 'NO_DATA';
      Object.assign(noData, { level: 0, pending_level: null, pending_count: 0 });
      changed.add(noData.alarm_id);
      written[i]!++;
      transactions.push(
        row({ alarm_id: noData.alarm_id, kind: 'noData', name, telemetry: 'NO_DATA', source: 'device', level: 0, score: 0 }),
      );
      healthOf.add(e.pointId);
    }
  }
  const updates = [...changed].map((id) => {
    const s = byId.get(id)!;
    return {
      alarm_id: id,
      level: s.level,
      pending_level: s.pending_level,
      pending_count: s.pending_count,
      last_measured_at: s.last_measured_at,
    };
  });
  if (updates.length)
    await sql`
      UPDATE alarm_states s
         SET level = r.level, pending_level = r.pending_level, pending_count = r.pending_count,
             last_measured_at = CASE WHEN r.last_measured_at IS NULL THEN s.last_measured_at
                                     ELSE greatest(s.last_measured_at, r.last_measured_at) END,
             updated_at = ${now}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          AS r(alarm_id text, level smallint, pending_level smallint, pending_count integer, last_measured_at timestamptz)
       WHERE s.alarm_id = r.alarm_id`.execute(trx);
  if (transactions.length)
    await sql`
      INSERT INTO alarm_transactions (id, customer_id, point_id, alarm_id, kind, name, telemetry, source, mac_address, level, score, measurement_id, created_at)
      SELECT r.id, r.customer_id, r.point_id, r.alarm_id, r.kind, r.name, r.telemetry, r.source, r.mac_address, r.level, r.score,
             r.measurement_id, r.created_at
        FROM jsonb_to_recordset(${JSON.stringify(transactions)}::jsonb)
          AS r(id text, customer_id text, point_id text, alarm_id text, kind text, name text, telemetry text, source text,
               mac_address text, level smallint, score double precision, measurement_id text, created_at timestamptz)
      ON CONFLICT DO NOTHING`.execute(trx);
  for (const pointId of healthOf) await refreshPointHealth(trx, pointId);
  return written;
}
