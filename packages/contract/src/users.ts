import { z } from 'zod';
import { objectId } from './common.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';

export const USER_TYPES = ['admin', 'user'] as const;
export const userType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userType>;

/** Default phone country (spec 002 §9 Admin). */
export const DEFAULT_PHONE_COUNTRY = 'TR';

/** Phone with its country: ISO 3166-1 alpha-2 country and the national number (digits only). */
export const phone = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'requireCountryCode'),
  number: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/, 'invalidPhone'),
});
export type Phone = z.infer<typeof phone>;

/** A user of the customer as the admin area lists it (spec 002 §3 "User"). */
export const user = z.object({
  _id: objectId,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: phone.nullable(),
  /** User type: admins may reset other users' passwords (with deleteUser). */
  userType,
  /** The custom role (permission set) assigned, or null. */
  role: objectId.nullable(),
  roleName: z.string().nullable(),
  /** The login asks for an e-mailed code as its second step. */
  mfaEnabled: z.boolean(),
  isMobile: z.boolean(),
  passwordChanged: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;
export const userList = z.array(user);

const name = (msg: string) => z.string().trim().min(1, msg).max(100);

/** `POST /users` (spec 002 §5 "Create user"): the password must satisfy the customer's policy. */
export const userCreateBody = z.object({
  name: name('requirename'),
  surname: name('requiresurname'),
  email: z.email('requireemail').max(254),
  phone: phone.nullable().default(null),
  userType: userType.default('user'),
  role: objectId.nullable().refine((v) => v !== null, 'requirerole'),
  password: z.string().min(1, 'requirepassword').max(PASSWORD_MAX_LENGTH),
  mfaEnabled: z.boolean().default(true),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** `PUT /users/{id}`: the same fields without the password. */
export const userUpdateBody = userCreateBody.omit({ password: true }).extend({ _id: objectId.optional() });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** `POST /user/{id}/password`: an admin sets another user's password (deleteUser and admin). */
export const adminPasswordBody = z.object({ password: z.string().min(1, 'requirepassword').max(PASSWORD_MAX_LENGTH) });
