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

/** `POST /auth/customer`: `domain` is the host the app is served from; `reCaptcha` the ALTCHA payload. */
export const loginBody = z.object({
  domain: z.string().min(1),
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

/** 401 answer of a failed login; `wrongPassword` drives the client's captcha attempt counter. */
export const loginFailure = z.object({ message: z.string(), code: z.string().optional(), wrongPassword: z.boolean().optional() });
