import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@overtone/contract';
import { AppError } from '../../infra/errors.ts';
import { assertAdmin, assertAdminRoleIntact, assertHoldsAll, assertMayTouchUsers, isAdminUser } from './escalation.ts';

const codeOf = (f: () => void) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : 'not an AppError';
  }
};
const manager = { userType: 'user' as const, permissions: new Set(['readUser', 'createUser', 'updateRole']) };
const admin = { userType: 'admin' as const, permissions: new Set<string>(PERMISSIONS) };

describe('privilege escalation rules', () => {
  it('nobody grants a permission they do not hold (GRANT_NOT_HELD)', () => {
    expect(codeOf(() => assertHoldsAll(manager, ['readUser', 'createUser']))).toBeNull();
    expect(codeOf(() => assertHoldsAll(manager, ['readUser', 'deletePoint']))).toBe('GRANT_NOT_HELD');
    expect(codeOf(() => assertHoldsAll(manager, []))).toBeNull();
  });

  it('an admin user is one of type admin or holding the ADMIN role; only admins touch them (ADMIN_ONLY)', () => {
    expect(isAdminUser({ userType: 'user', roleName: 'ADMIN' })).toBe(true);
    expect(isAdminUser({ userType: 'admin', roleName: 'OPERATOR' })).toBe(true);
    expect(isAdminUser({ userType: 'user', roleName: null })).toBe(false);
    expect(codeOf(() => assertMayTouchUsers(manager, [{ userType: 'user', roleName: 'ADMIN' }]))).toBe('ADMIN_ONLY');
    expect(codeOf(() => assertMayTouchUsers(manager, [{ userType: 'user', roleName: 'OPERATOR' }]))).toBeNull();
    expect(codeOf(() => assertMayTouchUsers(admin, [{ userType: 'admin', roleName: 'ADMIN' }]))).toBeNull();
    expect(codeOf(() => assertAdmin(manager))).toBe('ADMIN_ONLY');
  });

  it('the ADMIN role keeps its name and every permission (LAST_ADMIN)', () => {
    expect(codeOf(() => assertAdminRoleIntact('ADMIN', [...PERMISSIONS]))).toBeNull();
    expect(codeOf(() => assertAdminRoleIntact('ADMIN', PERMISSIONS.slice(1)))).toBe('LAST_ADMIN');
    expect(codeOf(() => assertAdminRoleIntact('BOSS', [...PERMISSIONS]))).toBe('LAST_ADMIN');
  });
});
