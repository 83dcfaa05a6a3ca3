import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient';
import { sessionStore } from '../session';

/**
 * Ends the session: tells the server (best effort, the token is read before it is cleared),
 * clears the stored user and every cached answer. The caller then goes to /login.
 */
export function logout(queryClient: QueryClient): void {
  apiRequest('/auth/logout', { method: 'POST', silent: true }).catch(() => undefined);
  sessionStore.clear();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'customer' });
}
