import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckItem, TriggerItem } from '@overtone/contract';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import { newId } from '../src/infra/ids.ts';
import {
  DEMO_DUCK,
  DEMO_DUCK_CONFIG,
  DEMO_DUCK_PERIOD_S,
  DEMO_DUCK_POINT,
  DEMO_POINTS,
  DEMO_TRIGGER,
  seedDemo,
  seedDemoPlant,
} from '../src/jobs/seed-demo.ts';
import { caller, loginOn, type Call } from './admin-client.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { createSecondTenant } from './support/second-tenant.ts';
import { startTestServer } from './support/test-server.ts';
import { plantCredentials } from './support/edge.ts';
import { until } from './support/until.ts';

/**
 * The demo of `npm start` (jobs/seed-demo.ts): the template the tests start from is `seedDemo`;
 * `seedDemoPlant` (run by main.ts on every start) wires the simulated plant's trigger and Duck into
 * it, idempotently, and a trigger event of the simulated plant then makes the two assigned sensors
 * and the Duck measure.
 */

/** Rows of the demo plant's MACs in every table that could hold a duplicate. */
async function registrations(server: Awaited<ReturnType<typeof startTestServer>>) {
  const db = server.ctx.db;
  const macs = [DEMO_TRIGGER, DEMO_DUCK];
  return {
    devices: (await db.selectFrom('devices').select('mac').where('mac', 'in', macs).orderBy('mac').execute()).map((r) => r.mac),
    gateways: (await db.selectFrom('gateways').select('mac').where('mac', 'in', macs).execute()).map((r) => r.mac),
    ducks: (await db.selectFrom('ducks').select('mac').where('mac', 'in', macs).execute()).map((r) => r.mac),
    pointTriggers: (await db.selectFrom('point_triggers').select('point_id').where('trigger_mac', '=', DEMO_TRIGGER).execute())
      .length,
    duckPoints: (await db.selectFrom('tree_nodes').select('id').where('tag_code', '=', DEMO_DUCK_POINT.tagCode).execute()).length,
  };
}

