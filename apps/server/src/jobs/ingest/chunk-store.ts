import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/** Durable storage of chunks and `done` messages until their measurement is persisted. */
export const chunkStore = {
  /** Stores a chunk once (a redelivered chunk changes nothing). */
  async putChunk(db: Kysely<DB>, device: string, objectId: string, idx: number, payload: Uint8Array) {
    await db
      .insertInto('measurement_chunks')
      .values({ device_mac: device, object_id: objectId, idx, payload })
      .onConflict((oc) => oc.columns(['device_mac', 'object_id', 'idx']).doNothing())
      .execute();
  },
  async putDone(db: Kysely<DB>, device: string, objectId: string, gateway: string, root: string, payload: unknown) {
    await db
      .insertInto('measurement_done')
      .values({ device_mac: device, object_id: objectId, gateway_mac: gateway, root, payload: JSON.stringify(payload) })
      .onConflict((oc) => oc.columns(['device_mac', 'object_id']).doNothing())
      .execute();
  },
  async chunks(db: Kysely<DB>, device: string, objectId: string) {
    const rows = await db
      .selectFrom('measurement_chunks')
      .select(['idx', 'payload'])
      .where('device_mac', '=', device)
      .where('object_id', '=', objectId)
      .execute();
    return new Map(rows.map((r) => [r.idx, new Uint8Array(r.payload)]));
  },
  async done(db: Kysely<DB>, device: string, objectId: string) {
    return db
      .selectFrom('measurement_done')
      .selectAll()
      .where('device_mac', '=', device)
      .where('object_id', '=', objectId)
      .executeTakeFirst();
  },
  async clear(db: Kysely<DB>, device: string, objectId: string) {
    await db.deleteFrom('measurement_chunks').where('device_mac', '=', device).where('object_id', '=', objectId).execute();
    await db.deleteFrom('measurement_done').where('device_mac', '=', device).where('object_id', '=', objectId).execute();
  },
};
