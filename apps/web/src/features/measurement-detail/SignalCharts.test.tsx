import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { AxisKey, Bearing, MeasurementDetail } from '@overtone/contract';
import { computeDomain, type DomainRequest } from '@overtone/dsp';
import i18n from '../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin, type ApiCall } from '../admin/adminTestKit';
import { SignalCharts } from './SignalCharts';
import { blankPoint } from '../points/blankPoint';

/** uPlot needs a real canvas: a stand-in that records the charts and their data. */
const charts = vi.hoisted(() => [] as { data: unknown[]; destroyed: boolean }[]);
vi.mock('uplot', () => ({
  default: class FakeUplot {
    data: unknown[];
    destroyed = false;
    width = 600;
    height = 300;
    over: HTMLDivElement;
    bbox = { left: 0, top: 0, width: 600, height: 300 };
    scales = { x: { min: 0, max: 1 }, y: { min: 0, max: 1 } };
    constructor(_opts: unknown, data: unknown[], el: HTMLElement) {
      this.data = data;
      this.over = document.createElement('div');
      el.appendChild(this.over);
      charts.push(this);
    }
    setData(d: unknown[]) {
      this.data = d;
    }
    setSize() {}
    setScale() {}
    setCursor() {}
    redraw() {}
    valToPos() {
      return 0;
    }
    posToVal() {
      return 0;
    }
    destroy() {
      this.destroyed = true;
    }
  },
}));

/**
 * Every domain is computed in the browser (docs/signals.md): the real computation, each request
 * recorded. No analysis request may reach the API (checked after every test).
 */
const computed = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('./domains/domainClient', async (importOriginal) => {
  const real = await importOriginal<typeof import('./domains/domainClient')>();
  return {
    ...real,
    computeInBrowser: (r: Record<string, unknown>) => {
      computed.push(r);
      return real.computeInBrowser(r as never);
    },
  };
});

