import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { verifyCaptcha } from '../../app/testing/captcha';
import { mockApi, type MockAnswer } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_CUSTOMER, TEST_SESSION } from '../../app/testing/renderApp';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { FAILED_ATTEMPTS_HINT, LoginPage } from './LoginPage';

vi.mock('altcha', () => ({}));

const notifyError = vi.fn();

const renderPage = (entry = '/login?returnUrl=%2Fmeasurement%2Fm1') => {
  window.history.pushState({}, '', entry);
  return renderApp(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/verify-mfa/:id', element: <div>mfa page</div> },
      { path: '/measurement/:id', element: <div>measurement page</div> },
    ],
    { initialEntry: entry },
  );
};

const submit = (payload = 'pow') => {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'grace@demo.local' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret123' } });
  verifyCaptcha('login-captcha', payload);
  fireEvent.click(screen.getByTestId('login-submit'));
};

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

describe('LoginPage (spec 000 §4 login flow)', () => {
  it('an account with the second step goes to /verify-mfa/{mfa_id} keeping the returnUrl, without a session', async () => {
    mockApi({
      'POST /auth/customer': [200, { requireMFAVerification: true, mfa_id: 'trnx-9', name: 'Grace', surname: 'Hopper' }],
    });
    const { router } = renderPage();
    submit();
    await waitFor(() => expect(locationOf(router)).toBe('/verify-mfa/trnx-9?returnUrl=%2Fmeasurement%2Fm1'));
    expect(router.state.location.state).toEqual({ name: 'Grace', surname: 'Hopper' });
    expect(sessionStore.get()).toBeNull();
  });

  it('a session answer is stored and the user goes to the returnUrl', async () => {
    const calls = mockApi({ 'POST /auth/customer': [200, TEST_SESSION] });
    const { router } = renderPage();
    submit('pow-7');
    await waitFor(() => expect(locationOf(router)).toBe('/measurement/m1'));
    expect(sessionStore.get()?.token).toBe(TEST_SESSION.token);
    expect(calls[0]!.body).toEqual({ domain: 'localhost', email: 'grace@demo.local', password: 'Secret123', reCaptcha: 'pow-7' });
  });

  it('counts answers with wrongPassword and suggests the forgot-password link after a few', async () => {
    const wrong: MockAnswer = [
      401,
      { message: 'Email or password is incorrect', code: 'WRONG_CREDENTIALS', wrongPassword: true },
    ];
    let answer: MockAnswer = [429, { message: 'Too many failed attempts, please try again later', code: 'TOO_MANY_ATTEMPTS' }];
    mockApi({ 'POST /auth/customer': () => answer });
    renderPage();
    const form = screen.getByTestId('login-form');
    submit();
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
    expect(form.getAttribute('data-failed-attempts')).toBe('0'); // a 429 is no wrong password
    answer = wrong;
    for (let i = 1; i <= FAILED_ATTEMPTS_HINT; i++) {
      submit(`pow-${i}`);
      await waitFor(() => expect(form.getAttribute('data-failed-attempts')).toBe(String(i)));
      if (i < FAILED_ATTEMPTS_HINT) expect(screen.queryByTestId('login-failed-attempts')).toBeNull();
    }
    expect(screen.getByTestId('login-failed-attempts')).toBeTruthy();
    expect(notifyError).toHaveBeenLastCalledWith('Email or password is incorrect');
  });

  it('the forgot-password dialog sends the e-mail and captcha to the customer, shows the answer and closes', async () => {
    const calls = mockApi({ 'POST /forgotpassword/*': [200, { message: 'Check your mailbox' }] });
    const onClose = vi.fn();
    window.history.pushState({}, '', '/login');
    renderApp([{ path: '/login', element: <ForgotPasswordDialog open onClose={onClose} /> }], { initialEntry: '/login' });
    fireEvent.click(await screen.findByTestId('forgot-password-confirm'));
    expect(await screen.findByText('please enter email')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('forgot-password-email'), { target: { value: ' grace@demo.local ' } });
    fireEvent.click(screen.getByTestId('forgot-password-confirm'));
    expect(await screen.findByText('Please tick the verification checkbox')).toBeTruthy();
    verifyCaptcha('forgot-password-captcha', 'pow-f');
    fireEvent.click(screen.getByTestId('forgot-password-confirm'));
    expect(await screen.findByText('Check your mailbox')).toBeTruthy();
    expect(calls[0]!.path).toBe(`/forgotpassword/${TEST_CUSTOMER.id}`);
    expect(calls[0]!.body).toEqual({ email: 'grace@demo.local', reCaptcha: 'pow-f' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the forgot-password dialog stays open and wants a new captcha when the call fails', async () => {
    mockApi({ 'POST /forgotpassword/*': [400, { errors: [{ msg: 'Captcha verification failed, please try again' }] }] });
    const onClose = vi.fn();
    window.history.pushState({}, '', '/login');
    renderApp([{ path: '/login', element: <ForgotPasswordDialog open onClose={onClose} /> }], { initialEntry: '/login' });
    fireEvent.change(await screen.findByTestId('forgot-password-email'), { target: { value: 'grace@demo.local' } });
    verifyCaptcha('forgot-password-captcha', 'pow-f');
    fireEvent.click(screen.getByTestId('forgot-password-confirm'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Captcha verification failed, please try again'));
    fireEvent.click(screen.getByTestId('forgot-password-confirm'));
    expect(await screen.findByText('Please tick the verification checkbox')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
