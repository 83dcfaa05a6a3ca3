import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { MEASUREMENT_COUNT_CAP, type MeasurementListItem, type MeasurementListQuery } from '@overtone/contract';
import type { DB, MeasurementsTable } from '../../infra/db/schema.ts';
import { nodePaths } from '../points/repo.ts';

export const list = (s: string | undefined) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/** Minutes east of UTC of a customer time zone (`GMT+3`, `GMT-4:30`, `GMT`); 0 when unreadable. */
export function zoneOffsetMinutes(zone: string | undefined): number {
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(zone ?? '');
  if (!m || !m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * A query date: `YYYY-MM-DD HH:mm:ss` (spec 000 §7) is a wall-clock time of the customer's time
 * zone (preferences.localization.timeZone, `offsetMinutes` east of UTC); an ISO 8601 string with
 * its own offset is taken as it is.
 * @returns the instant, or null when unreadable
 */
export function parseApiDate(s: string, offsetMinutes = 0): Date | null {
  const local = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s);
  const d = new Date(local ? s.replace(' ', 'T') + 'Z' : s);
  if (Number.isNaN(d.getTime())) return null;
  return local ? new Date(d.getTime() - offsetMinutes * 60_000) : d;
}

type Q = SelectQueryBuilder<DB & { m: MeasurementsTable }, 'm', object>;

/** Who asks, and the customer's time zone the query's dates are read in. */
export interface ListScope {
  customerId: string;
  userId: string;
  /** Minutes east of UTC ({@link zoneOffsetMinutes}). */
  zoneOffsetMinutes: number;
}

/**
 * The filters of `GET /measurement` (spec 000 §2, §5, §7), scoped to the customer. The value
 * filter: a measurement matches when at least one of its computed values of `telemetry` (any axis
 * or channel; device-reported values are not considered) lies within the active bounds, both
 * inclusive.
 */
export function applyFilters(q: Q, scope: ListScope, f: Partial<MeasurementListQuery>): Q {
  q = q.where('m.customer_id', '=', scope.customerId);
  const points = list(f.points);
  if (points.length) q = q.where('m.point_id', 'in', points);
  const ids = list(f.ids);
  if (ids.length) q = q.where('m.id', 'in', ids);
  if (f.macAddress?.trim()) q = q.where('m.device_mac', '=', f.macAddress.trim().toUpperCase());
  if (f.measurementType) q = q.where('m.measurement_type', '=', f.measurementType);
  const tags = list(f.tags);
  if (tags.length) q = q.where(sql<boolean>`m.tags && ${sql.val(tags)}::text[]`);
  if (f.favorite) q = q.where('m.favorite', '=', true);
  if (f.upload) q = q.where('m.upload', '=', true);
  if (f.onlyMine) q = q.where('m.user_id', '=', scope.userId);
  if (f.partial && f.error) q = q.where('m.state', 'in', ['partial', 'error']);
  else if (f.partial) q = q.where('m.state', '=', 'partial');
  else if (f.error) q = q.where('m.state', '=', 'error');
  const start = f.startDate ? parseApiDate(f.startDate, scope.zoneOffsetMinutes) : null;
  const end = f.endDate ? parseApiDate(f.endDate, scope.zoneOffsetMinutes) : null;
  if (start) q = q.where('m.created_at', '>=', start);
  if (end) q = q.where('m.created_at', '<=', end);
  const min = f.minValueActive && f.minValue !== undefined ? f.minValue : null;
  const max = f.maxValueActive && f.maxValue !== undefined ? f.maxValue : null;
  if (f.telemetry && (min !== null || max !== null))
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('telemetry_values as tv')
          .select(sql`1`.as('one'))
          .whereRef('tv.measurement_id', '=', 'm.id')
          .where('tv.telemetry', '=', f.telemetry!)
          .where('tv.device_reported', '=', false)
          .$if(min !== null, (s) => s.where('tv.value', '>=', min!))
          .$if(max !== null, (s) => s.where('tv.value', '<=', max!)),
      ),
    );
  return q;
}

/**
 * One page of the caller's customer's measurements, newest first. `total` counts matches up to
 * {@link MEASUREMENT_COUNT_CAP}; beyond it `totalExact` is false (an exact count of a million rows
 * costs a full index scan on every page turn).
 */
export async function listMeasurements(db: Kysely<DB>, scope: ListScope, f: MeasurementListQuery) {
  const base = applyFilters(db.selectFrom('measurements as m'), scope, f);
  const counted = db
    .selectFrom(
      base
        .select(sql`1`.as('one'))
        .limit(MEASUREMENT_COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'));
  const [{ total }] = await counted.execute();
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
  const paths = rows.some((r) => r.point_id) ? await nodePaths(db, scope.customerId) : new Map<string, string[]>();
  const n = Number(total);
  return {
    total: Math.min(n, MEASUREMENT_COUNT_CAP),
    totalExact: n <= MEASUREMENT_COUNT_CAP,
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
