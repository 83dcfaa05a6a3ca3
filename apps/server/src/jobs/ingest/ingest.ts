import { senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { isStorableChunkKey } from './chunk-store.ts';
import { finalizeMeasurement } from './finalize.ts';
import { finalizeDuckMeasurement, isDuckDevice } from './duck.ts';
import { recordScan } from './scan.ts';
import { createLimiter } from '../../infra/limiter.ts';

export interface Ingest {
  /** Resolves when every message received so far has been handled (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const ORPHAN_CHUNK_TTL_MS = 60 * 60 * 1000;
const OPEN_STATES = ['requested', 'accepted', 'receiving'] as const;

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

/**
 * Measurement ingest (ARCHITECTURE.md "A measurement, end to end"; docs/architecture.md "Ingest
 * guarantees"). Subscribes to the Senseway topics of every configured root. Each message is first
 * stored (chunk, `done`, state change, scan) and only then acknowledged to the broker
 * (`onMessageDurable`); finalization runs afterwards, serialized per (device, objectId), from what is
 * in the database, so it can always be resumed:
 * - on start, measurements whose `done` was stored before a restart are finalized;
 * - a sweeper closes as `partial` (with the samples received) measurements whose chunks stopped
 *   without `done` for `chunkWaitMs`, and errors requests with nothing received after
 *   `measureTimeoutMs` (senseway-gateway.md §17.7).
 */
export async function startIngest(ctx: AppContext, log: Log): Promise<Ingest> {
  const queues = new Map<string, Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  /** keys whose `done` is stored: a chunk arriving after it triggers finalization */
  const doneSeen = new Set<string>();
  /** keys already marked `receiving` (a cache: losing it costs one redundant update) */
  const receiving = new Set<string>();
  let stopped = false;

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    p.finally(() => pending.delete(p)).catch(() => {});
    return p;
  };
  /** Runs `fn` after earlier work on the same key. */
  const serial = <T>(key: string, fn: () => Promise<T>) => {
    const prev = queues.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch((err) => log.error({ err, key }, 'ingest step failed'));
    queues.set(key, settled);
    settled.finally(() => queues.get(key) === settled && queues.delete(key));
    track(settled);
    return next;
  };

  /**
   * Finalizations in progress at once. Unbounded, a burst queues hundreds of them in the database's
   * single connection, and every API query waits behind that queue; a few at a time keep the DSP
   * pool, storage and database busy in parallel while an API query waits for at most a few steps.
   */
  const finalizing = createLimiter(ctx.config.ingestConcurrency);
  const finalize = (device: string, objectId: string, opts: { closeIncomplete?: boolean } = {}) =>
    serial(`${device}/${objectId}`, async () => {
      const r = await finalizing(() =>
        (isDuckDevice(device) ? finalizeDuckMeasurement : finalizeMeasurement)(ctx, device, objectId, opts),
      );
      if (r.outcome === 'waiting' && !stopped) {
        const t = setTimeout(() => {
          timers.delete(t);
          void finalize(device, objectId).catch(() => {});
        }, r.retryInMs);
        timers.add(t);
      }
      if (r.outcome !== 'waiting') doneSeen.delete(`${device}/${objectId}`);
      if ((r.outcome === 'persisted' || r.outcome === 'partial') && r.measurementId) {
        log.info({ measurement: r.measurementId, device, outcome: r.outcome }, 'measurement stored');
        // its alarms now (the evaluator's sweep catches it too, should this be lost: docs/alarms.md),
        // and its AI predictions in the background (docs/ai-model.md "Serving")
        if (r.outcome === 'persisted') {
          ctx.alarms?.notify(r.measurementId);
          ctx.aiPredictions?.notify(r.measurementId);
        }
        if (!r.gateway) return;
        const root = r.root === 'lake' ? 'lake' : 'prod';
        const event = r.outcome === 'persisted' ? 'persisted' : 'rejected';
        const payload = r.outcome === 'persisted' ? JSON.stringify({ _id: r.measurementId }) : 'PARTIAL';
        // not awaited inside a message handler: acknowledgements share the connection (mqtt-client.ts)
        await ctx.mqtt.publish(senseway.topics.measureEvent(root, r.gateway, device, objectId, event), payload).catch(() => {});
      }
    });
  /** Starts finalization without waiting for it (the message is acknowledged once stored). */
  const finalizeLater = (device: string, objectId: string) => void finalize(device, objectId).catch(() => {});

  /**
   * Stores one message durably; resolves once it is committed (then the broker gets the PUBACK).
   * Must not wait for a publish of the server's own client (see mqtt-client.ts).
   */
  const handle = async (topic: string, payload: Buffer) => {
    const t = senseway.parseTopic(topic);
    switch (t.kind) {
      case 'scan':
        await recordScan(ctx.db, t.gateway, payload);
        return;
      case 'chunk': {
        const key = `${t.device}/${t.id}`;
        if (!isStorableChunkKey(t.device, t.id, t.index)) return log.warn({ topic }, 'chunk topic names no measurement: dropped');
        // Stored outside the per-measurement queue: that queue may wait for a publish (deadlock).
        await ctx.chunks.putChunk(
          t.device,
          t.id,
          t.index,
          new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength),
        );
        if (receiving.has(key)) return doneSeen.has(key) ? finalizeLater(t.device, t.id) : undefined;
        receiving.add(key); // one state update per measurement, not per chunk
        if (receiving.size > 10_000) receiving.clear();
        // A display state, not part of what is acknowledged: not awaited, so the PUBACK of a chunk
        // waits only for its file (the database queue may be busy finalizing other measurements).
        // It cannot undo a later state: it applies only to `requested` or `accepted`.
        void track(
          ctx.db
            .updateTable('measurements')
            .set({ state: 'receiving' })
            .where('device_mac', '=', t.device)
            .where('object_id', '=', t.id)
            .where('state', 'in', ['requested', 'accepted'])
            .execute()
            .catch((err) => log.warn({ err, key }, 'receiving state not recorded')),
        );
        if (doneSeen.has(key)) finalizeLater(t.device, t.id);
        return;
      }
      case 'measureEvent':
        if (t.event === 'done') {
          let json: unknown = {};
          try {
            json = JSON.parse(payload.toString('utf8'));
          } catch {
            log.warn({ topic }, 'done payload is not JSON');
          }
          await ctx.chunks.putDone(t.device, t.id, { gateway_mac: t.gateway, root: t.root, payload: json });
          doneSeen.add(`${t.device}/${t.id}`);
          finalizeLater(t.device, t.id);
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
            .where('state', 'in', [...OPEN_STATES])
            .execute();
        }
        return;
      default:
        return;
    }
  };

  ctx.mqtt.onMessageDurable(async (topic, payload) => {
    if (stopped) throw new Error('ingest stopped'); // left unacknowledged for the next session
    try {
      await track(handle(topic, payload));
    } catch (err) {
      log.error({ err, topic }, 'ingest message failed');
      throw err;
    }
  });
  await ctx.mqtt.subscribe(ctx.config.sensewayRoots.flatMap((r) => senseway.topics.serverFilters(r)));

  // Resume: `done` stored before a restart.
  for (const d of await ctx.chunks.pending())
    if (d.hasDone) {
      doneSeen.add(`${d.device}/${d.objectId}`);
      finalizeLater(d.device, d.objectId);
    }

  const sweep = async () => {
    const now = Date.now();
    const pending = await ctx.chunks.pending();
    const withoutDone = pending.filter((p) => !p.hasDone && p.lastChunkAt);
    // Chunks that stopped without `done`: close as partial with what arrived (or drop a replay).
    for (const s of withoutDone.filter((p) => p.lastChunkAt!.getTime() < now - ctx.config.chunkWaitMs)) {
      const open = await ctx.db
        .selectFrom('measurements')
        .select('state')
        .where('device_mac', '=', s.device)
        .where('object_id', '=', s.objectId)
        .executeTakeFirst();
      // an errored request keeps its chunks for a late resend (dropped after the orphan TTL)
      if (open?.state === 'error') continue;
      await finalize(s.device, s.objectId, { closeIncomplete: true });
    }
    // Requests with nothing received past the timeout are errored.
    const hasInput = new Set(pending.map((p) => `${p.device}/${p.objectId}`));
    const timedOut = (
      await ctx.db
        .selectFrom('measurements')
        .select(['id', 'device_mac', 'object_id'])
        .where('state', 'in', [...OPEN_STATES])
        .where('created_at', '<', new Date(now - ctx.config.measureTimeoutMs))
        .execute()
    ).filter((m) => !hasInput.has(`${m.device_mac}/${m.object_id}`));
    if (timedOut.length)
      await ctx.db
        .updateTable('measurements')
        .set({ state: 'error', error: 'TIMEOUT' })
        .where(
          'id',
          'in',
          timedOut.map((m) => m.id),
        )
        // a chunk arriving between the two queries still completes it: finalization overrides `error`
        .where('state', 'in', [...OPEN_STATES])
        .execute();
    // Chunks whose `done` never came and that nothing claimed are kept for an hour, then dropped.
    const orphanBefore = now - Math.max(ORPHAN_CHUNK_TTL_MS, ctx.config.measureTimeoutMs);
    for (const o of withoutDone.filter((p) => p.lastChunkAt!.getTime() < orphanBefore))
      await ctx.chunks.clearChunks(o.device, o.objectId);
  };
  const sweepEveryMs = Math.min(5000, Math.max(100, Math.min(ctx.config.chunkWaitMs, ctx.config.measureTimeoutMs) / 4));
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping || stopped) return;
    sweeping = true;
    track(
      sweep()
        .catch((err) => log.error({ err }, 'ingest sweep failed'))
        .finally(() => (sweeping = false)),
    );
  }, sweepEveryMs);

  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    idle,
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      timers.forEach(clearTimeout);
      await idle();
    },
  };
}
