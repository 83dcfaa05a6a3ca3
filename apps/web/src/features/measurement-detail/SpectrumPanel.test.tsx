import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Bearing } from '@overtone/contract';
import i18n from '../../core/i18n';
import { fakeCharts, renderWithApp } from '../../charts/chartTestKit';
import { COMPARE_BASKET_KEY, COMPARE_BASKET_MAX, readCompareBasket } from '../../charts/compareBasket';
import { SpectrumPanel } from './SpectrumPanel';
import type { SpectrumRequest } from './measurementApi';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const requests = vi.hoisted(() => [] as SpectrumRequest[]);
const xHz = Array.from({ length: 512 }, (_, i) => i * 2);
const yG = xHz.map((f) => (f === 100 ? 0.5 : 0.001));
vi.mock('./measurementApi', () => ({
  FIRST_SPECTRUM: { window: 'hanning', mode: 'accelerometer', dcOffset: true },
  useSpectrumQuery: (r: SpectrumRequest) => {
    requests.push(r);
    return { isPending: false, isError: false, data: { x: xHz, y: yG, unit: 'g' } };
  },
}));

const bearing: Bearing = {
  _id: 'b1',
  bearing_number: '6205-2RS',
  brand: 'SKF',
  bpfo: 3.5848,
  bpfi: 5.4152,
  bsf: 2.3567,
  ftf: 0.39828,
  ftfi: 0.60172,
  group: 'deep groove ball',
  type: 'DEFAULT',
};
const signal = Array.from({ length: 1024 }, (_, i) => 1 + Math.sin(i / 3));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests.length = 0;
  fakeCharts.length = 0;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderPanel = (over: Partial<Parameters<typeof SpectrumPanel>[0]> = {}) =>
  renderWithApp(
    <SpectrumPanel
      measurementId="m1"
      axis="accelerometer_x"
      signal={signal}
      samplingRateHz={1024}
      referenceFrequencyHz={30}
      bearing={bearing}
      pointName="Motor DE"
      createdAt="2026-11-23T10:00:00.000Z"
      {...over}
    />,
  );

