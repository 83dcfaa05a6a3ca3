import { sql, type Kysely } from 'kysely';
import type { BearingComponent, FaultName } from '@overtone/contract';
import type { KnownFalsePositive, MeasurementFeatures } from '@overtone/diagnosis';
import type { DB } from '../../infra/db/schema.ts';
import type { PointData } from '../points/repo.ts';
import type { BearingRow } from './kinematics.ts';
import type { RecentDiagnosis, ReportState } from './lifecycle.ts';
import { decodeFeatures } from './features-codec.ts';
import { stateOf } from './repo.ts';

type Db = Kysely<DB>;

/**
 * Storage of the diagnosis (migration 0022; docs/fault-reports.md "A measurement, end to end"):
 * its queue and inputs, the points' baselines, and the reports it writes. The reports as the API
 * reads and evaluates them: repo.ts.
 */

// ---------------------------------------------------------------- the diagnosis' queue and inputs

/** Measurements waiting for their diagnosis, in the order they were measured (a point's oldest first). */
export async function pendingDiagnoses(db: Db, limit: number): Promise<string[]> {
  const r = await sql<{ id: string }>`
    SELECT p.measurement_id AS id FROM diagnosis_pending p
      LEFT JOIN measurements m ON m.id = p.measurement_id
     ORDER BY coalesce(m.started_at, m.created_at) NULLS FIRST, p.queued_at, p.measurement_id LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Claims a measurement's diagnosis (deletes its pending row); false when another run had it. */
export async function claimDiagnosis(trx: Db, measurementId: string): Promise<boolean> {
  const r = await trx.deleteFrom('diagnosis_pending').where('measurement_id', '=', measurementId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * What the diagnosis of one measurement reads: its features with the point's form, bearing and the
 * customer's mains frequency, as {@link featuresSourceOf} read them (features-service.ts).
 */
export interface DiagnosisInput {
  measurementId: string;
  customerId: string;
  pointId: string;
  measuredAt: Date;
  features: MeasurementFeatures;
  rangeIndex: number;
  point: Partial<PointData> | null;
  bearing: BearingRow | null;
  mainsHz: number | null;
}

/** The patterns evaluations marked "not confirmed" on a point. */
export async function falsePositivesOf(db: Db, pointId: string): Promise<KnownFalsePositive[]> {
  const rows = await db
    .selectFrom('fault_false_positives')
    .select(['fault', 'bearing_component', 'score'])
    .where('point_id', '=', pointId)
    .execute();
  return rows.map((r) => ({
    fault: r.fault as FaultName,
    bearingComponent: r.bearing_component as BearingComponent | null,
    score: r.score,
  }));
}

/** Records a measurement's diagnosis (again: replaced). */
export async function saveMeasurementDiagnosis(
  trx: Db,
  d: {
    measurementId: string;
    customerId: string;
    pointId: string;
    measuredAt: Date;
    codes: string[];
    absoluteMachineFault: boolean;
  },
): Promise<void> {
  await trx
    .insertInto('measurement_diagnoses')
    .values({
      measurement_id: d.measurementId,
      customer_id: d.customerId,
      point_id: d.pointId,
      measured_at: d.measuredAt,
      codes: d.codes,
      absolute_machine_fault: d.absoluteMachineFault,
    })
    .onConflict((oc) =>
      oc.column('measurement_id').doUpdateSet({
        codes: d.codes,
        absolute_machine_fault: d.absoluteMachineFault,
        diagnosed_at: sql`now()`,
      }),
    )
    .execute();
}

/** The point's latest diagnoses, newest first. */
export async function recentDiagnoses(trx: Db, pointId: string, limit: number): Promise<RecentDiagnosis[]> {
  const rows = await trx
    .selectFrom('measurement_diagnoses')
    .select(['measured_at', 'codes'])
    .where('point_id', '=', pointId)
    .orderBy('measured_at', 'desc')
    .orderBy('measurement_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ measuredAt: new Date(r.measured_at), codes: r.codes }));
}

// ---------------------------------------------------------------- baselines

/** A point's cached baseline row (null: none yet). */
export async function baselineRow(trx: Db, pointId: string) {
  return (await trx.selectFrom('point_baselines').selectAll().where('point_id', '=', pointId).executeTakeFirst()) ?? null;
}

/**
 * Features of the point's first `limit` measurements after `startAt` (null: from the first) whose
 * absolute diagnosis found no machine fault, of features version `version`, oldest first.
 */
export async function baselineCandidates(
  trx: Db,
  pointId: string,
  startAt: Date | null,
  version: number,
  limit: number,
): Promise<MeasurementFeatures[]> {
  const r = await sql<{ features: Uint8Array }>`
    SELECT f.features FROM measurement_diagnoses d
      JOIN measurement_features f ON f.measurement_id = d.measurement_id
     WHERE d.point_id = ${pointId} AND NOT d.absolute_machine_fault AND f.version = ${version}
       ${startAt ? sql`AND d.measured_at >= ${startAt}` : sql``}
     ORDER BY d.measured_at, d.measurement_id LIMIT ${limit}`.execute(trx);
  return r.rows.map((x) => decodeFeatures(x.features));
}

/**
 * How many measurements {@link baselineCandidates} would return (at most `limit`), without reading
 * their features: while a point's baseline is incomplete, every diagnosis asks, and the features
 * (≈ 5 kB compressed each) are read only when the count changed.
 */
export async function baselineCandidateCount(
  trx: Db,
  pointId: string,
  startAt: Date | null,
  version: number,
  limit: number,
): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM measurement_diagnoses d
        JOIN measurement_features f ON f.measurement_id = d.measurement_id
       WHERE d.point_id = ${pointId} AND NOT d.absolute_machine_fault AND f.version = ${version}
         ${startAt ? sql`AND d.measured_at >= ${startAt}` : sql``}
       LIMIT ${limit}) c`.execute(trx);
  return Number(r.rows[0]?.n ?? 0);
}

