import { useCallback, useMemo } from 'react';
import { timeZoneOffsetMinutes } from '@overtone/contract';
import { useCustomer } from '../core/customer/CustomerContext';
import { customerClock } from './customerTime';

/**
 * Formats an ISO date-time with the customer's date format preference (e.g. "DD-MM-YYYY HH:mm:ss")
 * in the customer's time zone; the browser's own zone plays no part.
 * @param offsetMinutes the customer's zone, minutes east of UTC (contract `timeZoneOffsetMinutes`)
 * @returns '' for no date, the text itself when it is not a date
 */
export function formatDate(iso: string | null | undefined, format: string, offsetMinutes: number): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? iso : customerClock(t, offsetMinutes).format(format);
}

/** The current customer's time zone: the preference (`GMT+3`) and its offset in minutes east of UTC. */
export function useCustomerZone(): { zone: string; offsetMinutes: number } {
  const { timeZone } = useCustomer();
  return useMemo(() => ({ zone: timeZone, offsetMinutes: timeZoneOffsetMinutes(timeZone) }), [timeZone]);
}

/** {@link formatDate} bound to the current customer's date format and time zone. */
export function useDateFormatter(): (iso: string | null | undefined) => string {
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  return useCallback((iso: string | null | undefined) => formatDate(iso, dateFormat, offsetMinutes), [dateFormat, offsetMinutes]);
}
