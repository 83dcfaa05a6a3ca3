/**
 * Periodic and triggered measurement (issue 6; docs/scheduler.md) against the real embedded
 * database and broker, with the simulated plant answering the commands.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { ENDPOINTS, senseway, type PeriodicBody } from '@overtone/contract';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import { newId } from '../src/infra/ids.ts';
import { claimDueJobs } from '../src/modules/scheduler/repo.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { edgeCredentialsFor, plantCredentials } from './support/edge.ts';
import type { AppContext } from '../src/context.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId, insertUser } from './support/users.ts';
import { until } from './support/until.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pointIdOf(url: string, token: string, name: string) {
  const tree = await callApi(url, token, ENDPOINTS.getTree);
  return tree.body.find((n) => n.name === name)!._id;
}

/** `PUT /point/{id}/periodic` (setPointPeriodic) with a body the contract accepts. */
const setPeriodic = (url: string, token: string, id: string, body: PeriodicBody) =>
  callApi(url, token, ENDPOINTS.setPointPeriodic, { params: { id }, body });

/** Publishes a trigger event as the trigger named in the topic would (with the MQTT credentials its customer issued it). */
async function publish(server: { mqttUrl: string; ctx: AppContext }, topic: string, payload: string) {
  const c = await mqtt.connectAsync(server.mqttUrl, {
    reconnectPeriod: 0,
    ...(await edgeCredentialsFor(server, topic.split('/')[2])),
  });
  await c.publishAsync(topic, payload, { qos: 1 });
  await c.endAsync();
}

