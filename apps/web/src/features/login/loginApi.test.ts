import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api/ApiError';
import { isWrongPassword, returnUrlQuery, safeReturnUrl } from './loginApi';

describe('safeReturnUrl', () => {
  it('keeps paths of the application', () => {
    expect(safeReturnUrl('/measurement/abc?tab=x#y')).toBe('/measurement/abc?tab=x#y');
    expect(safeReturnUrl('/admin')).toBe('/admin');
    expect(safeReturnUrl('/login-history')).toBe('/login-history');
  });

  it('refuses other sites and the open auth pages', () => {
    for (const bad of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'admin'])
      expect(safeReturnUrl(bad), String(bad)).toBe('/');
    for (const open of ['/login', '/login?returnUrl=%2F', '/verify-mfa/abc', '/forgotpassword', '/forgotpassword?token=t'])
      expect(safeReturnUrl(open), open).toBe('/');
  });
});

describe('returnUrlQuery', () => {
  it('encodes the return URL or gives nothing', () => {
    expect(returnUrlQuery('/measurement/a?b=1')).toBe('?returnUrl=%2Fmeasurement%2Fa%3Fb%3D1');
    expect(returnUrlQuery(null)).toBe('');
  });
});

describe('isWrongPassword', () => {
  it("reads the failed login's wrongPassword flag", () => {
    const body = { message: 'Email or password is incorrect', code: 'WRONG_CREDENTIALS', wrongPassword: true };
    expect(isWrongPassword(new ApiError(401, 'x', 'WRONG_CREDENTIALS', [], body))).toBe(true);
    expect(isWrongPassword(new ApiError(401, 'x', 'WRONG_CREDENTIALS', [], { ...body, wrongPassword: false }))).toBe(false);
    expect(isWrongPassword(new ApiError(429, 'x', 'TOO_MANY_ATTEMPTS', [], { message: 'x' }))).toBe(false);
    expect(isWrongPassword(new Error('x'))).toBe(false);
  });
});
