import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '../src/infra/ids.ts';
import { LevelHistoryCache } from '../src/modules/dashboard/history-cache.ts';
import { periodsOf, type Period } from '../src/modules/dashboard/service.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { insertMeasurement, insertPoint } from './support/points.ts';
import { startTestServer } from './support/test-server.ts';

/**
 * The dashboard's level history cache (docs/dashboard.md "The level history cache") on the real
 * database and its triggers (migration 0026): after every kind of write, a cache kept across the
 * write answers exactly what a cache loaded afresh answers; writes stamped now are read as arrivals
 * (no reload), writes that change the past raise the customer's version (a reload).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let customerId: string;
let p1: string, p2: string;
let a1: string, a2: string;
let firstOfP1: string;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const db = () => server.ctx.db;
const version = async () =>
  Number(
    (
      await db()
        .selectFrom('dashboard_history_versions')
        .select('version')
        .where('customer_id', '=', customerId)
        .executeTakeFirst()
    )?.version ?? 0,
  );

async function measuredAt(pointId: string, at: Date): Promise<string> {
  const id = await insertMeasurement(server, { customerId, pointId });
  await db().updateTable('measurements').set({ created_at: at }).where('id', '=', id).execute();
  await db().deleteFrom('alarm_evaluations_pending').where('measurement_id', '=', id).execute();
  return id;
}

async function addAlarm(pointId: string, level = 0): Promise<string> {
  const alarmId = newId();
  await db()
    .insertInto('alarm_states')
    .values({ alarm_id: alarmId, kind: 'metric', customer_id: customerId, point_id: pointId, level })
    .execute();
  return alarmId;
}

async function transaction(alarmId: string, pointId: string, at: Date, level: number) {
  await db()
    .insertInto('alarm_transactions')
    .values({
      id: newId(),
      customer_id: customerId,
      point_id: pointId,
      alarm_id: alarmId,
      kind: 'metric',
      name: 'VRMS x',
      telemetry: 'VRMS_ISO10816',
      source: 'accelerometer_x',
      level,
      score: level,
      created_at: at,
      mail_state: 'skipped',
    })
    .execute();
}

async function report(pointId: string, severity: string, createdAt: Date): Promise<string> {
  const id = newId();
  const m = newId();
  await db()
    .insertInto('fault_reports')
    .values({
      id,
      customer_id: customerId,
      point_id: pointId,
      code: `unbalance:${id}`,
      fault: 'unbalance',
      bearing_component: null,
      detection_type: 'machine',
      severity,
      severity_history: JSON.stringify([{ severity, at: createdAt.toISOString(), measurementId: m }]),
      status: 'open',
      confidence: 0.8,
      max_score: 3,
      rule: 'unbalance.1x',
      evidence: JSON.stringify([]),
      measurement_id: m,
      last_seen_at: createdAt,
      created_at: createdAt,
      updated_at: new Date(),
    } as never)
    .execute();
  return id;
}

/** Thirteen months by month to now, then the last 7 days by day: one call's worth of periods each. */
const months = (): Period[] => periodsOf(ago(395 * DAY), new Date(), 'month', 0)!;
const days = (): Period[] => periodsOf(ago(7 * DAY), new Date(), 'day', 0)!;

/** The kept cache's answer and a fresh cache's answer for both interval kinds. */
async function both(kept: LevelHistoryCache) {
  const points = [p1, p2];
  const fresh = new LevelHistoryCache(db());
  return {
    kept: [await kept.levels(customerId, points, months()), await kept.levels(customerId, points, days())],
    fresh: [await fresh.levels(customerId, points, months()), await fresh.levels(customerId, points, days())],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  customerId = (await createSecondTenant(server)).customerId;
  p1 = await insertPoint(server, customerId, { name: 'Cache pump' });
  p2 = await insertPoint(server, customerId, { name: 'Cache fan' });
  firstOfP1 = await measuredAt(p1, ago(300 * DAY));
  await measuredAt(p1, ago(200 * DAY));
  await measuredAt(p2, ago(300 * DAY));
  a1 = await addAlarm(p1);
  a2 = await addAlarm(p2);
  await transaction(a1, p1, ago(100 * DAY), 2);
  await transaction(a1, p1, ago(90 * DAY), 0);
  await transaction(a2, p2, ago(30 * DAY), 1);
});
afterAll(async () => server?.close());