describe('periodic and triggered measurement with the simulated plant', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let plant: Plant;
  let token: string;
  // Time factor 2048: sleep code 26 (2048 s) becomes 1 s.
  const FACTOR = 2048;

  beforeAll(async () => {
    server = await startTestServer({ schedulerTimeFactor: FACTOR, schedulerPollMs: 50 });
    plant = await startPlant({
      mqttUrl: server.mqttUrl,
      credentials: plantCredentials(server),
      scanIntervalMs: 300,
      acquisitionSpeedup: 1000,
    });
    token = await login(server.url);
  });
  afterAll(async () => {
    await plant?.stop();
    await server?.close();
  });

  const measurementsOf = (pointId: string) =>
    server.ctx.db
      .selectFrom('measurements')
      .select(['id', 'measurement_type', 'state', 'created_at', 'device_mac', 'user_id'])
      .where('point_id', '=', pointId)
      .orderBy('created_at')
      .execute();

  it('runs on the sleepAmount interval (time factor 2048: 1 s), measurements persist as PERIODIC, the job shows its runs', async () => {
    const pointId = await pointIdOf(server.url, token, 'Inner race fault');
    const before = await callApi(server.url, token, ENDPOINTS.getPointPeriodic, { params: { id: pointId } });
    expect(before.body).toEqual({ sleepAmount: null, schedulerJob: null });
    const t0 = Date.now();
    const put = await setPeriodic(server.url, token, pointId, {});
    expect(put.status).toBe(200);
    expect(put.body.sleepAmount).toBe(26); // the default
    const firstDue = Date.parse(put.body.schedulerJob!.nextRunAt);
    expect(firstDue - t0).toBeGreaterThanOrEqual(900);
    expect(firstDue - t0).toBeLessThanOrEqual(1200);

    const rows = await until(async () => {
      const m = await measurementsOf(pointId);
      return m.filter((r) => r.state === 'persisted').length >= 3 ? m : null;
    });
    await callApi(server.url, token, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } });
    expect(rows.every((r) => r.measurement_type === 'PERIODIC' && r.user_id === null)).toBe(true);
    // One run per interval: consecutive commands 1 s apart (± poll and load jitter).
    const times = rows.map((r) => new Date(r.created_at).getTime());
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThan(700);
      expect(times[i] - times[i - 1]).toBeLessThan(1500);
    }
    expect(times[0]).toBeGreaterThanOrEqual(firstDue - 50);
    // The list API reports them as PERIODIC too.
    const list = await callApi(server.url, token, ENDPOINTS.listMeasurements, {
      query: { page: 1, pageSize: 50, macAddress: 'CA:B8:31:00:00:02' },
    });
    for (const r of rows) expect(list.body.measurements.find((m) => m._id === r.id)?.measurementType).toBe('PERIODIC');
  });

  it('GET shows the job: lastRunAt set, no failure; DELETE removes it and no run follows', async () => {
    const pointId = await pointIdOf(server.url, token, 'Outer race fault');
    const put = await setPeriodic(server.url, token, pointId, { sleepAmountIndex: 26 });
    expect(put.body.schedulerJob!.lastRunAt).toBeNull();
    const job = await until(async () => {
      const g = await callApi(server.url, token, ENDPOINTS.getPointPeriodic, { params: { id: pointId } });
      return g.body.schedulerJob?.lastRunAt ? g.body : null;
    });
    expect(job.sleepAmount).toBe(26);
    expect(job.schedulerJob!.failedAt).toBeNull();
    expect(job.schedulerJob!.failReason).toBeNull();
    expect(Date.parse(job.schedulerJob!.nextRunAt) - Date.parse(job.schedulerJob!.lastRunAt!)).toBeCloseTo(1000, -1);
    const del = await callApi(server.url, token, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } });
    expect(del.body).toEqual({ sleepAmount: null, schedulerJob: null });
    await sleep(200);
    const count = (await measurementsOf(pointId)).length;
    await sleep(1500);
    expect((await measurementsOf(pointId)).length).toBe(count);
  });

  it('changing the code reschedules; saving the same code keeps the next run; codes outside 25…32 are refused', async () => {
    const pointId = await pointIdOf(server.url, token, 'Normal baseline');
    const a = await setPeriodic(server.url, token, pointId, { sleepAmount: 32 });
    const b = await setPeriodic(server.url, token, pointId, { sleepAmount: 32 });
    expect(b.body.schedulerJob!.nextRunAt).toBe(a.body.schedulerJob!.nextRunAt);
    // 2^17 s / 2048 = 64 s
    expect(Date.parse(a.body.schedulerJob!.nextRunAt) - Date.now()).toBeGreaterThan(60_000);
    const c = await setPeriodic(server.url, token, pointId, { sleepAmount: 30 });
    expect(c.body.sleepAmount).toBe(30);
    expect(Date.parse(c.body.schedulerJob!.nextRunAt)).toBeLessThan(Date.parse(a.body.schedulerJob!.nextRunAt));
    // code 25, ≈15 min (1024 s): accepted by the contract and the table (migration 0029)
    const d = await setPeriodic(server.url, token, pointId, { sleepAmount: 25 });
    expect(d.status).toBe(200);
    expect(d.body.sleepAmount).toBe(25);
    expect(Date.parse(d.body.schedulerJob!.nextRunAt)).toBeLessThan(Date.parse(c.body.schedulerJob!.nextRunAt));
    await setPeriodic(server.url, token, pointId, { sleepAmount: 32 });
    for (const bad of [24, 33, 26.5, 'x'])
      expect((await api(server.url, token, 'PUT', `/point/${pointId}/periodic`, { sleepAmount: bad })).status).toBe(400);
    await callApi(server.url, token, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } });
  });

  it('records a failed run (point without a sensor: NO_DEVICE) and retries at the next interval', async () => {
    const db = server.ctx.db;
    const template = await db
      .selectFrom('tree_nodes')
      .selectAll()
      .where('id', '=', await pointIdOf(server.url, token, 'Ball fault'))
      .executeTakeFirstOrThrow();
    const pointId = newId();
    await db
      .insertInto('tree_nodes')
      .values({ ...template, id: pointId, name: 'No sensor yet', tag_code: `$NOSENSOR`, point: JSON.stringify(template.point) })
      .execute();
    await setPeriodic(server.url, token, pointId, { sleepAmount: 26 });
    const failed = await until(async () => {
      const g = await callApi(server.url, token, ENDPOINTS.getPointPeriodic, { params: { id: pointId } });
      return g.body.schedulerJob?.failedAt ? g.body.schedulerJob : null;
    });
    expect(failed.failReason).toBe('NO_DEVICE');
    expect(failed.failedAt).toBe(failed.lastRunAt);
    // Still scheduled: the next run is one interval later and fails again.
    const again = await until(async () => {
      const g = await callApi(server.url, token, ENDPOINTS.getPointPeriodic, { params: { id: pointId } });
      return g.body.schedulerJob!.failedAt !== failed.failedAt ? g.body.schedulerJob : null;
    });
    expect(Date.parse(again.failedAt!) - Date.parse(failed.failedAt!)).toBeGreaterThan(700);
    await callApi(server.url, token, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } });
  });

  it('a trigger event makes only the assigned sensor measure, as TRIGGERED; a redelivered event runs once', async () => {
    const db = server.ctx.db;
    const customerId = await demoCustomerId(server);
    const TRIGGER = 'CA:B8:25:00:00:01';
    await db
      .insertInto('devices')
      .values({
        id: newId(),
        customer_id: customerId,
        mac: TRIGGER,
        type: 'TRIGGER',
        point_id: null,
        gateway_mac: null,
        profile: '{}',
      })
      .execute();
    const ball = await pointIdOf(server.url, token, 'Ball fault');
    const others = await Promise.all(
      ['Normal baseline', 'Inner race fault', 'Outer race fault'].map((n) => pointIdOf(server.url, token, n)),
    );

    const put = await callApi(server.url, token, ENDPOINTS.setPointTrigger, {
      params: { id: ball },
      body: { trigger: TRIGGER.toLowerCase() },
    });
    expect(put.status).toBe(200);
    expect(put.body.triggers.map((t) => t.macAddress)).toEqual([TRIGGER]);
    const got = await callApi(server.url, token, ENDPOINTS.getPointTrigger, { params: { id: ball } });
    expect(got.body.triggers.map((t) => t.macAddress)).toEqual([TRIGGER]);

    const countOthers = async () => {
      const rows = await db
        .selectFrom('measurements')
        .select('id')
        .where('point_id', 'in', others)
        .where('measurement_type', '=', 'TRIGGERED')
        .execute();
      return rows.length;
    };
    const event = JSON.stringify({ eventType: 'trigger', timestamp: 1795300001 });
    await publish(server, senseway.scheduleTopics.triggerEvent('prod', TRIGGER), event);
    await publish(server, senseway.scheduleTopics.triggerEvent('prod', TRIGGER), event); // QoS 1 redelivery
    const rows = await until(async () => {
      const m = await measurementsOf(ball);
      const t = m.filter((r) => r.measurement_type === 'TRIGGERED');
      return t.length && t.every((r) => r.state === 'persisted') ? t : null;
    });
    await sleep(500);
    expect((await measurementsOf(ball)).filter((r) => r.measurement_type === 'TRIGGERED')).toHaveLength(1);
    expect(rows[0].device_mac).toBe('CA:B8:31:00:00:03');
    expect(await countOthers()).toBe(0);
    // The plant replayed it on the Ball fault sensor.
    expect(plant.replayLog.some((e) => e.id === rows[0].id && e.device === 'CA:B8:31:00:00:03')).toBe(true);

    // A second event measures again; after unassigning, events do nothing.
    await publish(
      server,
      senseway.scheduleTopics.triggerEvent('prod', TRIGGER),
      JSON.stringify({ eventType: 'trigger', timestamp: 1795300002 }),
    );
    await until(async () => (await measurementsOf(ball)).filter((r) => r.measurement_type === 'TRIGGERED').length === 2);
    const del = await callApi(server.url, token, ENDPOINTS.deletePointTrigger, {
      params: { id: ball },
      body: { trigger: TRIGGER },
    });
    expect(del.body.triggers).toEqual([]);
    await publish(
      server,
      senseway.scheduleTopics.triggerEvent('prod', TRIGGER),
      JSON.stringify({ eventType: 'trigger', timestamp: 1795300003 }),
    );
    await server.ingest.idle();
    await sleep(500);
    expect((await measurementsOf(ball)).filter((r) => r.measurement_type === 'TRIGGERED')).toHaveLength(2);
    expect(await countOthers()).toBe(0);
  });

  it('refuses a MAC that is not a registered trigger of the customer', async () => {
    const ball = await pointIdOf(server.url, token, 'Ball fault');
    expect((await api(server.url, token, 'PUT', `/point/${ball}/trigger`, { trigger: 'CA:B8:31:00:00:01' })).status).toBe(400);
    const unknown = await callApi(server.url, token, ENDPOINTS.setPointTrigger, {
      params: { id: ball },
      body: { trigger: 'CA:B8:25:00:00:77' },
    });
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { code: string }).code).toBe('TRIGGER_NOT_FOUND');
  });

  it('permissions: reading needs readPoint, PUT needs updatePointConfig, DELETE needs deletePointConfig', async () => {
    const pointId = await pointIdOf(server.url, token, 'Ball fault');
    await insertUser(server, { email: 'reader@demo.local', password: 'Reader-Password-1', permissions: ['readPoint'] });
    await insertUser(server, {
      email: 'updater@demo.local',
      password: 'Updater-Password-1',
      permissions: ['readPoint', 'updatePointConfig'],
    });
    const reader = await login(server.url, 'reader@demo.local', 'Reader-Password-1');
    const updater = await login(server.url, 'updater@demo.local', 'Updater-Password-1');
    expect((await callApi(server.url, reader, ENDPOINTS.getPointPeriodic, { params: { id: pointId } })).status).toBe(200);
    expect((await callApi(server.url, reader, ENDPOINTS.getPointTrigger, { params: { id: pointId } })).status).toBe(200);
    expect((await setPeriodic(server.url, reader, pointId, { sleepAmount: 32 })).status).toBe(403);
    expect(
      (
        await callApi(server.url, reader, ENDPOINTS.setPointTrigger, {
          params: { id: pointId },
          body: { trigger: 'CA:B8:25:00:00:01' },
        })
      ).status,
    ).toBe(403);
    expect((await setPeriodic(server.url, updater, pointId, { sleepAmount: 32 })).status).toBe(200);
    expect((await callApi(server.url, updater, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } })).status).toBe(403);
    expect((await callApi(server.url, updater, ENDPOINTS.deletePointTrigger, { params: { id: pointId } })).status).toBe(403);
    expect((await callApi(server.url, token, ENDPOINTS.deletePointPeriodic, { params: { id: pointId } })).status).toBe(200);
  });

  it("another customer's point answers 404, exactly like a missing one", async () => {
    const other = await createSecondTenant(server);
    const otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
    const pointId = await pointIdOf(server.url, token, 'Ball fault');
    for (const [method, path, body] of [
      ['GET', `/point/${pointId}/periodic`, undefined],
      ['PUT', `/point/${pointId}/periodic`, { sleepAmount: 26 }],
      ['DELETE', `/point/${pointId}/periodic`, undefined],
      ['GET', `/point/${pointId}/trigger`, undefined],
      ['PUT', `/point/${pointId}/trigger`, { trigger: 'CA:B8:25:00:00:01' }],
      ['DELETE', `/point/${pointId}/trigger`, undefined],
      ['GET', `/point/${newId()}/periodic`, undefined],
    ] as const) {
      const res = await api<{ code: string }>(server.url, otherToken, method, path, body, { host: OTHER_HOST });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('POINT_NOT_FOUND');
    }
    expect(await server.ctx.db.selectFrom('scheduler_jobs').select('point_id').where('point_id', '=', pointId).execute()).toEqual(
      [],
    );
  });
});