/** Stores a point's baseline (learnt from `measurements` measurements; complete when no more are wanted). */
export async function saveBaseline(
  trx: Db,
  b: { pointId: string; customerId: string; baseline: unknown; measurements: number; complete: boolean },
): Promise<void> {
  const values = {
    baseline: b.baseline === null ? null : JSON.stringify(b.baseline),
    measurements: b.measurements,
    complete: b.complete,
    updated_at: new Date(),
  };
  await trx
    .insertInto('point_baselines')
    .values({ point_id: b.pointId, customer_id: b.customerId, ...values })
    .onConflict((oc) => oc.column('point_id').doUpdateSet(values))
    .execute();
}

// ---------------------------------------------------------------- reports, written by the diagnosis

/**
 * The point's reports the lifecycle needs, locked: the open ones and those closed within
 * `windowMs` of `at`.
 */
export async function reportsForDiagnosis(trx: Db, pointId: string, at: Date, windowMs: number): Promise<ReportState[]> {
  const rows = await trx
    .selectFrom('fault_reports')
    .selectAll()
    .where('point_id', '=', pointId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'open'),
        eb.and([
          eb('closed_at', '>=', new Date(at.getTime() - windowMs)),
          eb('closed_at', '<=', new Date(at.getTime() + windowMs)),
        ]),
      ]),
    )
    .forUpdate()
    .execute();
  return rows.map(stateOf);
}

const columnsOf = (r: ReportState) => ({
  severity: r.severity,
  severity_history: JSON.stringify(r.severityHistory),
  status: r.status,
  closed_at: r.closedAt,
  closed_reason: r.closedReason,
  confidence: r.confidence,
  max_score: r.maxScore,
  rule: r.rule,
  evidence: JSON.stringify(r.evidence),
  measurement_id: r.measurementId,
  last_seen_at: r.lastSeenAt,
  updated_at: new Date(),
});

/** Inserts new reports and updates changed ones (the lifecycle's ReportChanges). */
export async function writeReports(trx: Db, customerId: string, created: ReportState[], updated: ReportState[]): Promise<void> {
  if (created.length)
    await trx
      .insertInto('fault_reports')
      .values(
        created.map((r) => ({
          id: r.id,
          customer_id: customerId,
          point_id: r.pointId,
          fault: r.fault,
          bearing_component: r.bearingComponent,
          code: r.code,
          detection_type: r.detectionType,
          created_at: r.createdAt,
          ...columnsOf(r),
        })),
      )
      .execute();
  for (const r of updated) await trx.updateTable('fault_reports').set(columnsOf(r)).where('id', '=', r.id).execute();
}

