import { z } from 'zod';
import { mfaChallengeInfo, session, verifyMfaBody } from '../auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * The e-mailed second login step (docs/security.md). Server: modules/auth.
 */
export const AUTH_MFA_ENDPOINTS = {
  getMfaChallenge: endpoint({
    method: 'GET',
    path: '/auth/customer/verify-mfa/:id',
    access: { public: true },
    tags: ['auth'],
    summary: 'Who a pending login belongs to (the second-step page shows the name)',
    description: 'Unknown, expired, used or exhausted pending logins answer 401 MFA_EXPIRED.',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: mfaChallengeInfo,
    errors: [401],
  }),
  verifyMfa: endpoint({
    method: 'POST',
    path: '/auth/customer/verify-mfa',
    access: { public: true },
    tags: ['auth'],
    summary: 'Second step of a login: the e-mailed code',
    description:
      'Needs a fresh captcha. A correct code of a live pending login (10 minutes, single use) answers the session. ' +
      'Wrong codes answer MFA_CODE_INVALID; the fifth ends the pending login (MFA_TOO_MANY_TRIES). ' +
      'Failures count against the client address like failed logins (429 TOO_MANY_ATTEMPTS).',
    body: verifyMfaBody,
    response: session,
    errors: [400, 401, 429],
  }),
};
