import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MeasurementDetail, Permission, ShareScope, TrendResponse, TrendTelemetry } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall, type MockAnswer } from '../../app/testing/mockApi';
import { locationOf, renderApp } from '../../app/testing/renderApp';
import { fakeCharts } from '../../charts/chartTestKit';
import { DetailAccessContext, detailAccess } from './detailAccess';
import { MeasurementTrendCard } from './MeasurementTrendCard';
import { blankMeasurement } from './blankMeasurement';
import { defaultCardTelemetry, MEASUREMENT_TREND_RANGES, shareSeriesAsTrend, trendWindow } from './measurementTrendApi';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const ID = 'a0000000000000000000000a';
const OTHER = 'b0000000000000000000000b';
const POINT = 'p0000000000000000000000p';
/** 2026-11-23 12:00 UTC = 15:00 in the test customer's GMT+3. */
const NOW = Date.parse('2026-11-23T12:00:00.000Z');

const measurement = (over: Partial<MeasurementDetail> = {}): MeasurementDetail =>
  blankMeasurement({
    _id: ID,
    createdAt: '2026-11-22T10:00:00.000Z',
    point: { _id: POINT, name: 'Motor', path: ['Plant', 'Motor'] },
    measurementType: 'PERIODIC',
    telemetry: [
      {
        name: 'VRMS_ISO10816',
        telemetry: 'VRMS_ISO10816',
        source: 'accelerometer_x',
        sensor: '',
        value: 2,
        unit: 'mm/s',
        deviceReported: false,
      },
    ],
    ...over,
  });

const tel = (name: string, unit: string): TrendTelemetry => ({
  name,
  unit,
  displayName: name,
  signal: 'accelerometer',
  hidden: false,
  calculated: true,
  telemetrySources: [{ code: 'accelerometer_x' }],
});

