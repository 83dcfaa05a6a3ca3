import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { RequireAuth } from '../../app/RequireAuth';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { ForgotPasswordPage, LOGOUT_DELAY_S } from './ForgotPasswordPage';

const notifyError = vi.fn();
const ME = {
  userId: TEST_SESSION.userId,
  name: 'Grace',
  surname: 'Hopper',
  email: 'grace@demo.local',
  role: 'user',
  roleName: 'OPERATOR',
  permissions: [],
  passwordChanged: false,
  userGuidingShown: false,
};

const renderPage = (entry = '/forgotpassword?token=link-token') => {
  window.history.pushState({}, '', entry);
  return renderApp(
    [
      { path: '/forgotpassword', element: <ForgotPasswordPage /> },
      { path: '/login', element: <div>login page</div> },
      {
        path: '/',
        element: (
          <RequireAuth>
            <div>home page</div>
          </RequireAuth>
        ),
      },
    ],
    { initialEntry: entry },
  );
};

const password = () => screen.getByTestId('new-password');
const confirm = () => screen.getByTestId('new-password-confirm');
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const rules = () =>
  Object.fromEntries(
    within(screen.getByTestId('password-checklist'))
      .getAllByRole('listitem')
      .map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met') === 'true']),
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('set-new-password page (spec 000 §2, §5)', () => {
  it('without a token in the link or a stored user it goes to login', async () => {
    mockApi({});
    const { router } = renderPage('/forgotpassword');
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
  });

  it("reads the link's token, shows whose password it sets and the policy checklist that follows the typing", async () => {
    const calls = mockApi({ 'GET /me': [200, ME] });
    renderPage();
    expect(await screen.findByText('Grace Hopper · grace@demo.local')).toBeTruthy();
    expect(calls[0]!.headers.token).toBe('link-token');
    // the test customer's policy: 10 characters, lower, upper, special, number
    expect(screen.getByText('Min. Password Length 10')).toBeTruthy();
    expect(screen.getByText('At least one special character (@$!%*#?&)')).toBeTruthy();
    expect(rules()).toEqual({ minLength: false, lowercase: false, uppercase: false, special: false, number: false });
    type(password(), 'abcdefghij');
    await waitFor(() =>
      expect(rules()).toEqual({ minLength: true, lowercase: true, uppercase: false, special: false, number: false }),
    );
    type(password(), 'abcdefghiJ1');
    await waitFor(() =>
      expect(rules()).toEqual({ minLength: true, lowercase: true, uppercase: true, special: false, number: true }),
    );
    type(password(), 'abcdefghiJ1&');
    await waitFor(() => expect(Object.values(rules()).every(Boolean)).toBe(true));
    // the icons follow: five checks, no cross
    expect(screen.getAllByLabelText('met')).toHaveLength(5);
    expect(screen.queryAllByLabelText('not met')).toHaveLength(0);
  });

  it('validates on blur with the spec messages, and clears a message once fixed', async () => {
    mockApi({ 'GET /me': [200, ME] });
    renderPage();
    await screen.findByText('Grace Hopper · grace@demo.local');
    fireEvent.blur(password());
    expect(await screen.findByText('Please input the password')).toBeTruthy();
    type(password(), 'short');
    expect(screen.queryByText('Weak Password')).toBeNull(); // not while typing …
    fireEvent.blur(password());
    expect(await screen.findByText('Weak Password')).toBeTruthy(); // … but on blur
    type(password(), 'Long-enough1&');
    await waitFor(() => expect(screen.queryByText('Weak Password')).toBeNull());
    fireEvent.blur(confirm());
    expect(await screen.findByText('Please input the password again')).toBeTruthy();
    type(confirm(), 'Long-enough1');
    fireEvent.blur(confirm());
    expect(await screen.findByText("Two inputs don't match!")).toBeTruthy();
    type(confirm(), 'Long-enough1&');
    await waitFor(() => expect(screen.queryByText("Two inputs don't match!")).toBeNull());
  });

  it('saves with the link token, shows the message and logs out to /login after 5 s with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      'GET /me': [200, ME],
      'POST /me/password': [200, { message: 'Your password has been set' }],
      'POST /auth/logout': [401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }],
    });
    const { router } = renderPage();
    await screen.findByText('Grace Hopper · grace@demo.local');
    type(password(), 'Long-enough1&');
    type(confirm(), 'Long-enough1&');
    fireEvent.click(screen.getByTestId('set-password-save'));
    expect(await screen.findByText('Your password has been set')).toBeTruthy();
    const save = calls.find((c) => c.path === '/me/password')!;
    expect(save.body).toEqual({ password: 'Long-enough1&' });
    expect(save.headers.token).toBe('link-token');
    expect(screen.getByText(`You will be logged out in ${LOGOUT_DELAY_S} s.`)).toBeTruthy();

    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText(`You will be logged out in ${LOGOUT_DELAY_S - 1} s.`)).toBeTruthy();
    expect(locationOf(router)).toBe('/forgotpassword?token=link-token');
    for (let i = 0; i < LOGOUT_DELAY_S; i++) act(() => void vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
    expect(notifyError).not.toHaveBeenCalled(); // the used link's 401 on logout is no error
  });

  it('a refused password shows the answer and keeps the form', async () => {
    mockApi({
      'GET /me': [200, ME],
      'POST /me/password': [
        400,
        { errors: [{ msg: 'This password is too common, please choose another one', param: 'password' }] },
      ],
    });
    renderPage();
    await screen.findByText('Grace Hopper · grace@demo.local');
    type(password(), 'Password123&');
    type(confirm(), 'Password123&');
    fireEvent.click(screen.getByTestId('set-password-save'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('This password is too common, please choose another one'));
    expect(screen.getByTestId('set-password-save')).toBeTruthy();
  });

  it('an expired or used link shows a message instead of the form', async () => {
    mockApi({ 'GET /me': [401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }] });
    const { router } = renderPage();
    expect(await screen.findByTestId('set-password-link-invalid')).toBeTruthy();
    expect(screen.queryByTestId('new-password')).toBeNull();
    fireEvent.click(screen.getByTestId('set-password-login'));
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
  });

  it('the route guard sends a stored user who must change the password here, and the page uses their token', async () => {
    sessionStore.set({ ...TEST_SESSION, passwordChanged: false });
    const calls = mockApi({ 'GET /me': [200, ME] });
    const { router } = renderPage('/');
    await waitFor(() => expect(locationOf(router)).toBe('/forgotpassword'));
    expect(await screen.findByTestId('set-password-required')).toBeTruthy();
    expect(calls[0]!.headers.token).toBe(TEST_SESSION.token);
  });
});
