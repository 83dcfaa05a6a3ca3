import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type uPlot from 'uplot';
import type { AxisKey, MeasurementDetail } from '@overtone/contract';
import i18n from '../../core/i18n';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { fakeCharts, renderWithApp } from '../../charts/chartTestKit';
import { nearestLineIndex } from '../../charts/spectrumMath';
import { spectrumOverlayHook } from '../../charts/spectrumOverlay';
import { blankPoint } from '../points/blankPoint';
import { blankMeasurement } from '../measurement-detail/blankMeasurement';
import { EnvelopePanel } from '../measurement-detail/EnvelopePanel';
import { EVIDENCE_MARK_COLOR, evidenceMarker, evidenceMarkFromSearch, evidencePath } from './evidenceMark';
import MeasurementDetailPage from '../measurement-detail/MeasurementDetailPage';
import { SpectrumPanel } from '../measurement-detail/SpectrumPanel';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

// The page hands the parsed link to the charts: record what they get.
const chartProps = vi.hoisted(() => [] as { axis: AxisKey; mark?: unknown }[]);
vi.mock('../measurement-detail/SignalCharts', () => ({
  SignalCharts: (p: { axis: AxisKey; mark?: unknown }) => {
    chartProps.push(p);
    return <div data-testid="signal-charts" data-axis={p.axis} />;
  },
}));

const xHz = Array.from({ length: 1000 }, (_, i) => i * 0.5); // 0 … 499.5 Hz, 0.5 Hz lines
const y = xHz.map((f) => (f === 162 ? 0.2 : 0.001));
vi.mock('../measurement-detail/measurementApi', async (original) => ({
  ...(await original<typeof import('../measurement-detail/measurementApi')>()),
  useSpectrumQuery: () => ({ isPending: false, isError: false, data: { x: xHz, y, unit: 'g' } }),
  useEnvelopeQuery: () => ({ isPending: false, isError: false, isFetching: false, data: { x: xHz, y, unit: 'g' } }),
}));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
  chartProps.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the evidence link', () => {
  it('is built from an evidence line and read back by the measurement page', () => {
    const path = evidencePath({ measurementId: 'a'.repeat(24), domain: 'envelope', axis: 'y', frequencyHz: 162.187654 });
    expect(path).toBe(`/measurement/${'a'.repeat(24)}?domain=envelope&axis=y&markHz=162.1877`);
    expect(evidenceMarkFromSearch(path.slice(path.indexOf('?')))).toEqual({
      domain: 'envelope',
      axis: 'accelerometer_y',
      markHz: 162.1877,
    });
    expect(evidenceMarkFromSearch('domain=spectrum&axis=z&markHz=29.95')).toEqual({
      domain: 'fft',
      axis: 'accelerometer_z',
      markHz: 29.95,
    });
  });

  it('leaves out the frequency of a statistic and the axis when there is none', () => {
    expect(evidencePath({ measurementId: 'm1', domain: 'time', axis: null, frequencyHz: null })).toBe(
      '/measurement/m1?domain=time',
    );
    expect(evidenceMarkFromSearch('?domain=time')).toEqual({ domain: 'time', axis: null, markHz: null });
  });

  it('ignores unknown or malformed parameters', () => {
    expect(evidenceMarkFromSearch('?domain=cepstrum&axis=w&markHz=abc')).toEqual({ domain: null, axis: null, markHz: null });
    expect(evidenceMarkFromSearch('?markHz=-5')).toEqual({ domain: null, axis: null, markHz: null });
    expect(evidenceMarkFromSearch('?markHz=')).toEqual({ domain: null, axis: null, markHz: null });
    expect(evidenceMarkFromSearch('?markHz=Infinity').markHz).toBeNull();
    expect(evidenceMarkFromSearch('')).toEqual({ domain: null, axis: null, markHz: null });
  });

  it('finds the spectral line nearest to the marked frequency', () => {
    expect(nearestLineIndex([0, 0.5, 1, 1.5], 1.2)).toBe(2);
    expect(nearestLineIndex([0, 0.5, 1, 1.5], 1.3)).toBe(3);
    expect(nearestLineIndex([0, 0.5, 1, 1.5], 99)).toBe(3);
    expect(nearestLineIndex([0, 0.5, 1, 1.5], -1)).toBe(0);
    expect(nearestLineIndex([], 1)).toBeNull();
    expect(nearestLineIndex([0, 1], null)).toBeNull();
  });

  it('draws the marked line with its label on the chart', () => {
    const marker = evidenceMarker(162, 'Evidence 162.00 Hz')!;
    const ops: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) =>
        key in target
          ? target[key]
          : (...args: unknown[]) => ops.push(`${key}(${args.map((a) => (typeof a === 'number' ? Math.round(a) : a)).join(',')})`),
      set: (target, key: string, v) => {
        target[key] = v;
        if (key === 'strokeStyle') ops.push(`stroke=${String(v)}`);
        return true;
      },
    });
    const u = {
      ctx,
      bbox: { left: 0, top: 0, width: 500, height: 200 },
      data: [xHz, y],
      scales: { x: { min: 0, max: 500 } },
      valToPos: (v: number) => v, // 1 px per Hz
    } as unknown as uPlot;
    const theme = { harmonic: '#888', peak: '#f00', text: '#000' } as Parameters<typeof spectrumOverlayHook>[1];
    spectrumOverlayHook(
      () => ({ harmonicsX: [], harmonicLabel: String, activeIndex: null, peakIndex: null, markers: [marker] }),
      theme,
    )(u);
    expect(ops).toContain(`stroke=${EVIDENCE_MARK_COLOR}`);
    expect(ops).toContain('moveTo(162,0)');
    expect(ops).toContain('lineTo(162,200)');
    expect(ops.some((o) => o.startsWith('fillText(Evidence 162.00 Hz,165,'))).toBe(true);
  });
});

