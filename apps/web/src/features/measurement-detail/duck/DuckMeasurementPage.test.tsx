import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bearing, DuckSensor, MeasurementDetail, Point } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { configureApiClient } from '../../../core/api/apiClient';
import { sessionStore } from '../../../core/session';
import { mockApi } from '../../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../../app/testing/renderApp';
import { readCompareBasket } from '../../../charts/compareBasket';
import { blankMeasurement } from '../blankMeasurement';
import { blankPoint } from '../../points/blankPoint';
import { DuckMeasurementView } from './DuckMeasurementView';

/**
 * The Duck measurement page as the measurement page (issue 17 item 11): the point's bearing fault
 * frequencies on a vibration channel, a back arrow, the compare basket with "add to compare", and the
 * acceleration unit written g.
 */
vi.mock('../../../charts/UplotChart', async () => ({
  UplotChart: (await import('../../../charts/chartTestKit')).FakeUplotChart,
}));

const wave = (k: number) => Array.from({ length: 64 }, (_, i) => k + Math.sin((i * k) / 5));
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
const sensors: DuckSensor[] = [
  {
    name: 'accelerometer',
    displayName: 'Bearing DE',
    groupCode: '1|2|3',
    minMaxVoltage: [-2.5, 2.5],
    minMaxValue: [-25, 25],
    channels: [
      { order: 1, channel: 'accelerometer_x' },
      { order: 2, channel: 'accelerometer_y' },
      { order: 3, channel: 'accelerometer_z' },
    ],
  },
  {
    name: 'current',
    displayName: 'Motor current',
    groupCode: '4',
    minMaxVoltage: [-2, 2],
    minMaxValue: [-50, 50],
    channels: [{ order: 4, channel: 'current_l1' }],
  },
];
const duck = (): MeasurementDetail =>
  blankMeasurement({
    _id: 'd0000000000000000000000d',
    createdAt: '2026-11-23T10:00:00.000Z',
    point: { _id: 'p1', name: 'Fan DE', path: ['Demo plant', 'Rig'] },
    macAddress: 'CA:B8:DA:00:00:01',
    device: { type: 'DUCKV1' },
    calibratedSamplingRate: 2400,
    measurementData: [
      { key: 'channel_1', unit: 'G' },
      { key: 'channel_4', unit: 'A' },
    ],
    data: { channel_1: wave(1), channel_4: wave(4) },
    telemetry: [],
    config: { voltageReference: 'internal', sampleSize: 64, samplingRate: 2400, sensors },
  });
const POINT: Point = blankPoint({
  _id: 'p1',
  name: 'Fan DE',
  path: ['Demo plant', 'Rig'],
  referenceFrequency: 25,
  bearing: BEARING,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  mockApi({
    'POST /vibration/signal/spectrum': [200, { results: { x: [0, 10, 20, 30], y: [0, 1, 0.5, 0.2], unit: 'g' } }],
    'POST /vibration/signal/envelope': [200, { results: { x: [0, 10, 20, 30], y: [0, 1, 0.5, 0.2], unit: 'g' } }],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderView = (point: Point | undefined = POINT) =>
  renderApp(
    [
      { path: '/', element: <div>home screen</div> },
      { path: '/measurement/:id', element: <DuckMeasurementView m={duck()} point={point} /> },
    ],
    { initialEntry: '/measurement/d0000000000000000000000d' },
  );

const chooseCurrent = async () => {
  fireEvent.mouseDown(within(screen.getByTestId('duck-sensor-select')).getByRole('combobox'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  fireEvent.click(
    [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Motor current (Current)')!,
  );
  await waitFor(() => expect(screen.getByTestId('duck-unit').textContent).toBe('Unit: A'));
};

describe('Duck measurement page', { timeout: 30000 }, () => {
  it('offers the point’s bearing fault frequencies at its RPM on a vibration channel, on spectrum and envelope', async () => {
    renderView();
    const faults = await screen.findByTestId('duck-spectrum-faults', {}, { timeout: 10000 });
    const bpfo = within(faults).getByTestId('duck-spectrum-fault-bpfo');
    expect(Number(bpfo.getAttribute('data-frequency-hz'))).toBeCloseTo(3.585 * 25, 9);
    expect(
      within(faults)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['BPFO', 'BPFI', 'FTF', 'BSF']);
    expect(bpfo.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bpfo);
    expect(bpfo.getAttribute('aria-pressed')).toBe('true');
    // the RPM typed moves the fault frequencies
    const rpm = within(screen.getByTestId('rpm-control')).getByRole('spinbutton');
    fireEvent.change(rpm, { target: { value: '3000' } });
    await waitFor(() =>
      expect(Number(screen.getByTestId('duck-spectrum-fault-bpfi').getAttribute('data-frequency-hz'))).toBeCloseTo(5.415 * 50, 9),
    );
    fireEvent.click(screen.getByTestId('duck-tab-envelope'));
    expect(await screen.findByTestId('duck-envelope-fault-bpfo', {}, { timeout: 10000 })).toBeTruthy();
  });

  it('offers no fault buttons on a current channel, nor without a bearing', async () => {
    renderView();
    await screen.findByTestId('duck-spectrum-faults', {}, { timeout: 10000 });
    await chooseCurrent();
    await waitFor(() => expect(screen.queryByTestId('duck-spectrum-faults')).toBeNull());
    expect(screen.queryByTestId('rpm-control')).toBeNull();
    cleanup();
    renderView(blankPoint({ _id: 'p1', name: 'Fan DE', path: [], referenceFrequency: 25 }));
    await screen.findByTestId('duck-spectrum-compare', {}, { timeout: 10000 });
    expect(screen.queryByTestId('duck-spectrum-faults')).toBeNull();
  });

  it('adds the vibration channel’s spectrum to the compare basket (unit g), as the measurement page', async () => {
    renderView();
    const add = await screen.findByTestId('duck-spectrum-compare', {}, { timeout: 10000 });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const [item] = readCompareBasket();
    expect(item).toMatchObject({
      measurementId: 'd0000000000000000000000d',
      pointName: expect.stringContaining('Fan DE'),
      channel: 'channel_1',
      fft: { x: [0, 10, 20, 30], unit: 'g', amplitude: 'grms' },
      time: { samplingRateHz: 2400, y: wave(1) },
    });
    await waitFor(() => expect(screen.getByTestId('compare-count').textContent).toContain('1'));
    await chooseCurrent();
    await waitFor(() => expect(screen.queryByTestId('duck-spectrum-compare')).toBeNull());
  });

  it('has a back arrow that stays in the app (home for a user who opened it from outside)', async () => {
    sessionStore.set({ ...TEST_SESSION });
    const { router } = renderView();
    fireEvent.click(await screen.findByTestId('measurement-back'));
    await screen.findByText('home screen');
    expect(router.state.location.pathname).toBe('/');
  });

  it('writes the acceleration unit g, never G', async () => {
    renderView();
    expect((await screen.findByTestId('duck-unit')).textContent).toBe('Unit: g');
    expect(screen.getByTestId('duck-measurement').textContent).not.toMatch(/\bG\b/);
  });
});
