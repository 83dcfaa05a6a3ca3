import { useQuery, type QueryClient } from '@tanstack/react-query';
import { messageBody, userList, type UserCreateBody, type UserUpdateBody } from '@overtone/contract';
import { apiRequest } from '../../../core/api/apiClient';

/** Query key of the customer's users. */
export const USERS_KEY = ['admin', 'users'] as const;

/** `GET /users`: every user of the customer (needs readUser). */
export function useUsersQuery(enabled = true) {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => apiRequest('/users', { schema: userList, signal }),
    enabled,
  });
}

/** `POST /users` (createUser). */
export const createUser = (body: UserCreateBody) => apiRequest('/users', { method: 'POST', body });

/** `PUT /users/{id}` (updateUser). */
export const updateUser = (id: string, body: UserUpdateBody) =>
  apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body, _id: id } });

/** `DELETE /users/{id}` (deleteUser). */
export const deleteUser = (id: string) => apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * `POST /user/{id}/password`: an admin sets another user's password (deleteUser and user type admin).
 * @returns the server's translated message, shown as the success message (spec 002 §7)
 */
export const setUserPassword = (id: string, password: string) =>
  apiRequest(`/user/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password }, schema: messageBody });

/** Users changed: the users list and the roles' user lists. */
export const invalidateUsers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'roles'] }),
  ]);
