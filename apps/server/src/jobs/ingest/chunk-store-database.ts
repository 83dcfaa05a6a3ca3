import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { assertStorableKey, type ChunkStore, type PendingInput } from './chunk-store.ts';

/**
 * Chunks and `done` in the tables `measurement_chunks` and `measurement_done` (PostgreSQL
 * deployments: every server instance sees them, and they survive the loss of an instance's disk).
 * A message is durable once its INSERT commits.
 */
export function createDatabaseChunkStore(db: Kysely<DB>): ChunkStore {
  const clearChunks = async (device: string, objectId: string) => {
    await db.deleteFrom('measurement_chunks').where('device_mac', '=', device).where('object_id', '=', objectId).execute();
  };
  return {
    kind: 'database',
    async putChunk(device, objectId, idx, payload) {
      assertStorableKey(device, objectId, idx);
      await db
        .insertInto('measurement_chunks')
        .values({ device_mac: device, object_id: objectId, idx, payload })
        .onConflict((oc) => oc.columns(['device_mac', 'object_id', 'idx']).doNothing())
        .execute();
    },
    async putDone(device, objectId, d) {
      assertStorableKey(device, objectId);
      await db
        .insertInto('measurement_done')
        .values({
          device_mac: device,
          object_id: objectId,
          gateway_mac: d.gateway_mac,
          root: d.root,
          payload: JSON.stringify(d.payload),
        })
        .onConflict((oc) => oc.columns(['device_mac', 'object_id']).doNothing())
        .execute();
    },
    async chunkSizes(device, objectId) {
      const rows = await db
        .selectFrom('measurement_chunks')
        .select(['idx', sql<number>`length(payload)`.as('len')])
        .where('device_mac', '=', device)
        .where('object_id', '=', objectId)
        .execute();
      return new Map(rows.map((r) => [r.idx, Number(r.len)]));
    },
    async chunks(device, objectId) {
      const rows = await db
        .selectFrom('measurement_chunks')
        .select(['idx', 'payload'])
        .where('device_mac', '=', device)
        .where('object_id', '=', objectId)
        .execute();
      return new Map(rows.map((r) => [r.idx, new Uint8Array(r.payload)]));
    },
    async done(device, objectId) {
      return db
        .selectFrom('measurement_done')
        .select(['gateway_mac', 'root', 'payload', 'received_at'])
        .where('device_mac', '=', device)
        .where('object_id', '=', objectId)
        .executeTakeFirst();
    },
    async claim(device, objectId, owner, ttlMs) {
      // inserted, or taken over from the same owner or an expired lease; another owner's live claim stays
      const { rows } = await sql`
        INSERT INTO measurement_claims (device_mac, object_id, instance, until)
        VALUES (${device}, ${objectId}, ${owner}, now() + ${Math.max(0, Math.round(ttlMs))} * interval '1 millisecond')
        ON CONFLICT (device_mac, object_id) DO UPDATE SET instance = excluded.instance, until = excluded.until
          WHERE measurement_claims.instance = excluded.instance OR measurement_claims.until < now()
        RETURNING 1 AS claimed`.execute(db);
      return rows.length === 1;
    },
    async releaseClaim(device, objectId, owner) {
      await db
        .deleteFrom('measurement_claims')
        .where('device_mac', '=', device)
        .where('object_id', '=', objectId)
        .where('instance', '=', owner)
        .execute();
    },
    async clear(device, objectId) {
      // one round trip: the chunks, the `done` and the finalizing instance's claim together
      await sql`
        WITH chunks AS (DELETE FROM measurement_chunks WHERE device_mac = ${device} AND object_id = ${objectId}),
             done AS (DELETE FROM measurement_done WHERE device_mac = ${device} AND object_id = ${objectId})
        DELETE FROM measurement_claims WHERE device_mac = ${device} AND object_id = ${objectId}`.execute(db);
    },
    async clearDone(device, objectId) {
      await db.deleteFrom('measurement_done').where('device_mac', '=', device).where('object_id', '=', objectId).execute();
    },
    clearChunks,
    async pending() {
      const chunks = await db
        .selectFrom('measurement_chunks')
        .select(['device_mac', 'object_id'])
        .select((eb) => eb.fn.max('received_at').as('last'))
        .groupBy(['device_mac', 'object_id'])
        .execute();
      const done = await db.selectFrom('measurement_done').select(['device_mac', 'object_id', 'received_at']).execute();
      const out = new Map<string, PendingInput>();
      for (const c of chunks)
        out.set(`${c.device_mac}/${c.object_id}`, {
          device: c.device_mac,
          objectId: c.object_id,
          lastChunkAt: new Date(c.last),
          hasDone: false,
          doneAt: null,
        });
      for (const d of done) {
        const key = `${d.device_mac}/${d.object_id}`;
        const p = out.get(key) ?? {
          device: d.device_mac,
          objectId: d.object_id,
          lastChunkAt: null,
          hasDone: false,
          doneAt: null,
        };
        out.set(key, { ...p, hasDone: true, doneAt: new Date(d.received_at) });
      }
      return [...out.values()];
    },
  };
}
