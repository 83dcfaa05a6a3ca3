import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Bearing, MeasurementDetail, SharedMeasurementDetail } from '@overtone/contract';
import i18n from '../../core/i18n';
import { apiRequest, configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { blankPoint } from '../points/blankPoint';
import { backTarget, hasAppHistory } from './BackButton';
import { blankMeasurement } from './blankMeasurement';
import MeasurementDetailPage, { NOT_FOUND_REDIRECT_MS } from './MeasurementDetailPage';

/**
 * The share-link page (issue 17 item 10): the point's reference frequency and bearing reach the
 * charts, the back arrow never leaves the app, alarm transactions show no raw ids, and a wrong or
 * expired link says so on the page instead of dropping to the login page.
 */

// The charts are another part's; the page hands them the reference frequency and the bearing.
vi.mock('./SignalCharts', () => ({
  SignalCharts: ({ referenceFrequencyHz, bearing }: { referenceFrequencyHz: number; bearing?: Bearing | null }) => (
    <div data-testid="signal-charts" data-reference-hz={referenceFrequencyHz} data-bearing-bpfo={bearing?.bpfo ?? ''} />
  ),
}));

const ID = 'a0000000000000000000000a';
const OTHER = 'b0000000000000000000000b';
const BEARING: Bearing = {
  _id: 'brg1',
  bearing_number: '6205',
  brand: 'SKF',
  bpfo: 3.585,
  bpfi: 5.415,
  bsf: 2.357,
  ftf: 0.398,
  ftfi: 0.602,
  group: 'deep groove ball',
  type: 'DEFAULT',
};

const measurement = (over: Partial<MeasurementDetail> = {}): MeasurementDetail =>
  blankMeasurement({ _id: ID, point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Line 1', 'Motor'] }, ...over });
const shared = (over: Partial<SharedMeasurementDetail> = {}): SharedMeasurementDetail => ({
  ...measurement(),
  pointSettings: {
    referenceFrequency: 24.75,
    referenceFrequencyVariable: false,
    bearing: BEARING,
    coordinateXAxis: 'xAxis',
    coordinateYAxis: 'yAxis',
    coordinateZAxis: 'zAxis',
  },
  ...over,
});
const scope = (over: Record<string, unknown> = {}) => ({
  measurementId: ID,
  allowTrend: false,
  allowImage: false,
  allowAlarmTransactions: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...over,
});
const INVALID = [401, { message: 'This link is invalid or has expired', code: 'SHARE_LINK_INVALID' }] as const;

const renderPage = (entry: string) =>
  renderApp(
    [
      { path: '/', element: <div>home screen</div> },
      { path: '/login', element: <div>login screen</div> },
      { path: '/measurement/:id', element: <MeasurementDetailPage /> },
    ],
    { initialEntry: entry },
  );

const redirectToLogin = vi.fn();
const notifyError = vi.fn();
beforeEach(async () => {
  await i18n.changeLanguage('en');
  redirectToLogin.mockReset();
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('share-link page', { timeout: 30000 }, () => {
  it('charts with the point’s reference frequency and bearing from the shared measurement (no GET /point)', async () => {
    const calls = mockApi({ 'GET /share': [200, scope()], [`GET /share/measurement/${ID}`]: [200, shared()] });
    renderPage(`/measurement/${ID}?token=share-token`);
    const charts = await screen.findByTestId('signal-charts');
    expect(charts.getAttribute('data-reference-hz')).toBe('24.75');
    expect(charts.getAttribute('data-bearing-bpfo')).toBe('3.585');
    // the RPM input shows the point's speed
    const rpm = within(screen.getByTestId('rpm-control')).getByRole('spinbutton') as HTMLInputElement;
    expect(rpm.value).toBe('1485');
    expect(calls.map((c) => c.path).filter((p) => !p.startsWith('/share'))).toEqual([]);
  });

  it('a point with a variable speed gives no reference frequency (as the session page)', async () => {
    const s = shared();
    mockApi({
      'GET /share': [200, scope()],
      [`GET /share/measurement/${ID}`]: [200, { ...s, pointSettings: { ...s.pointSettings!, referenceFrequencyVariable: true } }],
    });
    renderPage(`/measurement/${ID}?token=share-token`);
    expect((await screen.findByTestId('signal-charts')).getAttribute('data-reference-hz')).toBe('0');
  });

  it('hides the back arrow for a visitor who opened the link (no session, no in-app history)', async () => {
    mockApi({ 'GET /share': [200, scope()], [`GET /share/measurement/${ID}`]: [200, shared()] });
    renderPage(`/measurement/${ID}?token=share-token`);
    await screen.findByTestId('measurement-detail');
    expect(screen.queryByTestId('measurement-back')).toBeNull();
  });

  it('the back arrow of a logged-in user opened from outside goes home; after an in-app navigation it goes back', async () => {
    sessionStore.set({ ...TEST_SESSION, permissions: ['readMeasurement'] });
    mockApi({
      [`GET /measurement/${ID}`]: [200, measurement()],
      'GET /point/p1': [200, blankPoint({ _id: 'p1', name: 'Motor', path: ['Plant', 'Line 1'] })],
      [`GET /measurement/${ID}/photo`]: [200, []],
    });
    const first = renderPage(`/measurement/${ID}`);
    fireEvent.click(await screen.findByTestId('measurement-back'));
    await screen.findByText('home screen');
    expect(first.router.state.location.pathname).toBe('/');
    first.unmount();

    const second = renderPage('/');
    await screen.findByText('home screen');
    await act(() => second.router.navigate(`/measurement/${ID}`));
    const back = await screen.findByTestId('measurement-back');
    expect(back.getAttribute('data-target')).toBe('-1');
    fireEvent.click(back);
    await screen.findByText('home screen');
  });

  it('backTarget and hasAppHistory: never the browser’s entry before the app', () => {
    expect(hasAppHistory({ key: 'default' }, null)).toBe(false);
    expect(hasAppHistory({ key: 'x1' }, null)).toBe(true); // memory router
    expect(hasAppHistory({ key: 'x1' }, { idx: 0 })).toBe(false); // browser router, first entry (replaced)
    expect(hasAppHistory({ key: 'x1' }, { idx: 2 })).toBe(true);
    expect(backTarget(true, false)).toBe(-1);
    expect(backTarget(false, true)).toBe('/');
    expect(backTarget(false, false)).toBeNull();
  });

  it('alarm transactions name this measurement instead of showing raw ids', async () => {
    const tx = (id: string, measurementId: string) => ({
      _id: id,
      createdAt: '2024-05-01T10:00:00.000Z',
      name: 'ISO 10816 X axis, class II',
      macAddress: 'CA:B8:31:00:00:02',
      point: { _id: 'p1', name: 'Motor' },
      telemetry: 'VRMS',
      level: { name: 'hazard', order: 2 },
      score: 4.2,
      measurementId,
    });
    mockApi({
      'GET /share': [200, scope({ allowAlarmTransactions: true })],
      [`GET /share/measurement/${ID}`]: [200, shared()],
      [`GET /share/measurement/${ID}/alarm-transactions`]: [
        200,
        { total: 2, pageNumber: 1, pageSize: 10, transactions: [tx('t1', ID), tx('t2', OTHER)] },
      ],
    });
    renderPage(`/measurement/${ID}?token=share-token`);
    const table = await screen.findByTestId('alarm-transactions');
    await within(table).findByText('This measurement');
    expect(within(table).getByText('Another measurement')).toBeTruthy();
    expect(within(table).getAllByText('ISO 10816 X axis, class II')).toHaveLength(2);
    expect(table.textContent).not.toContain(ID);
    expect(table.textContent).not.toContain(OTHER);
  });

  it('a wrong link says so in the reader’s language, with what to do', async () => {
    await i18n.changeLanguage('de');
    mockApi({ 'GET /share': [...INVALID] });
    const { router } = renderPage(`/measurement/${ID}?token=wrong`);
    const page = await screen.findByTestId('share-link-invalid');
    expect(page.textContent).toContain('Dieser Link ist ungültig oder abgelaufen');
    expect(page.textContent).toContain('Bitten Sie die Person, die die Messung geteilt hat, um einen neuen Link.');
    expect(within(page).getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/measurement/${ID}`);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('a link opened on another measurement’s URL (404) is a wrong link: said on the page, never redirected', async () => {
    mockApi({
      'GET /share': [200, scope({ measurementId: OTHER })],
      [`GET /share/measurement/${ID}`]: [404, { message: 'Measurement not found', code: 'MEASUREMENT_NOT_FOUND' }],
    });
    const { router } = renderPage(`/measurement/${ID}?token=share-token`);
    await screen.findByTestId('share-link-invalid');
    await new Promise((r) => setTimeout(r, NOT_FOUND_REDIRECT_MS + 300));
    expect(router.state.location.pathname).toBe(`/measurement/${ID}`);
    expect(screen.getByTestId('share-link-invalid')).toBeTruthy();
  });

  it('a link that expired since the scope was read: the page says so, no logout, no login page', async () => {
    sessionStore.set({ ...TEST_SESSION, permissions: ['readMeasurement'] });
    mockApi({ 'GET /share': [200, scope()], [`GET /share/measurement/${ID}`]: [...INVALID] });
    const { router } = renderPage(`/measurement/${ID}?token=share-token`);
    const page = await screen.findByTestId('share-link-invalid');
    expect(within(page).getByRole('button', { name: 'Open without the link' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/measurement/${ID}`);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(sessionStore.get()?.token).toBe(TEST_SESSION.token);
  });

  it('any share call answering SHARE_LINK_INVALID (an analysis call) tells it and keeps the session', async () => {
    sessionStore.set({ ...TEST_SESSION });
    mockApi({ 'POST /share/vibration/signal/spectrum': [...INVALID] });
    await expect(apiRequest('/share/vibration/signal/spectrum', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'SHARE_LINK_INVALID',
    });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()?.token).toBe(TEST_SESSION.token);
  });
});
