import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { verifyCaptcha } from '../../app/testing/captcha';
import { mockApi } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { VerifyMfaPage } from './VerifyMfaPage';

vi.mock('altcha', () => ({}));

const notifyError = vi.fn();
const CHALLENGE = { name: 'Grace', surname: 'Hopper', expiresAt: '2030-01-01T10:15:00.000Z' };

const renderPage = (entry = '/verify-mfa/trnx-1?returnUrl=%2Fadmin') => {
  window.history.pushState({}, '', entry);
  return renderApp(
    [
      { path: '/verify-mfa/:id', element: <VerifyMfaPage /> },
      { path: '/admin', element: <div>admin page</div> },
      { path: '/login', element: <div>login page</div> },
      { path: '/', element: <div>home page</div> },
    ],
    { initialEntry: entry },
  );
};

const typeCode = (value: string) => fireEvent.change(screen.getByTestId('mfa-code'), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('VerifyMfaPage (spec 000 §2 second-factor page)', () => {
  it("shows the user's name and surname, a focused code field that keeps six digits", async () => {
    mockApi({ 'GET /auth/customer/verify-mfa/trnx-1': [200, CHALLENGE] });
    renderPage();
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    // the code's expiry in the customer's zone (GMT+3): 10:15 UTC is 13:15 there, whatever the browser's zone
    expect(await screen.findByText(/valid until 13:15\./)).toBeTruthy();
    const input = screen.getByTestId('mfa-code') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    typeCode('12a 3-4');
    expect(input.value).toBe('1234');
    typeCode('Your code: 987 654 321'); // pasted text: digits only, at most six
    expect(input.value).toBe('987654');
  });

  it('asks for the code, six digits and the captcha before calling', async () => {
    const calls = mockApi({ 'GET /auth/customer/verify-mfa/trnx-1': [200, CHALLENGE] });
    renderPage();
    fireEvent.click(await screen.findByTestId('mfa-submit'));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(screen.getByText('Please tick the verification checkbox')).toBeTruthy();
    typeCode('123');
    fireEvent.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a right code stores the session and goes to the returnUrl', async () => {
    const calls = mockApi({
      'GET /auth/customer/verify-mfa/trnx-1': [200, CHALLENGE],
      'POST /auth/customer/verify-mfa': [200, { ...TEST_SESSION, token: 'fresh' }],
    });
    const { router } = renderPage();
    await screen.findByText('Grace Hopper');
    typeCode('123456');
    verifyCaptcha('mfa-captcha', 'pow-1');
    fireEvent.click(screen.getByTestId('mfa-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/admin'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ trnxId: 'trnx-1', code: '123456', reCaptcha: 'pow-1' });
    expect(sessionStore.get()?.token).toBe('fresh');
  });

  it('a wrong code shows the server message, clears the code and asks for a new captcha', async () => {
    mockApi({
      'GET /auth/customer/verify-mfa/trnx-1': [200, CHALLENGE],
      'POST /auth/customer/verify-mfa': [401, { message: 'The code is incorrect', code: 'MFA_CODE_INVALID' }],
    });
    const { router } = renderPage();
    await screen.findByText('Grace Hopper');
    typeCode('111111');
    verifyCaptcha('mfa-captcha', 'pow-1');
    fireEvent.click(screen.getByTestId('mfa-submit'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('The code is incorrect'));
    await waitFor(() => expect((screen.getByTestId('mfa-code') as HTMLInputElement).value).toBe(''));
    expect(locationOf(router)).toBe('/verify-mfa/trnx-1?returnUrl=%2Fadmin');
    expect(sessionStore.get()).toBeNull();
    typeCode('222222');
    fireEvent.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('Please tick the verification checkbox')).toBeTruthy();
  });

  it('a used-up pending login shows the message and the way back to login (keeping the returnUrl)', async () => {
    mockApi({
      'GET /auth/customer/verify-mfa/trnx-1': [200, CHALLENGE],
      'POST /auth/customer/verify-mfa': [
        401,
        { message: 'Too many wrong codes, please log in again', code: 'MFA_TOO_MANY_TRIES' },
      ],
    });
    renderPage();
    await screen.findByText('Grace Hopper');
    typeCode('111111');
    verifyCaptcha('mfa-captcha', 'pow-1');
    fireEvent.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('mfa-ended')).toBeTruthy();
    expect(screen.getAllByText('Too many wrong codes, please log in again').length).toBeGreaterThan(0);
    expect(screen.getByTestId('mfa-back-to-login').getAttribute('href')).toBe('/login?returnUrl=%2Fadmin');
  });

  it('an unknown or expired id shows the message instead of the form', async () => {
    mockApi({ 'GET /auth/customer/verify-mfa/*': [404, { message: 'Not found', code: 'NOT_FOUND' }] });
    renderPage('/verify-mfa/nope');
    expect(await screen.findByTestId('mfa-ended')).toBeTruthy();
    expect(screen.getByText(/log in again to receive a new code/)).toBeTruthy();
    expect(screen.queryByTestId('mfa-code')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
