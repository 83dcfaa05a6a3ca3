import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { MeasurementListItem, MeasurementListQuery } from '@overtone/contract';
import type { DB, MeasurementsTable } from '../../infra/db/schema.ts';
import { nodePaths } from '../points/repo.ts';

const list = (s: string | undefined) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/** `YYYY-MM-DD HH:mm:ss` (spec 000 §7), read as UTC; ISO 8601 also accepted. */
export function parseApiDate(s: string): Date | null {
  const d = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s) ? s.replace(' ', 'T') + 'Z' : s);
  return Number.isNaN(d.getTime()) ? null : d;
}

type Q = SelectQueryBuilder<DB & { m: MeasurementsTable }, 'm', object>;

function applyFilters(q: Q, customerId: string, userId: string, f: MeasurementListQuery): Q {
  q = q.where('m.customer_id', '=', customerId);
  const points = list(f.points);
  if (points.length) q = q.where('m.point_id', 'in', points);
  if (f.macAddress) q = q.where('m.device_mac', '=', f.macAddress.trim().toUpperCase());
  if (f.measurementType) q = q.where('m.measurement_type', '=', f.measurementType);
  const tags = list(f.tags);
  if (tags.length) q = q.where(sql<boolean>`m.tags && ${sql.val(tags)}::text[]`);
  if (f.favorite) q = q.where('m.favorite', '=', true);
  if (f.upload) q = q.where('m.upload', '=', true);
  if (f.onlyMine) q = q.where('m.user_id', '=', userId);
  if (f.partial) q = q.where('m.state', '=', 'partial');
  if (f.error) q = q.where('m.state', '=', 'error');
  const start = f.startDate ? parseApiDate(f.startDate) : null;
  const end = f.endDate ? parseApiDate(f.endDate) : null;
  if (start) q = q.where('m.created_at', '>=', start);
  if (end) q = q.where('m.created_at', '<=', end);
  return q;
}

/** One page of the caller's customer's measurements, newest first. */
export async function listMeasurements(db: Kysely<DB>, customerId: string, userId: string, f: MeasurementListQuery) {
  const base = applyFilters(db.selectFrom('measurements as m'), customerId, userId, f);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.created_at',
      'm.point_id',
      'm.gateway_mac',
      'm.measurement_type',
      'm.device_mac',
      'm.favorite',
      'm.tags',
      'm.upload',
      'm.state',
      'm.error',
      'u.name as user_name',
      'u.surname as user_surname',
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  const paths = await nodePaths(db, customerId);
  return {
    total: Number(total),
    measurements: rows.map((m) => toListItem(m, m.point_id ? (paths.get(m.point_id) ?? []) : null)),
  };
}

/** The list shape of a measurement row joined with its user's name; `path` from the root to the point. */
export function toListItem(
  m: Pick<
    Selectable<MeasurementsTable>,
    | 'id'
    | 'created_at'
    | 'point_id'
    | 'gateway_mac'
    | 'measurement_type'
    | 'device_mac'
    | 'favorite'
    | 'tags'
    | 'upload'
    | 'state'
    | 'error'
  > & { user_name: string | null; user_surname: string | null },
  path: string[] | null,
): MeasurementListItem {
  return {
    _id: m.id,
    createdAt: m.created_at.toISOString(),
    user: m.user_name !== null ? { name: m.user_name, surname: m.user_surname ?? '' } : null,
    point: m.point_id && path ? { _id: m.point_id, name: path.at(-1) ?? '', path } : null,
    gateway: m.gateway_mac,
    measurementType: m.measurement_type,
    macAddress: m.device_mac,
    favorite: m.favorite,
    tags: m.tags,
    upload: m.upload,
    partial: m.state === 'partial',
    error: m.state === 'error' ? (m.error ?? 'error') : null,
    state: m.state,
  };
}
