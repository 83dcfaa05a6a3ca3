import { captchaChallenge, loginAnswer, loginBody, loginFailure } from '../auth.ts';
import { okBody } from '../common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Login, captcha and logout (spec 000 §2). Server: modules/auth.
 */
export const AUTH_ENDPOINTS = {
  getCaptcha: endpoint({
    method: 'GET',
    path: '/auth/captcha',
    access: { public: true },
    tags: ['auth'],
    summary: 'New ALTCHA proof-of-work challenge',
    response: captchaChallenge,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/customer',
    access: { public: true },
    tags: ['auth'],
    summary: 'Log in to the customer served for the request host',
    description:
      'The customer comes from the request host only (`domain` is accepted and ignored). Checks the captcha (once), ' +
      'reserves the attempt in the throttle before the password is checked (5 failed passwords per account and 20 ' +
      'failures per address in 15 minutes, counted in the database, else 429 with `Retry-After`), then the email and password (argon2id; an unknown email answers exactly like a wrong ' +
      'password). Answers the session, or `requireMFAVerification` with `mfa_id` when the account has the second ' +
      'step: a 6-digit code is mailed in the request language (at most 3 code mails per account and 10 per ' +
      'address in 15 minutes, else 429 MAIL_LIMIT).',
    body: loginBody,
    response: loginAnswer,
    errors: [400, 401, 404, 429],
    errorSchemas: { 401: loginFailure },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: { session: true },
    duringPasswordChange: true,
    tags: ['auth'],
    summary: 'End the current session (or spend a reset link)',
    response: okBody,
  }),
};
