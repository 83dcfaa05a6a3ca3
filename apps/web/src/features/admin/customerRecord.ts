import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { customerQueryKey } from '../../core/customer/customerApi';

/**
 * `GET /customer/{host}`: the full customer record with all its preferences (the preferences tab).
 * Its key lies under the app's customer key, so `reloadCustomer` (core/customer/customerApi) reloads
 * it together with the customer the app shows.
 */
export function useCustomerRecord() {
  const host = window.location.hostname;
  return useQuery({
    queryKey: [...customerQueryKey(host), 'record'],
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.getCustomerByHost, { params: { host } }, { signal }),
  });
}
