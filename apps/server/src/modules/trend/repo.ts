import { sql, type Kysely } from 'kysely';
import {
  defaultTrendTelemetry,
  TREND_DEFAULT_DAYS,
  type TrendDataItem,
  type TrendNote,
  type TrendResponse,
  type TrendSeries,
  type TrendTelemetry,
  type TrendTelemetryInfo,
  trendQuery,
} from '@overtone/contract';
import type { z } from 'zod';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { list, parseApiDate } from '../measurements/repo.ts';
import { decimateMinMax } from './decimate.ts';

/** The trend query after validation (defaults applied). */
export type ParsedTrendQuery = z.output<typeof trendQuery>;

/** Who asks: the customer and its time zone (minutes east of UTC) the query's dates are read in. */
export interface TrendScope {
  customerId: string;
  zoneOffsetMinutes: number;
}

/**
 * Values the trend shows: Overtone's own (computed from the waveform), and the device's scalar
 * values reported under the source `device` (a device's per-axis values of a telemetry we compute
 * too, e.g. the legacy firmware's PEAK with DC, would double the axis series: they stay in the
 * measurement's telemetry table). docs/trend.md "What is shown".
 */
const SHOWN = sql`(NOT tv.device_reported OR tv.source = 'device')`;

/** 404 POINT_NOT_FOUND unless `pointId` is a point of the customer (another customer's point alike). */
export async function assertPoint(db: Kysely<DB>, customerId: string, pointId: string) {
  const p = await db
    .selectFrom('tree_nodes')
    .select('id')
    .where('id', '=', pointId)
    .where('customer_id', '=', customerId)
    .where('node_type', '=', 'point')
    .executeTakeFirst();
  if (!p) throw new AppError('POINT_NOT_FOUND');
}

const signalOf = (sources: readonly string[]): TrendTelemetryInfo['signal'] =>
  sources.some((s) => s.startsWith('accelerometer_'))
    ? 'accelerometer'
    : sources.some((s) => s.startsWith('channel_'))
      ? 'channel'
      : 'device';

/**
 * Values read per telemetry to list its sources and unit: its newest ones (8 measurements' worth of
 * three axes and the device; a source unused for that long is not offered).
 */
const SOURCE_SAMPLE = 32;

/**
 * `GET /point/{id}/trend/telemetries`: the telemetries the point has values of, each with its
 * sources, its definition's display name, unit and hidden flag, in the customer's display order
 * (telemetries without a definition last, by name). The distinct names are found by a loose index
 * scan of telemetry_point_time (one probe per name, whatever the number of values); the sources
 * and units from each telemetry's newest {@link SOURCE_SAMPLE} values.
 * @param only list the sources of these telemetries only (the others come with none)
 */
export async function trendTelemetries(
  db: Kysely<DB>,
  customerId: string,
  pointId: string,
  only?: readonly string[],
): Promise<TrendTelemetry[]> {
  const { rows } = await sql<{ telemetry: string; source: string | null; unit: string | null; device_reported: boolean | null }>`
    WITH RECURSIVE names AS (
      (SELECT telemetry FROM telemetry_values WHERE customer_id = ${customerId} AND point_id = ${pointId}
        ORDER BY telemetry LIMIT 1)
      UNION ALL
      SELECT (SELECT tv.telemetry FROM telemetry_values tv
               WHERE tv.customer_id = ${customerId} AND tv.point_id = ${pointId} AND tv.telemetry > names.telemetry
               ORDER BY tv.telemetry LIMIT 1)
      FROM names WHERE names.telemetry IS NOT NULL
    )
    SELECT DISTINCT n.telemetry, s.source, s.unit, s.device_reported
    FROM names n LEFT JOIN LATERAL (
      SELECT tv.source, tv.unit, tv.device_reported FROM telemetry_values tv
      WHERE tv.customer_id = ${customerId} AND tv.point_id = ${pointId} AND tv.telemetry = n.telemetry AND ${SHOWN}
        ${only ? sql`AND tv.telemetry = ANY(${[...only]}::text[])` : sql``}
      ORDER BY tv.measured_at DESC LIMIT ${SOURCE_SAMPLE}) s ON true
    WHERE n.telemetry IS NOT NULL`.execute(db);
  const found = new Map<string, { sources: Set<string>; unit: string; calculated: boolean }>();
  for (const r of rows) {
    let f = found.get(r.telemetry);
    if (!f) found.set(r.telemetry, (f = { sources: new Set(), unit: r.unit ?? '', calculated: false }));
    if (r.source === null) continue;
    f.sources.add(r.source);
    if (r.unit && !f.unit) f.unit = r.unit;
    if (!r.device_reported) f.calculated = true;
  }
  const defs = await db
    .selectFrom('telemetry_definitions')
    .select(['name', 'display_name', 'unit', 'hidden', 'sort_order'])
    .where('customer_id', '=', customerId)
    .execute();
  const defOf = new Map(defs.map((d) => [d.name, d]));
  const rank = (name: string) => defOf.get(name)?.sort_order ?? Number.MAX_SAFE_INTEGER;
  return [...found.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([name, f]) => {
      const d = defOf.get(name);
      const sources = [...f.sources].sort();
      return {
        name,
        unit: d?.unit ?? f.unit,
        displayName: d?.display_name ?? name,
        signal: signalOf(sources),
        hidden: d?.hidden ?? false,
        calculated: f.calculated,
        telemetrySources: sources.map((code) => ({ code })),
      };
    });
}

