import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall, type MockAnswer } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { loginWith } from '../fault-reports/faultReportsTestKit';
import { DashboardTab } from './DashboardTab';
import { dashboardWindow } from './dashboardInterval';
import { DASHBOARD_PATHS, MOTOR, NOW, PUMP, dashboardRoutes } from './dashboardTestKit';
import { riskColour } from './riskColour';

let calls: ApiCall[];
const notifyError = vi.fn();

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  loginWith(['readDashboard', 'readAlarm']);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const show = (points: string[] | null = null, override: Record<string, MockAnswer> = {}, onOpenPoint = vi.fn()) => {
  calls = mockApi(dashboardRoutes(override));
  renderApp([{ path: '/', element: <DashboardTab points={points} onOpenPoint={onOpenPoint} /> }]);
  return onOpenPoint;
};
const card = (testId: string) => screen.getByTestId(testId);
const ready = (testId: string) => waitFor(() => expect(card(testId).dataset.state).toBe('ready'));
const callsTo = (path: string) => calls.filter((c) => c.path === path);
const lastQuery = (path: string) => Object.fromEntries(callsTo(path).at(-1)!.query);

describe('DashboardTab', () => {
  it('loads the default 7-day window by day in the customer zone and shows every card', async () => {
    show();
    expect(screen.getByTestId('dashboard-tab')).toBeTruthy();
    for (const id of ['dashboard-system-health', 'dashboard-health-progress', 'dashboard-point-health'])
      expect(card(id).dataset.state).toBe('loading');
    await ready('dashboard-system-health');
    const window = dashboardWindow('7d', 0, NOW, 180);
    expect(window).toMatchObject({ start: '2026-11-20 00:00:00', end: '2026-11-26 23:59:59', unit: 'day' });
    for (const path of ['/dashboard/system-health', '/dashboard/health-progress'])
      expect(lastQuery(path)).toEqual({ start: window.start, end: window.end, unit: 'day' });
    expect(lastQuery('/dashboard/fault-distribution')).toEqual({ start: window.start, end: window.end });
    expect(lastQuery('/dashboard/reports')).toEqual({ pageSize: '10', pageNumber: '1' });
    expect(lastQuery('/alarm-transactions')).toEqual({ pageSize: '10', pageNumber: '1' });
    expect(lastQuery('/dashboard/time-series/alarm-occurence')).toEqual({ dayCount: '30', unit: 'day' });
    expect(screen.getByTestId('dashboard-interval-range').textContent).toBe('20-11-2026 – 26-11-2026');

    // system health with its difference badge
    expect(screen.getByTestId('dashboard-system-health-value').textContent).toBe('82.4');
    const badge = screen.getByTestId('dashboard-health-difference');
    expect(badge.dataset.direction).toBe('up');
    expect(badge.textContent).toContain('▲ +4.3');
    expect(card('dashboard-system-health').textContent).toContain('Points with data: 2');

    // last reports: fault name in the interface language, point, severity, date in the customer's format
    await ready('dashboard-reports');
    expect(screen.getAllByTestId('dashboard-report-fault').map((e) => e.textContent)).toEqual([
      'Bearing failure (outer race)',
      'Unbalance',
    ]);
    expect(screen.getAllByTestId('dashboard-report-point').map((e) => e.textContent)).toEqual(['Pump DE', 'Motor DE']);
    expect(screen.getAllByTestId('dashboard-report-date')[0]!.textContent).toBe('02-01-2030 06:04:05');
    expect(
      within(card('dashboard-reports'))
        .getAllByTestId('severity-tag')
        .map((e) => e.dataset.severity),
    ).toEqual(['hazard', 'critical']);

    // gauge: 3 of 4 evaluated = 75 %
    await ready('dashboard-gauge');
    expect(screen.getByTestId('dashboard-gauge-percent').dataset.percent).toBe('75');
    expect(screen.getByTestId('dashboard-gauge-detail').textContent).toBe('3 of 4 reports evaluated');
    expect(screen.getByTestId('dashboard-gauge-unresolved').textContent).toBe('Awaiting evaluation: 1');

    // point health performance: risk-coloured scores, health tags, last measurement
    await ready('dashboard-point-health');
    const rows = within(card('dashboard-point-health')).getAllByTestId('dashboard-point-row');
    expect(rows.map((r) => within(r).getByTestId('dashboard-point-name').textContent)).toEqual(['Motor DE', 'Pump DE']);
    const scores = within(card('dashboard-point-health')).getAllByTestId('dashboard-score');
    expect(scores.map((s) => [s.dataset.score, s.dataset.colour])).toEqual([
      ['42', riskColour(42)],
      ['95', riskColour(95)],
    ]);
    expect(within(rows[0]!).getByTestId('dashboard-health-tag').dataset.health).toBe('critical');
    expect(rows[0]!.textContent).toContain('26-11-2026 20:00:00');

    // alarm transactions with their point's health score
    await ready('dashboard-alarm-transactions');
    const tx = card('dashboard-alarm-transactions');
    expect(within(tx).getByTestId('dashboard-transaction-point').textContent).toBe('Motor DE');
    expect(within(tx).getByTestId('dashboard-score').dataset.score).toBe('42');
    expect(within(tx).getByTestId('dashboard-health-tag').dataset.health).toBe('critical');

    // statistic cards
    await ready('dashboard-point-recovery');
    expect(screen.getByTestId('dashboard-recovery-improved').dataset.count).toBe('1');
    expect(screen.getByTestId('dashboard-recovery-pending').dataset.count).toBe('1');
    expect(screen.getByTestId('dashboard-alarm-coverage-covered').textContent).toBe('3 of 4 points monitored by an alarm');
    expect(screen.getByTestId('dashboard-recent-health-critical').dataset.count).toBe('1');
    await ready('dashboard-fault-distribution');
    expect(screen.getByTestId('dashboard-fault-distribution-total').textContent).toBe('Reports: 4');
    await ready('dashboard-alarm-intensity');
    await ready('dashboard-health-progress');
    // the charts are drawn by the lazily loaded ECharts (SVG renderer)
    await waitFor(() => expect(document.querySelectorAll('[data-chart="echarts"]').length).toBe(5), { timeout: 15000 });
    const fills = (testId: string) =>
      [...screen.getByTestId(testId).querySelectorAll('path')].map((e) => e.getAttribute('fill')?.toLowerCase());
    expect(fills('dashboard-system-health-chart')).toContain(riskColour(82.44));
    // health progress: one bar per bucket with data, each in the risk colour of its health
    const bars = fills('dashboard-health-progress-chart');
    for (const h of [60, 65, 70, 80, 85, 90]) expect(bars, String(h)).toContain(riskColour(h));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends the tree’s checked points as `points` in every call, and none when nothing is checked', async () => {
    show([PUMP, MOTOR]);
    await ready('dashboard-alarm-transactions');
    await ready('dashboard-alarm-intensity');
    for (const path of DASHBOARD_PATHS) {
      expect(callsTo(path).length, path).toBeGreaterThan(0);
      for (const c of callsTo(path)) expect(c.query.get('points'), path).toBe([MOTOR, PUMP].sort().join(','));
    }
    expect(screen.getByTestId('dashboard-tab').dataset.points).toBe([MOTOR, PUMP].sort().join(','));
    cleanup();
    show([]);
    await ready('dashboard-alarm-transactions');
    for (const path of DASHBOARD_PATHS) for (const c of callsTo(path)) expect(c.query.has('points'), path).toBe(false);
  });

  it('the pager changes the window and its unit, pages back and forward, not past now', async () => {
    show();
    await ready('dashboard-system-health');
    fireEvent.click(screen.getByTestId('dashboard-interval-1y'));
    await waitFor(() => expect(lastQuery('/dashboard/health-progress')).toMatchObject({ unit: 'month' }));
    expect(lastQuery('/dashboard/system-health')).toEqual({
      start: '2025-12-01 00:00:00',
      end: '2026-11-30 23:59:59',
      unit: 'month',
    });
    expect((screen.getByTestId('dashboard-interval-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('dashboard-interval-previous'));
    await waitFor(() =>
      expect(lastQuery('/dashboard/system-health')).toEqual({
        start: '2024-12-01 00:00:00',
        end: '2025-11-30 23:59:59',
        unit: 'month',
      }),
    );
    expect(lastQuery('/dashboard/fault-distribution')).toEqual({ start: '2024-12-01 00:00:00', end: '2025-11-30 23:59:59' });
    expect((screen.getByTestId('dashboard-interval-next') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('dashboard-interval-24h'));
    await waitFor(() =>
      expect(lastQuery('/dashboard/system-health')).toEqual({
        start: '2026-11-25 21:00:00',
        end: '2026-11-26 21:59:59',
        unit: 'hour',
      }),
    );
    fireEvent.click(screen.getByTestId('dashboard-interval-3m'));
    await waitFor(() =>
      expect(lastQuery('/dashboard/health-progress')).toMatchObject({ unit: 'week', start: '2026-08-24 00:00:00' }),
    );
  });

  it('the alarm intensity graph switches between daily and weekly', async () => {
    show();
    await ready('dashboard-alarm-intensity');
    fireEvent.click(screen.getByTestId('dashboard-alarm-intensity-week'));
    await waitFor(() => expect(lastQuery('/dashboard/time-series/alarm-occurence')).toEqual({ dayCount: '182', unit: 'week' }));
  });

  it('a non-200 is only logged: no toast, the card shows its empty state, the others still load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    show(null, {
      'GET /dashboard/system-health': [500, { message: 'boom', code: 'INTERNAL' }],
      'GET /dashboard/reports': [403, { message: 'Forbidden', code: 'FORBIDDEN' }],
      'GET /dashboard/point-health-score': [404, { message: 'Not found', code: 'NOT_FOUND' }],
    });
    await waitFor(() => expect(card('dashboard-system-health').dataset.state).toBe('empty'));
    await waitFor(() => expect(card('dashboard-reports').dataset.state).toBe('empty'));
    await waitFor(() => expect(card('dashboard-gauge').dataset.state).toBe('empty'));
    await waitFor(() => expect(card('dashboard-point-health').dataset.state).toBe('empty'));
    await ready('dashboard-health-progress');
    expect(screen.getByTestId('dashboard-system-health-empty')).toBeTruthy();
    const logged = log.mock.calls.filter((c) => c[0] === 'Error loading data').map((c) => c[1]);
    expect(logged).toEqual(
      expect.arrayContaining(['/dashboard/system-health', '/dashboard/reports', '/dashboard/point-health-score']),
    );
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows empty states when there is no data', async () => {
    show(null, {
      'GET /dashboard/system-health': [200, { health: null, previousHealth: null, difference: null, points: 0 }],
      'GET /dashboard/fault-distribution': [200, []],
      'GET /dashboard/reports': [200, { data: { total: 0, answered: 0, detectionReports: [] } }],
      'GET /dashboard/time-series/alarm-occurence': [
        200,
        [{ start: '2026-11-26T00:00:00+03:00', attention: 0, hazard: 0, critical: 0 }],
      ],
    });
    for (const id of [
      'dashboard-system-health',
      'dashboard-fault-distribution',
      'dashboard-reports',
      'dashboard-gauge',
      'dashboard-alarm-intensity',
    ])
      await waitFor(() => expect(card(id).dataset.state, id).toBe('empty'));
    expect(card('dashboard-gauge').textContent).toContain('No reports to evaluate');
  });

  it('without readAlarm the transactions are not fetched and the card says why', async () => {
    loginWith(['readDashboard']);
    show();
    await ready('dashboard-point-health');
    expect(card('dashboard-alarm-transactions').dataset.state).toBe('empty');
    expect(card('dashboard-alarm-transactions').textContent).toContain('You are not allowed to see alarm transactions');
    expect(callsTo('/alarm-transactions')).toHaveLength(0);
  });

  it('opens a point from the health table and the reports; previews a report as PDF', async () => {
    const onOpenPoint = show();
    await ready('dashboard-point-health');
    fireEvent.click(within(card('dashboard-point-health')).getAllByTestId('dashboard-point-row')[1]!);
    expect(onOpenPoint).toHaveBeenLastCalledWith(PUMP);
    await ready('dashboard-reports');
    fireEvent.click(screen.getAllByTestId('dashboard-report-point')[1]!);
    expect(onOpenPoint).toHaveBeenLastCalledWith(MOTOR);
    fireEvent.click(screen.getAllByTestId('dashboard-report-preview')[0]!);
    await screen.findByTestId('pdf-preview-dialog');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/pdf'))).toBe(true));
  });

  it('speaks the interface language (Turkish by default)', async () => {
    await i18n.changeLanguage('tr');
    show();
    await ready('dashboard-reports');
    expect(screen.getAllByTestId('dashboard-report-fault')[1]!.textContent).toBe('Dengesizlik');
    expect(card('dashboard-system-health').textContent).toContain('Sistem sağlığı');
    expect(screen.getByTestId('dashboard-interval-7d').textContent).toBe('7 gün');
  });
});
