import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Permission } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { locationOf, renderApp } from '../../app/testing/renderApp';
import { dashboardRoutes } from '../dashboard/dashboardTestKit';
import { loginWith } from '../fault-reports/faultReportsTestKit';
import { PLANT } from '../tree/treeFixtures';
import { HomePage } from './HomePage';

// The other tabs are other features' (tested there); stubs show which one is active.
vi.mock('../measurements/MeasurementsTab', () => ({ MeasurementsTab: () => <div data-testid="measurements-stub" /> }));
vi.mock('../routes/RoutesTab', () => ({ RoutesTab: () => <div data-testid="routes-stub" /> }));
vi.mock('../point-detail/PointTab', () => ({
  PointTab: (p: { pointId: string }) => <div data-testid="point-stub" data-point={p.pointId} />,
}));

let calls: ApiCall[];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  calls = mockApi({ 'GET /tree': [200, PLANT], ...dashboardRoutes() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = (permissions: Permission[], entry = '/') => {
  loginWith(permissions);
  return renderApp([{ path: '/', element: <HomePage /> }], { initialEntry: entry });
};
const tabKeys = () => [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].map((t) => t.dataset.nodeKey);
const activeTab = () => document.querySelector<HTMLElement>('.ant-tabs-tab-active')?.dataset.nodeKey;
/** The dashboard is a lazy chunk: its first load (transform included) takes a while in the tests. */
const findDashboard = () => screen.findByTestId('dashboard-tab', {}, { timeout: 15000 });
const checkboxOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
const dashboardCalls = () => calls.filter((c) => c.path.startsWith('/dashboard/'));

describe('HomePage dashboard tab (spec 000 §2, 001 §2)', () => {
  it('with readDashboard the dashboard is the first tab and the default when no point is open', async () => {
    show(['readDashboard', 'readMeasurement', 'readRoute', 'readPoint']);
    await findDashboard();
    expect(tabKeys()).toEqual(['dashboard', 'measurements', 'routes']);
    expect(activeTab()).toBe('dashboard');
    await waitFor(() => expect(dashboardCalls().length).toBeGreaterThan(0));
  });

  it('an open point is shown first; the dashboard stays reachable by its tab', async () => {
    const { router } = show(['readDashboard', 'readMeasurement', 'readPoint'], `/?point=${'a'.repeat(24)}`);
    await screen.findByTestId('point-stub');
    expect(activeTab()).toBe(`point:${'a'.repeat(24)}`);
    expect(dashboardCalls()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('dashboard-tab-label'));
    await findDashboard();
    expect(locationOf(router)).toContain('tab=dashboard');
  });

  it('without readDashboard there is no dashboard tab and no dashboard call', async () => {
    show(['readMeasurement', 'readPoint']);
    await screen.findByTestId('measurements-stub');
    expect(tabKeys()).toEqual(['measurements']);
    expect(screen.queryByTestId('dashboard-tab')).toBeNull();
    await screen.findByTestId('tree-group-Plant');
    expect(dashboardCalls()).toHaveLength(0);
  });

  it('the tree’s checked points filter every dashboard call, also while the tree is hidden', async () => {
    show(['readDashboard', 'readPoint']);
    await screen.findByTestId('tree-group-Plant');
    await findDashboard();
    await waitFor(() => expect(dashboardCalls().length).toBeGreaterThan(0));
    expect(dashboardCalls().every((c) => !c.query.has('points'))).toBe(true);

    fireEvent.click(checkboxOf('tree-node-Motor DE'));
    const checked = 'p-motor';
    await waitFor(() => expect(screen.getByTestId('dashboard-tab').dataset.points).toBe(checked));
    await waitFor(() => {
      const filtered = dashboardCalls().filter((c) => c.query.get('points') === checked);
      expect(new Set(filtered.map((c) => c.path)).size).toBe(9);
    });

    fireEvent.click(screen.getByTestId('tree-toggle'));
    expect(screen.getByTestId('asset-tree').closest('.ant-card')!.getAttribute('style')).toContain('display: none');
    expect(screen.getByTestId('dashboard-tab').dataset.points).toBe(checked);
    fireEvent.click(screen.getByTestId('tree-toggle'));
    expect(screen.getByTestId('tree-selected-count').dataset.count).toBe('1');
  });

  it('every point checked is sent as no filter (the same points, a short URL)', async () => {
    show(['readDashboard', 'readPoint']);
    await screen.findByTestId('tree-group-Plant');
    await findDashboard();
    fireEvent.click(checkboxOf('tree-node-Pump NDE'));
    await waitFor(() => expect(screen.getByTestId('dashboard-tab').dataset.points).toBe('p-pump'));
    fireEvent.click(screen.getByTestId('tree-select-all'));
    await waitFor(() => expect(screen.getByTestId('dashboard-tab').dataset.points).toBe(''));
    expect(screen.getByTestId('tree-selected-count').dataset.count).toBe('2');
  });

  it('reloads the dashboard when the home view is created again, once per visit', async () => {
    loginWith(['readDashboard']);
    const { router } = renderApp([
      { path: '/', element: <HomePage /> },
      { path: '/elsewhere', element: <div data-testid="elsewhere" /> },
    ]);
    const healthCalls = () => dashboardCalls().filter((c) => c.path === '/dashboard/system-health').length;
    await waitFor(() => expect(healthCalls()).toBe(1));
    await act(() => router.navigate('/elsewhere'));
    await screen.findByTestId('elsewhere');
    // back within the 30 s the answers stay fresh: fetched again all the same, once
    await act(() => router.navigate('/'));
    await findDashboard();
    await waitFor(() => expect(healthCalls()).toBe(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(healthCalls()).toBe(2);
  });

  it('reads the dashboard again when its tab is chosen again (a measurement or a repair meanwhile shows at once)', async () => {
    show(['readDashboard', 'readMeasurement', 'readPoint']);
    await findDashboard();
    const healthCalls = () => dashboardCalls().filter((c) => c.path === '/dashboard/system-health').length;
    await waitFor(() => expect(healthCalls()).toBe(1));
    fireEvent.click(screen.getByText('Measurements'));
    await screen.findByTestId('measurements-stub');
    fireEvent.click(screen.getByTestId('dashboard-tab-label'));
    await waitFor(() => expect(healthCalls()).toBe(2));
  });
});
