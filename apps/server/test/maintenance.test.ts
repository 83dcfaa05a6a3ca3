import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, customerPreferences, timeZoneOffsetMinutes, type EndpointBody } from '@overtone/contract';
import { completedMaintenances } from '../src/modules/maintenance/repo.ts';
import { formatApiDate } from '../src/modules/maintenance/service.ts';
import { caller, loginOn, type Call } from './admin-client.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { connectGateway } from './support/gateway-client.ts';
import { recordingChannel } from './support/recordings.ts';
import { publishRecordedMeasurement } from './support/recorded-measurement.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { startTestServer } from './support/test-server.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { failureOf } from './support/endpoint-client.ts';

/**
 * The maintenance calls (spec 001 §2 "Maintenance", §3, §4, §5, §7, §8; docs/maintenance.md) against
 * the real server and database, and the before/after verdict on REAL CWRU recordings measured
 * through the real path (a gateway publishes the demo sensors' measurements over the embedded
 * broker; ingest stores them, the diagnosis writes reports and recomputes the verdict), as
 * fault-reports-ingest.test.ts does: x = drive end, y = fan end, z = drive end further on, ±4 g,
 * 24 000 samples at 12 kHz (the 48 kHz normal record decimated by 4, as the simulated plant does).
 */
const GATEWAY = 'CA:B8:28:00:00:01';
const NORMAL_SENSOR = 'CA:B8:31:00:00:01';
const OUTER_SENSOR = 'CA:B8:31:00:00:04';
const OUTER = 'cwru_130_OR007at6_0HP';
const NORMAL = 'cwru_097_Normal_0HP';

let server: Awaited<ReturnType<typeof startTestServer>>;
let call: Call;
let other: Call;
let demoId: string;
let gateway: Awaited<ReturnType<typeof connectGateway>>;
let outerPoint: string;
let normalPoint: string;

/** Publishes one measurement of `device` (the 48 kHz normal record decimated to 12 kHz; z half a record on) and waits until it is diagnosed. */
const measure = (device: string, stem: string, start: number) => {
  const q = stem === NORMAL ? 4 : 1;
  const zOffset = Math.floor(recordingChannel(stem, 'DE').length / q / 2);
  return publishRecordedMeasurement({ server, gateway, gatewayMac: GATEWAY }, device, { stem, start, q, zOffset });
};

const pointOf = async (name: string) =>
  (
    await server.ctx.db
      .selectFrom('tree_nodes')
      .select('id')
      .where('name', '=', name)
      .where('customer_id', '=', demoId)
      .executeTakeFirstOrThrow()
  ).id;
const list = async (pointId: string, as: Call = call) => as.endpoint(ENDPOINTS.listMaintenances, { query: { pointId } });
const create = (body: EndpointBody<typeof ENDPOINTS.createMaintenance>, as: Call = call) =>
  as.endpoint(ENDPOINTS.createMaintenance, { body });
const update = (id: string, body: EndpointBody<typeof ENDPOINTS.updateMaintenance>, as: Call = call) =>
  as.endpoint(ENDPOINTS.updateMaintenance, { params: { id }, body });
const recordOf = async (pointId: string, id: string) => (await list(pointId)).body.find((r) => r._id === id)!;
const machineReports = async (pointId: string) =>
  (
    await call.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: pointId }, query: { status: 'all' } })
  ).body.data.detectionReports.filter((r) => r.detectionType === 'machine');
/** Sets the demo customer's time zone. */
async function setZone(zone: string) {
  const c = await server.ctx.db.selectFrom('customers').select('preferences').where('id', '=', demoId).executeTakeFirstOrThrow();
  const prefs = customerPreferences.parse(c.preferences);
  prefs.localization = { ...prefs.localization, timeZone: zone as typeof prefs.localization.timeZone };
  await server.ctx.db
    .updateTable('customers')
    .set({ preferences: JSON.stringify(prefs) })
    .where('id', '=', demoId)
    .execute();
}
/** Now as a maintenanceStartDate, after the measurements already taken (the date has whole seconds). */
async function startNow(zone: string) {
  await new Promise((r) => setTimeout(r, 1100));
  return formatApiDate(new Date(), timeZoneOffsetMinutes(zone));
}

