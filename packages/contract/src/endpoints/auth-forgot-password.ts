import { z } from 'zod';
import { forgotPasswordBody, messageBody } from '../auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * The reset link (spec 000 §2 "Forgot password"). Server: modules/auth.
 */
export const AUTH_RESET_ENDPOINTS = {
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/forgotpassword/:customerId',
    access: { public: true },
    tags: ['auth'],
    summary: 'Mail a link to set a new password',
    description:
      'Needs a captcha. `customerId` must be the id of the customer served for the request host, else 404 ' +
      'CUSTOMER_NOT_FOUND (the id is public: the customer summary shows it). The answer is the same, in status, ' +
      'body and timing, whether or not the e-mail belongs to a user; a user gets a single-use link valid for 1 h, ' +
      "built on the customer's configured host (a malformed Host answers 400 HOST_INVALID). At most 3 mails per " +
      'account and 10 per address in 15 minutes are sent; further requests get the same answer and no mail.',
    params: z.object({ customerId: z.string().min(1).max(64) }),
    body: forgotPasswordBody,
    response: messageBody,
    errors: [400, 404],
  }),
};
