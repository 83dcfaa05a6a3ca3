import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGliteLike } from './pglite-thread.ts';
import { isUrgentDb } from './priority.ts';

/**
 * Kysely dialect over PGlite (PostgreSQL compiled to WASM, one connection; on its own thread, see
 * pglite-thread.ts). The single
 * connection is handed out under a mutex so a transaction never interleaves with other queries.
 * Code running inside a transaction must use the transaction object, not the outer `db`. Waiters
 * marked urgent (priority.ts: an MQTT message waiting for its commit) are served before the others,
 * each group in arrival order: a message waits for at most the statement under way, not for a
 * queue of finalizations.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGliteLike) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = (): Driver => new PGliteDriver(this.pg);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGliteLike) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    return { rows: r.rows, numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private held = false;
  private readonly urgent: (() => void)[] = [];
  private readonly ordinary: (() => void)[] = [];
  private readonly release = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly pg: PGliteLike) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((r) => (isUrgentDb() ? this.urgent : this.ordinary).push(r));
    this.held = true; // handed over directly by the releaser, or taken free
    const conn = new PGliteConnection(this.pg);
    let released = false;
    this.release.set(conn, () => {
      if (released) return;
      released = true;
      const next = this.urgent.shift() ?? this.ordinary.shift();
      if (next) next();
      else this.held = false;
    });
    return conn;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(c: DatabaseConnection) {
    this.release.get(c)?.();
  }
  async destroy() {
    if (!this.pg.closed) await this.pg.close();
  }
}
