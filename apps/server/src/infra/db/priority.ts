import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Database work that someone waits on right now (an HTTP request, an MQTT message whose
 * acknowledgement waits for its commit) marks itself with {@link urgentDb}; the embedded database's
 * single connection is then handed to it before queued background work (finalizations, diagnoses,
 * sweeps): see pglite-dialect.ts. Queries started inside `fn`, and in anything it awaits, are
 * urgent. PostgreSQL's pool serves several connections and ignores the mark.
 */
const urgent = new AsyncLocalStorage<boolean>();

/** Runs `fn` with its database work served first. */
export const urgentDb = <T>(fn: () => T): T => urgent.run(true, fn);

/** Runs `fn` as ordinary work even when called from urgent work (work an urgent step starts and does not wait for). */
export const ordinaryDb = <T>(fn: () => T): T => urgent.run(false, fn);

/** Whether the current asynchronous context is urgent. */
export const isUrgentDb = (): boolean => urgent.getStore() === true;

/**
 * Serves every HTTP request's database work as urgent: a user waits for it, as a gateway waits for
 * a message's acknowledgement. Registered before the app's other hooks: the mark set on the first
 * `onRequest` holds for the later hooks, the body's parsing and the handler (priority.test.ts, over
 * a real socket).
 */
export function serveRequestsUrgently(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, _reply, done) => urgentDb(() => done()));
}