/** What a point's kinematics are made of: its stored form, its bearing, its customer's mains frequency. */
export async function kinematicsInputsOf(
  db: Db,
  pointId: string,
): Promise<{ point: Partial<PointData> | null; bearing: BearingRow | null; mainsHz: number | null }> {
  const r = await sql<{
    point: Partial<PointData> | null;
    bpfo: number | null;
    bpfi: number | null;
    bsf: number | null;
    ftf: number | null;
    mains: unknown;
  }>`
    SELECT p.point, b.bpfo, b.bpfi, b.bsf, b.ftf, c.preferences->'mainsFrequencyHz' AS mains
      FROM tree_nodes p
      JOIN customers c ON c.id = p.customer_id
      LEFT JOIN bearings b ON b.id = p.point->>'bearingId'
     WHERE p.id = ${pointId} AND p.node_type = 'point'`.execute(db);
  const row = r.rows[0];
  if (!row) return { point: null, bearing: null, mainsHz: null };
  return {
    point: row.point,
    bearing: row.bpfo === null ? null : { bpfo: row.bpfo, bpfi: row.bpfi!, bsf: row.bsf!, ftf: row.ftf! },
    mainsHz: typeof row.mains === 'number' ? row.mains : null,
  };
}

/** What computing a measurement's features needs (one query); `features` when they are stored already. */
export interface FeaturesSource {
  customerId: string;
  pointId: string | null;
  measuredAt: Date;
  features: Uint8Array | null;
  waveformKey: string | null;
  rangeIndex: number;
  samplingRateHz: number | null;
  deviceTelemetry: unknown;
  point: Partial<PointData> | null;
  bearing: BearingRow | null;
  mainsHz: number | null;
}

/** The stored features of a measurement, or what computing them needs; null for an unknown measurement. */
export async function featuresSourceOf(db: Db, measurementId: string): Promise<FeaturesSource | null> {
  const r = await sql<{
    customer_id: string;
    point_id: string | null;
    measured_at: Date;
    features: Uint8Array | null;
    waveform_key: string | null;
    range_index: number;
    calibrated_sampling_rate: number | null;
    device_telemetry: unknown;
    point: Partial<PointData> | null;
    bpfo: number | null;
    bpfi: number | null;
    bsf: number | null;
    ftf: number | null;
    mains: unknown;
  }>`
    SELECT m.customer_id, m.point_id, coalesce(m.started_at, m.created_at) AS measured_at, f.features, m.waveform_key,
           m.range_index, m.calibrated_sampling_rate, m.device_telemetry, p.point, b.bpfo, b.bpfi, b.bsf, b.ftf,
           c.preferences->'mainsFrequencyHz' AS mains
      FROM measurements m
      JOIN customers c ON c.id = m.customer_id
      LEFT JOIN measurement_features f ON f.measurement_id = m.id
      LEFT JOIN tree_nodes p ON p.id = m.point_id AND p.customer_id = m.customer_id AND p.node_type = 'point'
      LEFT JOIN bearings b ON b.id = p.point->>'bearingId'
     WHERE m.id = ${measurementId}`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  return {
    customerId: row.customer_id,
    pointId: row.point === null ? null : row.point_id,
    measuredAt: new Date(row.measured_at),
    features: row.features,
    waveformKey: row.waveform_key,
    rangeIndex: row.range_index,
    samplingRateHz: row.calibrated_sampling_rate,
    deviceTelemetry: row.device_telemetry,
    point: row.point,
    bearing: row.bpfo === null ? null : { bpfo: row.bpfo, bpfi: row.bpfi!, bsf: row.bsf!, ftf: row.ftf! },
    mainsHz: typeof row.mains === 'number' ? row.mains : null,
  };
}

/** Stores a measurement's features (computed by the diagnosis); features stored meanwhile are kept. */
export async function saveFeatures(
  db: Db,
  f: { measurementId: string; customerId: string; pointId: string; measuredAt: Date; version: number; features: Uint8Array },
): Promise<void> {
  await db
    .insertInto('measurement_features')
    .values({
      measurement_id: f.measurementId,
      customer_id: f.customerId,
      point_id: f.pointId,
      measured_at: f.measuredAt,
      version: f.version,
      features: f.features,
    })
    .onConflict((oc) => oc.column('measurement_id').doNothing())
    .execute();
}
