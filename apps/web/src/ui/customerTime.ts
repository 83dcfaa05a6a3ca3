/**
 * Dates in the customer's time zone (preferences → localization → timeZone, spec 002 §9). The
 * zones are fixed UTC offsets (`GMT+3`, `GMT-4:30`, contract `TIME_ZONES`): no daylight saving time,
 * so a day is always 24 h and a wall-clock reading maps to exactly one instant.
 *
 * A "customer clock" is a dayjs whose calendar fields (year … millisecond) are the date and time in
 * the customer's zone. It is kept in dayjs's UTC mode, shifted by the offset, so that no rule of the
 * browser's own zone applies to it (a browser in Berlin would otherwise move a value an hour when a
 * picker crosses its daylight-saving change, or refuse 02:30 on the spring-forward night). Only its
 * fields mean anything: turn it into an instant with {@link toIsoWithOffset}, never with `valueOf()`
 * / `toISOString()`.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const MINUTE_MS = 60_000;

/** The ISO 8601 offset of a zone: 180 → `+03:00`, −270 → `-04:30`, 0 → `+00:00`. */
export function offsetText(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The customer's clock at an instant.
 * @param instant an ISO 8601 string with its offset (the API's `createdAt`, `nextRunAt` …), ms since epoch or a Date
 * @param offsetMinutes the customer's zone, minutes east of UTC (contract `timeZoneOffsetMinutes`)
 */
export function customerClock(instant: string | number | Date, offsetMinutes: number): Dayjs {
  return dayjs.utc(new Date(instant).getTime() + offsetMinutes * MINUTE_MS);
}

/**
 * A wall-clock reading as a customer clock: its fields are kept, whatever mode the dayjs is in (a
 * date picker hands back local-mode values for typed text).
 */
export function asCustomerClock(d: Dayjs): Dayjs {
  return dayjs.utc(Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second(), d.millisecond()));
}

/**
 * A customer wall-clock reading (its fields, whatever its mode) as ISO 8601 with the customer's
 * offset, to the millisecond: `2024-05-02T23:59:59.999+03:00`. Unambiguous for any reader, whatever
 * its own zone.
 */
export function toIsoWithOffset(d: Dayjs, offsetMinutes: number): string {
  const date = `${String(d.year()).padStart(4, '0')}-${pad(d.month() + 1)}-${pad(d.date())}`;
  const time = `${pad(d.hour())}:${pad(d.minute())}:${pad(d.second())}.${String(d.millisecond()).padStart(3, '0')}`;
  return `${date}T${time}${offsetText(offsetMinutes)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
