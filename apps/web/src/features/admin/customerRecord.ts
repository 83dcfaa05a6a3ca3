import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { endpointQuery } from '../../core/api/endpointQuery';

/**
 * `GET /customer/{host}`: the full customer record with all its preferences (the preferences tab).
 * Its key and the app's customer key (core/customer/customerApi `customerQueryKey`) are both this
 * operation's for this host, so `reloadCustomer` reloads it together with the customer the app shows.
 */
export function useCustomerRecord() {
  return useQuery(endpointQuery(ENDPOINTS.getCustomerByHost, { params: { host: window.location.hostname } }));
}
