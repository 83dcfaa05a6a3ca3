import type { QueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from './api/callEndpoint';
import { endpointId } from './api/endpointQuery';
import { reloadCustomer } from './customer/customerApi';
import { sessionStore } from './session';

/**
 * Ends the session: tells the server (`POST /auth/logout`, best effort: the token is read before
 * it is cleared, and a token the server no longer knows is no error here), clears the stored user
 * and every cached answer but the customer, which is loaded again as the public summary. The
 * caller then goes to /login.
 */
export function logout(queryClient: QueryClient): void {
  callEndpoint(ENDPOINTS.logout, {}, { silent: true, redirectOnUnauthorized: false }).catch(() => undefined);
  sessionStore.clear();
  // the customer's answers: the one the app shows and the preferences tab's full record
  const customer = endpointId(ENDPOINTS.getCustomerByHost);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== customer });
  void reloadCustomer(queryClient);
}
