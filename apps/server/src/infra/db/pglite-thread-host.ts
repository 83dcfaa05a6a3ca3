/**
 * The embedded database's own thread: owns the PGlite instance and answers the requests of
 * `pglite-thread.ts` one at a time, in arrival order (PGlite is one connection; the main thread's
 * Kysely driver already serializes transactions).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { BYTEA_OID, parseBytea, serializeBytea } from './bytea.ts';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

const { dataDir, loadDataDir } = workerData as { dataDir: string | null; loadDataDir: ArrayBuffer | null };

/** A database error with the fields callers read (code, constraint, detail…), as plain data. */
const errorData = (e: unknown) => {
  const err = e as Error & Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const k of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where'])
    if (err?.[k] !== undefined) fields[k] = err[k];
  return { name: err?.name ?? 'Error', message: err?.message ?? String(e), fields };
};

const ready = PGlite.create({
  dataDir: dataDir ?? undefined,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  serializers: { [BYTEA_OID]: serializeBytea },
  parsers: { [BYTEA_OID]: parseBytea },
});

let tail: Promise<unknown> = Promise.resolve();
parentPort!.on('message', (req: ThreadRequest) => {
  tail = tail.then(async () => {
    let reply: ThreadReply;
    try {
      const pg = await ready;
      if (req.op === 'query') {
        const r = await pg.query(req.sql, req.params);
        reply = { id: req.id, ok: true, rows: r.rows, affectedRows: r.affectedRows };
      } else if (req.op === 'exec') {
        await pg.exec(req.sql);
        reply = { id: req.id, ok: true };
      } else if (req.op === 'dump') {
        const blob = await pg.dumpDataDir('gzip');
        reply = { id: req.id, ok: true, dump: await blob.arrayBuffer() };
      } else {
        if (!pg.closed) await pg.close();
        reply = { id: req.id, ok: true };
      }
    } catch (e) {
      reply = { id: req.id, ok: false, error: errorData(e) };
    }
    parentPort!.postMessage(reply, reply.ok && reply.dump ? [reply.dump] : []);
  });
});
