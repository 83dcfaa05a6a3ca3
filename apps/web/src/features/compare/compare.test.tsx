import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { fakeCharts } from '../../charts/chartTestKit';
import { addToCompareBasket, COMPARE_BASKET_MAX, readCompareBasket, type CompareItem } from '../../charts/compareBasket';
import { CompareBasketButton } from './CompareBasketButton';
import { CompareDialog } from './CompareDialog';
import { COMPARE_CHART_HEIGHT } from './CompareCharts';
import { COMPARE_COLORS, compareStroke, joinSeries } from './compareSeries';

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
    expect(strokes).toEqual(COMPARE_COLORS.map((_, i) => compareStroke(i)));
    // the first opaque, the later ones in their colour with an alpha (drawn over it)
    expect(strokes[0]).toBe(COMPARE_COLORS[0]);
    strokes.slice(1).forEach((s, i) => expect(s).toMatch(new RegExp(`^${COMPARE_COLORS[i + 1]}[0-9a-f]{2}$`)));
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

  it('computes a missing spectrum in the browser (rectangular, accelerometer, g RMS), with no request', async () => {
    const calls = mockApi({});
    addToCompareBasket(item(1));
    // 2 Hz sine of 1 g peak plus a 0.5 g offset, 8 samples at 8 Hz
    const y = [0, 1, 0, -1, 0, 1, 0, -1].map((v) => v + 0.5);
    addToCompareBasket(
      item(2, { fft: { x: [], y: [], unit: 'g', window: 'hanning', amplitude: 'grms' }, time: { samplingRateHz: 8, y } }),
    );
    renderAt(<CompareDialog open onClose={() => undefined} />);
    await screen.findByTestId('compare-fft', {}, { timeout: 10000 });
    expect(calls).toHaveLength(0);
    const data = fakeCharts.at(-2)!.data;
    // x: union of the stored 0…3 Hz and the computed lines k·fs/N = 0…4 Hz
    expect(Array.from(data[0] as ArrayLike<number>)).toEqual([0, 1, 2, 3, 4]);
    const computed = data[2] as (number | null)[];
    expect(computed[2]).toBeCloseTo(Math.SQRT1_2, 10); // the sine's RMS on its line
    expect(computed[0]).toBeCloseTo(0, 12); // mean removed
    expect(computed[1]).toBeCloseTo(0, 12);
    expect(computed[4]).toBeCloseTo(0, 12);
  });

  it('keeps both overlaid signals visible: distinct strokes, the second thinner over the first, a legend toggle per signal', async () => {
    // two identical signals: drawn exactly on top of each other
    const same = { fft: item(1).fft, time: item(1).time };
    addToCompareBasket(item(1));
    addToCompareBasket(item(2, same));
    renderAt(<CompareDialog open onClose={() => undefined} />);
    await screen.findByTestId('compare-fft', {}, { timeout: 10000 });
    const charts = fakeCharts.slice(-2);
    for (const c of charts) {
      const [first, second] = c.options.series.slice(1);
      expect(first!.show).not.toBe(false);
      expect(second!.show).not.toBe(false);
      expect(first!.stroke).not.toBe(second!.stroke);
      expect(String(first!.stroke).slice(0, 7)).not.toBe(String(second!.stroke).slice(0, 7)); // different hues
      expect(first!.width).toBeGreaterThan(second!.width!); // the first stays visible around the second
      expect(String(second!.stroke)).toMatch(/^#[0-9a-f]{8}$/); // translucent
      expect(c.series.slice(1).map((s) => s.show)).toEqual([true, true]);
    }
    const legend = screen.getAllByTestId('compare-legend-item');
    expect(legend.map((l) => l.textContent)).toEqual([expect.stringContaining('Motor 1'), expect.stringContaining('Motor 2')]);
    expect(legend.map((l) => l.getAttribute('aria-checked'))).toEqual(['true', 'true']);

    fireEvent.click(legend[0]!);
    await waitFor(() => expect(screen.getAllByTestId('compare-legend-item')[0]!.getAttribute('aria-checked')).toBe('false'));
    for (const c of charts) {
      expect(c.setSeries).toHaveBeenLastCalledWith(1, { show: false });
      expect(c.series.slice(1).map((s) => s.show)).toEqual([false, true]);
    }
    fireEvent.keyDown(screen.getAllByTestId('compare-legend-item')[1]!, { key: 'Enter' });
    await waitFor(() => expect(charts[0]!.series.slice(1).map((s) => s.show)).toEqual([false, false]));
    fireEvent.click(screen.getAllByTestId('compare-legend-item')[0]!);
    await waitFor(() => expect(charts[1]!.series.slice(1).map((s) => s.show)).toEqual([true, false]));
    // the toggles never re-create the charts (the zoom stays)
    expect(fakeCharts).toHaveLength(2);
  });

  it("shows the caller's loading progress, then its failure", async () => {
    renderAt(<CompareDialog open onClose={() => undefined} items={[]} loading={{ done: 1, total: 2 }} />);
    const progress = await screen.findByTestId('compare-progress');
    expect(progress.textContent).toContain('Loading the measurements: 1 / 2');
    expect(screen.queryByTestId('compare-empty')).toBeNull();
    cleanup();
    renderAt(<CompareDialog open onClose={() => undefined} items={[]} loadError={new Error('Not found')} />);
    expect((await screen.findByTestId('compare-load-failed')).textContent).toContain('The measurements could not be loaded');
    expect(screen.queryByTestId('compare-progress')).toBeNull();
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