describe('seedDemoPlant: the simulated trigger and Duck in the demo tenant', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let call: Call;
  let plant: Plant | undefined;

  beforeAll(async () => {
    server = await startTestServer();
    call = caller(server, await loginOn(server, 'admin@demo.local', TEST_PASSWORD));
  });
  afterAll(async () => {
    await plant?.stop();
    await server?.close();
  });

  it('the test template has the demo tenant without them', async () => {
    expect(await registrations(server)).toEqual({ devices: [], gateways: [], ducks: [], pointTriggers: 0, duckPoints: 0 });
  });

  it('registers the trigger and the Duck to the demo customer, once: a second run (a restart) adds nothing', async () => {
    expect(await seedDemoPlant(server.ctx.db)).toEqual({ trigger: true, duck: true });
    const first = await registrations(server);
    expect(first).toEqual({
      devices: [DEMO_TRIGGER, DEMO_DUCK],
      gateways: [DEMO_DUCK],
      ducks: [DEMO_DUCK],
      pointTriggers: 2,
      duckPoints: 1,
    });
    expect(await seedDemoPlant(server.ctx.db)).toEqual({ trigger: false, duck: false });
    expect(await seedDemo(server.ctx.db, { password: null })).toEqual({ created: false, password: null });
    expect(await registrations(server)).toEqual(first);
  });

  it('the API shows the wiring: trigger on the inner- and outer-race points, the Duck configured, periodic, on the trigger and on its point', async () => {
    const triggers = await call<TriggerItem[]>('GET', '/trigger');
    const trigger = triggers.body.find((t) => t.macAddress === DEMO_TRIGGER)!;
    expect(trigger).toBeDefined();
    const tree = await call<{ _id: string; name: string; parent: string | null }[]>('GET', '/tree');
    const pointOf = (name: string) => tree.body.find((n) => n.name === name)!._id;
    for (const [name, assigned] of [
      [DEMO_POINTS[0].name, false],
      [DEMO_POINTS[1].name, true],
      [DEMO_POINTS[2].name, false],
      [DEMO_POINTS[3].name, true],
    ] as const) {
      const res = await call<{ triggers: { macAddress: string }[] }>('GET', `/point/${pointOf(name)}/trigger`);
      expect(
        res.body.triggers.map((t) => t.macAddress),
        name,
      ).toEqual(assigned ? [DEMO_TRIGGER] : []);
    }
    const duck = (await call<DuckItem[]>('GET', '/ducks')).body.find((d) => d.macAddress === DEMO_DUCK)!;
    expect(duck).toMatchObject({ trigger: trigger._id, repeatInterval: DEMO_DUCK_PERIOD_S, config: DEMO_DUCK_CONFIG });
    const config = await call<{ device: { macAddress: string; kind: string } | null; channelGroups: string[] }>(
      'GET',
      `/point/${pointOf(DEMO_DUCK_POINT.name)}/config`,
    );
    expect(config.body.device).toMatchObject({ macAddress: DEMO_DUCK, kind: 'DUCK' });
    expect(config.body.channelGroups).toEqual(['1|2|3']);
  });

  it('a trigger event of the simulated plant makes the two sensors and the Duck measure (TRIGGERED); the Duck on its point', async () => {
    plant = await startPlant({
      mqttUrl: server.mqttUrl,
      credentials: plantCredentials(server),
      scanIntervalMs: 300,
      acquisitionSpeedup: 1000,
    });
    expect(plant.triggers.map((t) => t.mac)).toEqual([DEMO_TRIGGER]);
    // The gateway and the Duck (its own gateway) have reported their first scans.
    await until(async () => {
      const heard = await server.ctx.db
        .selectFrom('gateways')
        .select('mac')
        .where('mac', 'in', ['CA:B8:28:00:00:01', DEMO_DUCK])
        .where('last_seen_at', 'is not', null)
        .execute();
      return heard.length === 2;
    });
    const started = new Date();
    await plant.triggers[0].fire();
    const rows = await until(async () => {
      const r = await server.ctx.db
        .selectFrom('measurements')
        .select(['device_mac', 'point_id', 'measurement_type', 'state', 'error'])
        .where('created_at', '>=', started)
        .execute();
      return r.length >= 3 && r.every((m) => ['persisted', 'partial', 'error'].includes(m.state)) ? r : null;
    });
    expect(rows.map((r) => [r.device_mac, r.state, r.error])).toEqual(
      expect.arrayContaining([DEMO_POINTS[1].mac, DEMO_POINTS[3].mac, DEMO_DUCK].map((m) => [m, 'persisted', null])),
    );
    expect(rows.map((r) => r.device_mac).sort()).toEqual([DEMO_POINTS[1].mac, DEMO_POINTS[3].mac, DEMO_DUCK].sort());
    expect(rows.every((r) => r.measurement_type === 'TRIGGERED')).toBe(true);
    const duckPoint = await server.ctx.db
      .selectFrom('tree_nodes')
      .select('id')
      .where('tag_code', '=', DEMO_DUCK_POINT.tagCode)
      .executeTakeFirstOrThrow();
    expect(rows.find((r) => r.device_mac === DEMO_DUCK)!.point_id).toBe(duckPoint.id);
  });
});

describe('seedDemoPlant follows the ownership rules', () => {
  it('leaves a trigger or Duck another customer registered alone, and wires the rest', async () => {
    const server = await startTestServer();
    try {
      const other = await createSecondTenant(server);
      await server.ctx.db
        .insertInto('devices')
        .values({
          id: newId(),
          customer_id: other.customerId,
          mac: DEMO_TRIGGER,
          type: 'TRIGGER',
          point_id: null,
          gateway_mac: null,
          profile: null,
        })
        .execute();
      expect(await seedDemoPlant(server.ctx.db)).toEqual({ trigger: false, duck: true });
      const db = server.ctx.db;
      expect(await db.selectFrom('point_triggers').select('point_id').execute()).toEqual([]);
      const duck = await db
        .selectFrom('ducks')
        .select(['customer_id', 'trigger_id'])
        .where('mac', '=', DEMO_DUCK)
        .executeTakeFirstOrThrow();
      expect(duck.trigger_id).toBeNull();
      expect(duck.customer_id).not.toBe(other.customerId);
    } finally {
      await server.close();
    }
  });
});
