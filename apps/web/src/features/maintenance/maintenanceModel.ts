/**
 * Pure helpers of the maintenance tab and of the maintenance markers on the trend (spec 001 §2
 * "Maintenance", §3 Maintenance record, §5 the date format): colours, the wall-clock start date in
 * the customer's zone, grouping by calendar day, the verdict's numbers as text.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { MaintenanceOutcome, MaintenanceRecord, MaintenanceStatus, VerdictLine } from '@overtone/contract';
import { customerClock } from '../../ui/customerTime';

dayjs.extend(utc);

/** Wire format of `maintenanceStartDate` (spec 001 §5), in the customer's time zone. */
export const MAINTENANCE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Calendar dot of a record (spec 001 §2): green when completed, otherwise orange (antd green-6 / orange-6). */
export const STATUS_COLORS: Record<MaintenanceStatus, string> = {
  completed: '#52c41a',
  continues: '#fa8c16',
};

/**
 * Colour of a verdict outcome: improved green, unchanged blue, worse red, pending grey (antd
 * green-6, blue-6, red-6, grey-6). Used by the verdict tag and the trend marker.
 */
export const OUTCOME_COLORS: Record<MaintenanceOutcome, string> = {
  improved: '#52c41a',
  unchanged: '#1677ff',
  worse: '#f5222d',
  pending: '#8c8c8c',
};

/** antd Tag preset of each outcome (same hues as {@link OUTCOME_COLORS}). */
export const OUTCOME_TAG_COLORS: Record<MaintenanceOutcome, string> = {
  improved: 'success',
  unchanged: 'processing',
  worse: 'error',
  pending: 'default',
};

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * A `YYYY-MM-DD HH:mm:ss` customer wall-clock reading as a customer clock (dayjs in UTC mode whose
 * fields are the reading, see ui/customerTime.ts); null when the text is not in that format.
 */
export function wallClockOf(text: string): Dayjs | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return dayjs.utc(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

/**
 * The instant of a customer wall-clock reading, ms since epoch.
 * @param text `YYYY-MM-DD HH:mm:ss` in the customer's zone
 * @param offsetMinutes the customer's zone, minutes east of UTC (contract `timeZoneOffsetMinutes`)
 * @returns null when the text is not in that format
 */
export function wallClockInstant(text: string, offsetMinutes: number): number | null {
  const clock = wallClockOf(text);
  return clock ? clock.valueOf() - offsetMinutes * 60_000 : null;
}

/** A start date in the customer's date format (`DD-MM-YYYY HH:mm:ss` …); the text itself if unreadable. */
export function formatWallClock(text: string, dateFormat: string): string {
  return wallClockOf(text)?.format(dateFormat) ?? text;
}

/** The default start of a new record: now, on the customer's clock, to the second. */
export const nowOnCustomerClock = (offsetMinutes: number, now: number = Date.now()): Dayjs =>
  customerClock(now, offsetMinutes).millisecond(0);

/** Calendar day (`YYYY-MM-DD`) and month (`YYYY-MM`) of a record's start, in the customer's zone. */
export const dayKeyOf = (r: Pick<MaintenanceRecord, 'maintenanceStartDate'>) => r.maintenanceStartDate.slice(0, 10);
export const monthKeyOf = (r: Pick<MaintenanceRecord, 'maintenanceStartDate'>) => r.maintenanceStartDate.slice(0, 7);

/** Records grouped by start day (`YYYY-MM-DD`), each day's records by start time. */
export function recordsByDay(records: readonly MaintenanceRecord[]): Map<string, MaintenanceRecord[]> {
  const out = new Map<string, MaintenanceRecord[]>();
  for (const r of [...records].sort((a, b) => a.maintenanceStartDate.localeCompare(b.maintenanceStartDate))) {
    const k = dayKeyOf(r);
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

/** Newest start first (the wire format sorts as text). */
export const newestFirst = (records: readonly MaintenanceRecord[]) =>
  [...records].sort((a, b) => b.maintenanceStartDate.localeCompare(a.maintenanceStartDate));

/**
 * The outcome a record shows: its verdict's, `pending` for a completed record without one yet,
 * null while the work continues.
 */
export function outcomeOf(r: Pick<MaintenanceRecord, 'status' | 'verdict'>): MaintenanceOutcome | null {
  if (r.verdict) return r.verdict.outcome;
  return r.status === 'completed' ? 'pending' : null;
}

/** A maintenance marker on the trend: where (x, s since epoch, uPlot's time scale), what, which colour. */
export interface MaintenanceMarker {
  id: string;
  /** Start of the work, seconds since epoch. */
  x: number;
  title: string;
  outcome: MaintenanceOutcome | null;
  color: string;
}

/**
 * Markers of a point's records for the trend chart: one at each start, coloured by the verdict's
 * outcome ({@link OUTCOME_COLORS}), orange ({@link STATUS_COLORS}) while the work continues.
 * Records with an unreadable start are left out.
 */
export function maintenanceMarkers(records: readonly MaintenanceRecord[], offsetMinutes: number): MaintenanceMarker[] {
  return records.flatMap((r) => {
    const at = wallClockInstant(r.maintenanceStartDate, offsetMinutes);
    if (at === null) return [];
    const outcome = outcomeOf(r);
    return [
      {
        id: r._id,
        x: at / 1000,
        title: r.title,
        outcome,
        color: outcome ? OUTCOME_COLORS[outcome] : STATUS_COLORS.continues,
      },
    ];
  });
}

/** ISO 10816 zone number (1–4) as its letter (A–D); other values as they are. */
export const zoneLetter = (zone: number): string =>
  Number.isInteger(zone) && zone >= 1 && zone <= 4 ? 'ABCD'[zone - 1]! : String(zone);

/** A signed number with one decimal, with a true minus sign: 3.21 → "+3.2", −6 → "−6.0", 0 → "0.0". */
export function signed(v: number, decimals = 1): string {
  const text = Math.abs(v).toFixed(decimals);
  if (Number(text) === 0) return text;
  return `${v > 0 ? '+' : '−'}${text}`;
}

/** How a verdict line's change reads: zone steps for the ISO 10816 zone, dB for amplitudes. */
export type ChangeText = { kind: 'zone'; steps: string } | { kind: 'db'; db: string } | null;

/**
 * The change of a verdict line for display: `{kind:'zone', steps:'−1'}` for ISO10816_ZONE
 * (after − before, zone steps), `{kind:'db', db:'−6.0'}` for amplitudes (20·log10(after/before),
 * as the server computed it); null when either side is missing.
 */
export function changeText(line: Pick<VerdictLine, 'quantity' | 'change'>): ChangeText {
  if (line.change === null || !Number.isFinite(line.change)) return null;
  if (line.quantity === 'ISO10816_ZONE') return { kind: 'zone', steps: signed(line.change, 0) };
  return { kind: 'db', db: signed(line.change, 1) };
}

/**
 * A calendar month (`YYYY-MM`) as the language names it ("November 2026", "Kasım 2026").
 * @param language an interface language (`zh-tw` …), a BCP 47 tag for Intl
 */
export function monthTitle(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  if (!Number.isFinite(y) || !Number.isFinite(m)) return month;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
}