const signal = Array.from({ length: 2048 }, (_, i) => Math.sin(i / 3));

describe('the marked line on the spectrum and envelope charts', () => {
  it('marks and selects the line on the FFT without any user action', async () => {
    renderWithApp(
      <SpectrumPanel
        measurementId="m1"
        axis="accelerometer_y"
        signal={signal}
        samplingRateHz={1000}
        referenceFrequencyHz={0}
        markHz={162.1}
      />,
    );
    const plot = await screen.findByTestId('spectrum-plot', {}, { timeout: 10000 });
    expect(plot).toBeTruthy();
    expect(screen.getByTestId('spectrum-panel').getAttribute('data-markers-hz')).toBe('162.1');
    // The nearest line (162 Hz, index 324) is the active one: its readout is shown.
    expect(screen.getByTestId('spectrum-cursor').getAttribute('data-index')).toBe('324');
    expect(screen.getByTestId('spectrum-cursor').textContent).toContain('162.00 Hz');
  });

  it('draws nothing more without a mark', async () => {
    renderWithApp(
      <SpectrumPanel measurementId="m1" axis="accelerometer_y" signal={signal} samplingRateHz={1000} referenceFrequencyHz={0} />,
    );
    await screen.findByTestId('spectrum-plot', {}, { timeout: 10000 });
    expect(screen.getByTestId('spectrum-panel').getAttribute('data-markers-hz')).toBe('');
  });

  it('marks the line on the envelope spectrum, next to the bearing markers', async () => {
    renderApp([
      {
        path: '/',
        element: (
          <EnvelopePanel
            measurementId="m1"
            axis="accelerometer_x"
            signal={signal}
            samplingRateHz={12000}
            referenceFrequencyHz={0}
            bearing={null}
            markHz={162}
          />
        ),
      },
    ]);
    await screen.findByTestId('envelope-plot', {}, { timeout: 10000 });
    expect(screen.getByTestId('envelope-panel').getAttribute('data-markers')).toBe('162');
    expect(screen.getByTestId('envelope-cursor').getAttribute('data-index')).toBe('324');
  });
});

describe('the measurement page with an evidence link', () => {
  it('selects the axis of the link and hands its domain and line to the charts', async () => {
    const ID = 'a0000000000000000000000a';
    sessionStore.set({ ...TEST_SESSION, permissions: ['readMeasurement'] });
    const m: MeasurementDetail = blankMeasurement({
      _id: ID,
      point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Motor'] },
      data: { accelerometer_x: [0, 1, 0, -1], accelerometer_y: [0, 1, 0, -1], accelerometer_z: [0, 1, 0, -1] },
    });
    mockApi({
      [`GET /measurement/${ID}`]: [200, m],
      'GET /point/p1': [200, blankPoint({ _id: 'p1', name: 'Motor', path: ['Plant'] })],
      [`GET /measurement/${ID}/photo`]: [200, []],
      'GET /measurement/tags': [200, []],
    });
    renderApp([{ path: '/measurement/:id', element: <MeasurementDetailPage /> }], {
      initialEntry: `/measurement/${ID}?domain=envelope&axis=y&markHz=162.19`,
    });
    await waitFor(() => expect(screen.getByTestId('signal-charts').getAttribute('data-axis')).toBe('accelerometer_y'));
    expect(chartProps.at(-1)!.mark).toEqual({ domain: 'envelope', axis: 'accelerometer_y', markHz: 162.19 });
  });
});
