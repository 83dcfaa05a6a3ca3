import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { MEASUREMENT_COUNT_CAP, type MeasurementListItem, type MeasurementListQuery } from '@overtone/contract';
import type { DB, MeasurementsTable } from '../../infra/db/schema.ts';
import { nodePaths } from '../points/repo.ts';
import { AppError } from '../../infra/errors.ts';

export const list = (s: string | undefined) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/**
 * A query date: `YYYY-MM-DD HH:mm:ss` (spec 000 §7) is a wall-clock time of the customer's time
 * zone (preferences.localization.timeZone, `offsetMinutes` east of UTC); an ISO 8601 string with
 * its own offset is taken as it is.
 * @returns the instant, or null when unreadable or outside the years 1…9999
 */
export function parseApiDate(s: string, offsetMinutes = 0): Date | null {
  const local = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s);
  const d = new Date(local ? s.replace(' ', 'T') + 'Z' : s);
  if (Number.isNaN(d.getTime())) return null;
  const at = local ? new Date(d.getTime() - offsetMinutes * 60_000) : d;
  // years 1…9999 only: year 0 and JavaScript's far dates are no instant PostgreSQL or ISO 8601 holds
  return at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999 ? at : null;
}

type Q = SelectQueryBuilder<DB & { m: MeasurementsTable }, 'm', object>;

/** Who asks, and the customer's time zone the query's dates are read in. */
export interface ListScope {
  customerId: string;
  userId: string;
  /** Minutes east of UTC of the customer's time zone (contract `timeZoneOffsetMinutes`). */
  zoneOffsetMinutes: number;
}

/** The value filter of a query (spec 000 §7): a telemetry and its active bounds, at least one. */
export interface ValueFilter {
  telemetry: string;
  min: number | null;
  max: number | null;
}

/** The query's value filter, or null when it has none (no telemetry, or no active bound). */
export function valueFilterOf(f: Partial<MeasurementListQuery>): ValueFilter | null {
  const min = f.minValueActive && f.minValue !== undefined ? f.minValue : null;
  const max = f.maxValueActive && f.maxValue !== undefined ? f.maxValue : null;
  return f.telemetry && (min !== null || max !== null) ? { telemetry: f.telemetry, min, max } : null;
}

/** The query's date bounds as instants (null: unbounded). */
function dateBounds(scope: ListScope, f: Partial<MeasurementListQuery>) {
  const parse = (s: string | undefined, param: string) => {
    if (!s) return null;
    const d = parseApiDate(s, scope.zoneOffsetMinutes);
    if (!d) throw new AppError('VALIDATION', param, 'invalidDateTime');
    return d;
  };
  return { start: parse(f.startDate, 'startDate'), end: parse(f.endDate, 'endDate') };
}

/** Week of an instant as `measurement_values.week` holds it (`measurement_week()`, migration 0011). */
const weekOf = (d: Date) => Math.floor(d.getTime() / 604_800_000);

/**
 * The weeks a value filter has to read: those of the date range that hold values of the telemetry
 * for the customer (an unbounded side is the first or last of them; two index lookups).
 */
