import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type UserCreateBody, type UserUpdateBody } from '@overtone/contract';
import { callEndpoint } from '../../../core/api/callEndpoint';
import { endpointQuery, endpointsFilter } from '../../../core/api/endpointQuery';

/** `GET /users`: every user of the customer (needs readUser). */
export function useUsersQuery(enabled = true) {
  return useQuery({ ...endpointQuery(ENDPOINTS.listUsers), enabled });
}

/** `POST /users` (createUser). */
export const createUser = (body: UserCreateBody) => callEndpoint(ENDPOINTS.createUser, { body });

/** `PUT /users/{id}` (updateUser). */
export const updateUser = (id: string, body: UserUpdateBody) =>
  callEndpoint(ENDPOINTS.updateUser, { params: { id }, body: { ...body, _id: id } });

/** `DELETE /users/{id}` (deleteUser). */
export const deleteUser = (id: string) => callEndpoint(ENDPOINTS.deleteUser, { params: { id } });

/**
 * `POST /user/{id}/password`: an admin sets another user's password (deleteUser and user type admin).
 * @returns the server's translated message, shown as the success message (spec 002 §7)
 */
export const setUserPassword = (id: string, password: string) =>
  callEndpoint(ENDPOINTS.setUserPassword, { params: { id }, body: { password } });

/** Users changed: the users list and the roles' user lists (`GET /users`, `GET /role`). */
export const invalidateUsers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries(endpointsFilter([ENDPOINTS.listUsers, ENDPOINTS.listRoles]));
