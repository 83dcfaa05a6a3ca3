import dayjs, { type Dayjs } from 'dayjs';
import type { MeasurementListQuery } from '@overtone/contract';

/** Date parameters of the API (spec 000 §7): wall-clock time, read by the server in the customer's time zone. */
export const API_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Date shortcuts in days (spec 000 §9): last week, last month, last three months. */
export const DATE_SHORTCUT_DAYS = [7, 30, 90] as const;

/** What the filter form holds (spec 000 §2 "Measurements tab"). */
export interface MeasurementFilterValues {
  tags: string[];
  macAddress: string;
  measurementType?: MeasurementListQuery['measurementType'];
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

/** `days` back from now to the end of today. */
export const lastDays = (days: number, now = dayjs()): [Dayjs, Dayjs] => [now.subtract(days, 'day'), now.endOf('day')];

/** Default filters: nothing but the range, the last 364 days to the end of today (spec 000 §9). */
export const defaultFilters = (now = dayjs()): MeasurementFilterValues => ({
  tags: [],
  macAddress: '',
  range: lastDays(364, now),
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

/** The query of `GET /measurement` and `/measurement/download` (no page): only what is set. */
export function filtersToQuery(f: MeasurementFilterValues): Omit<Partial<MeasurementListQuery>, 'page' | 'pageSize'> {
  const q: Omit<Partial<MeasurementListQuery>, 'page' | 'pageSize'> = {
    startDate: f.range[0].format(API_DATE_FORMAT),
    endDate: f.range[1].format(API_DATE_FORMAT),
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
