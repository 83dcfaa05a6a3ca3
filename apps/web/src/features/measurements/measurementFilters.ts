import type { Dayjs } from 'dayjs';
import type { MeasurementListQuery } from '@overtone/contract';
import { customerClock, toIsoWithOffset } from '../../ui/customerTime';

/** Date shortcuts in days (spec 000 §9): last week, last month, last three months. */
export const DATE_SHORTCUT_DAYS = [7, 30, 90] as const;

/** What the filter form holds (spec 000 §2 "Measurements tab"). */
export interface MeasurementFilterValues {
  tags: string[];
  macAddress: string;
  measurementType?: MeasurementListQuery['measurementType'];
  /** From and to, inclusive, as customer clocks: readings of the customer's zone (ui/customerTime.ts). */
  range: [Dayjs, Dayjs];
  onlyMine: boolean;
  upload: boolean;
  favorite: boolean;
  partial: boolean;
  error: boolean;
  telemetry?: string;
  minValueActive: boolean;
  minValue?: number | null;
  maxValueActive: boolean;
  maxValue?: number | null;
}

/**
 * `days` back from now to the end of today, both in the customer's time zone (its "today", not
 * the browser's).
 * @param offsetMinutes the customer's zone, minutes east of UTC
 * @param now the instant, ms since epoch
 * @returns customer clocks
 */
export function lastDays(days: number, offsetMinutes: number, now: number = Date.now()): [Dayjs, Dayjs] {
  const clock = customerClock(now, offsetMinutes);
  return [clock.subtract(days, 'day'), clock.endOf('day')];
}

/** Default filters: nothing but the range, the last 364 days to the end of today (spec 000 §9), in the customer's zone. */
export const defaultFilters = (offsetMinutes: number, now: number = Date.now()): MeasurementFilterValues => ({
  tags: [],
  macAddress: '',
  range: lastDays(364, offsetMinutes, now),
  onlyMine: false,
  upload: false,
  favorite: false,
  partial: false,
  error: false,
  minValueActive: false,
  maxValueActive: false,
});

/** The min < max rule (spec 000 §5): false when both bounds are active and min is not below max. */
export function valueBoundsValid(
  f: Pick<MeasurementFilterValues, 'minValueActive' | 'maxValueActive' | 'minValue' | 'maxValue'>,
) {
  if (!f.minValueActive || !f.maxValueActive) return true;
  if (f.minValue == null || f.maxValue == null) return true;
  return f.minValue < f.maxValue;
}

/**
 * The query of `GET /measurement` and `/measurement/download` (no page): only what is set. The
 * dates go as ISO 8601 with the customer's offset (`2024-05-02T23:59:59.999+03:00`), which the
 * server takes as it is (docs/measurement-list.md): the range means the same instants whichever zone
 * the browser is in.
 * @param offsetMinutes the customer's zone the range was picked in, minutes east of UTC
 */
export function filtersToQuery(
  f: MeasurementFilterValues,
  offsetMinutes: number,
): Omit<Partial<MeasurementListQuery>, 'page' | 'pageSize'> {
  const q: Omit<Partial<MeasurementListQuery>, 'page' | 'pageSize'> = {
    startDate: toIsoWithOffset(f.range[0], offsetMinutes),
    endDate: toIsoWithOffset(f.range[1], offsetMinutes),
  };
  if (f.tags.length) q.tags = f.tags.join(',');
  if (f.macAddress.trim()) q.macAddress = f.macAddress.trim().toUpperCase();
  if (f.measurementType) q.measurementType = f.measurementType;
  for (const k of ['onlyMine', 'upload', 'favorite', 'partial', 'error'] as const) if (f[k]) q[k] = true;
  const min = f.minValueActive && f.minValue != null;
  const max = f.maxValueActive && f.maxValue != null;
  if (f.telemetry && (min || max)) {
    q.telemetry = f.telemetry;
    if (min) Object.assign(q, { minValueActive: true, minValue: f.minValue! });
    if (max) Object.assign(q, { maxValueActive: true, maxValue: f.maxValue! });
  }
  return q;
}
