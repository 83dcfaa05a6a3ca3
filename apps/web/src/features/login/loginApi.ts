import type { QueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  loginFailure,
  type ForgotPasswordBody,
  type LoginBody,
  type MfaChallengeInfo,
  type Session,
  type VerifyMfaBody,
} from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { isApiError } from '../../core/api/ApiError';
import { reloadCustomer } from '../../core/customer/customerApi';
import { sessionStore } from '../../core/session';

/** The login answer: a full session, or only the second-factor request (spec 000 §4). */
export type LoginResult = { kind: 'session'; session: Session } | { kind: 'mfa'; mfaId: string; name: string; surname: string };

/** `POST /auth/customer`. Failures are shown by the API client and rethrown. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const answer = await callEndpoint(ENDPOINTS.login, { body });
  if ('token' in answer) return { kind: 'session', session: answer };
  return { kind: 'mfa', mfaId: answer.mfa_id, name: answer.name, surname: answer.surname };
}

/** Whether a failed login answered `wrongPassword` (spec 000 §4: it drives the captcha attempt counter). */
export function isWrongPassword(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  return loginFailure.safeParse(error.body).data?.wrongPassword === true;
}

/** `GET /auth/customer/verify-mfa/{id}`: whose pending login this is. Silent: the page shows the failure itself. */
export const fetchMfaChallenge = (id: string, signal?: AbortSignal): Promise<MfaChallengeInfo> =>
  callEndpoint(ENDPOINTS.getMfaChallenge, { params: { id } }, { signal, silent: true });

/** `POST /auth/customer/verify-mfa`: the session, once the e-mailed code is right. Failures are shown and rethrown. */
export const verifyMfa = (body: VerifyMfaBody): Promise<Session> => callEndpoint(ENDPOINTS.verifyMfa, { body });

/** `POST /forgotpassword/{customerId}`: the server's (translated) confirmation, the same whether or not the e-mail exists. */
export const requestPasswordReset = async (customerId: string, body: ForgotPasswordBody): Promise<string> =>
  (await callEndpoint(ENDPOINTS.requestPasswordReset, { params: { customerId }, body })).message;

/**
 * Keeps the session of a successful login and loads the customer's full record in place of the
 * public summary (its date format and preferences).
 */
export function startSession(session: Session, queryClient: QueryClient): void {
  sessionStore.set(session);
  void reloadCustomer(queryClient);
}

/** Open pages a login never returns to: the login itself, the second step, the set-password page. */
const NO_RETURN = ['/login', '/verify-mfa', '/forgotpassword'];

/**
 * Where to go after login: the `returnUrl` when it is a path of this application, otherwise `/`.
 * Absolute and protocol-relative URLs are refused so that a crafted link cannot send the user away;
 * the open auth pages lead to `/` (a user who must set a password is sent there by the route guard).
 */
export function safeReturnUrl(returnUrl: string | null): string {
  if (!returnUrl || !returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl.startsWith('/\\')) return '/';
  const pathname = returnUrl.split(/[?#]/)[0]!;
  if (NO_RETURN.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return '/';
  return returnUrl;
}

/** `?returnUrl=…` to carry a return URL along (empty when there is none). */
export const returnUrlQuery = (returnUrl: string | null): string =>
  returnUrl ? `?${new URLSearchParams({ returnUrl }).toString()}` : '';
