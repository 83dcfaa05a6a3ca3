import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationItem } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { NotificationBell } from './NotificationBell';

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  _id: 't1',
  createdAt: '2026-03-01T09:30:00.000Z',
  read: false,
  kind: 'metric',
  name: 'GRMS DE',
  level: { name: 'hazard', order: 2 },
  telemetry: 'CREST_STAR',
  source: 'accelerometer_x',
  score: 12,
  macAddress: 'CA:B8:31:00:00:02',
  point: { _id: 'p1', name: 'Pump 1 DE' },
  measurementId: 'm1',
  ...over,
});

let list: NotificationItem[];
let calls: ApiCall[];
const render = (permissions = ['readAlarm']) => {
  sessionStore.set({ ...TEST_SESSION, permissions });
  calls = mockApi({
    'GET /notifications': () => [200, { unread: list.filter((n) => !n.read).length, notifications: list }],
    'POST /notifications/read': (c) => {
      const ids = (c.body as { ids?: string[] }).ids;
      list = list.map((n) => (!ids || ids.includes(n._id) ? { ...n, read: true } : n));
      return [200, { unread: list.filter((n) => !n.read).length }];
    },
  });
  return renderApp([
    { path: '/', element: <NotificationBell /> },
    { path: '/measurement/:id', element: <div>measurement page</div> },
  ]);
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  list = [
    item({}),
    item({
      _id: 't2',
      kind: 'gatewayDisconnected',
      name: 'Senseway disconnected (CA:B8:28:00:00:01)',
      level: { name: 'attention', order: 1 },
      telemetry: 'GATEWAY_DISCONNECTED',
      source: 'gateway',
      macAddress: 'CA:B8:28:00:00:01',
      point: null,
      measurementId: null,
      read: true,
    }),
  ];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('notification bell (preferences alarm.notificationReceivers)', () => {
  it('shows the unread count and lists the notifications in the customer’s zone and format, unread in bold', async () => {
    render();
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications: 1 unread'));
    expect(within(bell).getByText('1')).toBeTruthy();
    fireEvent.click(bell);
    const first = await screen.findByTestId('notification-t1');
    expect(first.textContent).toContain('Hazard');
    expect(first.textContent).toContain('GRMS DE');
    // point · telemetry display name (not the raw code) · 09:30 UTC in GMT+3, DD-MM-YYYY
    expect(first.textContent).toContain('Pump 1 DE · Crest factor* · 01-03-2026 12:30:00');
    expect(first.getAttribute('data-read')).toBe('false');
    expect(first.style.fontWeight).toBe('600');
    const gateway = screen.getByTestId('notification-t2');
    expect(gateway.textContent).toContain('Senseway CA:B8:28:00:00:01 · 01-03-2026 12:30:00');
    expect(gateway.textContent).toContain('Attention');
    expect(gateway.style.fontWeight).toBe('normal');
  });

  it('clicking one marks it read and opens its measurement; "Mark all as read" marks every one', async () => {
    const { router } = render();
    fireEvent.click(await screen.findByTestId('notification-bell'));
    fireEvent.click(await screen.findByTestId('notification-t1'));
    await waitFor(() => expect(locationOf(router)).toBe('/measurement/m1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['t1'] });

    list = list.map((n) => ({ ...n, read: false }));
    cleanup();
    render();
    fireEvent.click(await screen.findByTestId('notification-bell'));
    const all = await screen.findByTestId('notifications-read-all');
    await waitFor(() => expect(all.hasAttribute('disabled')).toBe(false));
    fireEvent.click(all);
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({});
    expect(screen.getByTestId('notification-t2').getAttribute('data-read')).toBe('true');
  });

  it('is not shown (and asks nothing) without readAlarm', async () => {
    render(['readMeasurement']);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says so when there is none, in the user’s language', async () => {
    list = [];
    await i18n.changeLanguage('de');
    render();
    fireEvent.click(await screen.findByTestId('notification-bell'));
    expect(await screen.findByText('Keine Benachrichtigungen')).toBeTruthy();
    expect(screen.getByTestId('notifications-read-all').textContent).toBe('Alle als gelesen markieren');
  });
});
