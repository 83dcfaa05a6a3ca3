import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import i18n from '../core/i18n';
import { sessionStore } from '../core/session';
import { renderApp, TEST_SESSION } from './testing/renderApp';
import { routes } from './router';

vi.mock('altcha', () => ({}));

/** Chunks that arrive when the test says so (a slow network): each lazy screen's module waits for its gate. */
const gates = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  return { shell: gate(), admin: gate() };
});
vi.mock('./shell/MainShell', async () => {
  await gates.shell.opened;
  return { MainShell: () => <div data-testid="shell">{<Outlet />}</div> };
});
vi.mock('../features/admin/AdminPage', async () => {
  await gates.admin.opened;
  return { AdminPage: () => <div>admin page</div> };
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('route-level code splitting (issue 18 Assets)', () => {
  it('shows the login page at once: it is in the entry chunk, nothing to wait for', () => {
    renderApp(routes, { initialEntry: '/login' });
    expect(screen.getByTestId('login-email')).toBeTruthy();
  });

  it('shows a spinner at once while the shell, then the screen, arrive', async () => {
    sessionStore.set(TEST_SESSION);
    renderApp(routes, { initialEntry: '/admin' });
    // the shell's chunk is on its way: the full-page loading screen, with its text
    expect(screen.getByTestId('loading-screen').textContent).toContain(i18n.t('loading'));
    expect(screen.queryByTestId('shell')).toBeNull();

    await act(async () => gates.shell.open());
    expect(await screen.findByTestId('shell')).toBeTruthy();
    // inside the shell, the admin screen's chunk is on its way: the page spinner
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('shell').querySelector('.ant-spin')).toBeTruthy();
    expect(screen.queryByText('admin page')).toBeNull();

    await act(async () => gates.admin.open());
    expect(await screen.findByText('admin page')).toBeTruthy();
    expect(screen.getByTestId('shell').querySelector('.ant-spin')).toBeNull();
  });
});
