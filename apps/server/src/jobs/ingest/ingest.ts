import { sql } from 'kysely';
import { senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { chunkStore } from './chunk-store.ts';
import { finalizeMeasurement } from './finalize.ts';
import { recordScan } from './scan.ts';

export interface Ingest {
  /** Resolves when every message received so far has been handled (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 5000;

/** True for rows of `table` whose (device_mac, object_id) has no stored `done` yet. */
const withoutDone = (table: 'measurements' | 'measurement_chunks') =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM measurement_done d WHERE d.device_mac = ${sql.ref(`${table}.device_mac`)} AND d.object_id = ${sql.ref(`${table}.object_id`)})`;
const ORPHAN_CHUNK_TTL_MS = 60 * 60 * 1000;

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

/**
 * Measurement ingest (ARCHITECTURE.md "A measurement, end to end"). Subscribes to the Senseway
 * topics of every configured root, stores chunks and `done` durably as they arrive, and finalizes
 * each measurement once, serialized per (device, objectId). On start it resumes measurements whose
 * `done` was stored before a restart; a sweeper marks requests that never completed.
 */
export async function startIngest(ctx: AppContext, log: Log): Promise<Ingest> {
  const queues = new Map<string, Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  let stopped = false;

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    p.finally(() => pending.delete(p)).catch(() => {});
    return p;
  };
  /** Runs `fn` after earlier work on the same key. */
  const serial = (key: string, fn: () => Promise<unknown>) => {
    const prev = queues.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn).catch((err) => log.error({ err, key }, 'ingest step failed'));
    queues.set(key, next);
    next.finally(() => queues.get(key) === next && queues.delete(key));
    return track(next);
  };

  const finalize = (device: string, objectId: string) =>
    serial(`${device}/${objectId}`, async () => {
      const r = await finalizeMeasurement(ctx, device, objectId);
      if (r.outcome === 'waiting' && !stopped) {
        const t = setTimeout(() => {
          timers.delete(t);
          void finalize(device, objectId);
        }, r.retryInMs);
        timers.add(t);
      }
      if ((r.outcome === 'persisted' || r.outcome === 'partial') && r.gateway && r.measurementId) {
        const root = r.root === 'lake' ? 'lake' : 'prod';
        const event = r.outcome === 'persisted' ? 'persisted' : 'rejected';
        const payload = r.outcome === 'persisted' ? JSON.stringify({ _id: r.measurementId }) : 'PARTIAL';
        await ctx.mqtt.publish(senseway.topics.measureEvent(root, r.gateway, device, objectId, event), payload).catch(() => {});
        log.info({ measurement: r.measurementId, device, outcome: r.outcome }, 'measurement stored');
      }
    });

  const handle = async (topic: string, payload: Buffer) => {
    const t = senseway.parseTopic(topic);
    switch (t.kind) {
      case 'scan':
        await recordScan(ctx.db, t.gateway, payload);
        return;
      case 'chunk':
        await serial(`${t.device}/${t.id}`, async () => {
          await chunkStore.putChunk(ctx.db, t.device, t.id, t.index, new Uint8Array(payload));
          await ctx.db
            .updateTable('measurements')
            .set({ state: 'receiving' })
            .where('device_mac', '=', t.device)
            .where('object_id', '=', t.id)
            .where('state', 'in', ['requested', 'accepted'])
            .execute();
        });
        if (await chunkStore.done(ctx.db, t.device, t.id)) await finalize(t.device, t.id);
        return;
      case 'measureEvent':
        if (t.event === 'done') {
          let json: unknown = {};
          try {
            json = JSON.parse(payload.toString('utf8'));
          } catch {
            log.warn({ topic }, 'done payload is not JSON');
          }
          await serial(`${t.device}/${t.id}`, () => chunkStore.putDone(ctx.db, t.device, t.id, t.gateway, t.root, json));
          await finalize(t.device, t.id);
        } else if (t.event === 'accepted') {
          await ctx.db
            .updateTable('measurements')
            .set({ state: 'accepted' })
            .where('device_mac', '=', t.device)
            .where('object_id', '=', t.id)
            .where('state', '=', 'requested')
            .execute();
        } else if (t.event === 'rejected') {
          const reason = payload.toString('utf8').slice(0, 200) || 'REJECTED';
          if (reason === 'PARTIAL') return; // our own event
          await ctx.db
            .updateTable('measurements')
            .set({ state: 'error', error: reason })
            .where('device_mac', '=', t.device)
            .where('object_id', '=', t.id)
            .where('state', 'in', ['requested', 'accepted', 'receiving'])
            .execute();
        }
        return;
      default:
        return;
    }
  };

  ctx.mqtt.onMessage((topic, payload) => {
    if (stopped) return;
    track(handle(topic, payload).catch((err) => log.error({ err, topic }, 'ingest message failed')));
  });
  await ctx.mqtt.subscribe(ctx.config.sensewayRoots.flatMap((r) => senseway.topics.serverFilters(r)));

  // Resume: `done` stored before a restart.
  for (const d of await ctx.db.selectFrom('measurement_done').select(['device_mac', 'object_id']).execute())
    void finalize(d.device_mac, d.object_id);

  // Sweeper: requests without `done` past the timeout are errored (senseway-gateway.md §17.7).
  const sweep = setInterval(() => {
    const cutoff = new Date(Date.now() - ctx.config.measureTimeoutMs);
    track(
      ctx.db
        .updateTable('measurements')
        .set({ state: 'error', error: 'TIMEOUT' })
        .where('state', 'in', ['requested', 'accepted', 'receiving'])
        .where('created_at', '<', cutoff)
        .where(withoutDone('measurements'))
        .execute()
        .catch((err) => log.error({ err }, 'sweep failed')),
    );
    // Chunks whose `done` never came are kept for an hour (a gateway may resend), then dropped.
    track(
      ctx.db
        .deleteFrom('measurement_chunks')
        .where('received_at', '<', new Date(Date.now() - Math.max(ORPHAN_CHUNK_TTL_MS, ctx.config.measureTimeoutMs)))
        .where(withoutDone('measurement_chunks'))
        .execute()
        .catch((err) => log.error({ err }, 'orphan chunk sweep failed')),
    );
  }, SWEEP_INTERVAL_MS);

  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    idle,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      timers.forEach(clearTimeout);
      await idle();
    },
  };
}
