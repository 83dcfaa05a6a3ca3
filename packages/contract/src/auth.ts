import { z } from 'zod';
import { objectId } from './common.ts';

/** ALTCHA proof-of-work challenge (`GET /auth/captcha`), solved by the altcha widget. */
export const captchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/**
 * `POST /auth/customer`: `reCaptcha` is the ALTCHA payload. `domain` (the host the app is served from,
 * spec 000 §7) is accepted but ignored: the server takes the customer from the request host only.
 */
export const loginBody = z.object({
  domain: z.string().max(253).optional(),
  email: z.string().trim().min(1, 'please enter email'),
  password: z.string().min(1, 'please enter password'),
  reCaptcha: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The session as the client stores it (spec 000 §3 "Session"). */
export const session = z.object({
  token: z.string(),
  permissions: z.array(z.string()),
  passwordChanged: z.boolean(),
  userId: objectId,
  name: z.string(),
  surname: z.string(),
  role: z.string(),
  userGuidingShown: z.boolean(),
  mfa_id: z.string().nullable(),
  requireMFAVerification: z.boolean().optional(),
});
export type Session = z.infer<typeof session>;

/**
 * Login answer when the account needs its second step: a 6-digit code was e-mailed; the client goes
 * to `/verify-mfa/{mfa_id}` (spec 000 §4).
 */
export const mfaPending = z.object({
  requireMFAVerification: z.literal(true),
  mfa_id: z.string(),
  name: z.string(),
  surname: z.string(),
});
export type MfaPending = z.infer<typeof mfaPending>;
/** `POST /auth/customer` answers a session, or the second step when the account has it. */
export const loginAnswer = z.union([session, mfaPending]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `POST /auth/customer/verify-mfa`: the pending login's id, the e-mailed code, a fresh captcha. */
export const verifyMfaBody = z.object({
  trnxId: z.string().min(1).max(64),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'mfaCodeFormat'),
  reCaptcha: z.string().optional(),
});
export type VerifyMfaBody = z.infer<typeof verifyMfaBody>;

/** `GET /auth/customer/verify-mfa/{id}`: who the pending login belongs to (the page shows the name). */
export const mfaChallengeInfo = z.object({ name: z.string(), surname: z.string(), expiresAt: z.string() });
export type MfaChallengeInfo = z.infer<typeof mfaChallengeInfo>;

/** `POST /forgotpassword/{customerId}`: the answer is the same whether or not the e-mail exists. */
export const forgotPasswordBody = z.object({
  email: z.string().trim().min(1, 'please enter email').max(254),
  reCaptcha: z.string().optional(),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/**
 * `POST /me/password` (session token, or the reset link's token as the `token` header).
 * `currentPassword` is required from a logged-in user who has chosen their password (a voluntary
 * change); a reset link's token and the forced first change after a login need none.
 */
export const mePasswordBody = z.object({
  password: z.string().min(1, 'Please input the password').max(128),
  currentPassword: z.string().max(128).optional(),
});
export type MePasswordBody = z.infer<typeof mePasswordBody>;

/** `PUT /me/user-guiding-shown`. */
export const userGuidingBody = z.object({ userGuidingShown: z.boolean() });

/** `GET /me`: the caller as the server sees it now (permissions changed by an admin apply at once). */
export const me = z.object({
  userId: objectId,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: z.string(),
  roleName: z.string().nullable(),
  permissions: z.array(z.string()),
  passwordChanged: z.boolean(),
  userGuidingShown: z.boolean(),
});
export type Me = z.infer<typeof me>;

/** Answer carrying a translated message only (password set, forgot password …). */
export const messageBody = z.object({ message: z.string() });

/** 401 answer of a failed login; `wrongPassword` drives the client's captcha attempt counter. */
export const loginFailure = z.object({ message: z.string(), code: z.string().optional(), wrongPassword: z.boolean().optional() });
