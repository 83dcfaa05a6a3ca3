import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { PREDICTION_CLASS_COLORS, TREND_CHART_HEIGHT, type TrendResponse, type TrendTelemetry } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp, TEST_CUSTOMER } from '../../app/testing/renderApp';
import { fakeCharts } from '../../charts/chartTestKit';
import { TrendPanel, maxPointsFor, valueFiltersValid } from './TrendPanel';
import { buildTrendChart, compareBlocker, compareLine, lastDaysRange, trendCsv } from './trendModel';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));
// the two cores are shared with other test runs: give the queries time (not a code limit)
configure({ asyncUtilTimeout: 5000 });

const POINT = '65f0c0ffee00000000000001';
const M1 = '65f0c0ffee0000000000aa01',
  M2 = '65f0c0ffee0000000000aa02',
  M3 = '65f0c0ffee0000000000aa03';

const tel = (name: string, unit = 'mm/s', sources = ['accelerometer_x']): TrendTelemetry => ({
  name,
  unit,
  displayName: name.replace('_', ' '),
  signal: 'accelerometer',
  hidden: false,
  calculated: true,
  telemetrySources: sources.map((code) => ({ code })),
});
const TELEMETRIES = [tel('GRMS', 'g'), tel('VRMS_ISO10816'), tel('CREST', '-')];

const answer = (name: string, unit: string, over: Partial<TrendResponse> = {}): TrendResponse => ({
  hasMeasurement: true,
  startDate: '2026-10-24T21:00:00.000Z',
  endDate: '2026-11-23T20:59:59.000Z',
  series: [
    {
      telemetry: { name, unit, displayName: name, signal: 'accelerometer', hidden: false, calculated: true },
      telemetrySources: [{ code: 'accelerometer_x' }],
      total: 3,
      decimated: false,
      data: [
        { value: 1.5, createdAt: '2026-11-20T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: M1, note: '' } },
        {
          value: 2.5,
          createdAt: '2026-11-21T10:00:00.000Z',
          source: 'accelerometer_x',
          measurement: { _id: M2, note: 'bearing noise' },
        },
        { value: 9.5, createdAt: '2026-11-22T10:00:00.000Z', source: 'accelerometer_x', measurement: { _id: M3, note: '' } },
      ],
    },
  ],
  notes: [{ measurement: M2, createdAt: '2026-11-21T10:00:00.000Z', note: 'bearing noise' }],
  ...over,
});

const detail = (id: string) => ({
  _id: id,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: null,
  point: { _id: POINT, name: 'Motor', path: ['Plant', 'Motor'] },
  measurementType: 'PERIODIC',
  tags: [],
  favorite: false,
  upload: false,
  partial: false,
  state: 'persisted',
  error: null,
  macAddress: 'CA:B8:31:00:00:01',
  gateway: 'CA:B8:28:00:00:01',
  note: '',
  device: { type: 'SENSEWAY' },
  calibratedSamplingRate: 4,
  startedAt: null,
  profile: { sampleSize: 4, samplingRate: 9, accelerometerRange: { index: 2, value: 4 } },
  measurementData: [{ key: 'accelerometer_x', unit: 'g' }],
  data: { accelerometer_x: [0, 1, 0, -1] },
  telemetry: [],
});

let calls: ApiCall[];
function mock(routes: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  calls = mockApi({
    'GET /point/*/trend/telemetries': [200, TELEMETRIES],
    'GET /point/*/trend': (c) => {
      const name = c.query.get('filters') ?? 'VRMS_ISO10816';
      return [200, answer(name, name === 'GRMS' ? 'g' : 'mm/s')];
    },
    'GET /ai-model': [
      200,
      [
        {
          _id: 'bearing',
          name: 'Bearing condition',
          labelKey: 'bearingCondition.name',
          classes: [
            { key: 'class0', name: 'Unknown', labelKey: 'x.unknown' },
            { key: 'class2', name: 'Inner race', labelKey: 'x.inner' },
          ],
        },
      ],
    ],
    'GET /ai-model/*/predictions': [
      200,
      [
        {
          measurement: M3,
          prediction: 'class2',
          createdAt: '2026-11-22T10:00:00.000Z',
          probability: 0.9,
          source: 'accelerometer_x',
        },
      ],
    ],
    'GET /measurement/*': (c) => [200, detail(c.path.split('/').pop()!)],
    'POST /vibration/signal/spectrum': [200, { results: { x: [0, 1, 2], y: [0, 1, 0], unit: 'g' } }],
    ...routes,
  });
}

const trendCalls = () => calls.filter((c) => c.path === `/point/${POINT}/trend`);
const renderPanel = () =>
  renderApp([
    { path: '/', element: <TrendPanel pointId={POINT} /> },
    { path: '/measurement/:id', element: <div data-testid="measurement-page" /> },
  ]);

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]!);
}

