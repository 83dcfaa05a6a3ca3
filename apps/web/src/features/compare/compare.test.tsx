import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../app/i18n';
import { configureApiClient } from '../../app/api/apiClient';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { fakeCharts } from '../../charts/chartTestKit';
import { addToCompareBasket, COMPARE_BASKET_MAX, readCompareBasket, type CompareItem } from '../../charts/compareBasket';
import { CompareBasketButton } from './CompareBasketButton';
import { CompareDialog } from './CompareDialog';
import { COMPARE_CHART_HEIGHT } from './CompareCharts';
import { COMPARE_COLORS, joinSeries } from './compareSeries';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const item = (k: number, over: Partial<CompareItem> = {}): CompareItem => ({
  measurementId: `m${k}`,
  pointName: `Plant / Motor ${k}`,
  date: `2026-11-2${k % 10}T10:00:00.000Z`,
  channel: 'accelerometer_x',
  fft: { x: [0, 1, 2, 3], y: [0, k, 0, 0], unit: 'g', window: 'hanning', amplitude: 'grms' },
  time: { samplingRateHz: 8, y: [0, 1, 0, -1, 0, 1, 0, -1] },
  ...over,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderAt = (node: React.ReactNode) =>
  renderApp([
    { path: '/', element: node },
    { path: '/measurement/:id', element: <div data-testid="measurement-page" /> },
  ]);

const rows = () => within(screen.getByTestId('compare-table')).queryAllByTestId('compare-row-link');

describe('CompareBasketButton', () => {
  it('shows the count and a table of the compares, with a link to each measurement', async () => {
    [1, 2, 3].forEach((k) => addToCompareBasket(item(k)));
    renderAt(<CompareBasketButton />);
    expect(screen.getByTestId('compare-count').textContent).toContain('3');
    fireEvent.click(screen.getByTestId('compare-basket'));
    await screen.findByTestId('compare-table');
    expect(rows().map((a) => a.getAttribute('href'))).toEqual(['/measurement/m1', '/measurement/m2', '/measurement/m3']);
    const table = screen.getByTestId('compare-table');
    expect(table.textContent).toContain('Plant / Motor 2');
    expect(table.textContent).toContain('X axis');
    const swatches = within(table).getAllByTestId('compare-row-color');
    expect(swatches.map((s) => s.style.background)).toHaveLength(3);
  });

  it('removes one item and clears all', async () => {
    [1, 2, 3].forEach((k) => addToCompareBasket(item(k)));
    renderAt(<CompareBasketButton />);
    fireEvent.click(screen.getByTestId('compare-basket'));
    await screen.findByTestId('compare-table');
    fireEvent.click(within(screen.getByTestId('compare-table')).getAllByTestId('compare-row-remove')[1]!);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(readCompareBasket().map((i) => i.measurementId)).toEqual(['m1', 'm3']);
    expect(screen.getByTestId('compare-count').textContent).toContain('2');

    fireEvent.click(screen.getByTestId('compare-clear'));
    fireEvent.click(await screen.findByTestId('compare-clear-ok'));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(readCompareBasket()).toEqual([]);
    expect((screen.getByTestId('compare-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the compare dialog from the drawer', async () => {
    [1, 2].forEach((k) => addToCompareBasket(item(k)));
    renderAt(<CompareBasketButton />);
    fireEvent.click(screen.getByTestId('compare-basket'));
    fireEvent.click(await screen.findByTestId('compare-open'));
    await screen.findByTestId('compare-fft', {}, { timeout: 10000 });
    expect(screen.getAllByTestId('compare-legend-item')).toHaveLength(2);
  });
});

describe('CompareDialog', () => {
  it('draws up to 5 signals in distinct colours with a legend; the basket refuses a 6th', async () => {
    for (let k = 1; k <= COMPARE_BASKET_MAX; k++) expect(addToCompareBasket(item(k))).toBe('added');
    expect(addToCompareBasket(item(6))).toBe('full');
    expect(readCompareBasket()).toHaveLength(5);

    renderAt(<CompareDialog open onClose={() => undefined} />);
    const fft = await screen.findByTestId('compare-fft', {}, { timeout: 10000 });
    expect(fft.getAttribute('data-series')).toBe('5');
    const [fftChart, timeChart] = fakeCharts.slice(-2);
    const strokes = fftChart!.options.series.slice(1).map((s) => s.stroke);
    expect(strokes).toEqual([...COMPARE_COLORS]);
    expect(new Set(strokes).size).toBe(5);
    expect(timeChart!.options.series.slice(1).map((s) => s.stroke)).toEqual(strokes);
    expect(fftChart!.data).toHaveLength(6);
    expect(timeChart!.data).toHaveLength(6);
    const legend = screen.getAllByTestId('compare-legend-item');
    expect(legend.map((l) => l.getAttribute('data-color'))).toEqual([...COMPARE_COLORS]);
    expect(legend[0]!.textContent).toContain('Plant / Motor 1');
    expect(screen.getAllByTestId('fake-uplot')).toHaveLength(2);
    expect(COMPARE_CHART_HEIGHT).toBe(220);
  });

  it('shows the empty state without items', async () => {
    renderAt(<CompareDialog open onClose={() => undefined} />);
    expect(await screen.findByTestId('compare-empty')).toBeTruthy();
  });

  it('computes a missing spectrum (rectangular, accelerometer), showing loading meanwhile', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      'POST /vibration/signal/spectrum': async () => {
        await gate;
        return [200, { results: { x: [0, 4], y: [0.1, 0.2], unit: 'g' } }];
      },
    });
    addToCompareBasket(item(1));
    addToCompareBasket(item(2, { fft: { x: [], y: [], unit: 'g', window: 'hanning', amplitude: 'grms' } }));
    renderAt(<CompareDialog open onClose={() => undefined} />);
    expect(await screen.findByTestId('compare-loading')).toBeTruthy();
    await act(async () => release());
    await screen.findByTestId('compare-fft', {}, { timeout: 10000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      window: 'rectangular',
      mode: 'accelerometer',
      samplingRate: 8,
      signal: item(2).time.y,
    });
    // x union of 0…3 and 0, 4
    expect(Array.from(fakeCharts.at(-2)!.data[0] as ArrayLike<number>)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('joinSeries', () => {
  it('aligns series on the union of their x values with nulls', () => {
    const [x, a, b] = joinSeries([
      { x: [0, 2], y: [1, 3] },
      { x: [1, 2], y: [5, 6] },
    ]);
    expect(Array.from(x as ArrayLike<number>)).toEqual([0, 1, 2]);
    expect(a).toEqual([1, null, 3]);
    expect(b).toEqual([null, 5, 6]);
  });
});