async function valueFilterWeeks(
  db: Kysely<DB>,
  scope: ListScope,
  f: Partial<MeasurementListQuery>,
  v: ValueFilter,
): Promise<number[]> {
  const { rows } = await sql<{ first: number | null; last: number | null }>`
    SELECT min(week) AS first, max(week) AS last FROM measurement_values
    WHERE customer_id = ${scope.customerId} AND telemetry = ${v.telemetry}`.execute(db);
  const { start, end } = dateBounds(scope, f);
  const { first, last } = rows[0];
  if (first === null || last === null) return [];
  const from = Math.max(first, start ? weekOf(start) : first);
  const to = Math.min(last, end ? weekOf(end) : last);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/**
 * Condition on `measurement_values mv` (migration 0011): its rows of the customer's values of
 * `v.telemetry` within the bounds, in the weeks of the date range. With `once`, only one row per
 * matching measurement: the one of its smallest value ≥ min (of its smallest value when there is
 * no min bound), in the date range — for counting without de-duplication. Without it (a probe of
 * one measurement), the planner's estimate of how many measurements match is not distorted by the
 * `below` bound (correlated with the value range) and the dates (already on the measurement).
 * Weeks are listed one by one (`week = ANY`) so that an index scan reads only the value range of
 * each week: `weeks` from {@link valueFilterWeeks}, else computed in SQL from the date range.
 */
function matchingValueRows(
  scope: ListScope,
  f: Partial<MeasurementListQuery>,
  v: ValueFilter,
  weeks: number[] | undefined,
  once: boolean,
) {
  const { start, end } = dateBounds(scope, f);
  const ofTelemetry = sql`mv.customer_id = ${scope.customerId} AND mv.telemetry = ${v.telemetry}`;
  let inWeeks;
  if (weeks) inWeeks = sql`mv.week = ANY(${sql.val(weeks)}::int[])`;
  else {
    const first = start ? sql`${weekOf(start)}::int` : sql`(SELECT min(mv.week) FROM measurement_values mv WHERE ${ofTelemetry})`;
    const last = end ? sql`${weekOf(end)}::int` : sql`(SELECT max(mv.week) FROM measurement_values mv WHERE ${ofTelemetry})`;
    inWeeks = sql`mv.week = ANY(ARRAY(SELECT generate_series(${first}, ${last})))`;
  }
  const parts = [ofTelemetry, inWeeks];
  if (v.min !== null) parts.push(sql`mv.value >= ${v.min}`);
  if (v.max !== null) parts.push(sql`mv.value <= ${v.max}`);
  if (once) {
    parts.push(v.min !== null ? sql`(mv.below < ${v.min} OR mv.below IS NULL)` : sql`mv.below IS NULL`);
    if (start) parts.push(sql`mv.created_at >= ${start}`);
    if (end) parts.push(sql`mv.created_at <= ${end}`);
    parts.push(...rowFiltersOnValues(scope, f));
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The row filters of {@link filterRows} on the measurement's columns copied into
 * `measurement_values mv` (migration 0018), for counting and paging by the value index alone.
 */
function rowFiltersOnValues(scope: ListScope, f: Partial<MeasurementListQuery>) {
  const parts = [];
  const points = list(f.points);
  if (points.length) parts.push(sql`mv.point_id = ANY(${sql.val(points)}::text[])`);
  const ids = list(f.ids);
  if (ids.length) parts.push(sql`mv.measurement_id = ANY(${sql.val(ids)}::text[])`);
  if (f.macAddress?.trim()) parts.push(sql`mv.device_mac = ${f.macAddress.trim().toUpperCase()}`);
  if (f.measurementType) parts.push(sql`mv.measurement_type = ${f.measurementType}`);
  const tags = list(f.tags);
  if (tags.length) parts.push(sql`mv.tags && ${sql.val(tags)}::text[]`);
  if (f.favorite) parts.push(sql`mv.favorite`);
  if (f.upload) parts.push(sql`mv.upload`);
  if (f.onlyMine) parts.push(sql`mv.user_id = ${scope.userId}`);
  if (f.partial && f.error) parts.push(sql`mv.state IN ('partial', 'error')`);
  else if (f.partial) parts.push(sql`mv.state = 'partial'`);
  else if (f.error) parts.push(sql`mv.state = 'error'`);
  return parts;
}

/**
 * The filters of `GET /measurement` (spec 000 §2, §5, §7) on the measurement row itself, scoped to
 * the customer and the date range.
 */
function filterRows(q: Q, scope: ListScope, f: Partial<MeasurementListQuery>): Q {
  q = q.where('m.customer_id', '=', scope.customerId);
  const { start, end } = dateBounds(scope, f);
  if (start) q = q.where('m.created_at', '>=', start);
  if (end) q = q.where('m.created_at', '<=', end);
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
  return q;
}

/**
 * The filters of `GET /measurement` (spec 000 §2, §5, §7), scoped to the customer. The value
 * filter: a measurement matches when at least one of its computed values of `telemetry` (any axis
 * or channel; device-reported values are not considered) lies within the active bounds, both
 * inclusive; it reads `measurement_values` (migration 0011), which triggers keep equal to the
 * computed values of telemetry_values.
 */
export function applyFilters(q: Q, scope: ListScope, f: Partial<MeasurementListQuery>, weeks?: number[]): Q {
  q = filterRows(q, scope, f);
  const v = valueFilterOf(f);
  if (v)
    q = q.where(
      sql<boolean>`EXISTS (SELECT 1 FROM measurement_values mv WHERE mv.measurement_id = m.id AND ${matchingValueRows(scope, f, v, weeks, false)})`,
    );
  return q;
}

/**
 * How many measurements match, counted up to {@link MEASUREMENT_COUNT_CAP} + 1. With a value
 * filter read value first (`valueFirst`): by the matching rows of `measurement_values` alone, one per matching measurement, week by
 * week, the row filters tested on the row's copies of the measurement's columns (0018) — ~10,000
 * index entries for a filter matching many, where probing each measurement newest first read
 * ~77,000, and one index range per week where a row filter intersected two large sets.
 */
async function countCapped(
  db: Kysely<DB>,
  scope: ListScope,
  f: MeasurementListQuery,
  v: ValueFilter | null,
  weeks: number[] | undefined,
  valueFirst: boolean,
): Promise<number> {
  if (v && valueFirst) {
    const { rows } = await sql<{ total: number }>`
      SELECT count(*) AS total FROM (
        SELECT 1 FROM measurement_values mv WHERE ${matchingValueRows(scope, f, v, weeks, true)}
        LIMIT ${MEASUREMENT_COUNT_CAP + 1}) capped`.execute(db);
    return Number(rows[0].total);
  }
  return countUpTo(db, applyFilters(db.selectFrom('measurements as m'), scope, f, weeks), MEASUREMENT_COUNT_CAP + 1);
}

/** Row filters matching at most this many measurements are read row first (see {@link listMeasurements}). */
export const ROW_FIRST_MAX = 10_000;

/** How many rows a query of `measurements as m` yields, counting at most `limit`. */
async function countUpTo(db: Kysely<DB>, q: Q, limit: number): Promise<number> {
  const [{ total }] = await db
    .selectFrom(
      q
        .select(sql`1`.as('one'))
        .limit(limit)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  return Number(total);
}

/**
 * One page of the caller's customer's measurements, newest first. `total` counts matches up to
 * {@link MEASUREMENT_COUNT_CAP}; beyond it `totalExact` is false (an exact count of a million rows
 * costs a full index scan on every page turn).
 *
 * A value filter is read value first — the value index week by week, the row filters tested on its
 * entries (0018) — unless the row filters alone match at most {@link ROW_FIRST_MAX} measurements
 * (counted first, on the measurements' own indexes): then probing those few for a matching value
 * is cheaper than scanning the value range (all filters at once: 4 ms instead of 330 ms on
 * 1,000,000 measurements; partial + error: 34 instead of 53 ms). Value first with at most
 * {@link MEASUREMENT_COUNT_CAP} matches, the page is cut from the rows of `measurement_values` the
 * count read (sorted by creation time; then only the page's measurements are read): walking the
 * measurements newest first and probing each would read thousands for a filter matching few.
 * Otherwise (no value filter, row first, or more matches than the cap: dense) the planner chooses
 * between the filters' indexes and probing each measurement.
 * @param opts.rowFirstMax {@link ROW_FIRST_MAX} (tests: 0 reads every value filter value first)
 */
export async function listMeasurements(
  db: Kysely<DB>,
  scope: ListScope,
  f: MeasurementListQuery,
  opts: { rowFirstMax?: number } = {},
) {
  const rowFirstMax = opts.rowFirstMax ?? ROW_FIRST_MAX;
  const v = valueFilterOf(f);
  const weeks = v ? await valueFilterWeeks(db, scope, f, v) : undefined;
  const rowsOnly = filterRows(db.selectFrom('measurements as m'), scope, f);
  const valueFirst =
    v !== null && (rowFiltersOnValues(scope, f).length === 0 || (await countUpTo(db, rowsOnly, rowFirstMax + 1)) > rowFirstMax);
  const n = await countCapped(db, scope, f, v, weeks, valueFirst);
  const offset = (f.page - 1) * f.pageSize;
  const paged =
    v && valueFirst && n <= MEASUREMENT_COUNT_CAP
      ? rowsOnly.where(
          sql<boolean>`m.id IN (SELECT page.measurement_id FROM (
            SELECT mv.measurement_id, mv.created_at FROM measurement_values mv WHERE ${matchingValueRows(scope, f, v, weeks, true)}
            ORDER BY mv.created_at DESC, mv.measurement_id DESC LIMIT ${f.pageSize} OFFSET ${offset}) page)`,
        )
      : applyFilters(db.selectFrom('measurements as m'), scope, f, weeks).limit(f.pageSize).offset(offset);
  const rows = await paged
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
    .execute();
  const paths = rows.some((r) => r.point_id) ? await nodePaths(db, scope.customerId) : new Map<string, string[]>();
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
