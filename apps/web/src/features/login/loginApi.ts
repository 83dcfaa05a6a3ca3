import { session, type LoginBody, type Session } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';

/** The login answer: a full session, or only the second-factor request (spec 000 §4). */
export type LoginResult = { kind: 'session'; session: Session } | { kind: 'mfa'; mfaId: string };

const loginAnswer = session.partial();

/** `POST /auth/customer`. Failures are shown by the API client and rethrown. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const answer = await apiRequest('/auth/customer', { method: 'POST', body, schema: loginAnswer });
  if (answer.requireMFAVerification && answer.mfa_id) return { kind: 'mfa', mfaId: answer.mfa_id };
  return { kind: 'session', session: session.parse(answer) };
}

/**
 * Where to go after login: the `returnUrl` when it is a path of this application, otherwise `/`.
 * Absolute and protocol-relative URLs are refused so that a crafted link cannot send the user away.
 */
export function safeReturnUrl(returnUrl: string | null): string {
  if (!returnUrl || !returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl.startsWith('/\\')) return '/';
  if (returnUrl === '/login' || returnUrl.startsWith('/login?')) return '/';
  return returnUrl;
}
