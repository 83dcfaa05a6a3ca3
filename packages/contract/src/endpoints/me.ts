import { me, mePasswordBody, messageBody, userGuidingBody } from '../auth.ts';
import { okBody } from '../common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The caller's own account (spec 000 §2, spec 002 §7). Server: modules/me.
 */
export const ME_ENDPOINTS = {
  getMe: endpoint({
    method: 'GET',
    path: '/me',
    access: { session: true },
    duringPasswordChange: true,
    tags: ['me'],
    summary: 'The caller as the server sees them now',
    description: 'Role and permissions are read now: a change by an admin shows on the next call.',
    response: me,
  }),
  setMyPassword: endpoint({
    method: 'POST',
    path: '/me/password',
    access: { session: true },
    duringPasswordChange: true,
    tags: ['me'],
    summary: 'Set a new password (session, or the token of a reset link)',
    description:
      'The password must satisfy the customer policy raised to the global floor (8 characters) and not be a common ' +
      'password (400 WEAK_PASSWORD / COMMON_PASSWORD). Stores an argon2id hash, marks the password as changed, ' +
      'spends the reset link and ends every other session of the user. A logged-in user who has chosen their ' +
      'password must also send `currentPassword` (400 CURRENT_PASSWORD_REQUIRED / CURRENT_PASSWORD_WRONG; wrong ones ' +
      'count as failed logins of the account: 429 TOO_MANY_ATTEMPTS); a reset link and the forced first change need none.',
    body: mePasswordBody,
    response: messageBody,
    errors: [400, 429],
  }),
  setUserGuidingShown: endpoint({
    method: 'PUT',
    path: '/me/user-guiding-shown',
    access: { session: true },
    tags: ['me'],
    summary: 'Record whether the onboarding tour was shown',
    body: userGuidingBody,
    response: okBody,
    errors: [400],
  }),
};
