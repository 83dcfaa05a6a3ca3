import { useEffect } from 'react';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from './api/callEndpoint';
import { queryToken, sessionStore, updateSession } from './session';

/** Focus and visibility events often come in pairs: one refresh per this many milliseconds. */
const MIN_INTERVAL_MS = 2_000;

/**
 * Reads `GET /me` and copies what an admin may have changed since the login (permissions, name,
 * role, the password and tour flags) into the stored session, so those changes apply without a
 * new login. A 401 logs out as any other call does; other failures leave the session as it is
 * (no toast: the user did not ask for this call).
 * @returns false when nobody is logged in or the session changed meanwhile (nothing copied)
 */
export async function refreshSession(signal?: AbortSignal): Promise<boolean> {
  const before = sessionStore.get();
  // A page opened with a share link (`?token=`) speaks with that token, not the session: its
  // answer to /me (401) must not end the visitor's own session (docs/share-links.md).
  if (!before || queryToken()) return false;
  const me = await callEndpoint(ENDPOINTS.getMe, {}, { signal, silent: true });
  if (sessionStore.get()?.token !== before.token) return false;
  updateSession({
    permissions: me.permissions,
    name: me.name,
    surname: me.surname,
    role: me.role,
    passwordChanged: me.passwordChanged,
    userGuidingShown: me.userGuidingShown,
  });
  return true;
}

/**
 * Refreshes the stored session when the logged-in pages mount (app start, login) and whenever
 * the window regains focus or becomes visible again (spec 002: role changes apply at once).
 */
export function useSessionRefresh(): void {
  useEffect(() => {
    let controller: AbortController | null = null;
    let last = 0;
    const run = () => {
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS) return;
      last = now;
      controller?.abort();
      const c = new AbortController();
      controller = c;
      refreshSession(c.signal).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller?.abort();
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
