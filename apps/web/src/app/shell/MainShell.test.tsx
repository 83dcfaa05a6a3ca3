import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Tabs } from 'antd';
import i18n, { languageStore } from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { hasPermission, sessionStore, useSession } from '../../core/session';
import { mockApi, type ApiCall } from '../testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../testing/renderApp';
import { MainShell } from './MainShell';

const notifyError = vi.fn();
const ME = {
  userId: TEST_SESSION.userId,
  name: TEST_SESSION.name,
  surname: TEST_SESSION.surname,
  email: 'ada@demo.local',
  role: 'user',
  roleName: 'OPERATOR',
  permissions: TEST_SESSION.permissions,
  passwordChanged: true,
  userGuidingShown: true,
};

/** Stands in for the home page: the parts the tour points at, and a permission-dependent entry. */
function FakeHome() {
  const session = useSession();
  return (
    <>
      <div data-testid="asset-tree">tree</div>
      <Tabs items={[{ key: 'm', label: 'measurements', children: 'list' }]} />
      {hasPermission(session, 'readMeasurement') && <div data-testid="measurements-entry" />}
    </>
  );
}

let me = ME;
let calls: ApiCall[];
const renderShell = (entry = '/') => {
  calls = mockApi({
    'GET /me': () => [200, me],
    'PUT /me/user-guiding-shown': [200, { ok: true }],
    'POST /me/password': [200, { message: 'Password changed' }],
    'POST /auth/logout': [200, { ok: true }],
  });
  window.history.pushState({}, '', entry);
  return renderApp(
    [
      {
        path: '/',
        element: <MainShell />,
        children: [
          { index: true, element: <FakeHome /> },
          { path: 'admin', element: <div>admin page</div> },
        ],
      },
      { path: '/login', element: <div>login page</div> },
    ],
    { initialEntry: entry },
  );
};

