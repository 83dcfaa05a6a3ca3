import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultReportsResponse } from '@overtone/contract';
import { DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { DEMO_HISTORY_COUNT, seedDemoHistory } from '../src/jobs/seed-demo-history.ts';
import { api, login, startTestServer } from './support/test-server.ts';

/**
 * Issue 15: "the demo's history yields reports for the inner- and outer-race points on first start
 * and none for the normal one". The demo history (jobs/seed-demo-history.ts: 30 days of the CWRU
 * rig's real recordings) goes through the same post-persist diagnosis as ingest.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
const pointOf: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  const devices = await server.ctx.db
    .selectFrom('devices')
    .select(['mac', 'point_id'])
    .where(
      'mac',
      'in',
      DEMO_POINTS.map((p) => p.mac),
    )
    .execute();
  for (const d of devices) pointOf[d.mac] = d.point_id!;
  const seeded = await seedDemoHistory(server.ctx);
  expect(seeded.measurements).toBe(4 * DEMO_HISTORY_COUNT);
  await server.ctx.diagnosis!.idle();
}, 600_000);
afterAll(async () => {
  await server?.close();
});

const machineReports = async (mac: string) =>
  (
    await api<FaultReportsResponse>(server.url, token, 'GET', `/point/${pointOf[mac]}/fault-reports?pageSize=100`)
  ).body.data.detectionReports.filter((r) => r.detectionType === 'machine');

describe('the demo history through the diagnosis', () => {
  it('diagnoses every measurement of the history', async () => {
    const n = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(4 * DEMO_HISTORY_COUNT);
    expect(await server.ctx.db.selectFrom('diagnosis_pending').selectAll().execute()).toEqual([]);
  });

  // What the issue asks of the demo. Whether a faulty point also gets a report of another component
  // is the rules' accuracy (packages/diagnosis, `npm run bench -- diagnosis`), not asserted here.
  it('reports the inner race on the inner-race point, the outer race on the outer-race point, nothing on the normal one', async () => {
    const inner = await machineReports('CA:B8:31:00:00:02');
    const outer = await machineReports('CA:B8:31:00:00:04');
    expect(inner.some((r) => r.bearingComponent === 'inner_race')).toBe(true);
    expect(outer.some((r) => r.bearingComponent === 'outer_race')).toBe(true);
    expect(await machineReports('CA:B8:31:00:00:01')).toEqual([]);
    // one report per code at a time, never a duplicate
    for (const list of [inner, outer]) {
      const open = list.filter((r) => r.status === 'open').map((r) => r.code);
      expect(new Set(open).size).toBe(open.length);
    }
  });
});
