import { describe, expect, it } from 'vitest';
import { USERS } from '../adminTestKit';
import { toUserCreateBody, toUserUpdateBody, userFormValues } from './userForm';

describe('user form values', () => {
  it('starts a new user with phone country TR, type user and the second step on', () => {
    expect(userFormValues(null)).toMatchObject({ phoneCountry: 'TR', userType: 'user', mfaEnabled: true, password: '' });
  });

  it('round-trips an existing user into the update body', () => {
    const u = USERS[1];
    expect(toUserUpdateBody(userFormValues(u))).toEqual({
      name: u.name,
      surname: u.surname,
      email: u.email,
      phone: u.phone,
      userType: u.userType,
      role: u.role,
      mfaEnabled: u.mfaEnabled,
    });
  });

  it('trims texts, sends no phone without a number, and the password only on create', () => {
    const v = {
      ...userFormValues(null),
      name: ' Ann ',
      surname: ' Lee ',
      email: ' a@b.co ',
      role: 'r',
      phoneNumber: '  ',
      password: 'x',
    };
    expect(toUserUpdateBody(v)).not.toHaveProperty('password');
    expect(toUserCreateBody(v)).toMatchObject({ name: 'Ann', surname: 'Lee', email: 'a@b.co', phone: null, password: 'x' });
  });
});
