import { useMemo } from 'react';
import type { Permission } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';

export interface AdminAccess {
  /** Whether the session holds the permission (only hides controls; the server enforces). */
  can(permission: Permission): boolean;
  /** The session's user type is admin (needed with deleteUser to reset another user's password). */
  isAdmin: boolean;
  /** The logged-in user's id, or null without a stored session. */
  userId: string | null;
}

/** What the logged-in user may do in the admin area, from the stored session. */
export function useAdminAccess(): AdminAccess {
  const session = useSession();
  return useMemo(
    () => ({
      can: (p: Permission) => hasPermission(session, p),
      isAdmin: session?.role === 'admin',
      userId: session?.userId ?? null,
    }),
    [session],
  );
}
