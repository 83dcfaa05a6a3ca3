import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Bearing, MeasurementDetail } from '@overtone/contract';
import { computeDomain, type DomainRequest } from '@overtone/dsp';
import i18n from '../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin, type ApiCall } from '../admin/adminTestKit';
import { SignalCharts } from './SignalCharts';
import { blankPoint } from '../points/blankPoint';
import { blankMeasurement } from './blankMeasurement';
import { charts, computed } from './signalChartsMocks';

/** Fixtures and helpers of the SignalCharts tests (the module mocks: signalChartsMocks.ts). */

/** The API calls of the running test (the answers: {@link setUpSignalChartsTests}; a test may replace them). */
export const recorded = { api: [] as ApiCall[] };

/** A 2D context that records the calls the heat map makes. */
export const canvasCalls: string[] = [];
export function stubCanvas() {
  const ctx = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (name === 'createImageData')
          return (w: number, h: number) => {
            canvasCalls.push(`createImageData ${w}x${h}`);
            return { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
          };
        return () => {
          canvasCalls.push(String(name));
        };
      },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
}

export const FS = 25_600;
export const N = 4096;
export const sine = (f: number, phase = 0) => Array.from({ length: N }, (_, i) => Math.sin((2 * Math.PI * f * i) / FS + phase));
export const SKF_6205: Bearing = {
  _id: '0000000000000000000000c1',
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
export const MEASUREMENT_ID = '0000000000000000000000a1';
export const POINT_ID = '0000000000000000000000b1';

export const measurement: MeasurementDetail = blankMeasurement({
  _id: MEASUREMENT_ID,
  point: { _id: POINT_ID, name: 'Motor', path: ['Plant', 'Motor'] },
  calibratedSamplingRate: FS,
  profile: { sampleSize: N, samplingRate: 7, accelerometerRange: { index: 1, value: 16 } },
  measurementData: [
    { key: 'accelerometer_x', unit: 'g' },
    { key: 'accelerometer_y', unit: 'g' },
  ],
  data: { accelerometer_x: sine(25), accelerometer_y: sine(25, Math.PI / 2) },
});

export const point = blankPoint({
  _id: POINT_ID,
  name: 'Motor',
  tagCode: 'M1',
  parent: 'root',
  path: ['Plant', 'Motor'],
  type: ['Bearing'],
  referenceFrequency: 25,
  bearingBrand: 'SKF',
  bearing: SKF_6205,
  coordinateXAxis: 'zAxis',
  coordinateZAxis: 'xAxis',
  health: 'healthy',
});

export const line = { results: { x: [0, 1, 2, 3], y: [0.1, 0.5, 0.2, 0.1], unit: 'g' } };
export const polar = { r: [0.9, 1, 1.1], phase: [10, 12, 8], r_mean: 1, phase_mean: 10, unit: 'g' };
export const part = { r: [1, 1], phase: [0, 2], r_mean: 1, phase_mean: 1 };

/**
 * Registers the hooks of a SignalCharts test file: English, a fresh record of charts, computations
 * and canvas calls, a user with every permission, the API answers (recorded in `recorded.api`);
 * after each test: no analysis request reached the API (everything is computed in the browser).
 */
export function setUpSignalChartsTests() {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    charts.length = 0;
    canvasCalls.length = 0;
    computed.length = 0;
    stubCanvas();
    loginAs(ALL);
    recorded.api = fakeApi({
      [`GET /point/${POINT_ID}`]: point,
      'POST /vibration/signal/spectrum': line,
      'POST /vibration/signal/envelope': line,
      'POST /vibration/signal/cepstrum': { results: { x: [0, 0.001, 0.002], y: [1, 0.2, 0.4], unit: 'g' } },
      'POST /vibration/signal/spectrogram': (c: ApiCall) => {
        const nfft = (c.body as { nfft: number }).nfft;
        const nf = nfft / 2 + 1;
        return {
          results: {
            f: Array.from({ length: nf }, (_, i) => (i * FS) / nfft),
            t: [0.01, 0.02, 0.03],
            sxx: Array.from({ length: nf }, () => [0.1, 0.2, 0.3]),
            unit: 'g',
          },
        };
      },
      'POST /vibration/signal/auto-correlation': (c: ApiCall) => {
        const lag = (c.body as { lagSize: number }).lagSize;
        return {
          r: Array.from({ length: lag + 1 }, (_, k) => Math.cos(k / 10)),
          lags: Array.from({ length: lag + 1 }, (_, k) => k),
        };
      },
      'POST /vibration/signal/polar-analyze': polar,
      'POST /vibration/signal/orbit-analyze': { ...polar, x: part, y: part },
    });
  });
  afterEach(() => {
    // switching domains, axes and settings sends no request: everything is computed in the browser
    expect(recorded.api.filter((c) => c.path.includes('/vibration/signal'))).toEqual([]);
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** The computations of an analysis (named by its endpoint), in order. */
export const KIND: Record<string, string> = {
  spectrum: 'spectrum',
  envelope: 'envelope',
  cepstrum: 'cepstrum',
  spectrogram: 'spectrogram',
  'auto-correlation': 'autocorrelation',
  'polar-analyze': 'polar',
  'orbit-analyze': 'orbit',
};
export const posts = (endpoint: string) => computed.filter((r) => r.kind === KIND[endpoint]);
export const plain = (v: unknown) => (v instanceof Float64Array ? Array.from(v) : v);
/** A computation's request in the endpoint's body names (signal, samplingRate, referenceFrequency …). */
export const bodies = (endpoint: string) =>
  posts(endpoint).map((r) => {
    const names: Record<string, string> = {
      samplingRateHz: 'samplingRate',
      referenceFrequencyHz: 'referenceFrequency',
      bandHz: 'frequencyRange',
      xlimHz: 'xlim',
    };
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [names[k] ?? k, plain(v)]));
  });
/** What the browser computes for a request (the same function as the server's endpoint). */
export const expected = <R extends DomainRequest>(r: R) => computeDomain(r);
export const X = () => Float64Array.from(measurement.data.accelerometer_x!);
export const measurementGets = () => recorded.api.filter((c) => c.method === 'GET' && c.path.startsWith('/measurement'));

export function renderCharts(referenceFrequencyHz = 25, bearing: Bearing | null = SKF_6205) {
  return renderAdmin(
    <SignalCharts m={measurement} axis="accelerometer_x" referenceFrequencyHz={referenceFrequencyHz} bearing={bearing} />,
  );
}

export async function openDomain(d: string) {
  fireEvent.click(screen.getByTestId(`domain-tab-${d}`));
  await waitFor(() => expect(screen.getByTestId('signal-charts').dataset.domain).toBe(d));
}

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
export async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}
