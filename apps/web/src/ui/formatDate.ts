import { useCallback } from 'react';
import dayjs from 'dayjs';
import { useCustomer } from '../app/customer/CustomerContext';

/** Formats an ISO date-time with the customer's date format preference (e.g. "DD-MM-YYYY HH:mm:ss"). */
export function formatDate(iso: string | null | undefined, format: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(format) : iso;
}

/** {@link formatDate} bound to the current customer's preference. */
export function useDateFormatter(): (iso: string | null | undefined) => string {
  const { dateFormat } = useCustomer();
  return useCallback((iso: string | null | undefined) => formatDate(iso, dateFormat), [dateFormat]);
}
