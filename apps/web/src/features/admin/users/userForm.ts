import { DEFAULT_PHONE_COUNTRY, type User, type UserCreateBody, type UserType, type UserUpdateBody } from '@overtone/contract';

/** Values of the user dialog's form. */
export interface UserFormValues {
  name: string;
  surname: string;
  email: string;
  /** Create only. */
  password?: string;
  phoneCountry: string;
  phoneNumber?: string;
  userType: UserType;
  role?: string | null;
  mfaEnabled: boolean;
}

/** Form values of an existing user, or of a new one (phone country TR, type user, second step on). */
export function userFormValues(user: User | null): UserFormValues {
  if (!user)
    return {
      name: '',
      surname: '',
      email: '',
      password: '',
      phoneCountry: DEFAULT_PHONE_COUNTRY,
      userType: 'user',
      mfaEnabled: true,
    };
  return {
    name: user.name,
    surname: user.surname,
    email: user.email,
    phoneCountry: user.phone?.country ?? DEFAULT_PHONE_COUNTRY,
    phoneNumber: user.phone?.number ?? '',
    userType: user.userType,
    role: user.role,
    mfaEnabled: user.mfaEnabled,
  };
}

/** The `PUT /users/{id}` body of the form values: trimmed texts, the phone only when a number is given. */
export function toUserUpdateBody(v: UserFormValues): UserUpdateBody {
  const number = (v.phoneNumber ?? '').trim();
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    phone: number ? { country: v.phoneCountry, number } : null,
    userType: v.userType,
    role: v.role as string, // required by the form
    mfaEnabled: v.mfaEnabled,
  };
}

/** The `POST /users` body: the update body with the password. */
export const toUserCreateBody = (v: UserFormValues): UserCreateBody => ({ ...toUserUpdateBody(v), password: v.password ?? '' });
