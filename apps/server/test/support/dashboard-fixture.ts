import { afterAll, beforeAll } from 'vitest';
import { timeZoneOffsetMinutes, customerPreferences } from '@overtone/contract';
import { writeReports } from '../../src/modules/fault-reports/diagnosis-repo.ts';
import type { ReportState } from '../../src/modules/fault-reports/lifecycle.ts';
import { newId } from '../../src/infra/ids.ts';
import { startTwoTenants, type Call } from '../admin-client.ts';
import { insertMeasurement, insertPoint } from './points.ts';

/** Shared setup of dashboard.test.ts and dashboard-alarm-series.test.ts: live bindings, read them inside tests. */
export let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
export let call: Call;
export let other: Call;
export let demoId: string;
export let otherId: string;
export let pA: string, pB: string, pC: string, pD: string;
export let rA: string, rB: string, rD: string;
export let off = 0;
export let filter = '';
export let groupId = 'nogroup';

/** An instant from the customer's wall clock `YYYY-MM-DD HH:mm:ss`. */
export const L = (s: string) => new Date(Date.parse(s.replace(' ', 'T') + 'Z') - off * 60_000);
export const DAY = 86_400_000;
export const START = '2026-03-10 00:00:00';
export const END = '2026-03-16 23:59:59';
export const interval = (unit = 'day', points = filter) =>
  `start=${encodeURIComponent(START)}&end=${encodeURIComponent(END)}&unit=${unit}&points=${points}`;

export async function measured(pointId: string, at: Date) {
  const id = await insertMeasurement(server, { customerId: demoId, pointId });
  const db = server.ctx.db;
  await db.updateTable('measurements').set({ created_at: at }).where('id', '=', id).execute();
  // no alarm evaluation of these bare rows: the test writes the alarm states itself
  await db.deleteFrom('alarm_evaluations_pending').where('measurement_id', '=', id).execute();
}

export async function alarm(pointId: string, level: number, changes: [Date, number][], customerId = demoId) {
  const alarmId = newId();
  const db = server.ctx.db;
  await db
    .insertInto('alarm_states')
    .values({ alarm_id: alarmId, kind: 'metric', customer_id: customerId, point_id: pointId, level })
    .execute();
  for (const [at, l] of changes)
    await db
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
        level: l,
        score: l * 2,
        created_at: at,
        mail_state: 'skipped',
      })
      .execute();
}

export const report = (over: Partial<ReportState> & Pick<ReportState, 'id' | 'pointId' | 'createdAt'>): ReportState => {
  const m = newId();
  return {
    code: 'bearing_failure:inner_race',
    fault: 'bearing_failure',
    bearingComponent: 'inner_race',
    detectionType: 'machine',
    severity: 'hazard',
    severityHistory: [{ severity: over.severity ?? 'hazard', at: over.createdAt.toISOString(), measurementId: m }],
    status: 'open',
    closedAt: null,
    closedReason: null,
    confidence: 0.8,
    maxScore: 3,
    rule: 'bearing.envelope',
    evidence: [],
    measurementId: m,
    lastSeenAt: over.createdAt,
    ...over,
  };
};

