import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { authOf } from '../auth/access.ts';
import { pointOf } from './repo.ts';

/** The point a `/point/:id/...` route acts on, checked to be the caller's customer's. */
export interface PointScope {
  /** The caller's customer; scope every query of the handler by it. */
  customerId: string;
  /** The point's id (the `:id` route parameter). */
  pointId: string;
}

/**
 * Runs a `/point/:id/...` route's own logic only for a point of the caller's customer: the shared
 * prologue of the point-config and scheduler routes (caller → point → act).
 *
 * Parameters
 * ----------
 * db : Kysely<DB>
 *     The database the point is looked up in (`ctx.db`).
 * req : FastifyRequest with `params.id`
 *     The route's request; its session gives the customer and `params.id` the point.
 * act : (point: PointScope) => Promise<Res>
 *     The route's own logic, given the checked `{ customerId, pointId }`. It reads the body and
 *     query from the route's `req` (typed by the route schema) and its answer is the route's.
 *
 * Returns
 * -------
 * Promise<Res>
 *     What `act` resolves to.
 *
 * Raises
 * ------
 * AppError UNAUTHORIZED (401)
 *     Without a session (not reached in practice: the route's `config.access` is enforced first).
 * AppError POINT_NOT_FOUND (404)
 *     When no point has this id, the node is not a point, or the point is another customer's
 *     (another tenant's point reads as missing). `act` is not called.
 * Anything `act` throws
 *     Passed on unchanged (e.g. 409 NO_DEVICE, 400 VALIDATION).
 *
 * Notes
 * -----
 * The request is a parameter (rather than `withPoint(handler)` returning the handler) so that the
 * route's handler keeps the request type fastify infers from its schema.
 *
 * Examples
 * --------
 *     handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => periodicOf(ctx.db, customerId, pointId)),
 */
export async function withPoint<Res>(
  db: Kysely<DB>,
  req: FastifyRequest & { params: { id: string } },
  act: (point: PointScope) => Promise<Res>,
): Promise<Res> {
  const { customerId } = authOf(req);
  const pointId = req.params.id;
  await pointOf(db, customerId, pointId);
  return act({ customerId, pointId });
}
