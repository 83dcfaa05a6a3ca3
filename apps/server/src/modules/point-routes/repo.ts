import type { Kysely } from 'kysely';
import type { Route } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { nodePaths } from '../points/repo.ts';

/**
 * Routes of the customer (all, or the one with `routeId`), oldest first, each with its points in
 * the chosen order. Only existing points appear: a deleted point has left `route_points` (ON DELETE
 * CASCADE, migration 0005).
 */
export async function listRoutes(db: Kysely<DB>, customerId: string, routeId?: string): Promise<Route[]> {
  let q = db
    .selectFrom('routes')
    .select(['id', 'name', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id');
  if (routeId) q = q.where('id', '=', routeId);
  const routes = await q.execute();
  if (!routes.length) return [];
  const members = await db
    .selectFrom('route_points as rp')
    .innerJoin('tree_nodes as t', 't.id', 'rp.point_id')
    .select(['rp.route_id', 't.id', 't.name', 't.parent_id'])
    .where('t.customer_id', '=', customerId)
    .where('t.node_type', '=', 'point')
    .where(
      'rp.route_id',
      'in',
      routes.map((r) => r.id),
    )
    .orderBy('rp.route_id')
    .orderBy('rp.position')
    .execute();
  const paths = members.length ? await nodePaths(db, customerId) : new Map<string, string[]>();
  return routes.map((r) => {
    const points = members.filter((m) => m.route_id === r.id);
    return {
      _id: r.id,
      name: r.name,
      points: points.map((p) => p.id),
      tree: points.map((p) => ({
        _id: p.id,
        name: p.name,
        nodeType: 'point' as const,
        parent: p.parent_id ?? 'root',
        path: paths.get(p.id) ?? [p.name],
      })),
      createdAt: r.created_at.toISOString(),
    };
  });
}

/** The route of the customer, or undefined (another customer's route is not found). */
export async function findRoute(db: Kysely<DB>, customerId: string, routeId: string): Promise<Route | undefined> {
  return (await listRoutes(db, customerId, routeId))[0];
}

/**
 * The ids without repeats, in first-seen order, after checking that each is a point of the customer.
 * @throws AppError POINT_NOT_FOUND (404, param `points`) for an unknown id, a group, or another customer's point.
 */
export async function customerPoints(db: Kysely<DB>, customerId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .selectFrom('tree_nodes')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw new AppError('POINT_NOT_FOUND', 'points');
  return unique;
}

/** Creates a route with the (already checked) points in order; returns its id. */
export async function insertRoute(db: Kysely<DB>, customerId: string, name: string, pointIds: readonly string[]) {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('routes').values({ id, customer_id: customerId, name }).execute();
    await trx
      .insertInto('route_points')
      .values(pointIds.map((point_id, position) => ({ route_id: id, point_id, position })))
      .execute();
  });
  return id;
}

/** Renames a route of the customer and replaces its points (checked) in one transaction. */
export async function updateRoute(
  db: Kysely<DB>,
  customerId: string,
  routeId: string,
  name: string,
  pointIds: readonly string[],
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('routes')
      .set({ name, updated_at: new Date() })
      .where('id', '=', routeId)
      .where('customer_id', '=', customerId)
      .execute();
    await trx.deleteFrom('route_points').where('route_id', '=', routeId).execute();
    await trx
      .insertInto('route_points')
      .values(pointIds.map((point_id, position) => ({ route_id: routeId, point_id, position })))
      .execute();
  });
}

/**
 * Deletes a route of the customer.
 * @returns false for an unknown id or another customer's route
 */
export async function deleteRoute(db: Kysely<DB>, customerId: string, routeId: string): Promise<boolean> {
  const res = await db.deleteFrom('routes').where('id', '=', routeId).where('customer_id', '=', customerId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
