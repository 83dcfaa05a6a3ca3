import { session as sessionSchema, type Permission, type Session } from '@overtone/contract';
import { createLocalStore, useLocalStore } from './storage/localStore';

/** localStorage key of the stored user (spec 000 §2: "stored user"). */
export const USER_STORAGE_KEY = 'user';

/** The logged-in user's session, as answered by `POST /auth/customer`. */
export const sessionStore = createLocalStore<Session>(USER_STORAGE_KEY, (raw) => sessionSchema.safeParse(raw).data ?? null);

export const useSession = (): Session | null => useLocalStore(sessionStore);

/** A token handed over in the query string (`?token=`) takes precedence over the stored user's. */
export function queryToken(search: string = window.location.search): string | null {
  const t = new URLSearchParams(search).get('token');
  return t && t.trim() ? t.trim() : null;
}

/** The token sent in the `token` header of every request (spec 000 §2 route guard, §7). */
export function currentToken(): string | null {
  return queryToken() ?? sessionStore.get()?.token ?? null;
}

/**
 * Whether the session holds a permission. Used only to hide what the session lacks; the server
 * enforces every permission. Without a stored session (a token from the query string only) the
 * client cannot know, and shows the entry.
 */
export function hasPermission(session: Session | null, permission: Permission): boolean {
  return session ? session.permissions.includes(permission) : true;
}

/**
 * Changes fields of the stored session (no-op when nobody is logged in). Writes only when
 * something changed, so subscribed components do not re-render for nothing.
 */
export function updateSession(patch: Partial<Omit<Session, 'token'>>): void {
  const current = sessionStore.get();
  if (!current) return;
  const next = { ...current, ...patch };
  if (JSON.stringify(next) !== JSON.stringify(current)) sessionStore.set(next);
}
