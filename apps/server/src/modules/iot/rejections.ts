import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';

/**
 * A Senseway message the ingest refuses (a field outside the protocol's limits, a cap reached, an
 * unregistered device). Thrown by the ingest's handlers and caught where the message is handled:
 * the message is recorded and acknowledged, never retried (docs/architecture.md "What the ingest
 * refuses").
 */
export class IngestRejected extends Error {
  /**
   * @param reason short code, then details (e.g. `CHUNK_TOO_LARGE 70000 > 65536`)
   * @param gateway the gateway MAC, when the topic named a well-formed one
   * @param device the device MAC, when the topic named a well-formed one
   */
  constructor(
    readonly reason: string,
    readonly gateway: string | null = null,
    readonly device: string | null = null,
  ) {
    super(reason);
  }
}

/** One refused message, as recorded. */
export interface RejectionInput {
  topic: string;
  reason: string;
  gateway?: string | null;
  device?: string | null;
}

/** Rows kept: newer than 7 days and among the newest 10 000. */
export const REJECTIONS_KEEP_DAYS = 7;
export const REJECTIONS_KEEP_ROWS = 10_000;
/** Rejections waiting for their batch insert; beyond this a flood is only counted (memory stays bounded). */
const MAX_BUFFERED = 1_000;
const FLUSH_EVERY_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;
/** Log lines per minute; the rest of a minute's rejections are summarised in one line. */
const LOG_LINES_PER_MINUTE = 20;

type Log = { warn(o: object, m?: string): void };

/** Control characters (NUL included, which PostgreSQL text refuses) removed, cut to `max` characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const printable = (s: string, max: number) => s.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, max);

export interface RejectionLog {
  /** Records one refused message: logged (rate-limited) and queued for the table. Never throws. */
  record(r: RejectionInput): void;
  /** Writes what is queued (and prunes at most once a minute). */
  flush(): Promise<void>;
  /** Rejections not written because the queue was full, since start. */
  readonly dropped: number;
  stop(): Promise<void>;
}

/**
 * The ingest's record of refused messages: table `ingest_rejections` (migration 0020), written in
 * batches of up to 1 000 rows every second so that a flood of bad messages costs the database one
 * statement a second, and kept to 7 days / 10 000 rows. A flood beyond the queue is counted in
 * `dropped` and summarised in the log. Log lines: the first 20 a minute in full, then one summary.
 */
export function createRejectionLog(db: Kysely<DB>, log: Log): RejectionLog {
  let queue: { gateway_mac: string | null; device_mac: string | null; topic: string; reason: string; received_at: Date }[] = [];
  let dropped = 0;
  let lastPrune = 0;
  let minute = 0;
  let logged = 0;
  let unlogged = 0;
  let writing: Promise<void> = Promise.resolve();

  const flushNow = async () => {
    if (queue.length) {
      const rows = queue;
      queue = [];
      await db.insertInto('ingest_rejections').values(rows).execute();
    }
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneRejections(db);
    }
  };
  const flush = () => {
    writing = writing.then(flushNow).catch((err) => log.warn({ err }, 'ingest rejections not recorded'));
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();

  return {
    record(r) {
      const now = Date.now();
      const m = Math.floor(now / 60_000);
      if (m !== minute) {
        if (unlogged)
          log.warn({ rejected: unlogged }, 'more ingest messages rejected in the last minute (see ingest_rejections)');
        minute = m;
        logged = 0;
        unlogged = 0;
      }
      const topic = printable(r.topic, 256);
      const reason = printable(r.reason, 200);
      if (logged < LOG_LINES_PER_MINUTE) {
        logged++;
        log.warn({ topic, reason, gateway: r.gateway ?? undefined, device: r.device ?? undefined }, 'ingest message rejected');
      } else unlogged++;
      if (queue.length >= MAX_BUFFERED) {
        dropped++;
        return;
      }
      queue.push({ gateway_mac: r.gateway ?? null, device_mac: r.device ?? null, topic, reason, received_at: new Date(now) });
    },
    flush,
    get dropped() {
      return dropped;
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Deletes rejections older than 7 days and all but the newest 10 000. */
export async function pruneRejections(db: Kysely<DB>) {
  await db
    .deleteFrom('ingest_rejections')
    .where((eb) =>
      eb.or([
        eb('received_at', '<', new Date(Date.now() - REJECTIONS_KEEP_DAYS * 86_400_000)),
        eb(
          'id',
          '<=',
          eb.selectFrom('ingest_rejections').select('id').orderBy('id', 'desc').offset(REJECTIONS_KEEP_ROWS).limit(1),
        ),
      ]),
    )
    .execute();
}

/** Rejected messages recorded in the last 24 hours (GET /api/health `ingest.rejectedMessages24h`). */
export async function countRecentRejections(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('ingest_rejections')
    .select(sql<string>`count(*)`.as('n'))
    .where('received_at', '>', new Date(Date.now() - 86_400_000))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
