import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { duckConfig, type DuckConfig, type MeasurementProfile } from '@overtone/contract';
import type { DB } from '../infra/db/schema.ts';
import { newId } from '../infra/ids.ts';
import type { PointData } from '../modules/points/repo.ts';
import { createCustomer } from '../modules/customers/create.ts';
import { readPlantConfigSync } from '@overtone/gateway-sim/plant-config';

export const DEMO_HOST = 'localhost';
export const DEMO_EMAIL = 'admin@demo.local';

/**
 * The simulated plant's layout (apps/gateway-sim/plant.json, read through the simulator's declared
 * export): the demo tenant registers its gateway, sensors, trigger and Duck by the MACs the
 * simulator uses, and names the sensors' points as the layout does (`point`). One source for both.
 */
const PLANT = readPlantConfigSync();
const sensorsOf = PLANT.gateways[0]!.devices.filter((d): d is typeof d & { point: string } => d.point !== undefined);
if (sensorsOf.length !== 4 || !PLANT.triggers[0] || !PLANT.ducks[0])
  throw new Error('the bundled plant.json must have four sensors with points, a trigger and a Duck (the demo tenant)');

export const DEMO_GATEWAY = PLANT.gateways[0]!.mac;

/**
 * SKF 6205-2RS JEM, the CWRU drive-end bearing: fault frequencies as orders of shaft speed
 * (CWRU bearing information page; shared/data/vibration/README.md). BSF is the classical ball-spin
 * frequency (CWRU's "rolling element" factor 4.7135 is 2×BSF).
 */
export const SKF_6205 = { brand: 'SKF', bearing_number: '6205-2RS', bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675, ftf: 0.39828 };

/** A demo point: its name, its sensor's MAC and the recording that sensor replays (plant.json). */
export interface DemoPoint {
  name: string;
  mac: string;
  /** the record id the simulated sensor replays (the demo history replays it too) */
  recording: string;
}

/** The four CWRU points of the simulated plant (its layout's sensors with a `point`), by device MAC. */
export const DEMO_POINTS = sensorsOf.map((d) => ({ name: d.point, mac: d.mac, recording: d.recording })) as [
  DemoPoint,
  DemoPoint,
  DemoPoint,
  DemoPoint,
];

/** ±4 g (the loudest record, outer race 130, peaks at 3.63 g), ~12800 Hz nominal, 2 s at 12 kHz. */
export const DEMO_PROFILE: MeasurementProfile = {
  accelerometerRange: 2,
  samplingRate: 9,
  sampleSize: 24000,
  sensorSelection: 1,
  window: 'hanning',
};

/**
 * The trigger device of the simulated plant (apps/gateway-sim/plant.json `triggers`): each of its
 * events makes the sensors of {@link DEMO_TRIGGERED_POINTS} and the demo Duck measure (TRIGGERED).
 */
export const DEMO_TRIGGER = PLANT.triggers[0]!.mac;
/** The demo points the trigger is assigned to, by the MAC of their sensor (the two faulty races). */
export const DEMO_TRIGGERED_POINTS = [DEMO_POINTS[1].mac, DEMO_POINTS[3].mac] as const;
/** The Duck of the simulated plant (plant.json `ducks`): a tri-axial accelerometer on inputs 1–3, 0.1 V/g. */
export const DEMO_DUCK = PLANT.ducks[0]!.mac;
/** The point the demo Duck measures, beside the four sensor points of the rig. */
export const DEMO_DUCK_POINT = { name: 'Outer race fault (Duck)', tagCode: '$CWRU DUCK' } as const;
/** The Duck's periodic interval, s (spec 002 §5: 60 s … 7 days). */
export const DEMO_DUCK_PERIOD_S = 600;
/**
 * The demo Duck's configuration: one accelerometer on channels 1|2|3 (x = drive end, y = fan end,
 * z = drive end later, as the simulated Duck's inputs), ±2.5 V ↔ ±25 g (0.1 V/g), 2400 samples at
 * 2400 Hz (1 s; the 12 kHz CWRU 130 record decimated by 5).
 */
export const DEMO_DUCK_CONFIG: DuckConfig = duckConfig.parse({
  voltageReference: 'external',
  sampleSize: 2400,
  samplingRate: 2400,
  sensors: [
    {
      name: 'accelerometer',
      displayName: 'Motor housing',
      groupCode: '1|2|3',
      minMaxVoltage: [-2.5, 2.5],
      minMaxValue: [-25, 25],
      channels: [
        { order: 1, channel: 'accelerometer_x' },
        { order: 2, channel: 'accelerometer_y' },
        { order: 3, channel: 'accelerometer_z' },
      ],
    },
  ],
});

