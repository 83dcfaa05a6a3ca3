import { z } from 'zod';
import { okBody } from '../common.ts';
import { permissionEntry, role, roleCreateBody, roleUpdateBody } from '../roles.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Roles and permissions (spec 002 §3 "Role", §5, §7 Admin). Server: modules/roles.
 */
export const ROLE_ENDPOINTS = {
  listPermissions: endpoint({
    method: 'GET',
    path: '/permissions',
    access: { permission: ['readRole'] },
    tags: ['roles'],
    summary: 'Every permission key with its category',
    response: z.array(permissionEntry),
  }),
  listRoles: endpoint({
    method: 'GET',
    path: '/role',
    access: { permission: ['readRole'] },
    tags: ['roles'],
    summary: "The customer's roles with their assigned users",
    response: z.array(role),
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/role',
    access: { permission: ['createRole'] },
    tags: ['roles'],
    summary: 'Create a role',
    description:
      'The name is upper-cased and keeps letters, space and underscore (contract `normalizeRoleNameOnCreate`); it is unique in the customer (409). `displayName` defaults to the name. Only permissions the caller holds may be given (403 GRANT_NOT_HELD).',
    body: roleCreateBody,
    response: role,
    errors: [400, 403, 409],
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/role/:id',
    access: { permission: ['updateRole'] },
    tags: ['roles'],
    summary: 'Edit a role, and optionally set its users',
    description:
      'Name (upper-cased; letters, digits, space, underscore; unique: 409) and permissions. With `user`, that list becomes the full set of users holding the role: listed users get it, the others who had it get none, in one transaction. Another customer’s role or user answers 404. The role may hold (before and after) only permissions the caller holds (403 GRANT_NOT_HELD); only an admin edits the ADMIN role or moves an admin user (type admin or holding ADMIN) onto or off a role (403 ADMIN_ONLY); the ADMIN role keeps its name, every permission and at least one admin user (403 LAST_ADMIN).',
    params: idParams,
    body: roleUpdateBody,
    response: role,
    errors: [400, 403, 404, 409],
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/role/:id',
    access: { permission: ['deleteRole'] },
    tags: ['roles'],
    summary: 'Delete a role',
    description:
      'Refused while users hold it (409: assign them another role first). Another customer’s role answers 404. The ADMIN role is never deleted (403 ADMIN_ONLY for a non-admin, LAST_ADMIN for an admin).',
    params: idParams,
    response: okBody,
    errors: [403, 404, 409],
  }),
};