beforeAll(async () => {
  server = await startTestServer({ chunkWaitMs: 20_000 });
  call = caller(server, await loginOn(server, 'admin@demo.local', TEST_PASSWORD));
  const tenant = await createSecondTenant(server);
  other = caller(server, await loginOn(server, tenant.email, tenant.password, tenant.domain), tenant.domain);
  demoId = await demoCustomerId(server);
  gateway = await connectGateway(server, GATEWAY, { clientId: 'maintenance-test' });
  outerPoint = await pointOf('Outer race fault');
  normalPoint = await pointOf('Normal baseline');
  await setZone('GMT+3');
}, 60_000);
afterAll(async () => {
  await gateway?.endAsync();
  await server?.close();
});

describe('maintenance records', () => {
  let id: string;

  it('creates, lists (newest start first) and updates; dates in the customer’s time zone', async () => {
    const a = await create({
      pointId: normalPoint,
      title: 'Coupling check',
      description: 'Alignment measured',
      status: 'continues',
      maintenanceStartDate: '2026-05-01 10:00:00',
    });
    expect(a.status).toBe(200);
    id = a.body._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const b = await create({
      pointId: normalPoint,
      title: 'Earlier greasing',
      status: 'continues',
      maintenanceStartDate: '2026-04-01 08:30:00',
    });
    expect(b.status).toBe(200);
    const rows = (await list(normalPoint)).body;
    expect(rows.map((r) => r.title)).toEqual(['Coupling check', 'Earlier greasing']);
    expect(rows[0]).toMatchObject({
      _id: id,
      pointId: normalPoint,
      description: 'Alignment measured',
      status: 'continues',
      maintenanceStartDate: '2026-05-01 10:00:00',
      completedAt: null,
      verdict: null,
      createdBy: { name: expect.any(String) },
    });
    expect(rows[1]!.description).toBe('');
    // stored as the instant: 10:00 at GMT+3 is 07:00 UTC; another zone answers the same instant in its own time
    const stored = await server.ctx.db
      .selectFrom('maintenances')
      .select('start_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.start_at).toISOString()).toBe('2026-05-01T07:00:00.000Z');
    await setZone('GMT-5');
    expect((await recordOf(normalPoint, id)).maintenanceStartDate).toBe('2026-05-01 02:00:00');
    await setZone('GMT+3');

    const put = await update(id, { description: 'Aligned within 0.05 mm', status: 'continues' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      _id: id,
      description: 'Aligned within 0.05 mm',
      status: 'continues',
      title: 'Coupling check',
    });
    expect(await recordOf(normalPoint, id)).toEqual(put.body);
  });

  it('completed and back: completedAt and a verdict appear, then are cleared', async () => {
    const done = await update(id, { description: 'done', status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.completedAt).not.toBeNull();
    expect(done.body.verdict).not.toBeNull();
    // completed again: only the description changes, the completion stays
    const again = await update(id, { description: 'done, noted', status: 'completed' });
    expect(again.body).toMatchObject({
      description: 'done, noted',
      completedAt: done.body.completedAt,
      verdict: done.body.verdict,
    });
    const back = await update(id, { description: 'reopened', status: 'continues' });
    expect(back.body).toMatchObject({ status: 'continues', completedAt: null, verdict: null });
    const row = await server.ctx.db
      .selectFrom('maintenances')
      .select(['outcome', 'verdict'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: null, verdict: null });
  });

  it('bad input answers 400 with the field', async () => {
    const ok = { pointId: normalPoint, title: 'x', status: 'completed', maintenanceStartDate: '2026-05-01 10:00:00' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, title: '' }, 'title'],
      [{ ...ok, title: 'x'.repeat(201) }, 'title'],
      [{ ...ok, status: 'done' }, 'status'],
      [{ ...ok, maintenanceStartDate: '2026-05-01T10:00:00Z' }, 'maintenanceStartDate'],
      [{ ...ok, maintenanceStartDate: '2026-02-30 10:00:00' }, 'maintenanceStartDate'],
      [{ ...ok, maintenanceStartDate: '2026-05-01 24:00:00' }, 'maintenanceStartDate'],
      [{ ...ok, pointId: 'not-an-id' }, 'pointId'],
    ];
    for (const [body, param] of cases) {
      const r = await call<{ errors: { msg: string; param?: string }[] }>('POST', '/maintenances', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[0]!.param, JSON.stringify(body)).toBe(param);
      expect(r.body.errors[0]!.msg.length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/maintenances')).status).toBe(400);
    expect((await call('PUT', `/maintenances/${id}`, { status: 'completed' })).status).toBe(400);
    expect((await call('PUT', `/maintenances/${id}`, { description: '', status: 'finished' })).status).toBe(400);
  });

  it('another customer’s point or record answers 404 exactly like a missing one', async () => {
    const missingPoint = '0'.repeat(24);
    const foreign = await list(normalPoint, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await list(missingPoint, other)).body);
    const body = {
      pointId: normalPoint,
      title: 'x',
      status: 'continues' as const,
      maintenanceStartDate: '2026-05-01 10:00:00',
    };
    const post = await create(body, other);
    expect(post.status).toBe(404);
    expect(post.body).toEqual((await create({ ...body, pointId: missingPoint }, other)).body);
    const put = await update(id, { description: 'hijack', status: 'completed' }, other);
    expect(put.status).toBe(404);
    expect(put.body).toEqual((await update(missingPoint, { description: 'x', status: 'completed' }, other)).body);
    expect(failureOf(put)).toMatchObject({ code: 'MAINTENANCE_NOT_FOUND' });
    expect((await recordOf(normalPoint, id)).description).toBe('reopened');
    expect(await server.ctx.db.selectFrom('maintenances').select('id').where('title', '=', 'x').execute()).toEqual([]);
  });

  it('each call needs its permission: readMaintenance, createMaintenance, updateMaintenance', async () => {
    const without = (p: string) => PERMISSIONS.filter((x) => x !== p);
    const as = async (perm: string) => {
      const email = `mt-no-${perm.toLowerCase()}@demo.local`;
      await insertUser(server, { email, password: 'Maint-Perm-1', permissions: without(perm) });
      return caller(server, await loginOn(server, email, 'Maint-Perm-1'));
    };
    const noRead = await as('readMaintenance');
    const noCreate = await as('createMaintenance');
    const noUpdate = await as('updateMaintenance');
    const body = {
      pointId: normalPoint,
      title: 'perm',
      status: 'continues' as const,
      maintenanceStartDate: '2026-05-02 10:00:00',
    };
    expect((await list(normalPoint, noRead)).status).toBe(403);
    expect((await list(normalPoint, noCreate)).status).toBe(200);
    expect((await create(body, noCreate)).status).toBe(403);
    expect((await create(body, noUpdate)).status).toBe(200);
    const put = { description: 'perm', status: 'continues' as const };
    expect((await update(id, put, noUpdate)).status).toBe(403);
    expect((await update(id, put, noRead)).status).toBe(200);
  });
});

describe('the before/after verdict on real recordings', () => {
  it('outer race (cwru-130) before, normal (cwru-097) after: improved, the outer-race report closed by the maintenance', async () => {
    for (const start of [0, 20_000, 40_000]) await measure(OUTER_SENSOR, OUTER, start);
    const open = (await machineReports(outerPoint)).filter((r) => r.status === 'open');
    const outer = open.find((r) => r.bearingComponent === 'outer_race');
    expect(outer, 'the outer-race report the work addresses').toBeTruthy();

    const posted = await create({
      pointId: outerPoint,
      title: 'Drive-end bearing replaced',
      description: '6205-2RS JEM SKF',
      status: 'completed',
      maintenanceStartDate: await startNow('GMT+3'),
    });
    expect(posted.status).toBe(200);
    const id = posted.body._id;
    const pending = await recordOf(outerPoint, id);
    expect(pending.verdict).toMatchObject({
      outcome: 'pending',
      decidedAt: null,
      measurementsBefore: 3,
      measurementsAfter: 0,
      closedFaultReports: [],
    });
    expect(pending.verdict!.lines.some((l) => l.quantity === 'EVIDENCE' && l.faultReportId === outer!.id)).toBe(true);
    const baseline = await server.ctx.db
      .selectFrom('point_baselines')
      .selectAll()
      .where('point_id', '=', outerPoint)
      .executeTakeFirstOrThrow();
    expect(new Date(baseline.start_at!).toISOString()).toBe(pending.completedAt);

    await measure(OUTER_SENSOR, NORMAL, 0);
    const provisional = (await recordOf(outerPoint, id)).verdict!;
    expect(provisional).toMatchObject({ outcome: 'pending', measurementsAfter: 1 });
    expect(provisional.lines.find((l) => l.quantity === 'VRMS_ISO10816' && l.axis === 'x')!.after).not.toBeNull();
    for (const start of [6_000, 3_000]) await measure(OUTER_SENSOR, NORMAL, start);

    const decided = await recordOf(outerPoint, id);
    const v = decided.verdict!;
    expect(v.measurementsAfter).toBe(3);
    expect(v.decidedAt).not.toBeNull();
    expect(v.outcome, JSON.stringify(v.lines.filter((l) => l.outcome !== 'unchanged'))).toBe('improved');
    expect(v.lines.some((l) => l.outcome === 'worse')).toBe(false);
    const bpfo = v.lines.filter(
      (l) => l.quantity === 'EVIDENCE' && l.faultReportId === outer!.id && l.kind === 'BPFO' && l.outcome !== null,
    );
    expect(bpfo.length).toBeGreaterThan(0);
    expect(bpfo.every((l) => l.outcome === 'improved')).toBe(true);
    expect(v.closedFaultReports).toContain(outer!.id);
    const closed = (await machineReports(outerPoint)).find((r) => r.id === outer!.id)!;
    expect(closed).toMatchObject({ status: 'closed', closedReason: 'maintenance', closedAt: decided.completedAt });
    const row = await server.ctx.db.selectFrom('maintenances').select('outcome').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.outcome).toBe('improved');

    // what the dashboard's point recovery reads
    const recovered = await completedMaintenances(
      server.ctx.db,
      demoId,
      { from: new Date(0), to: new Date(Date.now() + 60_000) },
      [outerPoint],
    );
    expect(recovered).toEqual([{ id, pointId: outerPoint, completedAt: new Date(decided.completedAt!), outcome: 'improved' }]);

    // final: a later measurement does not change it
    await measure(OUTER_SENSOR, NORMAL, 9_000);
    expect((await recordOf(outerPoint, id)).verdict).toEqual(v);
  }, 300_000);

  it('outer race before and after (the repair did not cure it): unchanged, the report stays open', async () => {
    for (const start of [0, 20_000, 40_000]) await measure(NORMAL_SENSOR, OUTER, start);
    const outer = (await machineReports(normalPoint)).find((r) => r.status === 'open' && r.bearingComponent === 'outer_race');
    expect(outer, 'an open outer-race report').toBeTruthy();
    const posted = await create({
      pointId: normalPoint,
      title: 'Lubricated',
      status: 'completed',
      maintenanceStartDate: await startNow('GMT+3'),
    });
    const id = posted.body._id;
    for (const start of [60_000, 80_000, 100_000]) await measure(NORMAL_SENSOR, OUTER, start);
    const v = (await recordOf(normalPoint, id)).verdict!;
    expect(v.measurementsAfter).toBe(3);
    expect(v.outcome, JSON.stringify(v.lines.filter((l) => l.outcome !== 'unchanged'))).toBe('unchanged');
    expect(v.closedFaultReports).toEqual([]);
    expect((await machineReports(normalPoint)).find((r) => r.id === outer!.id)!.status).toBe('open');
  }, 300_000);
});
