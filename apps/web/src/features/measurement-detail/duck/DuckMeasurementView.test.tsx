import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DuckSensor, MeasurementDetail, TelemetryValue } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { configureApiClient } from '../../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../../app/testing/mockApi';
import { renderApp } from '../../../app/testing/renderApp';
import { DuckMeasurementView } from './DuckMeasurementView';
import { duckSensors, isDuckMeasurement, telemetryUnit } from './duckData';

vi.mock('../../../charts/UplotChart', async () => ({
  UplotChart: (await import('../../../charts/chartTestKit')).FakeUplotChart,
}));

const wave = (k: number) => Array.from({ length: 64 }, (_, i) => k + Math.sin((i * k) / 5));
const tel = (source: string, telemetry: string, value: number, unit: string): TelemetryValue => ({
  name: telemetry,
  telemetry,
  source,
  sensor: source,
  value,
  unit,
  deviceReported: false,
});

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
    groupCode: '4|5',
    minMaxVoltage: [-2, 2],
    minMaxValue: [-50, 50],
    channels: [
      { order: 4, channel: 'current_l1' },
      { order: 5, channel: 'current_l2' },
    ],
  },
  {
    name: 'voltage',
    displayName: 'Supply',
    groupCode: '6',
    minMaxVoltage: [-2, 2],
    minMaxValue: [-400, 400],
    channels: [{ order: 6, channel: 'voltage_l1' }],
  },
];

const duckMeasurement = (over: Partial<MeasurementDetail> = {}): MeasurementDetail =>
  ({
    _id: 'd0000000000000000000000d',
    createdAt: '2026-11-23T10:00:00.000Z',
    user: null,
    point: { _id: 'p1', name: 'Outer race fault (Duck)', path: ['Demo plant', 'Rig'] },
    gateway: 'CA:B8:DA:00:00:01',
    measurementType: 'PERIODIC',
    macAddress: 'CA:B8:DA:00:00:01',
    favorite: false,
    tags: ['duck'],
    upload: false,
    partial: false,
    error: null,
    state: 'persisted',
    note: '',
    device: { type: 'DUCKV1' },
    calibratedSamplingRate: 2400,
    startedAt: null,
    profile: { sampleSize: 64, samplingRate: 0, accelerometerRange: { index: 0, value: 2 } },
    measurementData: [
      { key: 'channel_1', unit: 'G' },
      { key: 'channel_2', unit: 'G' },
      { key: 'channel_4', unit: 'A' },
      { key: 'channel_5', unit: 'A' },
    ],
    // channel 3 (accelerometer z) and channel 6 (voltage) carry no samples
    data: { channel_1: wave(1), channel_2: wave(2), channel_4: wave(4), channel_5: wave(5), channel_6: [] },
    telemetry: [
      tel('channel_1', 'GRMS', 0.123456789, 'g'),
      tel('channel_1', 'VRMS', 2.5, 'mm/s'),
      tel('channel_1', 'CREST', 3, ''),
      tel('channel_4', 'RMS', 12.3456, 'A'),
      tel('channel_4', 'PEAK', 17.5, 'A'),
    ],
    config: { sensors },
    ...over,
  }) as MeasurementDetail;

