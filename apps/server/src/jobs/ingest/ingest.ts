import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { isDuckMac, senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { Admission, type IngestLimits } from './admission.ts';
import { isStorableChunkKey } from './chunk-store.ts';
import { finalizeMeasurement } from './finalize.ts';
import { finalizeDuckMeasurement } from './duck.ts';
import { createRejectionLog, IngestRejected, printable, type RejectionLog } from '../../modules/iot/rejections.ts';
import { recordScan } from './scan.ts';
import { lookupKey } from './key-lookup.ts';
import { redeliverAfterReconnect } from '../../modules/iot/command-redelivery.ts';
import { createLimiter } from '../../infra/limiter.ts';
import { ordinaryDb, urgentDb } from '../../infra/db/priority.ts';

export interface Ingest {
  /** Resolves when every message received so far has been handled and every rejection recorded (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** The caps on input waiting for its `done` and their counters (admission.ts); tests and benches may lower `limits`. */
  readonly admission: Admission;
  /** Refused messages (rejections.ts). */
  readonly rejections: RejectionLog;
  /**
   * What this instance did (tests, benches): measurements it stored (`persisted` or `partial`), and
   * finalizations it left to another instance that held the claim, and tries that found chunks
   * still missing (`waiting`).
   */
  readonly counts: { stored: number; claimedElsewhere: number; waited: number };
  /**
   * True while ingest has work in hand (a message being stored, a finalization under way) or had a
   * message within the last {@link INGEST_QUIET_MS}: background work on the same database yields
   * to it (jobs/diagnosis).
   */
  busy(): boolean;
}

/** Finalizations running or waiting, per concurrent slot, beyond which a `done` waits for its acknowledgement. */
const MAX_FINALIZE_BACKLOG_PER_SLOT = 4;
/**
 * The longest a `done` is held for that backlog (ms). While it is held the server's MQTT client
 * reads no other packet, the acknowledgements of its own publishes (a user's measure command)
 * included, so the hold is bounded; past it the per-device caps take over.
 */
const MAX_ACK_HOLD_MS = 1000;

/** The longest a finalization waits for the broker to acknowledge its `persisted` event (ms). */
const EVENT_PUBLISH_WAIT_MS = 5_000;

/** How long after its last message ingest still counts as busy, ms (the gap between a gateway's chunks). */
export const INGEST_QUIET_MS = 25;

/** How long a device found unregistered is not looked up again (a flood of its chunks costs one query per period). */
const UNKNOWN_DEVICE_TTL_MS = 2000;
const UNKNOWN_DEVICE_CACHE = 10_000;

const ORPHAN_CHUNK_TTL_MS = 60 * 60 * 1000;

/**
 * The MQTT shared-subscription group of the ingest when several instances share it
 * (`$share/<group>/<filter>`, MQTT 5 §4.8.2; Mosquitto 2 and EMQX accept it from 3.1.1 clients too).
 */
export const INGEST_SHARE_GROUP = 'overtone-ingest';
/**
 * How long a claim to finalize a measurement lasts (ms), renewed by every attempt (a measurement
 * waiting for chunks is tried again within {@link SHARED_RETRY_MAX_MS}): far longer than one
 * finalization takes (tens of ms; ingest.bench.ts), and about the longest a measurement waits when
 * the instance holding its claim dies (then another instance's sweep takes it over).
 */
export const FINALIZE_CLAIM_TTL_MS = 10_000;
/**
 * Shared ingest: a `done` older than this whose measurement nobody finalizes (its instance died
 * before it could) is taken over by the sweep of any instance (ms).
 */
const UNCLAIMED_DONE_MS = 5_000;
/**
 * Shared ingest: the first wait before looking again for chunks still being stored by another
 * instance (ms), doubled at each try up to {@link SHARED_RETRY_MAX_MS}. The instance holding a late
 * chunk does not know of the `done`, so the one holding the `done` looks again instead.
 */
const SHARED_RETRY_FIRST_MS = 50;
const SHARED_RETRY_MAX_MS = 2_000;
/** Finalizations of one measurement that may fail in a row before its input is dropped. */
const MAX_FINALIZE_FAILURES = 3;
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
export async function startIngest(ctx: AppContext, log: Log, opts: { limits?: Partial<IngestLimits> } = {}): Promise<Ingest> {
  const admission = new Admission(opts.limits);
  /** the ingest is shared with other instances through `$share` subscriptions (docs/operations.md "Several instances") */
  const shared = ctx.config.multiInstance;
  const rejections = createRejectionLog(ctx.db, log);
  /** devices found unregistered, until when (epoch ms) */
  const unknownDevices = new Map<string, number>();
  /** The key's info, or null for an unregistered device (cached a moment: floods cost one query per device per 2 s). */
  const keyInfo = async (device: string, objectId: string) => {
    const until = unknownDevices.get(device);
    if (until && until > Date.now()) return null;
    const info = await lookupKey(ctx, device, objectId, admission.limits.perMeasurementBytes);
    if (!info) {
      if (unknownDevices.size >= UNKNOWN_DEVICE_CACHE) unknownDevices.clear();
      unknownDevices.set(device, Date.now() + UNKNOWN_DEVICE_TTL_MS);
    } else unknownDevices.delete(device);
    return info;
  };
  /**
   * Opens the admission account of a key from the database and the store (first chunk, or pending at start).
   * @returns false for a measurement stored complete already (a chunk of it now is a repeat: the
   *   broker redelivering what a killed instance had not acknowledged), whose chunks are not kept
   */
  const openKey = async (device: string, objectId: string, opts: { resume?: boolean } = {}): Promise<boolean> => {
    const key = `${device}/${objectId}`;
    if (admission.has(key)) return true;
    const info = await keyInfo(device, objectId);
    if (!info) throw new IngestRejected('UNREGISTERED_DEVICE', null, device);
    if (info.persisted && !opts.resume) return false;
    // Shared: an instance counts the chunks it stores itself (what others stored is not read back at
    // every measurement's first chunk: one query less per instance and measurement). A measurement
    // may so hold up to one limit per instance before finalization, which drops more than
    // MAX_MEASUREMENT_BYTES (finalize.ts readCheckedChunks).
    const stored = shared && !opts.resume ? new Map<number, number>() : await ctx.chunks.chunkSizes(device, objectId);
    // Alone, this instance is the only one to create the measurement of a key without a row, and it
    // closes the account when it does: the device found now serves finalization (one query less).
    const keyDevice = shared ? null : info.device;
    const refused = admission.open(key, { device, gateway: info.gateway, limit: info.limit, stored, keyDevice });
    if (refused) throw new IngestRejected(refused, null, device);
    // A self-initiated measurement has no row yet: there is no `requested`/`accepted` state to
    // move to `receiving`, so its chunks cost no update (one database round trip per measurement).
    if (!info.known) markReceiving(key);
    return true;
  };
  const reject = (r: { topic: string; reason: string; gateway?: string | null; device?: string | null }) => rejections.record(r);
  const queues = new Map<string, Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  /** keys whose `done` is stored: a chunk arriving after it triggers finalization */
  const doneSeen = new Set<string>();
  /** keys already marked `receiving`, or with no row to mark (a cache: losing it costs one redundant update) */
  const receiving = new Set<string>();
  const markReceiving = (key: string) => {
    receiving.add(key);
    if (receiving.size > 10_000) receiving.clear();
  };
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
  /** failed finalizations in a row by key */
  const failures = new Map<string, number>();
  /** this process among the instances sharing the ingest (claims) */
  const instance = randomUUID();
  const counts = { stored: 0, claimedElsewhere: 0, waited: 0 };
  /** shared ingest: tries so far of measurements waiting for chunks, by key */
  const waits = new Map<string, number>();
  const finalize = (device: string, objectId: string, opts: { closeIncomplete?: boolean } = {}) =>
    serial(`${device}/${objectId}`, async () => {
      const key = `${device}/${objectId}`;
      let r: Awaited<ReturnType<typeof finalizeMeasurement>> | null;
      try {
        r = await finalizing(async () =>
          // claimed when its turn comes, so that the lease covers the work, not the wait for a slot
          (await ctx.chunks.claim(device, objectId, instance, FINALIZE_CLAIM_TTL_MS))
            ? (isDuckMac(device) ? finalizeDuckMeasurement : finalizeMeasurement)(ctx, device, objectId, {
                ...opts,
                keyDevice: admission.keyDeviceOf(key),
                reject: (reason) => reject({ topic: `(stored) ${key}`, reason, device }),
              })
            : null,
        );
        failures.delete(key);
      } catch (err) {
        // Input that makes finalization fail again and again is dropped after a few tries (and
        // recorded): it must not be retried by every sweep and every start.
        const n = (failures.get(key) ?? 0) + 1;
        if (failures.size >= 10_000) failures.clear();
        failures.set(key, n);
        if (n < MAX_FINALIZE_FAILURES) throw err;
        failures.delete(key);
        log.error({ err, key }, 'measurement input dropped after repeated finalization failures');
        reject({ topic: `(stored) ${key}`, reason: `FINALIZE_FAILED ${String(err).slice(0, 150)}`, device });
        await ctx.chunks.clear(device, objectId);
        doneSeen.delete(key);
        admission.release(key);
        return;
      }
      if (!r) {
        // Another instance finalizes it (or waits for its chunks): this one lets go of it.
        counts.claimedElsewhere++;
        doneSeen.delete(key);
        waits.delete(key);
        admission.release(key);
        return;
      }
      if (r.outcome === 'waiting') counts.waited++;
      if (r.outcome === 'waiting' && !stopped) {
        let retryInMs = r.retryInMs ?? 0;
        if (shared) {
          // its missing chunks may be in another instance's hands right now: look again soon
          const n = waits.get(key) ?? 0;
          if (waits.size >= 10_000) waits.clear();
          waits.set(key, n + 1);
          retryInMs = Math.min(retryInMs, SHARED_RETRY_FIRST_MS * 2 ** Math.min(n, 10), SHARED_RETRY_MAX_MS);
        }
        const t = setTimeout(() => {
          timers.delete(t);
          void finalize(device, objectId).catch(() => {});
        }, retryInMs);
        timers.add(t);
      }
      if (r.outcome === 'skipped') await ctx.chunks.releaseClaim(device, objectId, instance);
      if (r.outcome !== 'waiting') {
        waits.delete(key);
        doneSeen.delete(`${device}/${objectId}`);
        admission.release(`${device}/${objectId}`);
      }
      if ((r.outcome === 'persisted' || r.outcome === 'partial') && r.measurementId) {
        counts.stored++;
        log.info({ measurement: r.measurementId, device, outcome: r.outcome }, 'measurement stored');
        // its alarms now (the evaluator's sweep catches it too, should this be lost: docs/alarms.md),
        // and its AI predictions in the background (docs/ai-model.md "Serving")
        if (r.outcome === 'persisted') {
          ctx.alarms?.notify(r.measurementId);
          ctx.aiPredictions?.notify(r.measurementId);
        }
        if (!r.gateway) return;
        const root = senseway.sensewayRootOf(r.root);
        const event = r.outcome === 'persisted' ? 'persisted' : 'rejected';
        const payload = r.outcome === 'persisted' ? JSON.stringify({ _id: r.measurementId }) : 'PARTIAL';
        // not awaited inside a message handler: acknowledgements share the connection (mqtt-client.ts);
        // waited for a bounded time: with the broker gone it is kept for the next connection, and
        // must not hold the shutdown (an instance stopped while its broker is unreachable)
        await Promise.race([
          ctx.mqtt.publish(senseway.topics.measureEvent(root, r.gateway, device, objectId, event), payload).catch(() => {}),
          delay(EVENT_PUBLISH_WAIT_MS, undefined, { ref: false }),
        ]);
      }
    });
  /**
   * Starts finalization without waiting for it (the message is acknowledged once stored): ordinary
   * database work, behind the urgent work of the messages that wait for their acknowledgement.
   */
  const finalizeLater = (device: string, objectId: string) => void ordinaryDb(() => finalize(device, objectId)).catch(() => {});

  /**
   * Stores one message durably; resolves once it is committed (then the broker gets the PUBACK).
   * Must not wait for a publish of the server's own client (see mqtt-client.ts).
   */
  const handle = async (topic: string, payload: Buffer) => {
    const t = senseway.parseTopicStrict(topic);
    switch (t.kind) {
      case 'invalid':
        throw new IngestRejected(t.reason, t.gateway, t.device);
      case 'scan':
        await recordScan(ctx.db, t.gateway, payload);
        // Not awaited: it publishes, and a message's handling must not wait for our own publish
        // (idle() waits for it, bounded as the `persisted` events are).
        void track(
          Promise.race([
            redeliverAfterReconnect(ctx, t.gateway).then(
              (n) => n && log.info({ gateway: t.gateway, commands: n }, 'measure commands sent again after a reconnect'),
              (err) => log.warn({ err, gateway: t.gateway }, 'measure commands not sent again'),
            ),
            delay(EVENT_PUBLISH_WAIT_MS, undefined, { ref: false }),
          ]),
        );
        return;
      case 'chunk': {
        const key = `${t.device}/${t.id}`;
        const bad = senseway.checkChunk(t.index, payload.byteLength);
        if (bad) throw new IngestRejected(bad, null, t.device);
        if (!isStorableChunkKey(t.device, t.id, t.index)) throw new IngestRejected('CHUNK_KEY', null, t.device);
        if (!(await openKey(t.device, t.id))) return; // acknowledged, not kept
        const refused = admission.admit(key, t.index, payload.byteLength);
        if (refused) throw new IngestRejected(refused, null, t.device);
        // Stored outside the per-measurement queue: that queue may wait for a publish (deadlock).
        await ctx.chunks.putChunk(
          t.device,
          t.id,
          t.index,
          new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength),
        );
        if (receiving.has(key)) return doneSeen.has(key) ? finalizeLater(t.device, t.id) : undefined;
        markReceiving(key); // one state update per measurement, not per chunk
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
          const parsed = senseway.parseDone(payload.byteLength, () => payload.toString('utf8'));
          if (!parsed.ok) throw new IngestRejected(parsed.reason, t.gateway, t.device);
          // known from its first chunk when its account is open (no database round trip)
          const info = admission.accountOf(`${t.device}/${t.id}`) ?? (await keyInfo(t.device, t.id));
          if (!info) throw new IngestRejected('UNREGISTERED_DEVICE', t.gateway, t.device);
          // every chunk holds at least one int16: more chunks than that cannot be this measurement's
          const count = parsed.done.STAT.CHUNK_COUNT ?? 0;
          if (2 * count > info.limit)
            throw new IngestRejected(`CHUNK_COUNT ${count} for at most ${info.limit} bytes`, t.gateway, t.device);
          await ctx.chunks.putDone(t.device, t.id, { gateway_mac: t.gateway, root: t.root, payload: parsed.done });
          doneSeen.add(`${t.device}/${t.id}`);
          finalizeLater(t.device, t.id);
          // Flow control: acknowledged once the finalizations waiting are few, so gateways (which wait
          // for acknowledgements) publish no faster than measurements are stored, and input does not
          // pile up against the caps. Finalization never waits for a message, so this cannot deadlock.
          const backlogLimit = MAX_FINALIZE_BACKLOG_PER_SLOT * ctx.config.ingestConcurrency;
          if (finalizing.backlog() >= backlogLimit)
            await Promise.race([finalizing.belowBacklog(backlogLimit), delay(MAX_ACK_HOLD_MS, undefined, { ref: false })]);
          return;
        }
        if (t.event === 'persisted') return; // our own event
        if (payload.byteLength > senseway.MAX_REPLY_BYTES)
          throw new IngestRejected(`REPLY_TOO_LARGE ${payload.byteLength} > ${senseway.MAX_REPLY_BYTES}`, t.gateway, t.device);
        if (t.event === 'accepted') {
          await ctx.db
            .updateTable('measurements')
            .set({ state: 'accepted' })
            .where('device_mac', '=', t.device)
            .where('object_id', '=', t.id)
            .where('state', '=', 'requested')
            .execute();
        } else if (t.event === 'rejected') {
          // the device's error text, shown to users: printable, short
          const reason = printable(payload.toString('utf8'), 200).trim() || 'REJECTED';
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

  let lastMessageAt = 0;
  ctx.mqtt.onMessageDurable(async (topic, payload) => {
    if (stopped) throw new Error('ingest stopped'); // left unacknowledged for the next session
    lastMessageAt = performance.now();
    try {
      // its acknowledgement waits for this: its database work goes before queued background work
      await track(urgentDb(() => handle(topic, payload)));
    } catch (err) {
      // refused: recorded, and acknowledged so that the broker does not deliver it again
      if (err instanceof IngestRejected) return reject({ topic, reason: err.reason, gateway: err.gateway, device: err.device });
      log.error({ err, topic }, 'ingest message failed');
      throw err; // not acknowledged: delivered again when the session resumes
    }
  });
  // Shared: the broker hands each message to one of the instances (chunks of one measurement may
  // reach several; they meet in the database's chunk tables, and the claim picks one finalizer).
  const filters = ctx.config.sensewayRoots.flatMap((r) => senseway.topics.serverFilters(r));
  const sharedFilters = filters.map((f) => `$share/${INGEST_SHARE_GROUP}/${f}`);
  await ctx.mqtt.subscribe(shared ? sharedFilters : filters);

  // Resume: input stored before a restart is accounted for, and measurements whose `done` is
  // stored are finalized (which checks the stored input again: an older server stored it unchecked).
  // Nothing here may stop the start: a key that cannot be resumed is dropped and recorded.
  for (const d of await ctx.chunks.pending()) {
    const key = `${d.device}/${d.objectId}`;
    try {
      if (!isStorableChunkKey(d.device, d.objectId)) throw new IngestRejected('STORED_KEY', null, null);
      await openKey(d.device, d.objectId, { resume: true });
    } catch (err) {
      const reason = err instanceof IngestRejected ? err.reason : `RESUME_FAILED ${String(err)}`;
      reject({ topic: `(stored) ${key}`, reason, device: senseway.isMac(d.device) ? d.device : null });
      await ctx.chunks.clear(d.device, d.objectId).catch((e) => log.warn({ err: e, key }, 'stored input not cleared'));
      continue;
    }
    if (d.hasDone) {
      doneSeen.add(key);
      finalizeLater(d.device, d.objectId);
    }
  }

  const sweep = async () => {
    const now = Date.now();
    const pending = await ctx.chunks.pending();
    admission.reconcile(new Set(pending.map((p) => `${p.device}/${p.objectId}`)), now - 10_000);
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
    // Shared: a `done` that waits unclaimed (its instance died after storing it) is taken over; the
    // claim keeps it to one instance, and a measurement this instance has in hand is left to it.
    if (shared)
      for (const p of pending.filter((x) => x.doneAt && x.doneAt.getTime() < now - UNCLAIMED_DONE_MS)) {
        const key = `${p.device}/${p.objectId}`;
        if (queues.has(key) || waits.has(key)) continue;
        doneSeen.add(key);
        finalizeLater(p.device, p.objectId);
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
    for (const o of withoutDone.filter((p) => p.lastChunkAt!.getTime() < orphanBefore)) {
      await ctx.chunks.clearChunks(o.device, o.objectId);
      admission.release(`${o.device}/${o.objectId}`);
    }
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
    await rejections.flush();
  };
  return {
    idle,
    admission,
    rejections,
    counts,
    busy: () => pending.size > 0 || performance.now() - lastMessageAt < INGEST_QUIET_MS,
    async stop() {
      // Shared: leave the group first, so that the broker stops handing this instance a share it would
      // only keep in its session until the instance returns (docs/operations.md "The ingest, shared").
      if (shared && ctx.mqtt.connected())
        await Promise.race([
          ctx.mqtt.unsubscribe(sharedFilters).catch(() => {}),
          delay(EVENT_PUBLISH_WAIT_MS, undefined, { ref: false }),
        ]);
      stopped = true;
      clearInterval(sweeper);
      timers.forEach(clearTimeout);
      await idle();
      await rejections.stop();
    },
  };
}
