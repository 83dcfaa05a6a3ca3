import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { queryToken, useSession } from '../core/session';

/** `/login?returnUrl=…` for the current location. */
export const loginPath = (returnUrl: string) => `/login?returnUrl=${encodeURIComponent(returnUrl)}`;

/**
 * Route guard of the logged-in pages (spec 000 §2): needs a token in the query string or a
 * stored user, otherwise goes to /login with a returnUrl; a stored user who has not yet changed
 * the initial password goes to /forgotpassword, which uses the stored user's token (kept out of
 * the URL: a token in the address bar ends up in the history and in shared screenshots).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const token = queryToken(location.search);

  if (!session && !token) return <Navigate to={loginPath(location.pathname + location.search + location.hash)} replace />;
  if (session && !session.passwordChanged) return <Navigate to="/forgotpassword" replace />;
  return children;
}
