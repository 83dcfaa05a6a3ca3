import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '../src/infra/ids.ts';
import { insertFinalMeasurement, insertTelemetryValues, type TelemetryRow } from '../src/jobs/ingest/persist-measurement.ts';
import { createFinalMeasurementWriter, type NewFinalMeasurement } from '../src/jobs/ingest/persist-batch.ts';
import { countedDb } from './support/counted-db.ts';
import { startTestServer } from './support/test-server.ts';

// Group commit of self-initiated final measurements (jobs/ingest/persist-batch.ts, migration 0030).

let server: Awaited<ReturnType<typeof startTestServer>>;
let customerId: string;
let pointId: string;
const DEVICE = 'CA:B8:31:00:00:0B';

beforeAll(async () => {
  server = await startTestServer();
  const p = (
    await sql<{ id: string; customer_id: string }>`
      SELECT id, customer_id FROM tree_nodes WHERE node_type = 'point' ORDER BY id LIMIT 1`.execute(server.ctx.db)
  ).rows[0]!;
  customerId = p.customer_id;
  pointId = p.id;
});
afterAll(() => server.close());

const FINAL = {
  state: 'persisted' as const,
  error: null,
  sample_size: 12000,
  calibrated_sampling_rate: 12800,
  started_at: null,
  waveform_key: null,
  gateway_mac: null,
  device_telemetry: [{ TYPE: 'BATTERY', VALUES: [3.1] }],
};
/** Telemetry as ingest computes it: per axis, with repeated values, plus one the device reported. */
const rowsOf = (scale: number): TelemetryRow[] => [
  ...(['x', 'y', 'z'] as const).flatMap((source, i) => [
    { telemetry: 'GRMS', source, value: scale * (i + 1), unit: 'g', device_reported: false },
    { telemetry: 'KURTOSIS', source, value: 3, unit: '', device_reported: false },
  ]),
  { telemetry: 'BATTERY', source: 'device', value: 3.1, unit: 'V', device_reported: true },
];
let clock = Date.parse('2035-06-01T00:00:00Z'); // after the demo history: these are the point's latest
const item = (scale: number, over: Partial<NewFinalMeasurement['m']> = {}): NewFinalMeasurement => {
  const id = newId();
  const at = new Date((clock += 60_000));
  return {
    m: {
      id,
      object_id: id,
      customer_id: customerId,
      point_id: pointId,
      device_mac: DEVICE,
      range_index: 2,
      rate_index: 9,
      created_at: at,
      ...over,
    },
    set: FINAL,
    measuredAt: at,
    rows: rowsOf(scale),
  };
};

/** What a measurement has in the tables the final statement writes. */
const stored = async (id: string) => {
  const db = server.ctx.db;
  const q = <T>(s: ReturnType<typeof sql<T>>) => s.execute(db).then((r) => r.rows);
  return {
    measurement: await q<{ state: string; device_telemetry: unknown; sample_size: number }>(
      sql`SELECT state, device_telemetry, sample_size FROM measurements WHERE id = ${id}`,
    ),
    telemetry: await q(
      sql`SELECT telemetry, source, value, unit, device_reported, point_id FROM telemetry_values
           WHERE measurement_id = ${id} ORDER BY telemetry, source`,
    ),
    values: await q<{ telemetry: string; value: number; below: number | null }>(
      sql`SELECT telemetry, value, below, point_id, device_mac, measurement_type, state, tags FROM measurement_values
           WHERE measurement_id = ${id} ORDER BY telemetry, value`,
    ),
    queued: await q(sql`SELECT 1 FROM diagnosis_pending WHERE measurement_id = ${id}`),
  };
};
const lastValues = async () =>
  (
    await sql<{ v: Record<string, number> | null }>`SELECT last_values AS v FROM tree_nodes WHERE id = ${pointId}`.execute(
      server.ctx.db,
    )
  ).rows[0]!.v;

/** The database with every statement counted. */
const counted = () => countedDb(server.ctx.db);

