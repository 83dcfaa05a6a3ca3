import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.ts';
import type { ObjectStorage } from '../../infra/storage.ts';
import type { ChunkStore } from '../../jobs/ingest/chunk-store.ts';

/**
 * Deletes measurements of one customer (`DELETE /measurements`): their rows and telemetry values
 * in one transaction, then any chunks or `done` waiting for them and their stored waveforms. Ids of another customer or unknown ids are ignored (they count as not deleted).
 *
 * Never half-deleted: the rows go together or not at all; chunks and objects are removed only after
 * the commit (a failed commit leaves everything in place; chunks that outlive their measurement are
 * dropped by the ingest sweeper). An object whose removal fails is logged and left
 * as an orphan under `measurements/{customer}/{id}/`, which no row references any more.
 * @returns how many measurements were deleted
 */
export async function deleteMeasurements(
  db: Kysely<DB>,
  storage: ObjectStorage,
  chunks: ChunkStore,
  customerId: string,
  ids: readonly string[],
  log?: FastifyBaseLogger,
): Promise<number> {
  const unique = [...new Set(ids)];
  const gone = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('measurements')
      .select(['id', 'device_mac', 'object_id', 'waveform_key'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', unique)
      .forUpdate()
      .execute();
    if (!rows.length) return rows;
    const found = rows.map((r) => r.id);
    await trx.deleteFrom('telemetry_values').where('customer_id', '=', customerId).where('measurement_id', 'in', found).execute();
    await trx.deleteFrom('measurements').where('customer_id', '=', customerId).where('id', 'in', found).execute();
    return rows;
  });
  for (const r of gone) {
    if (r.device_mac && r.object_id)
      await chunks
        .clear(r.device_mac, r.object_id)
        .catch((err: unknown) => log?.warn({ err }, 'chunks or done of a deleted measurement not removed'));
    if (!r.waveform_key) continue;
    try {
      await storage.delete(r.waveform_key);
    } catch (err) {
      log?.warn({ err, key: r.waveform_key }, 'waveform of a deleted measurement not removed');
    }
  }
  return gone.length;
}
