import { useQuery, type QueryClient } from '@tanstack/react-query';
import { permissionEntry, role, type RoleCreateBody, type RoleUpdateBody } from '@overtone/contract';
import { apiRequest } from '../../../core/api/apiClient';

/** Query key of the customer's roles. */
export const ROLES_KEY = ['admin', 'roles'] as const;
const PERMISSIONS_KEY = ['admin', 'permissions'] as const;

const roleList = role.array();
const permissionList = permissionEntry.array();

/** `GET /role`: the customer's roles with their permissions and users (needs readRole). */
export function useRolesQuery(enabled = true) {
  return useQuery({
    queryKey: ROLES_KEY,
    queryFn: ({ signal }) => apiRequest('/role', { schema: roleList, signal }),
    enabled,
  });
}

/** `GET /permissions`: every permission key with its category. */
export function usePermissionsQuery() {
  return useQuery({
    queryKey: PERMISSIONS_KEY,
    queryFn: ({ signal }) => apiRequest('/permissions', { schema: permissionList, signal }),
    staleTime: Infinity,
  });
}

/** `POST /role` (createRole). */
export const createRole = (body: RoleCreateBody) => apiRequest('/role', { method: 'POST', body });

/** `PUT /role/{id}` (updateRole): name and permissions, and with `user` the full list of assigned users. */
export const updateRole = (id: string, body: RoleUpdateBody) =>
  apiRequest(`/role/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body, _id: id } });

/** `DELETE /role/{id}` (deleteRole); a role still assigned answers 409 ROLE_IN_USE. */
export const deleteRole = (id: string) => apiRequest(`/role/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Roles changed: the roles list and the users list (it shows role names). */
export const invalidateRoles = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  ]);