let calls: ApiCall[] = [];
const answer = (): [number, unknown] => [200, { results: { x: [0, 10, 20, 30], y: [0, 1, 0.5, 0.2], unit: 'g' } }];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  calls = mockApi({
    'POST /vibration/signal/spectrum': answer,
    'POST /vibration/signal/envelope': answer,
    'POST /vibration/signal/cepstrum': answer,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderView = (m = duckMeasurement()) => renderApp([{ path: '/', element: <DuckMeasurementView m={m} /> }]);

/** Opens the sensor select; returns the option labels shown. */
async function sensorOptions() {
  const select = screen.getByTestId('duck-sensor-select');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
}

const channelInputs = () =>
  [...screen.getByTestId('duck-channel-select').querySelectorAll('label')].map((l) => ({
    text: l.textContent,
    disabled: (l.querySelector('input') as HTMLInputElement).disabled,
  }));

const analysisCalls = () => calls.filter((c) => c.path.startsWith('/vibration/signal/'));

describe('DuckMeasurementView', () => {
  it('lists only sensors with data and disables channels without data', async () => {
    renderView();
    await screen.findByTestId('duck-selectors');
    expect(await sensorOptions()).toEqual(['Bearing DE (Accelerometer)', 'Motor current (Current)']);
    expect(channelInputs()).toEqual([
      { text: 'Channel 1 X axis', disabled: false },
      { text: 'Channel 2 Y axis', disabled: false },
      { text: 'Channel 3 Z axis', disabled: true },
    ]);
    expect(screen.getByTestId('duck-unit').textContent).toBe('Unit: g');
  });

  it('shows the telemetry in the unit of the sensor type (g, then A after choosing the current sensor)', async () => {
    renderView();
    const table = await screen.findByTestId('duck-telemetry-table');
    const units = () =>
      within(screen.getByTestId('duck-telemetry-table'))
        .getAllByTestId('duck-telemetry-unit')
        .map((u) => u.textContent);
    expect(units()).toEqual(['–', 'g', 'mm/s']); // CREST, GRMS, VRMS in the default order
    expect(table.textContent).toContain('0.1235');

    await sensorOptions();
    fireEvent.click(
      [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Motor current (Current)')!,
    );
    await waitFor(() => expect(screen.getByTestId('duck-unit').textContent).toBe('Unit: A'));
    expect(units()).toEqual(['A', 'A']);
    expect(screen.getByTestId('duck-telemetry-table').textContent).toContain('12.3456');
    await waitFor(() => expect(analysisCalls().at(-1)?.body).toMatchObject({ signal: wave(4) }));
  });

  it('requests spectrum, envelope and cepstrum with the selected channel signal on tab switch', async () => {
    renderView();
    await waitFor(() => expect(analysisCalls()).toHaveLength(1));
    expect(analysisCalls()[0]).toMatchObject({
      path: '/vibration/signal/spectrum',
      body: { signal: wave(1), samplingRate: 2400 },
    });

    fireEvent.click(screen.getByTestId('duck-tab-envelope'));
    await waitFor(() => expect(analysisCalls()).toHaveLength(2));
    expect(analysisCalls()[1]).toMatchObject({
      path: '/vibration/signal/envelope',
      body: { signal: wave(1), samplingRate: 2400, frequencyRange: [500, 1150], xlim: 2500 },
    });

    fireEvent.click(screen.getByTestId('duck-tab-cepstrum'));
    await waitFor(() => expect(analysisCalls()).toHaveLength(3));
    expect(analysisCalls()[2]).toMatchObject({
      path: '/vibration/signal/cepstrum',
      body: { signal: wave(1), samplingRate: 2400 },
    });
    await screen.findByTestId('duck-cepstrum-chart', {}, { timeout: 10000 });

    // another channel: its own signal
    fireEvent.click(within(screen.getByTestId('duck-channel-select')).getByText('Channel 2 Y axis'));
    await waitFor(() => expect(analysisCalls()).toHaveLength(4));
    expect(analysisCalls()[3]).toMatchObject({ path: '/vibration/signal/cepstrum', body: { signal: wave(2) } });
  });

  it('shows the favorite star, tools (delete) and the tags', async () => {
    renderView();
    expect(await screen.findByTestId('favorite-toggle')).toBeTruthy();
    expect(screen.getByTestId('tools-menu')).toBeTruthy();
    expect(screen.getByTestId('measurement-tags').textContent).toContain('duck');
  });

  it('shows an empty state when no sensor has data', async () => {
    renderView(duckMeasurement({ data: {} }));
    expect(await screen.findByTestId('duck-no-data')).toBeTruthy();
    expect(analysisCalls()).toHaveLength(0);
  });
});

describe('duckData', () => {
  it('recognises a Duck by device type, MAC prefix or configuration', () => {
    const senseway = duckMeasurement({ device: { type: 'SENSEWAY' }, macAddress: 'CA:B8:31:00:00:02' });
    expect(isDuckMeasurement(duckMeasurement())).toBe(true);
    expect(isDuckMeasurement({ ...senseway, config: undefined } as MeasurementDetail)).toBe(false);
    expect(isDuckMeasurement(senseway)).toBe(true); // carries a Duck config
    expect(isDuckMeasurement({ ...senseway, macAddress: 'ca:b8:da:00:00:09', config: undefined } as MeasurementDetail)).toBe(
      true,
    );
  });

  it('derives sensors from the channel keys and units without a configuration', () => {
    const m = { ...duckMeasurement(), config: undefined } as MeasurementDetail;
    const s = duckSensors(m);
    // channel 6 has an empty sample list and no unit: an accelerometer channel without data
    expect(s.map((x) => [x.type, x.unit, x.channels.map((c) => [c.order, c.hasData])])).toEqual([
      [
        'accelerometer',
        'g',
        [
          [1, true],
          [2, true],
          [6, false],
        ],
      ],
      [
        'current',
        'A',
        [
          [4, true],
          [5, true],
        ],
      ],
    ]);
  });

  it('gives levels the sensor unit and keeps other units', () => {
    expect(telemetryUnit(tel('channel_4', 'RMS', 1, 'A'), 'A')).toBe('A');
    expect(telemetryUnit(tel('channel_1', 'GRMS', 1, 'g'), 'g')).toBe('g');
    expect(telemetryUnit(tel('channel_1', 'GRMS', 1, 'G'), 'g')).toBe('g');
    expect(telemetryUnit(tel('channel_6', 'RMS', 1, 'V'), 'V')).toBe('V');
    expect(telemetryUnit(tel('channel_1', 'VRMS', 1, 'mm/s'), 'g')).toBe('mm/s');
    expect(telemetryUnit(tel('channel_1', 'CREST', 1, ''), 'g')).toBe('');
  });
});