describe('SpectrumPanel', () => {
  it('offers BPFO, BPFI, FTF, BSF with a bearing and a reference frequency, marking order × f_r and its harmonics', async () => {
    renderPanel();
    const bpfo = await screen.findByTestId('spectrum-fault-bpfo', {}, { timeout: 10000 });
    expect(screen.getByTestId('spectrum-faults').querySelectorAll('button')).toHaveLength(4);
    fireEvent.click(bpfo);
    fireEvent.click(screen.getByTestId('spectrum-fault-ftf'));
    const sets = screen.getByTestId('spectrum-panel').getAttribute('data-markers-hz')!.split(',');
    const values = sets.map((s) => s.split(' ').map(Number));
    expect(values[0][0]).toBeCloseTo(3.5848 * 30, 9);
    expect(values[0][1]).toBeCloseTo(2 * 3.5848 * 30, 9);
    expect(values[0]).toHaveLength(3);
    expect(values[1][0]).toBeCloseTo(0.39828 * 30, 9);
    expect(Number(bpfo.getAttribute('data-frequency-hz'))).toBeCloseTo(107.544, 9);
  });

  it('lists FTF (cage) with BPFO, BPFI and BSF, labelled as the spec names it', async () => {
    renderPanel();
    const ftf = await screen.findByTestId('spectrum-fault-ftf', {}, { timeout: 10000 });
    expect(ftf.textContent).toBe('FTF');
    expect(Number(ftf.getAttribute('data-frequency-hz'))).toBeCloseTo(0.39828 * 30, 9);
    const labels = [...screen.getByTestId('spectrum-faults').querySelectorAll('button')].map((b) => b.textContent);
    expect(labels).toEqual(['BPFO', 'BPFI', 'FTF', 'BSF']);
  });

  it('offers the gear-mesh frequency of a gearbox point and toggles its 10 harmonics (spec 002 §9)', async () => {
    const gearbox = { type: ['GearBox'], gearboxType: 'helicalGearReducer' as const, numberOfGearTeethAtDriverShaft: 17 };
    renderPanel({ gearbox });
    const gmf = await screen.findByTestId('spectrum-gear-mesh-1', {}, { timeout: 10000 });
    expect(gmf.textContent).toBe('GMF');
    expect(gmf.getAttribute('title')).toBe('Mark the gear mesh frequency GMF (510.00 Hz) and its 10 harmonics');
    expect(gmf.getAttribute('aria-pressed')).toBe('false');
    const panel = screen.getByTestId('spectrum-panel');
    expect(panel.getAttribute('data-markers-hz')).toBe('');
    fireEvent.click(gmf);
    expect(gmf.getAttribute('aria-pressed')).toBe('true');
    const xs = panel.getAttribute('data-markers-hz')!.split(' ').map(Number);
    expect(xs).toEqual(Array.from({ length: 10 }, (_, k) => (k + 1) * 17 * 30));
    fireEvent.click(gmf);
    expect(panel.getAttribute('data-markers-hz')).toBe('');
    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('spectrum-gear-mesh-1')).textContent).toBe('ZEF');
  });

  it('offers one button per stage of a two-stage gearbox and none without GearBox in the type', async () => {
    const gearbox = {
      type: ['GearBox'],
      shaftOfSensorAttachedTo: 'middle' as const,
      numberOfGearTeethAtDriverShaft: 20,
      numberOfGearTeethAtFirstCurrentShaft: 40,
      numberOfGearTeethAtSecondCurrentShaft: 15,
      numberOfGearTeethAtDrivenShaft: 45,
    };
    renderPanel({ gearbox, referenceFrequencyHz: 10 });
    const second = await screen.findByTestId('spectrum-gear-mesh-2', {}, { timeout: 10000 });
    expect(second.textContent).toBe('GMF2');
    expect(Number(screen.getByTestId('spectrum-gear-mesh-1').getAttribute('data-frequency-hz'))).toBeCloseTo(400, 9);
    expect(Number(second.getAttribute('data-frequency-hz'))).toBeCloseTo(150, 9);
    cleanup();
    renderPanel({ gearbox: { ...gearbox, type: ['Bearing'] } });
    await screen.findByTestId('spectrum-plot');
    expect(screen.queryByTestId('spectrum-gear-mesh')).toBeNull();
  });

  it('hides the fault buttons without a reference frequency or a bearing', async () => {
    renderPanel({ referenceFrequencyHz: 0 });
    await screen.findByTestId('spectrum-plot');
    expect(screen.queryByTestId('spectrum-faults')).toBeNull();
    cleanup();
    renderPanel({ bearing: null });
    await screen.findByTestId('spectrum-plot');
    expect(screen.queryByTestId('spectrum-faults')).toBeNull();
  });

  it('switches to Vrms without a new request and shows mm/s', async () => {
    renderPanel();
    await screen.findByTestId('spectrum-plot');
    fireEvent.click(screen.getByText('Vrms'));
    expect(new Set(requests.map((r) => r.mode))).toEqual(new Set(['accelerometer']));
    const yd = fakeCharts.at(-1)!.data[1] as ArrayLike<number>;
    expect(yd[50]).toBeCloseTo((0.5 * 9806.65) / (2 * Math.PI * 100), 9);
    expect(screen.getByTestId('spectrum-peak').getAttribute('data-unit')).toBe('mm/s');
  });

  it('shows the time mini-chart', async () => {
    renderPanel();
    expect(await screen.findByTestId('spectrum-time-chart')).toBeTruthy();
  });

  it('adds the spectrum to the compare basket, at most 5 items', async () => {
    renderPanel();
    fireEvent.click(await screen.findByTestId('spectrum-compare'));
    const [item] = readCompareBasket();
    expect(item).toMatchObject({
      measurementId: 'm1',
      pointName: 'Motor DE',
      date: '2026-11-23T10:00:00.000Z',
      channel: 'accelerometer_x',
    });
    expect(item.fft).toMatchObject({ unit: 'g', window: 'hanning', amplitude: 'grms' });
    expect(item.fft.x).toHaveLength(512);
    expect(item.time).toEqual({ samplingRateHz: 1024, y: signal });
    expect(await screen.findByText('Added to the compare basket.')).toBeTruthy();

    const others = [2, 3, 4, 5].map((n) => ({ ...item, measurementId: `m${n}` }));
    localStorage.setItem(COMPARE_BASKET_KEY, JSON.stringify([item, ...others]));
    cleanup();
    renderPanel({ measurementId: 'm6' });
    fireEvent.click(await screen.findByTestId('spectrum-compare'));
    expect(await screen.findByText(`The compare basket is full (${COMPARE_BASKET_MAX} items). Remove one first.`)).toBeTruthy();
    expect(readCompareBasket()).toHaveLength(5);
  });
});
