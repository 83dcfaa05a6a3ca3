import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/** The user menu's password dialog asks for the current password (issue 14) and sends it. */
const notifyError = vi.fn();
let calls: ApiCall[];
const onClose = vi.fn();

const renderDialog = (answer: [number, unknown]) => {
  calls = mockApi({ 'POST /me/password': answer, 'POST /auth/logout': [200, { ok: true }] });
  return renderApp(
    [
      { path: '/', element: <ResetPasswordDialog open onClose={onClose} /> },
      { path: '/login', element: <div>login page</div> },
    ],
    { initialEntry: '/' },
  );
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  onClose.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  sessionStore.set(TEST_SESSION);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fillNew = () => {
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'Long-enough1&' } });
  fireEvent.change(screen.getByTestId('new-password-confirm'), { target: { value: 'Long-enough1&' } });
};

describe('ResetPasswordDialog', () => {
  it('refuses to save without the current password, with a translated message, and sends nothing', async () => {
    renderDialog([200, { message: 'ok' }]);
    // The file's first render (antd's first form) takes seconds on a loaded machine: wait longer than 1 s.
    await screen.findByTestId('current-password', {}, { timeout: 15000 });
    fillNew();
    fireEvent.click(screen.getByTestId('reset-password-save'));
    expect(await screen.findByText('Please enter your current password', {}, { timeout: 15000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/me/password')).toHaveLength(0);
  });

  it('labels the field in every language', async () => {
    renderDialog([200, { message: 'ok' }]);
    await screen.findByTestId('current-password');
    await i18n.changeLanguage('de');
    expect(await screen.findByText('Aktuelles Passwort')).toBeTruthy();
    await i18n.changeLanguage('tr');
    expect(await screen.findByText('Mevcut şifre')).toBeTruthy();
  });

  it('sends the current password with the new one; a refusal keeps the dialog open and the user logged in', async () => {
    const { router } = renderDialog([
      400,
      { errors: [{ msg: 'The current password is incorrect', param: 'currentPassword' }], code: 'CURRENT_PASSWORD_WRONG' },
    ]);
    fireEvent.change(await screen.findByTestId('current-password'), { target: { value: 'Not-my-password1' } });
    fillNew();
    fireEvent.click(screen.getByTestId('reset-password-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/me/password')).toBe(true));
    expect(calls.find((c) => c.path === '/me/password')?.body).toEqual({
      password: 'Long-enough1&',
      currentPassword: 'Not-my-password1',
    });
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(locationOf(router)).toBe('/');
    expect(sessionStore.get()).not.toBeNull();
  });
});
