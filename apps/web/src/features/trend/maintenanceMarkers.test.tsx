import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import type { MaintenanceRecord, TrendResponse, TrendTelemetry } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { fakeCharts } from '../../charts/chartTestKit';
import { IMPROVED, record } from '../maintenance/maintenanceTestKit';
import { maintenanceMarkers } from '../maintenance/maintenanceModel';
import { drawMaintenanceMarkers, type MarkerChart } from './maintenanceMarkers';
import { TrendPanel } from './TrendPanel';

// the two cores are shared with other test runs: give the dialogs and queries time (not a code limit)
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const POINT = '65f0c0ffee00000000000001';
/** 2026-11-20 10:00 UTC, s */
const T0 = Date.UTC(2026, 10, 20, 10) / 1000;

/** A canvas context that records the vertical lines and texts drawn. */
function recordingCtx() {
  const lines: { x: number; y0: number; y1: number; color: string; dashed: boolean }[] = [];
  const texts: { text: string; x: number; color: string; align: string }[] = [];
  let path: [number, number][] = [];
  let dash: number[] = [];
  const ctx = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    save: vi.fn(),
    restore: vi.fn(),
    setLineDash: (d: number[]) => (dash = d),
    beginPath: () => (path = []),
    moveTo: (x: number, y: number) => path.push([x, y]),
    lineTo: (x: number, y: number) => path.push([x, y]),
    closePath: vi.fn(),
    fill: vi.fn(),
    stroke: () => {
      const [[x0, y0], [x1, y1]] = path as [[number, number], [number, number]];
      if (x0 === x1) lines.push({ x: x0, y0, y1, color: ctx.strokeStyle, dashed: dash.length > 0 });
    },
    measureText: (text: string) => ({ width: text.length * 6 }),
    fillText: (text: string, x: number) => texts.push({ text, x, color: ctx.fillStyle, align: ctx.textAlign }),
  };
  return { ctx, lines, texts };
}

/** A chart 1000 px wide from T0 to T0 + 10 days, plot box 50…1050 × 10…410. */
function chart(ctx: ReturnType<typeof recordingCtx>['ctx']): MarkerChart {
  const min = T0;
  const max = T0 + 10 * 86_400;
  return {
    ctx: ctx as unknown as CanvasRenderingContext2D,
    bbox: { left: 50, top: 10, width: 1000, height: 400 },
    scales: { x: { min, max } },
    valToPos: (v: number) => 50 + ((v - min) / (max - min)) * 1000,
  };
}

const RECORDS: MaintenanceRecord[] = [
  // GMT+3 wall clock: 2026-11-22 13:00 is 10:00 UTC, two days after T0 → x = 250
  record(1, { title: 'Bearing replaced', status: 'completed', maintenanceStartDate: '2026-11-22 13:00:00', verdict: IMPROVED }),
  record(2, { title: 'Realignment of the motor and pump coupling', maintenanceStartDate: '2026-11-30 01:00:00' }), // x = 1000
  record(3, { title: 'Before the range', status: 'completed', maintenanceStartDate: '2026-11-01 00:00:00' }),
]; // prettier-ignore

describe('drawMaintenanceMarkers', () => {
  it('draws a dashed line over the plot at each start in the shown range, coloured by the verdict, with its title', () => {
    const { ctx, lines, texts } = recordingCtx();
    const drawn = drawMaintenanceMarkers(chart(ctx), maintenanceMarkers(RECORDS, 180), '12px sans-serif', 1);
    expect(drawn.map((m) => m.title)).toEqual(['Bearing replaced', 'Realignment of the motor and pump coupling']);
    expect(lines).toEqual([
      { x: 250, y0: 10, y1: 410, color: '#52c41a', dashed: true }, // improved: green
      { x: 1000, y0: 10, y1: 410, color: '#fa8c16', dashed: true }, // continues: orange
    ]);
    expect(texts[0]).toEqual({ text: 'Bearing replaced', x: 258, color: '#52c41a', align: 'left' });
    // a long title is cut, and near the right edge it goes left of its line
    expect(texts[1]).toEqual({ text: 'Realignment of the motor an…', x: 996, color: '#fa8c16', align: 'right' });
    expect(ctx.save).toHaveBeenCalledTimes(1);
    expect(ctx.restore).toHaveBeenCalledTimes(1);
  });

  it('draws nothing without markers in range or without a scale', () => {
    const { ctx, lines } = recordingCtx();
    expect(drawMaintenanceMarkers(chart(ctx), maintenanceMarkers([RECORDS[2]!], 180), '12px sans-serif', 1)).toEqual([]);
    expect(drawMaintenanceMarkers({ ...chart(ctx), scales: {} }, maintenanceMarkers(RECORDS, 180), '12px sans-serif')).toEqual(
      [],
    );
    expect(lines).toEqual([]);
    expect(ctx.save).not.toHaveBeenCalled();
  });
});

const TELEMETRIES: TrendTelemetry[] = [
  {
    name: 'VRMS_ISO10816',
    unit: 'mm/s',
    displayName: 'VRMS ISO10816',
    signal: 'accelerometer',
    hidden: false,
    calculated: true,
    telemetrySources: [{ code: 'accelerometer_x' }],
  },
];
const TREND: TrendResponse = {
  hasMeasurement: true,
  startDate: '2026-10-24T21:00:00.000Z',
  endDate: '2026-11-23T20:59:59.000Z',
  series: [
    {
      telemetry: { name: 'VRMS_ISO10816', unit: 'mm/s', displayName: 'VRMS', signal: 'accelerometer', hidden: false, calculated: true },
      telemetrySources: [{ code: 'accelerometer_x' }],
      total: 2,
      decimated: false,
      data: [
        { value: 7.1, createdAt: '2026-11-20T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: 'c'.repeat(24), note: '' } },
        { value: 1.8, createdAt: '2026-11-24T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: 'd'.repeat(24), note: '' } },
      ],
    },
  ],
  notes: [],
}; // prettier-ignore

describe('the trend panel', () => {
  let calls: ApiCall[];
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    fakeCharts.length = 0;
    configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
    calls = mockApi({
      'GET /point/*/trend/telemetries': [200, TELEMETRIES],
      'GET /point/*/trend': [200, TREND],
      'GET /maintenances': [200, RECORDS],
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("draws the point's maintenance records on the chart, with readMaintenance", async () => {
    sessionStore.set({ ...TEST_SESSION, permissions: ['Readtrend', 'readMaintenance'] });
    renderApp([{ path: '/', element: <TrendPanel pointId={POINT} /> }]);
    expect(await screen.findByTestId('trend-maintenance-legend')).toBeTruthy();
    expect(calls.find((c) => c.path === '/maintenances')!.query.get('pointId')).toBe(POINT);
    const { ctx, lines } = recordingCtx();
    const u = { ...chart(ctx), series: [] };
    await waitFor(() => {
      lines.length = 0;
      for (const hook of fakeCharts.at(-1)!.options.hooks?.draw ?? []) (hook as (c: unknown) => void)(u);
      expect(lines.map((l) => [l.x, l.color])).toEqual([
        [250, '#52c41a'],
        [1000, '#fa8c16'],
      ]);
    });
  });

  it('asks for no maintenance records without readMaintenance', async () => {
    sessionStore.set({ ...TEST_SESSION, permissions: ['Readtrend'] });
    renderApp([{ path: '/', element: <TrendPanel pointId={POINT} /> }]);
    await screen.findByTestId('trend-chart');
    expect(calls.filter((c) => c.path === '/maintenances')).toHaveLength(0);
    expect(screen.queryByTestId('trend-maintenance-legend')).toBeNull();
  });
});
