import { z } from 'zod';
import { objectId } from './common.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';

/** `GET /permissions`: every permission key with the category the roles dialog groups it under. */
export const permissionEntry = z.object({ _id: z.string(), name: z.string(), category: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntry>;

/**
 * Name of the role every customer is created with, holding every permission. Only admins edit it or
 * move users onto or off it; it always keeps every permission and at least one admin user.
 */
export const ADMIN_ROLE_NAME = 'ADMIN';

/** A role: a named permission set, and the users it is assigned to (spec 002 §3 "Role"). */
export const role = z.object({
  _id: objectId,
  name: z.string(),
  displayName: z.string(),
  permissions: z.array(z.string()),
  user: z.array(objectId),
});
export type Role = z.infer<typeof role>;

/** Role name as typed on create: trimmed, upper-cased, letters, space and underscore (spec 002 §5). */
export const normalizeRoleNameOnCreate = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^\p{L} _]/gu, '')
    .trim();
/** On edit digits are also kept. */
export const normalizeRoleNameOnEdit = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^\p{L}\d _]/gu, '')
    .trim();

const permissionKey = z
  .string()
  .refine((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p), 'unknownPermission');

/** `POST /role`. */
export const roleCreateBody = z.object({
  name: z.string().transform(normalizeRoleNameOnCreate).pipe(z.string().min(1, 'requireRoleName').max(64)),
  displayName: z.string().trim().max(100).optional(),
  permissions: z.array(permissionKey).max(200).default([]),
});
export type RoleCreateBody = z.input<typeof roleCreateBody>;

/** `PUT /role/{id}`: name and permissions, and optionally the full list of assigned users. */
export const roleUpdateBody = z.object({
  _id: objectId.optional(),
  name: z.string().transform(normalizeRoleNameOnEdit).pipe(z.string().min(1, 'requireRoleName').max(64)),
  displayName: z.string().trim().max(100).optional(),
  permissions: z.array(permissionKey).max(200),
  user: z.array(objectId).max(10000).optional(),
});
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;