/** The point's telemetry names that are not hidden, in display order (for the default telemetry). */
async function sortedNames(db: Kysely<DB>, customerId: string, pointId: string) {
  return (await trendTelemetries(db, customerId, pointId, [])).filter((t) => !t.hidden).map((t) => t.name);
}

/** One decoded series of one telemetry and source: parallel columns. */
interface Columns {
  t: Float64Array;
  v: Float64Array;
  ids: string[];
}

/**
 * The packed values of a (telemetry, source) group as the trend query returns them: records of
 * float8 value (big-endian, float8send), float8 seconds since the epoch (date_part: float8; extract
 * is numeric and slower), the measurement id's length in bytes (int2) and its bytes (textsend: the
 * database encoding, UTF-8). One bytea per group instead of one row per value: PGlite hands rows to
 * JavaScript at ~5–10 µs each, which for a year's 52,560 values was most of the cost (docs/trend.md).
 * @param packed the group's bytes; `n` records
 * @returns the columns: `t` seconds since the epoch, `v` values in the telemetry's unit, `ids`
 */
function unpack(packed: Uint8Array, n: number): Columns {
  const buf = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  const t = new Float64Array(n),
    v = new Float64Array(n);
  const ids: string[] = new Array(n);
  let o = 0;
  for (let i = 0; i < n; i++) {
    v[i] = buf.readDoubleBE(o);
    t[i] = buf.readDoubleBE(o + 8);
    const len = buf.readUInt16BE(o + 16);
    ids[i] = buf.toString('utf8', o + 18, o + 18 + len);
    o += 18 + len;
  }
  return { t, v, ids };
}

/**
 * `GET /point/{id}/trend` (spec 001 §7): the series of the `filters` telemetries (default: the
 * point's {@link defaultTrendTelemetry}) over the date range, decimated per source to at most
 * `maxPoints` values (each of `maxPoints / 2` time buckets keeps its minimum and maximum,
 * {@link decimateMinMax}; values of measurements with a note are always kept), with the notes of
 * the range.
 *
 * @throws AppError VALIDATION (400) for an unreadable date
 */