describe('the claim: missed runs, concurrent instances', () => {
  it('a run that fell due five intervals ago runs once, then is next due one interval after the claim', async () => {
    const server = await startTestServer({ schedulerTimeFactor: 1, schedulerPollMs: 3_600_000 });
    try {
      const token = await login(server.url);
      const pointId = await pointIdOf(server.url, token, 'Ball fault');
      await setPeriodic(server.url, token, pointId, { sleepAmount: 26 });
      const now = new Date('2030-01-01T00:00:00Z');
      await server.ctx.db
        .updateTable('scheduler_jobs')
        .set({ next_run_at: new Date(now.getTime() - 5 * 2048_000) })
        .where('point_id', '=', pointId)
        .execute();
      const first = await claimDueJobs(server.ctx.db, now, 1);
      expect(first.map((r) => r.pointId)).toEqual([pointId]);
      expect(await claimDueJobs(server.ctx.db, now, 1)).toEqual([]);
      expect(await claimDueJobs(server.ctx.db, new Date(now.getTime() + 2047_000), 1)).toEqual([]);
      const job = await server.ctx.db
        .selectFrom('scheduler_jobs')
        .selectAll()
        .where('point_id', '=', pointId)
        .executeTakeFirstOrThrow();
      expect(job.next_run_at.getTime()).toBe(now.getTime() + 2048_000);
      expect(job.last_run_at!.getTime()).toBe(now.getTime());
      expect((await claimDueJobs(server.ctx.db, new Date(now.getTime() + 2048_000), 1)).length).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('two instances claiming concurrently on one database get each due run once (PGlite: two claims in parallel on one handle)', async () => {
    const server = await startTestServer({ schedulerTimeFactor: 1, schedulerPollMs: 3_600_000 });
    try {
      const db = server.ctx.db;
      const customerId = await demoCustomerId(server);
      const points = await db
        .selectFrom('tree_nodes')
        .select('id')
        .where('node_type', '=', 'point')
        .where('customer_id', '=', customerId)
        .execute();
      const now = new Date('2030-01-01T00:00:00Z');
      await db
        .insertInto('scheduler_jobs')
        .values(
          points.map((p, i) => ({
            point_id: p.id,
            customer_id: customerId,
            sleep_amount: 26,
            next_run_at: new Date(now.getTime() - i * 1000),
          })),
        )
        .execute();
      const claims = await Promise.all([claimDueJobs(db, now, 1), claimDueJobs(db, now, 1), claimDueJobs(db, now, 1)]);
      const all = claims.flat().map((r) => r.pointId);
      expect(all.sort()).toEqual(points.map((p) => p.id).sort());
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await server.close();
    }
  });
});

describe('a restart between runs neither skips nor doubles a run', () => {
  let dataDir = '';
  afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the persisted next run happens once, at its time, after the restart', async () => {
    // Factor 256: sleep code 26 = 8 s. The server is down for part of the interval.
    const cfg = { schedulerTimeFactor: 256, schedulerPollMs: 50 };
    const first = await startTestServer(cfg, { persistent: true });
    dataDir = first.dataDir;
    const token = await login(first.url);
    const pointId = await pointIdOf(first.url, token, 'Ball fault');
    const put = await setPeriodic(first.url, token, pointId, { sleepAmount: 26 });
    const due = Date.parse(put.body.schedulerJob!.nextRunAt);
    await first.close();
    expect(Date.now()).toBeLessThan(due);

    const second = await startTestServer({ ...cfg, dataDir }, { persistent: true });
    try {
      const periodic = () =>
        second.ctx.db
          .selectFrom('measurements')
          .select(['created_at'])
          .where('point_id', '=', pointId)
          .where('measurement_type', '=', 'PERIODIC')
          .execute();
      expect(await periodic()).toHaveLength(0);
      const runs = await until(
        async () => {
          const r = await periodic();
          return r.length ? r : null;
        },
        12000,
        50,
      );
      // Not skipped: it ran at the persisted time (not one interval after the restart).
      expect(runs[0].created_at.getTime()).toBeGreaterThanOrEqual(due);
      expect(runs[0].created_at.getTime()).toBeLessThan(due + 1000);
      await sleep(1500);
      // Not doubled: still one, and the next is one interval after it.
      expect(await periodic()).toHaveLength(1);
      const job = await second.ctx.db
        .selectFrom('scheduler_jobs')
        .selectAll()
        .where('point_id', '=', pointId)
        .executeTakeFirstOrThrow();
      expect(job.next_run_at.getTime() - job.last_run_at!.getTime()).toBe(8000);
    } finally {
      await second.close();
    }
  }, 60_000);
});
