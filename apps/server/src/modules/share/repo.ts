import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SHARE_EXPIRIES,
  SHARE_FLAG_PERMISSIONS,
  SHARE_FLAGS,
  SHARE_EXPIRY_SECONDS,
  SHARE_TOKEN_PARAM,
  TOKEN_HEADER,
  type ShareExpiry,
  type ShareLink,
  type ShareScope,
} from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { hashToken, newToken } from '../auth/session.ts';
import { measurementRow } from '../measurements/detail-repo.ts';

/**
 * The clock of share links (creation and expiry checks). Tests replace `now` to move time forward
 * without sleeping; the database's own `now()` is never used for share links.
 */
export const shareClock: { now: () => Date } = { now: () => new Date() };

/** What a valid share token grants: one measurement of one customer, plus the allowed extras. */
export interface ShareGrant extends ShareScope {
  id: string;
  customerId: string;
}

const toLink = (r: {
  id: string;
  measurement_id: string;
  allow_trend: boolean;
  allow_image: boolean;
  allow_alarm_transactions: boolean;
  expires_in: string;
  created_at: Date;
  expires_at: Date;
  user_name: string | null;
  user_surname: string | null;
}): ShareLink => ({
  _id: r.id,
  measurementId: r.measurement_id,
  allowTrend: r.allow_trend,
  allowImage: r.allow_image,
  allowAlarmTransactions: r.allow_alarm_transactions,
  expiresIn: (SHARE_EXPIRIES as readonly string[]).includes(r.expires_in) ? (r.expires_in as ShareExpiry) : '4h',
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  createdBy: r.user_name !== null ? { name: r.user_name, surname: r.user_surname ?? '' } : null,
});

/**
 * The flags of `flags` that `permissions` allow (SHARE_FLAG_PERMISSIONS): a link grants no extra its
 * creator may not read.
 */
export const allowedFlags = <T extends Record<(typeof SHARE_FLAGS)[number], boolean>>(
  flags: T,
  permissions: ReadonlySet<string>,
): T => {
  const out = { ...flags };
  for (const f of SHARE_FLAGS) out[f] = (flags[f] && permissions.has(SHARE_FLAG_PERMISSIONS[f])) as T[typeof f];
  return out;
};

/**
 * Creates a link of a measurement of the customer (404 when it is not theirs); the token is returned once.
 * @param permissions the creator's permissions: every extra asked for needs its permission
 *   (SHARE_FLAG_PERMISSIONS), else 403 SHARE_FLAG_NOT_HELD and no link
 */
export async function createShare(
  db: Kysely<DB>,
  customerId: string,
  userId: string,
  permissions: ReadonlySet<string>,
  body: {
    measurementId: string;
    allowTrend: boolean;
    allowImage: boolean;
    allowAlarmTransactions: boolean;
    expiresIn: ShareExpiry;
  },
) {
  for (const f of SHARE_FLAGS)
    if (body[f] && !permissions.has(SHARE_FLAG_PERMISSIONS[f])) throw new AppError('SHARE_FLAG_NOT_HELD', f);
  await measurementRow(db, customerId, body.measurementId);
  const now = shareClock.now();
  const token = newToken();
  const id = newId();
  const ddb = db;
  // Expired links are useless: sweep the customer's on each creation.
  await ddb.deleteFrom('share_tokens').where('customer_id', '=', customerId).where('expires_at', '<=', now).execute();
  await ddb
    .insertInto('share_tokens')
    .values({
      id,
      token_hash: hashToken(token),
      customer_id: customerId,
      measurement_id: body.measurementId,
      allow_trend: body.allowTrend,
      allow_image: body.allowImage,
      allow_alarm_transactions: body.allowAlarmTransactions,
      expires_in: body.expiresIn,
      created_by: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + SHARE_EXPIRY_SECONDS[body.expiresIn] * 1000),
    })
    .execute();
  const [link] = await listShares(db, customerId, { id });
  return { ...link!, token };
}

/** The customer's active links (unexpired), newest first; optionally of one measurement or one id. */
export async function listShares(db: Kysely<DB>, customerId: string, f: { measurementId?: string; id?: string } = {}) {
  let q = db
    .selectFrom('share_tokens as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      's.id',
      's.measurement_id',
      's.allow_trend',
      's.allow_image',
      's.allow_alarm_transactions',
      's.expires_in',
      's.created_at',
      's.expires_at',
      'u.name as user_name',
      'u.surname as user_surname',
    ])
    .where('s.customer_id', '=', customerId)
    .where('s.expires_at', '>', shareClock.now());
  if (f.measurementId) q = q.where('s.measurement_id', '=', f.measurementId);
  if (f.id) q = q.where('s.id', '=', f.id);
  const rows = await q.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(500).execute();
  return rows.map(toLink);
}

/** Revokes (deletes) a link of the customer: its token stops working at once. 404 when not theirs. */
export async function revokeShare(db: Kysely<DB>, customerId: string, id: string) {
  const gone = await db
    .deleteFrom('share_tokens')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new AppError('SHARE_LINK_NOT_FOUND');
}

/** The share token of a request: the `token` header, else the `token` query parameter. */
export function shareTokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers[TOKEN_HEADER];
  if (typeof h === 'string' && h) return h;
  const q = (req.query as Record<string, unknown> | undefined)?.[SHARE_TOKEN_PARAM];
  return typeof q === 'string' && q ? q : undefined;
}

/**
 * Resolves a share token on the customer's host: 401 SHARE_LINK_INVALID when it is missing,
 * unknown, revoked, expired, issued by another customer, or when its creator is gone (deleted) or no
 * longer holds readMeasurement: a link never outlives its creator's right to read. The extras are
 * the link's flags that the creator's current permissions still allow (SHARE_FLAG_PERMISSIONS).
 */
export async function resolveShare(db: Kysely<DB>, token: string | undefined, customerId: string | null): Promise<ShareGrant> {
  if (!token || token.length > 200 || !customerId) throw new AppError('SHARE_LINK_INVALID');
  const row = await db
    .selectFrom('share_tokens as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.created_by').on('u.customer_id', '=', customerId))
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').on('r.customer_id', '=', customerId))
    .selectAll('s')
    .select('r.permissions')
    .where('s.token_hash', '=', hashToken(token))
    .where('s.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= shareClock.now().getTime()) throw new AppError('SHARE_LINK_INVALID');
  const creator = new Set<string>(row.permissions ?? []);
  if (!creator.has('readMeasurement')) throw new AppError('SHARE_LINK_INVALID');
  const flags = allowedFlags(
    { allowTrend: row.allow_trend, allowImage: row.allow_image, allowAlarmTransactions: row.allow_alarm_transactions },
    creator,
  );
  return {
    id: row.id,
    customerId: row.customer_id,
    measurementId: row.measurement_id,
    ...flags,
    expiresAt: row.expires_at.toISOString(),
  };
}

/**
 * The computed values of one telemetry of a point since a time, oldest first, at most 5000: the
 * trend a share link shows.
 */
export async function sharedTrendRows(db: Kysely<DB>, customerId: string, pointId: string, telemetry: string, since: Date) {
  return db
    .selectFrom('telemetry_values')
    .select(['measurement_id', 'source', 'value', 'measured_at'])
    .where('customer_id', '=', customerId)
    .where('point_id', '=', pointId)
    .where('telemetry', '=', telemetry)
    .where('device_reported', '=', false)
    .where('measured_at', '>=', since)
    .orderBy('measured_at')
    .limit(5000)
    .execute();
}