export async function loadTrend(
  db: Kysely<DB>,
  scope: TrendScope,
  pointId: string,
  q: ParsedTrendQuery,
  now = new Date(),
): Promise<TrendResponse> {
  const { customerId } = scope;
  const end = q.endDate ? parseApiDate(q.endDate, scope.zoneOffsetMinutes) : now;
  if (!end) throw new AppError('VALIDATION', 'endDate');
  const start = q.startDate
    ? parseApiDate(q.startDate, scope.zoneOffsetMinutes)
    : new Date(end.getTime() - TREND_DEFAULT_DAYS * 86_400_000);
  if (!start) throw new AppError('VALIDATION', 'startDate');
  const answer: TrendResponse = {
    hasMeasurement: false,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    series: [],
    notes: [],
  };

  let names = [...new Set(list(q.filters))];
  const pointNames = names.length ? [] : await sortedNames(db, customerId, pointId);
  if (!names.length) {
    const d = defaultTrendTelemetry(pointNames);
    names = d ? [d] : [];
  }
  const telemetries = await trendTelemetries(db, customerId, pointId, names);
  answer.hasMeasurement = telemetries.length > 0;
  if (!names.length) return answer;

  const min = q.minValueActive && q.minValue !== undefined ? q.minValue : null;
  const max = q.maxValueActive && q.maxValue !== undefined ? q.maxValue : null;
  const type = q.measurementType ?? null;
  const [packed, notes] = await Promise.all([
    sql<{ telemetry: string; source: string; n: number; packed: Uint8Array }>`
      SELECT tv.telemetry, tv.source, count(*)::int AS n,
        string_agg(float8send(tv.value) || float8send(date_part('epoch', tv.measured_at))
          || int2send(octet_length(tv.measurement_id)::int2) || textsend(tv.measurement_id), ''::bytea) AS packed
      FROM telemetry_values tv
      WHERE tv.customer_id = ${customerId} AND tv.point_id = ${pointId} AND tv.telemetry = ANY(${names}::text[])
        AND tv.measured_at BETWEEN ${start} AND ${end} AND ${SHOWN}
        ${min !== null ? sql`AND tv.value >= ${min}` : sql``}
        ${max !== null ? sql`AND tv.value <= ${max}` : sql``}
        ${
          type
            ? sql`AND EXISTS (SELECT 1 FROM measurements m WHERE m.id = tv.measurement_id AND m.measurement_type = ${type})`
            : sql``
        }
      GROUP BY tv.telemetry, tv.source`.execute(db),
    db
      .selectFrom('measurements')
      .select(['id', 'created_at', 'note'])
      .where('customer_id', '=', customerId)
      .where('point_id', '=', pointId)
      .where('created_at', '>=', start)
      .where('created_at', '<=', end)
      .where('note', '<>', '')
      .$if(type !== null, (b) => b.where('measurement_type', '=', type!))
      .orderBy('created_at')
      .execute(),
  ]);
  const noteOf = new Map(notes.map((n) => [n.id, n.note]));
  answer.notes = notes.map((n): TrendNote => ({
    measurement: n.id,
    createdAt: new Date(n.created_at).toISOString(),
    note: n.note,
  }));

  const infoOf = new Map(telemetries.map((t) => [t.name, t]));
  const range = [start.getTime() / 1000, end.getTime() / 1000] as const;
  for (const name of names) {
    const groups = packed.rows.filter((r) => r.telemetry === name).sort((a, b) => a.source.localeCompare(b.source));
    const known = infoOf.get(name);
    const { telemetrySources, ...info } = known ?? {
      name,
      unit: '',
      displayName: name,
      signal: 'accelerometer' as const,
      hidden: false,
      calculated: true,
      telemetrySources: [],
    };
    // The sources of the range too (a source not used lately is not among the telemetry's newest values).
    const sources = [...new Set([...telemetrySources.map((x) => x.code), ...groups.map((g) => g.source)])].sort();
    const series: TrendSeries = {
      telemetry: info,
      telemetrySources: sources.map((code) => ({ code })),
      data: [],
      total: 0,
      decimated: false,
    };
    const items: { t: number; item: TrendDataItem }[] = [];
    for (const g of groups) {
      const c = unpack(g.packed, g.n);
      series.total += g.n;
      const forced: number[] = [];
      if (noteOf.size) c.ids.forEach((id, i) => noteOf.has(id) && forced.push(i));
      const kept = decimateMinMax(c, q.maxPoints, range, forced);
      if (kept.length < g.n) series.decimated = true;
      for (const i of kept) {
        const id = c.ids[i];
        items.push({
          t: c.t[i],
          item: {
            value: c.v[i],
            createdAt: new Date(Math.round(c.t[i] * 1000)).toISOString(),
            source: g.source,
            measurement: { _id: id, note: noteOf.get(id) ?? '' },
          },
        });
      }
    }
    items.sort((a, b) => a.t - b.t || a.item.source.localeCompare(b.item.source));
    series.data = items.map((x) => x.item);
    answer.series.push(series);
  }
  return answer;
}