const openMenu = async () => {
  fireEvent.click(screen.getByTestId('user-menu'));
  return screen.findByTestId('user-menu-logout');
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  me = ME;
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  sessionStore.set(TEST_SESSION);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('user menu (spec 000 §2 main shell)', () => {
  it("shows the user's name and the admin panel entry for any logged-in user", async () => {
    const { router } = renderShell();
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Ada Lovelace');
    await openMenu();
    fireEvent.click(screen.getByTestId('user-menu-admin'));
    await waitFor(() => expect(locationOf(router)).toBe('/admin'));
  });

  it('switches among the six languages; the choice is stored and sent with the next request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell();
    await openMenu();
    fireEvent.click(screen.getByTestId('user-menu-language'));
    for (const lang of ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw'])
      expect(await screen.findByTestId(`language-${lang}`), lang).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-de'));
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(languageStore.get()).toBe('de');
    fireEvent.click(screen.getByTestId('user-menu'));
    await waitFor(() => expect(screen.getByTestId('user-menu-logout').textContent).toBe('Abmelden'));
    act(() => void vi.advanceTimersByTime(3000));
    window.dispatchEvent(new Event('focus')); // the next request (a session refresh) speaks German
    await waitFor(() => expect(calls.filter((c) => c.path === '/me')).toHaveLength(2));
    expect(calls.at(-1)?.headers.language).toBe('de');
  });

  it('logout tells the server, clears the stored user and goes to /login', async () => {
    const { router } = renderShell();
    await openMenu();
    fireEvent.click(screen.getByTestId('user-menu-logout'));
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
    const logout = calls.find((c) => c.path === '/auth/logout')!;
    expect(logout.headers.token).toBe(TEST_SESSION.token);
    expect(sessionStore.get()).toBeNull();
  });

  it('the reset password dialog sets the password with the checklist and then logs out', async () => {
    const { router } = renderShell();
    await openMenu();
    fireEvent.click(screen.getByTestId('user-menu-reset-password'));
    const pw = await screen.findByTestId('new-password');
    expect(screen.getByTestId('password-checklist')).toBeTruthy();
    fireEvent.change(screen.getByTestId('current-password'), { target: { value: 'Old-password1&' } });
    fireEvent.change(pw, { target: { value: 'Long-enough1&' } });
    fireEvent.change(screen.getByTestId('new-password-confirm'), { target: { value: 'Long-enough1&' } });
    fireEvent.click(screen.getByTestId('reset-password-save'));
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
    expect(calls.find((c) => c.path === '/me/password')?.body).toEqual({
      password: 'Long-enough1&',
      currentPassword: 'Old-password1&',
    });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(sessionStore.get()).toBeNull();
  });
});

describe('share mode (?token=)', () => {
  it('shows the brand without the user menu or the home link to a visitor of a share link', async () => {
    sessionStore.clear();
    renderShell('/?token=share-token-1');
    expect(await screen.findByTestId('customer-brand')).toBeTruthy();
    expect(screen.queryByTestId('user-menu')).toBeNull();
    expect(screen.getByTestId('customer-brand').closest('a')).toBeNull();
    expect(calls.some((c) => c.path === '/me')).toBe(false);
  });
});

describe('onboarding tour', () => {
  it('runs for a session that has not seen it; closing it stores userGuidingShown true', async () => {
    sessionStore.set({ ...TEST_SESSION, userGuidingShown: false });
    me = { ...ME, userGuidingShown: false };
    renderShell();
    expect(await screen.findByText('Welcome to Demo Plant', {}, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('tour-close'));
    await waitFor(() => expect(sessionStore.get()?.userGuidingShown).toBe(true));
    const put = calls.find((c) => c.path === '/me/user-guiding-shown');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ userGuidingShown: true });
  });

  it('walks the tree, the tabs and the user menu, and finishing stores the flag', async () => {
    sessionStore.set({ ...TEST_SESSION, userGuidingShown: false });
    me = { ...ME, userGuidingShown: false };
    renderShell();
    await screen.findByText('Welcome to Demo Plant', {}, { timeout: 3000 });
    for (const title of ['Asset tree', 'Tabs', 'Your menu']) {
      fireEvent.click(document.querySelector('.ant-tour-next-btn')!);
      expect(await screen.findByText(title)).toBeTruthy();
    }
    expect(screen.getByTestId('tour-step').textContent).toBe('4 / 4');
    fireEvent.click(document.querySelector('.ant-tour-next-btn')!); // Finish
    await waitFor(() => expect(sessionStore.get()?.userGuidingShown).toBe(true));
    expect(calls.filter((c) => c.path === '/me/user-guiding-shown')).toHaveLength(1);
  });

  it('restart onboarding tour clears the flag on the server and opens the tour on the home screen', async () => {
    const { router } = renderShell('/admin');
    await openMenu();
    fireEvent.click(screen.getByTestId('user-menu-tour'));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(calls.find((c) => c.path === '/me/user-guiding-shown')?.body).toEqual({ userGuidingShown: false });
    expect(await screen.findByText('Welcome to Demo Plant', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('is not shown once seen', async () => {
    renderShell();
    await act(() => new Promise((r) => setTimeout(r, 900)));
    expect(screen.queryByText('Welcome to Demo Plant')).toBeNull();
  });
});

describe('session refresh (GET /me)', () => {
  it('copies permission and name changes into the stored session at start and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    me = { ...ME, name: 'Augusta' };
    renderShell();
    await waitFor(() => expect(sessionStore.get()?.name).toBe('Augusta'));
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Augusta Lovelace');
    expect(screen.getByTestId('measurements-entry')).toBeTruthy();
    expect(sessionStore.get()?.token).toBe(TEST_SESSION.token);

    me = { ...ME, name: 'Augusta', permissions: [] }; // an admin took readMeasurement away
    act(() => void vi.advanceTimersByTime(3000));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.queryByTestId('measurements-entry')).toBeNull());
    expect(sessionStore.get()?.permissions).toEqual([]);
    expect(calls.filter((c) => c.path === '/me')).toHaveLength(2);
  });

  it('a password reset by an admin sends the user to set a new one', async () => {
    me = { ...ME, passwordChanged: false };
    renderShell();
    await waitFor(() => expect(sessionStore.get()?.passwordChanged).toBe(false));
  });
});