/** Registers the fixture's beforeAll and afterAll in the calling test file. */
export function useDashboardFixture() {
  beforeAll(async () => {
    ({ server, call, other, demoId, otherId } = await startTwoTenants());
    const db = server.ctx.db;
    const c = await db.selectFrom('customers').select('preferences').where('id', '=', demoId).executeTakeFirstOrThrow();
    off = timeZoneOffsetMinutes(customerPreferences.parse(c.preferences).localization.timeZone);
    const parent = await db
      .selectFrom('tree_nodes')
      .select('parent_id')
      .where('customer_id', '=', demoId)
      .where('node_type', '=', 'point')
      .executeTakeFirstOrThrow();
    const p = (name: string) => insertPoint(server, demoId, { parentId: parent.parent_id, name });
    [pA, pB, pC, pD] = [await p('DB pump A'), await p('DB fan B'), await p('DB spare C'), await p('DB gear D')];
    filter = [pA, pB, pC, pD].join(',');
    groupId = parent.parent_id ?? groupId;

    for (const pt of [pA, pB, pD]) await measured(pt, L('2026-02-01 12:00:00'));
    await measured(pA, new Date(Date.now() - DAY)); // measured recently
    // pA: hazard in the previous period, healthy again before the interval; pB: critical during it
    await alarm(pA, 0, [
      [L('2026-03-05 10:00:00'), 2],
      [L('2026-03-06 10:00:00'), 0],
      [new Date(Date.now() - 2 * DAY), 1],
      [new Date(Date.now() - DAY), 0],
    ]);
    await alarm(pB, 3, [[L('2026-03-12 08:00:00'), 3]]);
    await alarm(pB, 0, [[new Date(Date.now() - 3 * DAY), 3]]);
    await db
      .updateTable('tree_nodes')
      .set({ health: 'healthy', last_values: JSON.stringify({ VRMS_ISO10816: 0.56 }) })
      .where('id', '=', pA)
      .execute();
    await db.updateTable('tree_nodes').set({ health: 'critical' }).where('id', '=', pB).execute();
    await db
      .insertInto('metric_alarms')
      .values({
        id: newId(),
        customer_id: demoId,
        point_id: pA,
        name: 'VRMS x',
        telemetry: 'VRMS_ISO10816',
        source: 'accelerometer_x',
        threshold_direction: 1,
        threshold: JSON.stringify({ attention: [null, 2], hazard: [null, 5], critical: [null, 8] }),
      })
      .execute();
    await db
      .insertInto('frequency_peak_alarms')
      .values({
        id: newId(),
        customer_id: demoId,
        point_id: pB,
        name: 'BPFO',
        axis: 'accelerometer_x',
        frequency_hz: 107,
        half_band_hz: 1,
        attention: 0.1,
        hazard: 0.2,
        critical: 0.3,
      })
      .execute();

    rA = newId();
    rB = newId();
    rD = newId();
    await writeReports(
      db,
      demoId,
      [
        // pA: an unbalance (attention) open for a day inside the interval
        report({
          id: rA,
          pointId: pA,
          code: 'unbalance',
          fault: 'unbalance',
          bearingComponent: null,
          severity: 'attention',
          createdAt: L('2026-03-11 06:00:00'),
          status: 'closed',
          closedAt: L('2026-03-12 06:00:00'),
          closedReason: 'healthy',
        }),
        // pB: an inner-race fault (hazard) still open
        report({ id: rB, pointId: pB, createdAt: L('2026-03-11 09:00:00') }),
        // pD: no alarm at all, an open attention report after the interval
        report({
          id: rD,
          pointId: pD,
          code: 'misalignment',
          fault: 'misalignment',
          bearingComponent: null,
          severity: 'attention',
          createdAt: L('2026-03-20 09:00:00'),
        }),
      ],
      [],
    );
    await db.updateTable('fault_reports').set({ is_answered: true }).where('id', '=', rA).execute();

    const maintenance = (
      pointId: string,
      status: 'completed' | 'continues',
      outcome: string | null,
      completedAt: Date | null,
      customerId = demoId,
    ) =>
      db
        .insertInto('maintenances')
        .values({
          id: newId(),
          customer_id: customerId,
          point_id: pointId,
          title: `Work on ${pointId.slice(-4)}`,
          status,
          start_at: L('2026-03-01 08:00:00'),
          completed_at: completedAt,
          verdict: null,
          outcome,
          created_by: null,
        })
        .execute();
    await maintenance(pA, 'completed', 'improved', L('2026-03-02 08:00:00'));
    await maintenance(pB, 'completed', 'worse', L('2026-03-03 08:00:00'));
    await maintenance(pB, 'continues', null, null);
  });
  afterAll(async () => server?.close());
}