/** Clicks the last fake chart at x index `idx` and value `y` (the chart's click handler reads the cursor). */
function clickChart(idx: number, y: number, keys: { ctrlKey?: boolean } = {}) {
  const u = fakeCharts.at(-1)! as unknown as Record<string, unknown> & {
    over: HTMLElement;
    cursor: { idx: number | null; top?: number };
  };
  u.cursor = { idx, top: 100 };
  u.valToPos = (v: number) => 100 + (v - y) * 10; // the cursor is at value y
  u.series = [{}, ...((u.options as { series: unknown[] }).series.slice(1).map(() => ({ show: true })) as object[])];
  act(() => {
    u.over.dispatchEvent(new MouseEvent('click', { bubbles: true, ...keys }));
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TrendPanel', () => {
  it('loads the default telemetry (VRMS_ISO10816) over the last 30 days to today 23:59:59 and draws it 420 px high', async () => {
    mock();
    renderPanel();
    await waitFor(() => expect(trendCalls()).toHaveLength(1));
    const q = trendCalls()[0]!.query;
    expect(q.get('filters')).toBe('VRMS_ISO10816');
    const [from, to] = lastDaysRange(30, 180); // the test customer is GMT+3
    expect(q.get('startDate')).toBe(from.format('YYYY-MM-DD HH:mm:ss'));
    expect(q.get('endDate')).toBe(to.format('YYYY-MM-DD') + ' 23:59:59');
    expect(q.get('startDate')!.endsWith('00:00:00')).toBe(true);
    expect(q.get('maxPoints')).toBe('2000');
    expect(q.get('minValueActive')).toBeNull();
    await screen.findByTestId('trend-chart');
    expect(screen.getByTestId('fake-uplot').dataset.points).toBe('3');
    expect(screen.getByTestId('trend-telemetry-VRMS_ISO10816').className).toContain('checked');
    expect(screen.getByTestId('trend-telemetry-GRMS').className).not.toContain('checked');
    expect(TREND_CHART_HEIGHT).toBe(420);
  });

  it('shows the no-measurement message when the point has no values', async () => {
    mock({ 'GET /point/*/trend/telemetries': [200, []] });
    renderPanel();
    expect(await screen.findByTestId('trend-no-measurement')).toBeTruthy();
    expect(screen.getByText('There is no measurement for this point yet.')).toBeTruthy();
    expect(trendCalls()).toHaveLength(0);
  });

  it('warns and does not load when both value filters are on and min is not below max', async () => {
    mock();
    renderPanel();
    await waitFor(() => expect(trendCalls()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('trend-min-active'));
    fireEvent.click(screen.getByTestId('trend-max-active'));
    const min = screen.getByTestId('trend-min').querySelector('input') ?? screen.getByTestId('trend-min');
    const max = screen.getByTestId('trend-max').querySelector('input') ?? screen.getByTestId('trend-max');
    fireEvent.change(min, { target: { value: '3' } });
    fireEvent.change(max, { target: { value: '2' } });
    expect(await screen.findByTestId('trend-invalid')).toBeTruthy();
    expect(screen.getAllByText('The minimum value must be less than the maximum value').length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(trendCalls().some((c) => c.query.get('minValue') === '3' && c.query.get('maxValue') === '2')).toBe(false);
    fireEvent.change(max, { target: { value: '4.12345' } });
    await waitFor(() =>
      expect(trendCalls().some((c) => c.query.get('minValue') === '3' && c.query.get('maxValueActive') === 'true')).toBe(true),
    );
    expect(screen.queryByTestId('trend-invalid')).toBeNull();
  });

  it('sends the measurement type, lists the notes with show comments, and asks for a telemetry when none is chosen', async () => {
    mock();
    const { router } = renderPanel();
    await screen.findByTestId('trend-chart');
    await pick('trend-type', 'Manual');
    await waitFor(() => expect(trendCalls().at(-1)!.query.get('measurementType')).toBe('MANUAL'));
    expect(screen.queryByTestId('trend-notes')).toBeNull();
    fireEvent.click(screen.getByTestId('trend-comments'));
    const note = await screen.findByTestId('trend-note');
    expect(note.textContent).toContain('bearing noise');
    expect(note.textContent).toContain('21-11-2026 13:00:00'); // the customer's GMT+3 and date format
    fireEvent.click(screen.getByTestId('trend-telemetry-VRMS_ISO10816'));
    expect(await screen.findByTestId('trend-select-telemetry')).toBeTruthy();
    fireEvent.click(note);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/measurement/${M2}`));
  });

  it('opens the measurement of a clicked point', async () => {
    mock();
    const { router } = renderPanel();
    await screen.findByTestId('trend-chart');
    clickChart(2, 9.4);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/measurement/${M3}`));
  });

  it('offers the compare only for two selected measurements on one GRMS/VRMS/VRMS_ISO10816 line, and opens the compare dialog', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    mock({
      'GET /measurement/*': async (c) => {
        const id = c.path.split('/').pop()!;
        if (id === M2) await gate;
        return [200, detail(id)];
      },
    });
    renderPanel();
    await screen.findByTestId('trend-chart');
    const button = () => screen.getByTestId('trend-compare') as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    clickChart(0, 1.5, { ctrlKey: true });
    expect(button().disabled).toBe(true);
    clickChart(1, 2.5, { ctrlKey: true });
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    // the dialog opens at once and tells the loading progress: M1 loaded, M2 still on its way
    expect(await screen.findByTestId('compare-dialog')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('compare-progress').getAttribute('data-done')).toBe('1'));
    expect(screen.getByTestId('compare-progress').textContent).toContain('1 / 2');
    await act(async () => release());
    await screen.findByTestId('compare-fft');
    const measurementCalls = () => calls.filter((c) => c.path.startsWith('/measurement/')).map((c) => c.path);
    expect(measurementCalls()).toEqual([`/measurement/${M1}`, `/measurement/${M2}`]);
    // the spectra of the line's axis are computed in the browser: no spectrum request; the
    // 1 Hz sine of 1 g peak [0, 1, 0, -1] at 4 Hz reads its RMS on the 1 Hz line
    expect(calls.filter((c) => c.path === '/vibration/signal/spectrum')).toHaveLength(0);
    // the charts are made in their effects, which may run after the test id is in the DOM
    const fft = await waitFor(() => {
      const c = fakeCharts.at(-2);
      expect(c && Array.from(c.data[0] as ArrayLike<number>)).toEqual([0, 1, 2]);
      return c!;
    });
    expect((fft.data[1] as number[])[1]).toBeCloseTo(Math.SQRT1_2, 10);
    expect((fft.data[2] as number[])[1]).toBeCloseTo(Math.SQRT1_2, 10);
    expect(screen.getAllByTestId('compare-legend-item')).toHaveLength(2);

    // closed and opened again: the measurements come from the cache, nothing is fetched
    // (the dialog's closing animation does not end in happy-dom: its content stays in the DOM)
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    fireEvent.click(button());
    await new Promise((r) => setTimeout(r, 300)); // a refetch would have been sent by now
    expect(screen.queryByTestId('compare-progress')).toBeNull();
    expect(measurementCalls()).toHaveLength(2);
  });

  it('predictions mode shows the AI model selector and colours the values by predicted class', async () => {
    mock();
    renderPanel();
    await screen.findByTestId('trend-chart');
    expect(screen.queryByTestId('trend-ai-model')).toBeNull();
    await pick('trend-mode', 'Predictions');
    expect(await screen.findByTestId('trend-ai-model')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/ai-model/bearing/predictions' && c.query.get('point') === POINT)).toBe(true),
    );
    await waitFor(() => {
      const series = (fakeCharts.at(-1)!.options.series ?? []).slice(1) as { stroke?: string }[];
      expect(series.map((s) => s.stroke)).toEqual([PREDICTION_CLASS_COLORS[0], PREDICTION_CLASS_COLORS[2]]);
    });
  });
});

