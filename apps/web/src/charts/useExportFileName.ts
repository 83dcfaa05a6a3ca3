import { useCallback } from 'react';
import { useCustomerZone } from '../ui/formatDate';
import { exportFileName } from './download';

/** {@link exportFileName} bound to the current customer's time zone. */
export function useExportFileName(): (suffix: string, ext: string) => string {
  const { offsetMinutes } = useCustomerZone();
  return useCallback((suffix: string, ext: string) => exportFileName(suffix, ext, offsetMinutes), [offsetMinutes]);
}