/** A 2D context that records the calls the heat map makes. */
const canvasCalls: string[] = [];
function stubCanvas() {
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

const FS = 25_600;
const N = 4096;
const sine = (f: number, phase = 0) => Array.from({ length: N }, (_, i) => Math.sin((2 * Math.PI * f * i) / FS + phase));
const SKF_6205: Bearing = {
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
const MEASUREMENT_ID = '0000000000000000000000a1';
const POINT_ID = '0000000000000000000000b1';

const measurement: MeasurementDetail = {
  _id: MEASUREMENT_ID,
  createdAt: '2024-05-01T10:00:00.000Z',
  user: null,
  point: { _id: POINT_ID, name: 'Motor', path: ['Plant', 'Motor'] },
  gateway: 'CA:B8:28:00:00:01',
  measurementType: 'MANUAL',
  macAddress: 'CA:B8:31:00:00:02',
  favorite: false,
  tags: [],
  upload: false,
  partial: false,
  error: null,
  state: 'persisted',
  note: '',
  device: { type: 'SENSEWAY' },
  calibratedSamplingRate: FS,
  startedAt: null,
  profile: { sampleSize: N, samplingRate: 7, accelerometerRange: { index: 1, value: 16 } },
  measurementData: [
    { key: 'accelerometer_x', unit: 'g' },
    { key: 'accelerometer_y', unit: 'g' },
  ],
  data: { accelerometer_x: sine(25), accelerometer_y: sine(25, Math.PI / 2) },
  telemetry: [],
} as MeasurementDetail;

const point = blankPoint({
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

const line = { results: { x: [0, 1, 2, 3], y: [0.1, 0.5, 0.2, 0.1], unit: 'g' } };
const polar = { r: [0.9, 1, 1.1], phase: [10, 12, 8], r_mean: 1, phase_mean: 10, unit: 'g' };
const part = { r: [1, 1], phase: [0, 2], r_mean: 1, phase_mean: 1 };

let api: ApiCall[];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  charts.length = 0;
  canvasCalls.length = 0;
  computed.length = 0;
  stubCanvas();
  loginAs(ALL);
  api = fakeApi({
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
  expect(api.filter((c) => c.path.includes('/vibration/signal'))).toEqual([]);
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The computations of an analysis (named by its endpoint), in order. */
const KIND: Record<string, string> = {
  spectrum: 'spectrum',
  envelope: 'envelope',
  cepstrum: 'cepstrum',
  spectrogram: 'spectrogram',
  'auto-correlation': 'autocorrelation',
  'polar-analyze': 'polar',
  'orbit-analyze': 'orbit',
};
const posts = (endpoint: string) => computed.filter((r) => r.kind === KIND[endpoint]);
const plain = (v: unknown) => (v instanceof Float64Array ? Array.from(v) : v);
/** A computation's request in the endpoint's body names (signal, samplingRate, referenceFrequency …). */
const bodies = (endpoint: string) =>
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
const expected = <R extends DomainRequest>(r: R) => computeDomain(r);
const X = () => Float64Array.from(measurement.data.accelerometer_x!);
const measurementGets = () => api.filter((c) => c.method === 'GET' && c.path.startsWith('/measurement'));

function renderCharts(referenceFrequencyHz = 25, bearing: Bearing | null = SKF_6205) {
  return renderAdmin(
    <SignalCharts m={measurement} axis="accelerometer_x" referenceFrequencyHz={referenceFrequencyHz} bearing={bearing} />,
  );
}

async function openDomain(d: string) {
  fireEvent.click(screen.getByTestId(`domain-tab-${d}`));
  await waitFor(() => expect(screen.getByTestId('signal-charts').dataset.domain).toBe(d));
}

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

describe('SignalCharts: the domain switch', () => {
  it('offers the eight domains in the spec order, FFT first open, and shows each with the signal of the detail, never loading the measurement again', async () => {
    renderCharts();
    expect(screen.getByTestId('signal-charts').dataset.domain).toBe('fft');
    const tabs = [...screen.getAllByRole('tab')].map((t) => t.textContent);
    expect(tabs).toEqual(['Time', 'FFT', 'Cepstrum', 'Envelope', 'Spectrogram', 'Polar', 'Orbit', 'Autocorrelation']);

    const panels: [string, string, string][] = [
      ['fft', 'spectrum', ''],
      ['cepstrum', 'cepstrum', 'cepstrum-chart'],
      ['envelope', 'envelope', 'envelope-panel'],
      ['spectrogram', 'spectrogram', 'spectrogram-chart'],
      ['polar', 'polar-analyze', 'polar-chart'],
      ['orbit', 'orbit-analyze', 'orbit-chart'],
      ['autoCorrelation', 'auto-correlation', 'autocorrelation-chart'],
    ];
    for (const [domain, endpoint, testId] of panels) {
      await openDomain(domain);
      await waitFor(() => expect(posts(endpoint).length).toBe(1));
      if (testId) await screen.findByTestId(testId);
      expect(bodies(endpoint)[0].signal).toEqual(measurement.data.accelerometer_x);
    }
    expect(bodies('orbit-analyze')[0].signal2).toEqual(measurement.data.accelerometer_y);
    for (const endpoint of ['spectrogram', 'cepstrum', 'envelope', 'polar-analyze', 'orbit-analyze'])
      expect(bodies(endpoint)[0].samplingRate).toBe(FS);

    // Back to a visited domain: kept as it was, from the cache.
    await openDomain('cepstrum');
    expect(posts('cepstrum').length).toBe(1);
    expect(measurementGets()).toEqual([]);
  }, 30_000);

  it('on an axis change computes the visible domain only, and a hidden one on its next visit, from the detail’s samples', async () => {
    function Harness() {
      const [axis, setAxis] = useState<AxisKey>('accelerometer_x');
      return (
        <>
          <button data-testid="to-y" onClick={() => setAxis('accelerometer_y')} />
          <SignalCharts m={measurement} axis={axis} referenceFrequencyHz={25} bearing={SKF_6205} />
        </>
      );
    }
    renderAdmin(<Harness />);
    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(1));
    await openDomain('autoCorrelation');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(1));

    fireEvent.click(screen.getByTestId('to-y'));
    await waitFor(() => expect(posts('auto-correlation').length).toBe(2));
    expect(bodies('auto-correlation')[1].signal).toEqual(measurement.data.accelerometer_y);
    expect(posts('cepstrum').length).toBe(1);

    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(2));
    expect(bodies('cepstrum')[1].signal).toEqual(measurement.data.accelerometer_y);
    expect(measurementGets()).toEqual([]);
  }, 20_000);

  it('labels the axes by the point’s coordinate-axis mapping', async () => {
    renderCharts();
    // accelerometer_x is mounted as the machine's Z axis on this point.
    await waitFor(() => expect(screen.getByTestId('domain-axis').textContent).toBe('Z axis'));
    await openDomain('orbit');
    const first = screen.getByTestId('orbit-axis-1');
    expect(first.textContent).toContain('Z axis');
    expect(screen.getByTestId('orbit-axis-2').textContent).toContain('Y axis');
  });

  it('reloads a chart on a window change with one analysis request and no measurement request', async () => {
    renderCharts();
    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(1));
    expect(bodies('cepstrum')[0].window).toBe('hanning');
    await pick('cepstrum-window', 'Hamming');
    await waitFor(() => expect(posts('cepstrum').length).toBe(2));
    expect(bodies('cepstrum')[1]).toMatchObject({ window: 'hamming', signal: measurement.data.accelerometer_x });
    const want = expected({ kind: 'cepstrum', signal: X(), samplingRateHz: FS, window: 'hamming', removeDc: true });
    await waitFor(() => expect(charts.at(-1)!.data[1]).toEqual(Float64Array.from(want.y)));
    expect(measurementGets()).toEqual([]);
  });
});

describe('Envelope', () => {
  it('limits the band-pass slider to 100 … fs/2 − 50 Hz and sends the default band', async () => {
    renderCharts();
    await openDomain('envelope');
    const panel = await screen.findByTestId('envelope-panel');
    expect(panel.dataset.limits).toBe(`100,${FS / 2 - 50}`);
    const handles = within(panel).getAllByRole('slider');
    expect(handles[0].getAttribute('aria-valuemin')).toBe('100');
    expect(handles[0].getAttribute('aria-valuemax')).toBe(String(FS / 2 - 50));
    await waitFor(() => expect(posts('envelope').length).toBe(1));
    expect(bodies('envelope')[0]).toMatchObject({ frequencyRange: [500, 6000], xlim: 2500 });
  });

  it('places BPFO, BPFI, FTF and BSF at k · order · reference frequency, with a harmonics choice up to 10', async () => {
    renderCharts(25);
    await openDomain('envelope');
    const faults = await screen.findByTestId('envelope-faults');
    expect([...within(faults).getAllByRole('button')].map((b) => b.textContent)).toEqual(['BPFO', 'BPFI', 'FTF', 'BSF']);
    const panel = screen.getByTestId('envelope-panel');
    expect(panel.dataset.markers).toBe('');

    fireEvent.click(screen.getByTestId('envelope-fault-bpfo'));
    const bpfo = [1, 2, 3, 4, 5].map((k) => Number((k * 3.585 * 25).toFixed(6)));
    await waitFor(() => expect(panel.dataset.markers).toBe(bpfo.join(' ')));

    fireEvent.click(screen.getByTestId('envelope-fault-ftf'));
    const ftf = [1, 2, 3, 4, 5].map((k) => Number((k * 0.398 * 25).toFixed(6)));
    await waitFor(() => expect(panel.dataset.markers).toBe(`${bpfo.join(' ')};${ftf.join(' ')}`));

    await pick('envelope-fault-harmonics', '10');
    await waitFor(() => expect(panel.dataset.markers!.split(';')[0].split(' ')).toHaveLength(10));
    expect(Number(panel.dataset.markers!.split(';')[0].split(' ')[9])).toBeCloseTo(10 * 3.585 * 25, 6);
    // Markers are drawn over the result: no new envelope request.
    expect(posts('envelope').length).toBe(1);
  });

  it('offers no fault buttons without a reference frequency or without a bearing', async () => {
    renderCharts(0);
    await openDomain('envelope');
    await screen.findByTestId('envelope-panel');
    expect(screen.queryByTestId('envelope-faults')).toBeNull();
    cleanup();
    renderCharts(25, null);
    await openDomain('envelope');
    await screen.findByTestId('envelope-panel');
    expect(screen.queryByTestId('envelope-faults')).toBeNull();
  });

  it('FFT: a point with a gearbox gets the gear-mesh button from its form (teeth × reference frequency)', async () => {
    api = fakeApi({
      [`GET /point/${POINT_ID}`]: { ...point, type: ['Bearing', 'GearBox'], numberOfGearTeethAtDriverShaft: 23 },
      'POST /vibration/signal/spectrum': line,
    });
    renderCharts(25);
    const gmf = await screen.findByTestId('spectrum-gear-mesh-1', {}, { timeout: 10000 });
    expect(Number(gmf.getAttribute('data-frequency-hz'))).toBeCloseTo(23 * 25, 9);
    cleanup();
    api = fakeApi({ [`GET /point/${POINT_ID}`]: point, 'POST /vibration/signal/spectrum': line });
    renderCharts(25);
    await screen.findByTestId('spectrum-fault-bpfo', {}, { timeout: 10000 });
    expect(screen.queryByTestId('spectrum-gear-mesh')).toBeNull();
  });
});

describe('Polar and orbit', () => {
  it('polar: a reference frequency of 0 shows the red hint and sends nothing; a typed one draws the chart', async () => {
    renderCharts(0);
    await openDomain('polar');
    const hint = await screen.findByTestId('polar-reference-hint');
    expect(hint.textContent).toBe('Please enter the rotation speed (reference frequency) of the machine.');
    expect(hint.closest('.ant-typography-danger')).not.toBeNull();
    expect(posts('polar-analyze')).toEqual([]);

    const input = screen.getByTestId('polar-reference');
    fireEvent.change(input, { target: { value: '24.5' } });
    await waitFor(() => expect(posts('polar-analyze').length).toBe(1));
    expect(bodies('polar-analyze')[0]).toMatchObject({ referenceFrequency: 24.5, window: 'rectangular', samplingRate: FS });
    expect(screen.queryByTestId('polar-reference-hint')).toBeNull();
    const revolutions = expected({
      kind: 'polar',
      signal: X(),
      samplingRateHz: FS,
      window: 'rectangular',
      removeDc: true,
      referenceFrequencyHz: 24.5,
    }).r.length;
    expect(revolutions).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getAllByTestId('polar-revolution')).toHaveLength(revolutions));
    expect(screen.getByTestId('polar-mean')).toBeTruthy();
  });

  it('orbit: 0 shows the hint; two axis selectors and the window choose what is sent', async () => {
    renderCharts(0);
    await openDomain('orbit');
    await screen.findByTestId('orbit-reference-hint');
    expect(posts('orbit-analyze')).toEqual([]);
    expect(screen.getByTestId('orbit-axis-1')).toBeTruthy();
    expect(screen.getByTestId('orbit-axis-2')).toBeTruthy();

    fireEvent.change(screen.getByTestId('orbit-reference'), { target: { value: '25' } });
    await waitFor(() => expect(posts('orbit-analyze').length).toBe(1));
    expect(bodies('orbit-analyze')[0]).toMatchObject({
      referenceFrequency: 25,
      signal: measurement.data.accelerometer_x,
      signal2: measurement.data.accelerometer_y,
    });
    await screen.findByTestId('orbit-mean');

    await pick('orbit-window', 'Hanning');
    await waitFor(() => expect(posts('orbit-analyze').length).toBe(2));
    expect(bodies('orbit-analyze')[1].window).toBe('hanning');
    expect(measurementGets()).toEqual([]);
  });

  it('starts from the point’s reference frequency', async () => {
    renderCharts(25);
    await openDomain('polar');
    await waitFor(() => expect(posts('polar-analyze').length).toBe(1));
    expect(bodies('polar-analyze')[0].referenceFrequency).toBe(25);
    expect(screen.queryByTestId('polar-reference-hint')).toBeNull();
  });
});

