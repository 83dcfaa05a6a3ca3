import type { Dayjs } from 'dayjs';
import { DASHBOARD_INTERVALS, type DashboardIntervalKey, type DashboardUnit } from '@overtone/contract';
import { customerClock } from '../../ui/customerTime';

/** The wire format of `start`/`end` (contract `DATE_TIME_PATTERN`), the customer's wall clock. */
export const DASHBOARD_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface DashboardWindow {
  key: DashboardIntervalKey;
  unit: DashboardUnit;
  /** first second of the first bucket, customer wall clock `YYYY-MM-DD HH:mm:ss` */
  start: string;
  /** last second of the last bucket (the one holding the anchor), customer wall clock */
  end: string;
}

const HOUR_MS = 3_600_000;

/** Start of the unit holding a customer clock; weeks are ISO weeks (Monday 00:00), whatever the locale. */
export function startOfUnit(d: Dayjs, unit: DashboardUnit): Dayjs {
  if (unit !== 'week') return d.startOf(unit);
  const day = d.startOf('day');
  return day.subtract((day.day() + 6) % 7, 'day');
}

/** Last millisecond of the unit holding a customer clock. */
export function endOfUnit(d: Dayjs, unit: DashboardUnit): Dayjs {
  return startOfUnit(d, unit).add(1, unit).subtract(1, 'millisecond');
}

/**
 * The interval pager's window (spec 001 §9, contract `DASHBOARD_INTERVALS`, docs/dashboard.md):
 * from the start of the unit holding `anchor − hours` to the end of the unit holding the anchor,
 * in the customer's time zone. The current page (`page` 0) is anchored at now: the 7-day interval
 * (144 h, by day) is today and the six days before, the year (8640 h, by month) this month and the
 * eleven before. Page −1 is the window that ends just before page 0's start, and so on: pages
 * neither overlap nor leave a gap.
 * @param key interval key ('24h', '7d', '1m', '3m', '6m', '1y')
 * @param page 0 for the current window, −n for the n-th earlier one (positive pages are treated as 0)
 * @param now the present instant, ms since epoch
 * @param offsetMinutes the customer's zone, minutes east of UTC
 */
export function dashboardWindow(key: DashboardIntervalKey, page: number, now: number, offsetMinutes: number): DashboardWindow {
  const interval = DASHBOARD_INTERVALS.find((i) => i.key === key) ?? DASHBOARD_INTERVALS[1];
  const { unit, hours } = interval;
  let anchor = customerClock(now, offsetMinutes);
  let start = startOfUnit(anchor.subtract(hours * HOUR_MS, 'millisecond'), unit);
  for (let p = 0; p > Math.min(0, page); p--) {
    anchor = start.subtract(1, 'millisecond');
    start = startOfUnit(anchor.subtract(hours * HOUR_MS, 'millisecond'), unit);
  }
  return {
    key: interval.key,
    unit,
    start: start.format(DASHBOARD_DATE_FORMAT),
    end: endOfUnit(anchor, unit).format(DASHBOARD_DATE_FORMAT),
  };
}
