import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type RoleCreateBody, type RoleUpdateBody } from '@overtone/contract';
import { callEndpoint } from '../../../core/api/callEndpoint';
import { endpointQuery, endpointsFilter } from '../../../core/api/endpointQuery';

/** `GET /role`: the customer's roles with their permissions and users (needs readRole). */
export function useRolesQuery(enabled = true) {
  return useQuery({ ...endpointQuery(ENDPOINTS.listRoles), enabled });
}

/** `GET /permissions`: every permission key with its category. */
export function usePermissionsQuery() {
  return useQuery({ ...endpointQuery(ENDPOINTS.listPermissions), staleTime: Infinity });
}

/** `POST /role` (createRole). */
export const createRole = (body: RoleCreateBody) => callEndpoint(ENDPOINTS.createRole, { body });

/** `PUT /role/{id}` (updateRole): name and permissions, and with `user` the full list of assigned users. */
export const updateRole = (id: string, body: RoleUpdateBody) =>
  callEndpoint(ENDPOINTS.updateRole, { params: { id }, body: { ...body, _id: id } });

/** `DELETE /role/{id}` (deleteRole); a role still assigned answers 409 ROLE_IN_USE. */
export const deleteRole = (id: string) => callEndpoint(ENDPOINTS.deleteRole, { params: { id } });

/** Roles changed: the roles list and the users list (it shows role names): `GET /role`, `GET /users`. */
export const invalidateRoles = (queryClient: QueryClient) =>
  queryClient.invalidateQueries(endpointsFilter([ENDPOINTS.listRoles, ENDPOINTS.listUsers]));