/** Preferences of a new customer (kept here for older imports; customers/create.ts owns them). */
export { defaultPreferences } from '../modules/customers/create.ts';

/** The demo customer (the one serving `localhost`), if it exists. */
export const demoCustomer = (db: Kysely<DB>) =>
  db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.val(DEMO_HOST), '=', eb.fn.any('hosts')))
    .executeTakeFirst();

/**
 * Creates the demo tenant on first start (idempotent: does nothing when a customer serves
 * `localhost`): the customer with its admin (`createCustomer`; no e-mailed code), the SKF 6205
 * bearing, the CWRU test rig with its four points and sensors, and the simulated gateway. The
 * simulated trigger and Duck are wired by {@link seedDemoPlant} (npm start only: the API tests'
 * template is this seed alone). Returns the admin password when it was generated here, so it can be printed.
 */
export async function seedDemo(
  db: Kysely<DB>,
  opts: { password: string | null },
): Promise<{ created: boolean; password: string | null }> {
  const existing = await demoCustomer(db);
  if (existing) return { created: false, password: null };
  const password = opts.password ?? randomBytes(9).toString('base64url');
  await db.transaction().execute(async (trx) => {
    // The demo admin logs in without the e-mailed code and keeps the printed password (quick start).
    const { customerId } = await createCustomer(trx, {
      name: 'Demo Plant',
      hosts: [DEMO_HOST, '127.0.0.1'],
      admin: { email: DEMO_EMAIL, name: 'Demo', surname: 'Admin', password, mfaEnabled: false, passwordChanged: true },
    });
    const bearing = await trx
      .insertInto('bearings')
      .values({ id: newId(), customer_id: null, type: 'DEFAULT', ...SKF_6205 })
      .onConflict((oc) =>
        oc.columns(['brand', 'bearing_number']).where('customer_id', 'is', null).doUpdateSet({ bpfo: SKF_6205.bpfo }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const plant = newId(),
      rig = newId();
    await trx
      .insertInto('tree_nodes')
      .values({
        id: plant,
        customer_id: customerId,
        parent_id: null,
        node_type: 'group',
        name: 'Demo Plant',
        tag_code: '#DEMO PLANT',
        point: '{}',
      })
      .execute();
    await trx
      .insertInto('tree_nodes')
      .values({
        id: rig,
        customer_id: customerId,
        parent_id: plant,
        node_type: 'group',
        name: 'CWRU test rig',
        tag_code: '#CWRU TEST RIG',
        point: '{}',
      })
      .execute();
    await trx
      .insertInto('gateways')
      .values({ id: newId(), customer_id: customerId, mac: DEMO_GATEWAY, root: 'prod', last_seen_at: null })
      .execute();
    for (const [i, p] of DEMO_POINTS.entries()) {
      const pointId = newId();
      const data: PointData = {
        type: ['Bearing', 'Electric Motor'],
        favoriteTelemetry: 'GRMS',
        referenceFrequency: 29.95,
        referenceFrequencyVariable: false,
        bearingBrand: 'SKF',
        bearingId: bearing.id,
        coordinateXAxis: 'xAxis',
        coordinateYAxis: 'yAxis',
        coordinateZAxis: 'zAxis',
      };
      await trx
        .insertInto('tree_nodes')
        .values({
          id: pointId,
          customer_id: customerId,
          parent_id: rig,
          node_type: 'point',
          name: p.name,
          tag_code: `$CWRU ${i + 1}`,
          sort_order: i,
          point: JSON.stringify(data),
        })
        .execute();
      await trx
        .insertInto('devices')
        .values({
          id: newId(),
          customer_id: customerId,
          mac: p.mac,
          type: 'SENSEWAY',
          point_id: pointId,
          gateway_mac: DEMO_GATEWAY,
          profile: JSON.stringify(DEMO_PROFILE),
        })
        .execute();
    }
  });
  return { created: true, password: opts.password ? null : password };
}

/**
 * Wires the simulated plant's trigger and Duck into the demo tenant (`npm start`; main.ts runs it
 * after every start, the test template does not have it). Idempotent, and it adds only what no
 * customer has registered yet, following the ownership rules (docs/devices.md, docs/ducks.md):
 * - the trigger {@link DEMO_TRIGGER}, when no customer has registered that MAC: registered to the
 *   demo customer and assigned to the points of {@link DEMO_TRIGGERED_POINTS};
 * - the Duck {@link DEMO_DUCK}, when no customer knows that MAC as a gateway, device or Duck:
 *   registered as the demo customer's gateway (a Duck is its own gateway) and device, attached to
 *   a new point {@link DEMO_DUCK_POINT} of the rig with the channel group `1|2|3`, configured
 *   ({@link DEMO_DUCK_CONFIG}), measured every {@link DEMO_DUCK_PERIOD_S} s and assigned to the
 *   demo trigger (when that is the demo customer's).
 * Whatever an admin changed afterwards (unassigned, another period…) is left as it is; a restart
 * adds nothing twice.
 * @returns what this call added
 */
export async function seedDemoPlant(db: Kysely<DB>): Promise<{ trigger: boolean; duck: boolean }> {
  const customer = await demoCustomer(db);
  if (!customer) return { trigger: false, duck: false };
  const customerId = customer.id;
  return db.transaction().execute(async (trx) => {
    const added = { trigger: false, duck: false };
    const registered = await trx
      .selectFrom('devices')
      .select(['id', 'customer_id'])
      .where('mac', '=', DEMO_TRIGGER)
      .executeTakeFirst();
    let triggerId = registered?.customer_id === customerId ? registered.id : null;
    if (!registered) {
      triggerId = newId();
      await trx
        .insertInto('devices')
        .values({
          id: triggerId,
          customer_id: customerId,
          mac: DEMO_TRIGGER,
          type: 'TRIGGER',
          point_id: null,
          gateway_mac: null,
          profile: null,
        })
        .execute();
      const points = await trx
        .selectFrom('devices')
        .select('point_id')
        .where('customer_id', '=', customerId)
        .where('mac', 'in', [...DEMO_TRIGGERED_POINTS])
        .where('point_id', 'is not', null)
        .execute();
      if (points.length)
        await trx
          .insertInto('point_triggers')
          .values(points.map((p) => ({ point_id: p.point_id!, customer_id: customerId, trigger_mac: DEMO_TRIGGER })))
          .onConflict((oc) => oc.columns(['point_id', 'trigger_mac']).doNothing())
          .execute();
      added.trigger = true;
    }

    const known = await Promise.all(
      (['gateways', 'devices', 'ducks'] as const).map((t) =>
        trx.selectFrom(t).select('id').where('mac', '=', DEMO_DUCK).executeTakeFirst(),
      ),
    );
    if (known.every((k) => !k)) {
      await trx
        .insertInto('gateways')
        .values({ id: newId(), customer_id: customerId, mac: DEMO_DUCK, root: 'prod', last_seen_at: null })
        .execute();
      // Its point sits beside the rig's points: the parent of the outer-race sensor's point.
      const outer = await trx
        .selectFrom('devices as d')
        .innerJoin('tree_nodes as p', 'p.id', 'd.point_id')
        .select(['p.parent_id', 'p.point'])
        .where('d.customer_id', '=', customerId)
        .where('d.mac', '=', DEMO_POINTS[3].mac)
        .executeTakeFirst();
      const taken = await trx
        .selectFrom('tree_nodes')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('tag_code', '=', DEMO_DUCK_POINT.tagCode)
        .executeTakeFirst();
      let pointId: string | null = null;
      if (outer?.parent_id && !taken) {
        pointId = newId();
        await trx
          .insertInto('tree_nodes')
          .values({
            id: pointId,
            customer_id: customerId,
            parent_id: outer.parent_id,
            node_type: 'point',
            name: DEMO_DUCK_POINT.name,
            tag_code: DEMO_DUCK_POINT.tagCode,
            sort_order: DEMO_POINTS.length,
            point: JSON.stringify(outer.point ?? {}),
            channel_groups: DEMO_DUCK_CONFIG.sensors.map((s) => s.groupCode!),
          })
          .execute();
      }
      await trx
        .insertInto('devices')
        .values({
          id: newId(),
          customer_id: customerId,
          mac: DEMO_DUCK,
          type: 'DUCKV1',
          point_id: pointId,
          gateway_mac: null,
          profile: null,
        })
        .execute();
      await trx
        .insertInto('ducks')
        .values({
          id: newId(),
          customer_id: customerId,
          mac: DEMO_DUCK,
          config: JSON.stringify(DEMO_DUCK_CONFIG),
          repeat_interval_s: DEMO_DUCK_PERIOD_S,
          trigger_id: triggerId,
        })
        .execute();
      added.duck = true;
    }
    return added;
  });
}