describe('level history cache', () => {
  it('answers as a fresh load after every kind of write, reloading only when the past changed', async () => {
    const kept = new LevelHistoryCache(db());
    let r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(kept.loads).toBe(1);
    const last = r.kept[0]!.map((row) => row[row.length - 1]);
    expect(last).toEqual([0, 1]);

    // an arrival stamped now: read since the kept part, no reload
    let v = await version();
    await transaction(a1, p1, ago(60_000), 3);
    expect(await version()).toBe(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(r.kept[0]![0]!.at(-1)).toBe(3);
    expect(kept.loads).toBe(1);

    // a late upload (stamped 40 days back): the past changed, the version rises, the cache reloads
    await transaction(a2, p2, ago(40 * DAY), 2);
    expect(await version()).toBeGreaterThan(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(kept.loads).toBe(2);
    expect(Math.max(...(r.kept[0]![1]! as number[]))).toBe(2);

    // a report opened now: an arrival; re-rated with an entry 20 days back: a change of the past
    v = await version();
    const rid = await report(p2, 'critical', ago(30_000));
    expect(await version()).toBe(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(r.kept[0]![1]!.at(-1)).toBe(3);
    expect(kept.loads).toBe(2);
    await db()
      .updateTable('fault_reports')
      .set({
        severity_history: JSON.stringify([
          { severity: 'attention', at: ago(20 * DAY).toISOString(), measurementId: newId() },
          { severity: 'critical', at: ago(30_000).toISOString(), measurementId: newId() },
        ]),
        created_at: ago(20 * DAY),
        updated_at: new Date(),
      })
      .where('id', '=', rid)
      .execute();
    expect(await version()).toBeGreaterThan(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(kept.loads).toBe(3);

    // closing it now is an arrival (updated_at now)
    v = await version();
    await db()
      .updateTable('fault_reports')
      .set({ status: 'closed', closed_at: new Date(), updated_at: new Date() })
      .where('id', '=', rid)
      .execute();
    expect(await version()).toBe(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(kept.loads).toBe(3);

    // an alarm added, then deleted: each changes the whole past
    const a3 = await addAlarm(p1, 0);
    expect(await version()).toBeGreaterThan(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    v = await version();
    await db().deleteFrom('alarm_states').where('alarm_id', '=', a3).execute();
    expect(await version()).toBeGreaterThan(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);

    // deleting a point's later measurement changes nothing; deleting its first moves when it was first monitored
    v = await version();
    const later = await measuredAt(p1, ago(10 * DAY));
    await db().deleteFrom('measurements').where('id', '=', later).execute();
    expect(await version()).toBe(v);
    const loads = kept.loads;
    await db().deleteFrom('measurements').where('id', '=', firstOfP1).execute();
    expect(await version()).toBeGreaterThan(v);
    r = await both(kept);
    expect(r.kept).toEqual(r.fresh);
    expect(kept.loads).toBe(loads + 1);
    // p1 is now monitored from 200 days back: the months before are unknown
    expect(r.kept[0]![0]![0]).toBeNull();
  });

  it('rolls settled arrivals into the kept part and still answers as a fresh load', async () => {
    const kept = new LevelHistoryCache(db(), 0);
    await kept.levels(customerId, [p1, p2], months());
    for (const level of [1, 0, 2]) {
      await transaction(a2, p2, new Date(), level);
      const r = await both(kept);
      expect(r.kept).toEqual(r.fresh);
    }
    expect(kept.loads).toBe(1);
  });

  it('reloads from further back for an interval older than the kept part', async () => {
    const kept = new LevelHistoryCache(db());
    await kept.levels(customerId, null, days());
    expect(kept.loads).toBe(1);
    const older = periodsOf(ago(700 * DAY), ago(300 * DAY), 'month', 0)!;
    expect(await kept.levels(customerId, [p2], older)).toEqual(await new LevelHistoryCache(db()).levels(customerId, [p2], older));
    expect(kept.loads).toBe(2);
    // a later interval inside the kept span needs no reload
    await kept.levels(customerId, null, months());
    expect(kept.loads).toBe(2);
  });

  it('keeps tenants apart: another customer sees none of these points', async () => {
    const kept = new LevelHistoryCache(db());
    const demo = await db().selectFrom('customers').select('id').where('id', '<>', customerId).executeTakeFirstOrThrow();
    const rows = await kept.levels(demo.id, [p1, p2], months());
    expect(rows).toEqual([]);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM dashboard_history_versions`.execute(db());
    expect(count.rows[0]!.n).toBeGreaterThan(0);
  });
});
