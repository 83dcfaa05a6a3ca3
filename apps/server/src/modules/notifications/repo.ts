import type { Kysely } from 'kysely';
import { alarmLevelOf, type NotificationsResponse } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

type Db = Kysely<DB>;

/**
 * Storage of the in-app alarm notifications (migration 0028; docs/alarms.md "Notifications"). The
 * rows are written by the `alarm_transactions_notify` trigger; here they are only read and marked
 * read. Every function is scoped by the customer AND the user: a user reads only their own.
 */

/** The caller's unread notifications. */
export async function unreadCount(db: Db, customerId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The caller's `limit` newest notifications (newest first) with the transactions they tell of,
 * and the number unread in all. Alarm names as stored (the route answers built-in names in the
 * reader's language).
 */
export async function listNotifications(
  db: Db,
  customerId: string,
  userId: string,
  limit: number,
): Promise<NotificationsResponse> {
  const rows = await db
    .selectFrom('notifications as o')
    .innerJoin('alarm_transactions as t', 't.id', 'o.transaction_id')
    .leftJoin('tree_nodes as n', 'n.id', 't.point_id')
    .select([
      't.id',
      't.created_at',
      'o.read_at',
      't.kind',
      't.name',
      't.level',
      't.telemetry',
      't.source',
      't.score',
      't.mac_address',
      't.point_id',
      'n.name as point_name',
      't.measurement_id',
    ])
    .where('o.user_id', '=', userId)
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.transaction_id', 'desc')
    .limit(limit)
    .execute();
  return {
    unread: await unreadCount(db, customerId, userId),
    notifications: rows.map((r) => ({
      _id: r.id,
      createdAt: r.created_at.toISOString(),
      read: r.read_at !== null,
      kind: r.kind,
      name: r.name,
      level: alarmLevelOf(r.level),
      telemetry: r.telemetry,
      source: r.source,
      score: r.score,
      macAddress: r.mac_address,
      point: r.point_id !== null && r.point_name !== null ? { _id: r.point_id, name: r.point_name } : null,
      measurementId: r.measurement_id,
    })),
  };
}

/**
 * Marks the caller's notifications of these transactions read (absent: every unread one); another
 * user's or customer's ids change nothing.
 * @returns the number that stay unread
 */
export async function markNotificationsRead(
  db: Db,
  customerId: string,
  userId: string,
  ids: readonly string[] | undefined,
  now: Date,
): Promise<number> {
  if (!ids || ids.length)
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('customer_id', '=', customerId)
      .where('read_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('transaction_id', 'in', ids!))
      .execute();
  return unreadCount(db, customerId, userId);
}
