import { useMemo } from 'react';
import type uPlot from 'uplot';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../core/customer/CustomerContext';
import { useCustomerZone } from '../ui/formatDate';
import { customerClock } from '../ui/customerTime';

const MINUTE_S = 60;
const DAY_S = 86_400;

/**
 * The customer's wall clock as a browser-local Date (what uPlot's own date code reads), so that
 * uPlot places its ticks on the customer's hours and days whatever the browser's zone.
 * @param offsetMinutes the customer's zone, minutes east of UTC
 */
export const wallClock = (offsetMinutes: number) => (ts: number) => {
  const d = new Date(ts * 1000 + offsetMinutes * 60_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
};

/**
 * Day and month of a date format without its year ("DD-MM-YYYY HH:mm:ss" → "DD-MM", "YYYY/MM/DD" →
 * "MM/DD", "MM.DD.YY" → "MM.DD"), for the ticks of a time axis.
 */
export function dayMonthFormat(dateFormat: string): string {
  const date = dateFormat.trim().split(/\s+/)[0] ?? 'DD-MM-YYYY';
  const stripped = date.replace(/^Y{2,4}[^A-Za-z]?|[^A-Za-z]?Y{2,4}$/, '');
  return /D/.test(stripped) && /M/.test(stripped) ? stripped : 'DD-MM';
}

/**
 * The labels of a time axis's ticks in the customer's zone and date format (never uPlot's US
 * "10/28" and "4pm"): months as "MMM YYYY" (month names in the interface language, dayjs locale),
 * days as the format's day and month, hours as 24-hour "HH:mm" with the day above the first tick
 * and each midnight, seconds as "HH:mm:ss".
 * @param offsetMinutes the customer's zone, minutes east of UTC
 * @param dateFormat the customer's date format preference
 * @returns uPlot's `axes[].values` callback (splits in epoch seconds, `incr` the tick step in s)
 */
export function timeAxisValues(offsetMinutes: number, dateFormat: string): uPlot.Axis.DynamicValues {
  const dayMonth = dayMonthFormat(dateFormat);
  return (_u, splits, _axisIdx, _space, incr) =>
    splits.map((ts, k) => {
      const clock = customerClock(ts * 1000, offsetMinutes);
      if (incr >= 28 * DAY_S) return clock.format('MMM YYYY');
      if (incr >= DAY_S) return clock.format(dayMonth);
      const time = clock.format(incr < MINUTE_S ? 'HH:mm:ss' : 'HH:mm');
      const newDay = k === 0 || (clock.hour() === 0 && clock.minute() === 0 && clock.second() === 0);
      return newDay ? `${clock.format(dayMonth)}\n${time}` : time;
    });
}

/**
 * The x axis settings of a time chart for the current customer and language: `tzDate` and the
 * tick labels ({@link timeAxisValues}); recomputed when the zone, the format or the language change.
 */
export function useTimeAxis(): { tzDate: (ts: number) => Date; values: uPlot.Axis.DynamicValues } {
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({ tzDate: wallClock(offsetMinutes), values: timeAxisValues(offsetMinutes, dateFormat) }),
    // the language: month names follow the dayjs locale, which follows it
    [offsetMinutes, dateFormat, language],
  );
}