const trendAnswer = (name: string, unit: string): TrendResponse => ({
  hasMeasurement: true,
  startDate: '2026-11-16T12:00:00.000Z',
  endDate: '2026-11-23T12:00:00.000Z',
  series: [
    {
      telemetry: { name, unit, displayName: name, signal: 'accelerometer', hidden: false, calculated: true },
      telemetrySources: [{ code: 'accelerometer_x' }, { code: 'accelerometer_y' }],
      total: 3,
      decimated: false,
      data: [
        { value: 1.5, createdAt: '2026-11-21T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: OTHER, note: '' } },
        { value: 2, createdAt: '2026-11-22T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: ID, note: '' } },
        { value: 0.7, createdAt: '2026-11-22T10:00:00.000Z', source: 'accelerometer_y', measurement: { _id: ID, note: '' } },
      ],
    },
  ],
  notes: [],
});

const shareScope = (allowTrend: boolean): ShareScope => ({
  measurementId: ID,
  allowTrend,
  allowImage: false,
  allowAlarmTransactions: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
});

type Routes = Record<string, MockAnswer | ((call: ApiCall) => MockAnswer)>;
const sessionRoutes = (over: Routes = {}): Routes => ({
  [`GET /point/${POINT}/trend/telemetries`]: [200, [tel('GRMS', 'g'), tel('VRMS_ISO10816', 'mm/s'), tel('CREST', '')]],
  [`GET /point/${POINT}/trend`]: (c) => [200, trendAnswer(c.query.get('filters') ?? '', 'mm/s')],
  ...over,
});

function renderCard(access: ReturnType<typeof detailAccess>, m = measurement()) {
  return renderApp(
    [
      {
        path: '/measurement/:id',
        element: (
          <DetailAccessContext.Provider value={access}>
            <MeasurementTrendCard m={m} />
          </DetailAccessContext.Provider>
        ),
      },
    ],
    { initialEntry: `/measurement/${m._id}` },
  );
}
const session = (perms: Permission[]) => detailAccess((p) => perms.includes(p), null);

const trendCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.endsWith('/trend'));

/** Clicks the fake chart at x index `idx`, the cursor at value `y` of the y scale. */
function clickChart(idx: number, y: number) {
  const u = fakeCharts.at(-1)! as unknown as Record<string, unknown> & { over: HTMLElement };
  u.cursor = { idx, top: 100 };
  u.valToPos = (v: number) => 100 + (v - y) * 10;
  u.series = [{}, ...((u.options as { series: unknown[] }).series.slice(1).map(() => ({ show: true })) as object[])];
  act(() => {
    u.over.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MeasurementTrendCard', () => {
  it('logged in with Readtrend: the point trend of VRMS_ISO10816 over the last 168 h, one line per source, a click opens the measurement', async () => {
    const calls = mockApi(sessionRoutes());
    const { router } = renderCard(session(['readMeasurement', 'Readtrend']));
    await screen.findByTestId('measurement-trend-chart');
    expect(screen.getByText('Trend')).toBeTruthy();
    const [call] = trendCalls(calls);
    expect(call!.path).toBe(`/point/${POINT}/trend`);
    expect(call!.query.get('filters')).toBe('VRMS_ISO10816');
    // now in the customer's GMT+3, back 168 h
    expect(call!.query.get('endDate')).toBe('2026-11-23 15:00:00');
    expect(call!.query.get('startDate')).toBe('2026-11-16 15:00:00');
    const chart = fakeCharts.at(-1)!;
    expect(screen.getByTestId('fake-uplot')).toBeTruthy();
    const series = (chart.options.series ?? []).slice(1) as { label?: string }[];
    expect(series.map((s) => s.label)).toEqual(['X axis', 'Y axis']);
    expect((chart.options.axes ?? [])[1]?.label).toBe('mm/s');
    // the time axis: a single time spans the chosen 168 h (not uPlot's guess of years), several their own span
    const xRange = chart.options.scales!.x!.range as (u: unknown, min: number, max: number) => [number, number];
    const t = Date.UTC(2026, 10, 20) / 1000;
    const [from, to] = xRange(null, t, t);
    expect([to - from, to * 1000]).toEqual([168 * 3600, Date.UTC(2026, 10, 23, 12)]);
    expect(xRange(null, t - 60, t)).toEqual([t - 60, t]);
    // x index 0: the other measurement (1.5 mm/s) → its page
    clickChart(0, 1.5);
    await waitFor(() => expect(locationOf(router)).toBe(`/measurement/${OTHER}`));
  });

  it('marks the shown measurement: a vertical line at its time and a ring at each of its values', async () => {
    mockApi(sessionRoutes());
    renderCard(session(['Readtrend']));
    await screen.findByTestId('measurement-trend-chart');
    const chart = fakeCharts.at(-1)!;
    const ctx = {
      save: vi.fn(),
      restore: vi.fn(),
      beginPath: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
      arc: vi.fn(),
      setLineDash: vi.fn(),
    };
    const u = {
      ctx,
      data: chart.data,
      bbox: { left: 0, top: 0, width: 1e12, height: 100 },
      series: [{}, { show: true }, { show: true }],
      valToPos: (v: number, scale: string) => (scale === 'x' ? v : v * 10),
    };
    for (const h of chart.options.hooks?.draw ?? []) (h as (c: unknown) => void)(u);
    const at = Date.parse('2026-11-22T10:00:00.000Z') / 1000;
    expect(ctx.moveTo).toHaveBeenCalledWith(at, 0);
    // the shown measurement's X (2 mm/s) and Y (0.7 mm/s) values, not the other measurement's
    expect(ctx.arc.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [at, 20],
      [at, 7],
    ]);
  });

  it('is hidden without Readtrend and for a measurement without a point', async () => {
    const calls = mockApi(sessionRoutes());
    renderCard(session(['readMeasurement']));
    cleanup();
    renderCard(session(['readMeasurement', 'Readtrend']), measurement({ point: null }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId('measurement-trend')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('share visitor with allowTrend: GET /share/measurement/{id}/trend?hours=168, no session call, clicks stay', async () => {
    const calls = mockApi({
      [`GET /share/measurement/${ID}/trend`]: (c) => [
        200,
        {
          pointId: POINT,
          telemetry: c.query.get('telemetry'),
          series: [
            {
              source: 'accelerometer_x',
              points: [
                { measurementId: OTHER, createdAt: '2026-11-21T10:00:00.000Z', value: 1.5 },
                { measurementId: ID, createdAt: '2026-11-22T10:00:00.000Z', value: 2 },
              ],
            },
          ],
        },
      ],
    });
    const { router } = renderCard(detailAccess(() => false, shareScope(true)));
    await screen.findByTestId('measurement-trend-chart');
    expect(calls.map((c) => c.path)).toEqual([`/share/measurement/${ID}/trend`]);
    expect(calls[0]!.query.get('hours')).toBe('168');
    expect(calls[0]!.query.get('telemetry')).toBe('VRMS_ISO10816');
    // the unit comes from the measurement's own value of the telemetry
    expect((fakeCharts.at(-1)!.options.axes ?? [])[1]?.label).toBe('mm/s');
    clickChart(0, 1.5);
    expect(locationOf(router)).toBe(`/measurement/${ID}`);
  });

  it('share visitor without allowTrend: hidden', async () => {
    const calls = mockApi({});
    renderCard(detailAccess(() => false, shareScope(false)));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId('measurement-trend')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a range change re-fetches with the new range (session: dates, share: hours)', async () => {
    const calls = mockApi(sessionRoutes());
    renderCard(session(['Readtrend']));
    await screen.findByTestId('measurement-trend-chart');
    fireEvent.click(screen.getByText('Day'));
    await waitFor(() => expect(trendCalls(calls)).toHaveLength(2));
    expect(trendCalls(calls)[1]!.query.get('startDate')).toBe('2026-11-22 15:00:00');
    expect(trendCalls(calls)[1]!.query.get('endDate')).toBe('2026-11-23 15:00:00');
    cleanup();

    const shareCalls = mockApi({
      [`GET /share/measurement/${ID}/trend`]: [200, { pointId: POINT, telemetry: 'VRMS_ISO10816', series: [] }],
    });
    renderCard(detailAccess(() => false, shareScope(true)));
    await screen.findByTestId('measurement-trend-empty');
    fireEvent.click(screen.getByText('3 months'));
    await waitFor(() => expect(shareCalls).toHaveLength(2));
    expect(shareCalls[1]!.query.get('hours')).toBe(String(90 * 24));
  });

  it('shows the empty state for no values and the error state for a failed load', async () => {
    mockApi(
      sessionRoutes({
        [`GET /point/${POINT}/trend`]: [200, { ...trendAnswer('VRMS_ISO10816', 'mm/s'), series: [] }],
      }),
    );
    renderCard(session(['Readtrend']));
    await screen.findByText('No values in this range');
    cleanup();
    mockApi(sessionRoutes({ [`GET /point/${POINT}/trend`]: [500, { message: 'Database down' }] }));
    renderCard(session(['Readtrend']));
    await screen.findByTestId('measurement-trend-error');
    expect(screen.getByText('The trend could not be loaded')).toBeTruthy();
  });

  it('defaults to GRMS when the point has no VRMS_ISO10816', async () => {
    const calls = mockApi(
      sessionRoutes({ [`GET /point/${POINT}/trend/telemetries`]: [200, [tel('CREST', ''), tel('GRMS', 'g')]] }),
    );
    renderCard(session(['Readtrend']));
    await screen.findByTestId('measurement-trend-chart');
    expect(trendCalls(calls)[0]!.query.get('filters')).toBe('GRMS');
  });
});

describe('measurement trend helpers', () => {
  it('ranges in hours: hour, 3 h, day, week = 168 h (the default), month, 3 months, year', () => {
    expect(Object.values(MEASUREMENT_TREND_RANGES)).toEqual([1, 3, 24, 168, 720, 2160, 8736]);
  });

  it('the window ends at now in the customer zone', () => {
    expect(trendWindow(3, -270, Date.parse('2026-01-01T02:00:00.000Z'))).toEqual({
      startDate: '2025-12-31 18:30:00',
      endDate: '2025-12-31 21:30:00',
    });
  });

  it('default telemetry: VRMS_ISO10816, else GRMS, else the first', () => {
    expect(defaultCardTelemetry(['GRMS', 'VRMS_ISO10816'])).toBe('VRMS_ISO10816');
    expect(defaultCardTelemetry(['CREST', 'GRMS'])).toBe('GRMS');
    expect(defaultCardTelemetry(['CREST'])).toBe('CREST');
    expect(defaultCardTelemetry([])).toBeUndefined();
  });

  it('a share answer becomes one trend series with every source', () => {
    const s = shareSeriesAsTrend(
      {
        pointId: POINT,
        telemetry: 'VRMS_ISO10816',
        series: [
          { source: 'accelerometer_x', points: [{ measurementId: ID, createdAt: '2026-11-22T10:00:00.000Z', value: 2 }] },
          { source: 'accelerometer_z', points: [{ measurementId: ID, createdAt: '2026-11-22T10:00:00.000Z', value: 3 }] },
        ],
      },
      measurement(),
    );
    expect(s).toHaveLength(1);
    expect(s[0]!.telemetry.unit).toBe('mm/s');
    expect(s[0]!.data.map((d) => [d.source, d.value, d.measurement._id])).toEqual([
      ['accelerometer_x', 2, ID],
      ['accelerometer_z', 3, ID],
    ]);
    expect(shareSeriesAsTrend({ pointId: POINT, telemetry: 'GRMS', series: [] }, measurement())).toEqual([]);
  });
});