describe('trend model', () => {
  const data = answer('GRMS', 'g').series;

  it('draws a note marker series only with show comments, at the noted measurement', () => {
    expect(buildTrendChart(data, 'lines', { showNotes: false }).lines.map((l) => l.kind)).toEqual(['line']);
    const m = buildTrendChart(data, 'markers', { showNotes: true });
    expect(m.lines.map((l) => l.kind)).toEqual(['line', 'notes']);
    expect(m.points[1]!.filter(Boolean).map((p) => p!.measurementId)).toEqual([M2]);
  });

  it('predictions: keeps every class column in time order when it gathers several sources', () => {
    const two = answer('GRMS', 'g').series.map((s) => ({
      ...s,
      data: [...s.data, ...s.data.map((d) => ({ ...d, source: 'accelerometer_y', value: d.value + 1 }))],
    }));
    const m = buildTrendChart(two, 'predictions', { showNotes: false, predictions: [] });
    expect(m.lines.map((l) => l.classKey)).toEqual(['class0']);
    const xs = Array.from(m.data[0] as ArrayLike<number>);
    expect(xs.every((x, i) => i === 0 || x > xs[i - 1]!)).toBe(true);
    expect(m.points[0]!.filter(Boolean)).toHaveLength(6);
    // every point is drawn at its own time (within the 1 ms nudges of equal instants)
    m.points[0]!.forEach((p, i) => p && expect(Math.abs(xs[i]! - Date.parse(p.createdAt) / 1000)).toBeLessThan(0.01));
  });

  it('allows the compare only for GRMS, VRMS or VRMS_ISO10816 with exactly one shown line and two measurements', () => {
    const line = (telemetry: string) => ({ kind: 'line' as const, telemetry, source: 'accelerometer_x', color: '#000' });
    expect(compareLine([line('GRMS')], [true], [M1, M2])).not.toBeNull();
    expect(compareLine([line('VRMS_ISO10816')], [true], [M1, M2])).not.toBeNull();
    expect(compareLine([line('CREST')], [true], [M1, M2])).toBeNull();
    expect(compareLine([line('GRMS')], [true], [M1])).toBeNull();
    expect(compareLine([line('GRMS'), line('GRMS')], [true, true], [M1, M2])).toBeNull();
    expect(compareLine([line('GRMS'), line('VRMS')], [false, true], [M1, M2])?.telemetry).toBe('VRMS');
    // and says why not, for the button's tooltip
    const three = [line('GRMS'), line('GRMS'), line('GRMS')];
    expect(compareBlocker(three, [true, true, true], [M1, M2])).toEqual({ reason: 'oneLine', shown: 3 });
    expect(compareBlocker(three, [true, true, true], [M1])).toEqual({ reason: 'selectTwo' });
    expect(compareBlocker([line('CREST')], [true], [M1, M2])).toEqual({ reason: 'telemetry' });
    expect(compareBlocker(three, [false, true, false], [M1, M2])).toBeNull();
  });

  it('writes a CSV row per value with the measurement link', () => {
    const csv = trendCsv(data, ['Date', 'Telemetry', 'Source', 'Value', 'Unit', 'Measurement', 'Note'], 'https://ot.example');
    const rows = csv.trim().split('\n');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toBe(
      `2026-11-21T10:00:00.000Z,"GRMS","accelerometer_x",2.5,"g","https://ot.example/measurement/${M2}","bearing noise"`,
    );
  });

  it('escapes notes that a spreadsheet would run as a formula, and keeps negative values numbers', () => {
    const evil = data.map((s) => ({
      ...s,
      data: s.data.map((d) => ({
        ...d,
        value: -d.value,
        measurement: { ...d.measurement, note: '=HYPERLINK("http://evil.example","x")' },
      })),
    }));
    const rows = trendCsv(evil, ['Date', 'Telemetry', 'Source', 'Value', 'Unit', 'Measurement', 'Note'], 'https://ot.example')
      .trim()
      .split('\n');
    expect(rows[2]).toBe(
      `2026-11-21T10:00:00.000Z,"GRMS","accelerometer_x",-2.5,"g","https://ot.example/measurement/${M2}","'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
  });

  it('ranges the year shortcut over 364 days, from the start of that day to the end of today (customer zone)', () => {
    const now = Date.parse('2026-11-23T22:30:00Z'); // 01:30 on the 24th in GMT+3
    const [from, to] = lastDaysRange(364, 180, now);
    expect(from.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-11-25 00:00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-24 23:59:59');
  });

  it('asks two points per pixel column, and checks min < max only with both bounds on', () => {
    expect(maxPointsFor(0)).toBe(2000);
    expect(maxPointsFor(1100)).toBe(2500);
    expect(valueFiltersValid({ minActive: true, maxActive: true, minValue: 2, maxValue: 2 })).toBe(false);
    expect(valueFiltersValid({ minActive: true, maxActive: false, minValue: 2, maxValue: 1 })).toBe(true);
  });
});

void TEST_CUSTOMER;
