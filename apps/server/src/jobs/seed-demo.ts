import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MeasurementProfile } from '@overtone/contract';
import type { DB } from '../infra/db/schema.ts';
import { newId } from '../infra/ids.ts';
import type { PointData } from '../modules/points/repo.ts';
import { createCustomer } from '../modules/customers/create.ts';

export const DEMO_HOST = 'localhost';
export const DEMO_EMAIL = 'admin@demo.local';
export const DEMO_GATEWAY = 'CA:B8:28:00:00:01';

/**
 * SKF 6205-2RS JEM, the CWRU drive-end bearing: fault frequencies as orders of shaft speed
 * (CWRU bearing information page; shared/data/vibration/README.md). BSF is the classical ball-spin
 * frequency (CWRU's "rolling element" factor 4.7135 is 2×BSF).
 */
export const SKF_6205 = { brand: 'SKF', bearing_number: '6205-2RS', bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675, ftf: 0.39828 };

/** The four CWRU points of the simulated plant (apps/gateway-sim/plant.json), by device MAC. */
export const DEMO_POINTS = [
  { name: 'Normal baseline', mac: 'CA:B8:31:00:00:01' },
  { name: 'Inner race fault', mac: 'CA:B8:31:00:00:02' },
  { name: 'Ball fault', mac: 'CA:B8:31:00:00:03' },
  { name: 'Outer race fault', mac: 'CA:B8:31:00:00:04' },
] as const;

/** ±4 g (the loudest record, outer race 130, peaks at 3.63 g), ~12800 Hz nominal, 2 s at 12 kHz. */
export const DEMO_PROFILE: MeasurementProfile = {
  accelerometerRange: 2,
  samplingRate: 9,
  sampleSize: 24000,
  sensorSelection: 1,
  window: 'hanning',
};

/** Preferences of a new customer (kept here for older imports; customers/create.ts owns them). */
export { defaultPreferences } from '../modules/customers/create.ts';

/**
 * Creates the demo tenant on first start (idempotent: does nothing when a customer serves
 * `localhost`): the customer with its admin (`createCustomer`; no e-mailed code), the SKF 6205
 * bearing, the CWRU test rig with its four points and sensors, and the simulated gateway.
 * Returns the admin password when it was generated here, so it can be printed.
 */
export async function seedDemo(
  db: Kysely<DB>,
  opts: { password: string | null },
): Promise<{ created: boolean; password: string | null }> {
  const existing = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.val(DEMO_HOST), '=', eb.fn.any('hosts')))
    .executeTakeFirst();
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