describe('final measurements written together (persist-batch.ts)', () => {
  it('writes the measurements handed over in one turn in ONE statement, each as insertFinalMeasurement writes it alone', async () => {
    const { db, seen } = counted();
    const writer = createFinalMeasurementWriter(db);
    const batch = [item(1), item(2), item(4)];
    expect(await Promise.all(batch.map((i) => writer.insert(i)))).toEqual([true, true, true]);
    expect(seen.statements).toBe(1);

    const alone = item(4);
    expect(await insertFinalMeasurement(server.ctx.db, alone.m, alone.set, alone.measuredAt, alone.rows)).toBe(true);
    const single = await stored(alone.m.id);
    expect(single.telemetry).toHaveLength(7);
    expect(single.values.map((v) => [v.telemetry, v.value, v.below])).toEqual([
      ['GRMS', 4, null],
      ['GRMS', 8, 4],
      ['GRMS', 12, 8],
      ['KURTOSIS', 3, null],
    ]);
    expect(await stored(batch[2]!.m.id)).toEqual(single);
    for (const [i, scale] of [1, 2].entries()) {
      const s = await stored(batch[i]!.m.id);
      expect(s.measurement).toEqual([{ state: 'persisted', device_telemetry: FINAL.device_telemetry, sample_size: 12000 }]);
      expect(s.values.filter((v) => v.telemetry === 'GRMS').map((v) => v.value)).toEqual([scale, 2 * scale, 3 * scale]);
      expect(s.queued).toHaveLength(1);
    }
    // the point's last values: of its latest persisted measurement (alone, created last), max over the axes
    expect(await lastValues()).toEqual({ GRMS: 12, KURTOSIS: 3 });
  });

  it('keeps the others when one measurement of a batch fails: that one alone fails, with nothing written', async () => {
    const writer = createFinalMeasurementWriter(server.ctx.db);
    const bad = item(1, { point_id: 'no-such-point' }); // measurements.point_id's foreign key
    const good = [item(5), item(6)];
    const results = await Promise.allSettled([writer.insert(good[0]!), writer.insert(bad), writer.insert(good[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    for (const g of good) {
      const s = await stored(g.m.id);
      expect(s.measurement).toHaveLength(1);
      expect(s.telemetry).toHaveLength(7);
      expect(s.values).toHaveLength(4);
    }
    expect(await stored(bad.m.id)).toEqual({ measurement: [], telemetry: [], values: [], queued: [] });
    expect(await lastValues()).toEqual({ GRMS: 18, KURTOSIS: 3 });
  });

  it('creates a measurement delivered twice in one batch once (same device and object id), the second gets nothing', async () => {
    const writer = createFinalMeasurementWriter(server.ctx.db);
    const first = item(1, { object_id: 'twice' });
    const second = item(2, { object_id: 'twice' });
    expect(await Promise.all([writer.insert(first), writer.insert(second)])).toEqual([true, false]);
    expect((await stored(first.m.id)).telemetry).toHaveLength(7);
    expect(await stored(second.m.id)).toEqual({ measurement: [], telemetry: [], values: [], queued: [] });
  });

  it('leaves the telemetry trigger’s refresh to every other writer (the skip is the writer’s own statement only)', async () => {
    const writer = createFinalMeasurementWriter(server.ctx.db);
    const latest = item(1);
    latest.rows = latest.rows.filter((r) => r.telemetry === 'KURTOSIS');
    expect(await writer.insert(latest)).toBe(true);
    expect(await lastValues()).toEqual({ KURTOSIS: 3 });
    // telemetry added later to the persisted measurement by another writer: the point follows
    await insertTelemetryValues(server.ctx.db, latest.m, latest.measuredAt, [
      { telemetry: 'GRMS', source: 'x', value: 7, unit: 'g', device_reported: false },
    ]);
    expect(await lastValues()).toEqual({ KURTOSIS: 3, GRMS: 7 });
    const setting = await sql<{ v: string | null }>`
      SELECT current_setting('overtone.last_values_by_measurement', true) AS v`.execute(server.ctx.db);
    expect(setting.rows[0]?.v ?? '').toBe('');
  });
});
