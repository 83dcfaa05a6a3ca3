import { Worker } from 'node:worker_threads';
import { configureHeaps } from '../heaps.ts';

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };
export type ThreadReply =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number; dump?: ArrayBuffer }
  | { id: number; ok: false; error: { name: string; message: string; fields: Record<string, unknown> } };

/** The part of PGlite the Kysely dialect and the database helpers use. */
export interface PGliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<void>;
  /** The data directory as a gzipped tarball (test templates). */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
  /**
   * Whether the database's thread keeps the process running (default true). A database opened ahead
   * of its use (a test's next database) does not: a process with nothing else to do ends.
   */
  keepProcessAlive?(alive: boolean): void;
}

/**
 * The embedded database (PGlite, PostgreSQL compiled to WebAssembly) on its own worker thread, as
 * PostgreSQL runs in its own process: queries no longer run on the event loop that serves HTTP and
 * MQTT, and the two cores share the work (bench/ingest.bench.ts; docs/architecture.md "Embedded
 * database thread"). Parameters and rows cross by structured clone (Date, Uint8Array and JSON values
 * survive it); a database error is rebuilt with its `code`, `constraint`, `detail`… so callers can
 * map it (e.g. 23505 → 409) as before.
 * @param opts.dataDir PGlite data directory; null keeps the database in memory
 * @param opts.loadDataDir start from a dumped data directory (`dumpDataDir`)
 * @throws the database's opening error on the first request when it cannot be opened
 */
export async function startPGliteThread(opts: { dataDir: string | null; loadDataDir?: Blob }): Promise<PGliteLike> {
  const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : null;
  configureHeaps();
  const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
    workerData: { dataDir: opts.dataDir, loadDataDir },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const waiting = new Map<number, { resolve: (r: ThreadReply & { ok: true }) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let closed = false;
  let failure: Error | null = null;
  const failAll = (e: Error) => {
    failure = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (r: ThreadReply) => {
    const w = waiting.get(r.id);
    if (!w) return;
    waiting.delete(r.id);
    if (r.ok) return w.resolve(r);
    const err = Object.assign(new Error(r.error.message), r.error.fields);
    err.name = r.error.name;
    w.reject(err);
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`the embedded database thread exited (code ${code})`)));
  const call = (req: Omit<ThreadRequest, 'id'> & { op: ThreadRequest['op'] }) =>
    new Promise<ThreadReply & { ok: true }>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  const pg: PGliteLike = {
    async query<R>(sql: string, params: unknown[] = []) {
      const r = await call({ op: 'query', sql, params } as ThreadRequest);
      return { rows: (r.rows ?? []) as R[], affectedRows: r.affectedRows };
    },
    async exec(sql) {
      await call({ op: 'exec', sql } as ThreadRequest);
    },
    async dumpDataDir() {
      const r = await call({ op: 'dump' } as ThreadRequest);
      return new Blob([r.dump!]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' } as ThreadRequest).catch(() => {});
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
    keepProcessAlive(alive) {
      if (alive) worker.ref();
      else worker.unref();
    },
  };
  await pg.query('SELECT 1'); // opened (or its error thrown here)
  return pg;
}