describe('Autocorrelation and spectrogram', () => {
  it('autocorrelation: lag size 1024 by default, another lag size is a new request; sizes not below N are disabled', async () => {
    renderCharts();
    await openDomain('autoCorrelation');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(1));
    expect(bodies('auto-correlation')[0]).toMatchObject({ lagSize: 1024, window: 'rectangular' });
    expect(bodies('auto-correlation')[0].signal).toEqual(measurement.data.accelerometer_x);
    await pick('autocorrelation-lag', '2048');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(2));
    expect(bodies('auto-correlation')[1].lagSize).toBe(2048);
    await waitFor(() => expect(screen.getByTestId('autocorrelation-chart').dataset.points).toBe('2049'));

    // N = 4096: 4096 and 9192 cannot be computed.
    fireEvent.mouseDown(screen.getByTestId('autocorrelation-lag').querySelector('input')!);
    const disabled = [...document.querySelectorAll('.ant-select-item-option-disabled')].map((e) => e.textContent);
    expect(disabled).toEqual(['4096', '9192']);
  });

  it('spectrogram: an nfft choice sends a new request and the heat map is drawn on the canvas', async () => {
    renderCharts();
    await openDomain('spectrogram');
    await waitFor(() => expect(posts('spectrogram').length).toBe(1));
    expect(bodies('spectrogram')[0]).toMatchObject({ nfft: 1024, window: 'hanning', samplingRate: FS });
    const cells = (nfft: number) => {
      const s = expected({
        kind: 'spectrogram',
        signal: X(),
        samplingRateHz: FS,
        window: 'hanning',
        removeDc: true,
        nfft,
        overlap: 0.5,
      });
      return `${s.t.length}x${s.f.length}`;
    };
    expect(cells(1024)).toBe('7x513');
    await waitFor(() => expect(screen.getByTestId('spectrogram-chart').dataset.cells).toBe(cells(1024)));
    expect(canvasCalls).toContain(`createImageData ${cells(1024)}`);
    expect(canvasCalls).toContain('drawImage');

    canvasCalls.length = 0;
    await pick('spectrogram-nfft', '2048');
    await waitFor(() => expect(posts('spectrogram').length).toBe(2));
    expect(bodies('spectrogram')[1].nfft).toBe(2048);
    await waitFor(() => expect(screen.getByTestId('spectrogram-chart').dataset.cells).toBe(cells(2048)));
    expect(canvasCalls).toContain(`createImageData ${cells(2048)}`);
    expect(canvasCalls).toContain('putImageData');
    expect(canvasCalls).toContain('drawImage');

    // A scale change redraws without a request.
    canvasCalls.length = 0;
    await act(async () => fireEvent.click(within(screen.getByTestId('spectrogram-scale')).getByText('Linear')));
    expect(canvasCalls).toContain('drawImage');
    expect(posts('spectrogram').length).toBe(2);
    expect(measurementGets()).toEqual([]);
  });
});

describe('SignalCharts: large files (spec 002 §9: above 200000 samples)', () => {
  it('shows the notice instead of charts above 200000 samples and computes nothing; at 200000 it charts', async () => {
    const big = { ...measurement, profile: { ...measurement.profile, sampleSize: 200_001 } };
    renderAdmin(<SignalCharts m={big} axis="accelerometer_x" referenceFrequencyHz={25} bearing={null} />);
    expect(await screen.findByTestId('large-file-notice')).toBeTruthy();
    expect(screen.queryByTestId('signal-charts')).toBeNull();
    expect(api.filter((c) => c.method === 'POST')).toEqual([]);
    cleanup();
    const limit = { ...measurement, profile: { ...measurement.profile, sampleSize: 200_000 } };
    renderAdmin(<SignalCharts m={limit} axis="accelerometer_x" referenceFrequencyHz={25} bearing={null} />);
    expect(await screen.findByTestId('signal-charts')).toBeTruthy();
    expect(screen.queryByTestId('large-file-notice')).toBeNull();
  });
});
