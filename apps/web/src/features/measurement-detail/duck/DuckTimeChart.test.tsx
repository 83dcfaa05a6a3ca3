import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DuckSensor, MeasurementDetail } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { configureApiClient } from '../../../core/api/apiClient';
import { mockApi } from '../../../app/testing/mockApi';
import { renderApp } from '../../../app/testing/renderApp';
import { fakeCharts } from '../../../charts/chartTestKit';
import { DuckMeasurementView } from './DuckMeasurementView';
import { electricalTimeData } from './DuckTimeChart';
import { duckSensors, duckSensorUnit, isElectricalSensor } from './duckData';

vi.mock('../../../charts/UplotChart', async () => ({
  UplotChart: (await import('../../../charts/chartTestKit')).FakeUplotChart,
}));

// 4 Hz, 4 samples: a current with a DC offset of 11 A, a voltage of 230 V ± 10 V
const current = [10.5, 11.5, 10.5, 11.5];
const voltage = [220, 240, 220, 240];

const sensors: DuckSensor[] = [
  {
    name: 'accelerometer',
    displayName: 'Bearing DE',
    groupCode: '1',
    minMaxVoltage: [-2.5, 2.5],
    minMaxValue: [-25, 25],
    channels: [{ order: 1, channel: 'accelerometer_x' }],
  },
  {
    name: 'current',
    displayName: 'Motor current',
    groupCode: '4',
    minMaxVoltage: [-2, 2],
    minMaxValue: [-50, 50],
    channels: [{ order: 4, channel: 'current_l1' }],
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

const measurement = (): MeasurementDetail =>
  ({
    _id: 'd0000000000000000000000e',
    createdAt: '2026-11-23T10:00:00.000Z',
    user: null,
    point: { _id: 'p1', name: 'Motor', path: ['Demo plant'] },
    gateway: 'CA:B8:DA:00:00:01',
    measurementType: 'MANUAL',
    macAddress: 'CA:B8:DA:00:00:01',
    favorite: false,
    tags: [],
    upload: false,
    partial: false,
    error: null,
    state: 'persisted',
    note: '',
    device: { type: 'DUCKV1' },
    calibratedSamplingRate: 4,
    startedAt: null,
    profile: { sampleSize: 4, samplingRate: 0, accelerometerRange: { index: 0, value: 2 } },
    measurementData: [
      { key: 'channel_1', unit: 'g' },
      { key: 'channel_4', unit: 'A' },
      { key: 'channel_6', unit: 'V' },
    ],
    data: { channel_1: [0.1, -0.1, 0.1, -0.1], channel_4: current, channel_6: voltage },
    telemetry: [],
    config: { sensors },
  }) as unknown as MeasurementDetail;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  const answer = (): [number, unknown] => [200, { results: { x: [0, 1], y: [0, 1], unit: 'g' } }];
  mockApi({
    'POST /vibration/signal/spectrum': answer,
    'POST /vibration/signal/envelope': answer,
    'POST /vibration/signal/cepstrum': answer,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseSensor(label: string) {
  const select = await screen.findByTestId('duck-sensor-select');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label)!);
}

/** Renders the view, picks the sensor and opens its time tab; resolves with the time chart. */
async function openTime(label: string) {
  renderApp([{ path: '/', element: <DuckMeasurementView m={measurement()} /> }]);
  await chooseSensor(label);
  fireEvent.click(await screen.findByTestId('duck-tab-time'));
  return screen.findByTestId('duck-time-chart', {}, { timeout: 10000 });
}

const plotted = () => Array.from(fakeCharts.at(-1)!.data[1] as ArrayLike<number>);
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

/** Captures the files the CSV button saves: names and texts. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    return 'blob:x';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, texts: () => Promise.all(blobs.map((b) => b.text())) };
}

describe('Duck electrical time chart', () => {
  it('is offered for current and voltage channels only', async () => {
    renderApp([{ path: '/', element: <DuckMeasurementView m={measurement()} /> }]);
    await screen.findByTestId('duck-tab-spectrum');
    expect(screen.queryByTestId('duck-tab-time')).toBeNull(); // the accelerometer comes first
    await chooseSensor('Motor current (Current)');
    expect(await screen.findByTestId('duck-tab-time')).toBeTruthy();
    await chooseSensor('Bearing DE (Accelerometer)');
    await waitFor(() => expect(screen.queryByTestId('duck-tab-time')).toBeNull());
  });

  it('removes the DC offset by default (mean 0 A) and plots the raw current when unchecked', async () => {
    const chart = await openTime('Motor current (Current)');
    expect(chart.getAttribute('data-unit')).toBe('A');
    expect(plotted()).toEqual([-0.5, 0.5, -0.5, 0.5]);
    expect(mean(plotted())).toBe(0);
    expect(Array.from(fakeCharts.at(-1)!.data[0] as ArrayLike<number>)).toEqual([0, 0.25, 0.5, 0.75]);
    expect(fakeCharts.at(-1)!.options.axes?.[1]?.label).toBe('Current (A)');
    const dc = within(screen.getByTestId('duck-time-dc-offset').closest('label')!).getByRole('checkbox');
    expect((dc as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dc);
    await waitFor(() => expect(plotted()).toEqual(current));
    expect(mean(plotted())).toBe(11);
  });

  it('downloads the shown voltage waveform as CSV named by date-time and channel', async () => {
    const files = captureDownloads();
    await openTime('Supply (Voltage)');
    expect(fakeCharts.at(-1)!.options.axes?.[1]?.label).toBe('Voltage (V)');
    fireEvent.click(screen.getByTestId('duck-time-csv'));
    expect(files.names[0]).toMatch(/^\d{2}-\d{2}-\d{4}_\d{2}-\d{2}-\d{2}_channel_6_time\.csv$/);
    fireEvent.click(within(screen.getByTestId('duck-time-dc-offset').closest('label')!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('duck-time-csv'));
    expect(await files.texts()).toEqual([
      '"time_s","voltage_V"\n0,-10\n0.25,10\n0.5,-10\n0.75,10\n',
      '"time_s","voltage_V"\n0,220\n0.25,240\n0.5,220\n0.75,240\n',
    ]);
  });

  it('plays the current as audio and stops it', async () => {
    const source = { buffer: null, onended: null, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    const buffers: number[] = [];
    class FakeAudioContext {
      destination = {};
      createBuffer(_c: number, length: number) {
        buffers.push(length);
        return { copyToChannel: vi.fn() };
      }
      createBufferSource() {
        return source;
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    await openTime('Motor current (Current)');
    const play = screen.getByTestId('duck-time-play');
    expect(play.textContent).toContain('Play');
    fireEvent.click(play);
    expect(buffers).toEqual([44100]); // 4 samples at 4 Hz: 1 s at 44.1 kHz
    expect(source.start).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('duck-time-play').textContent).toContain('Stop'));
    fireEvent.click(screen.getByTestId('duck-time-play'));
    expect(source.stop).toHaveBeenCalledTimes(1);
  });

  it('electricalTimeData: time in s, samples with or without their mean', () => {
    const [x, y] = electricalTimeData([1, 3], 2, true);
    expect([...x]).toEqual([0, 0.5]);
    expect([...y]).toEqual([-1, 1]);
    expect([...electricalTimeData([1, 3], 2, false)[1]]).toEqual([1, 3]);
  });
});

describe('Duck sensor units', () => {
  it('are the contract units: A, V, g (lower case), °C, bar, RPM, %RH, °, mm', () => {
    expect(
      ['current', 'voltage', 'accelerometer', 'temperature', 'pressure', 'tachometer', 'humidity', 'angle', 'distance'].map(
        duckSensorUnit,
      ),
    ).toEqual(['A', 'V', 'g', '°C', 'bar', 'RPM', '%RH', '°', 'mm']);
    expect(duckSensorUnit('unknown')).toBe('g');
    expect(duckSensors(measurement()).map((s) => [s.type, s.unit, isElectricalSensor(s)])).toEqual([
      ['accelerometer', 'g', false],
      ['current', 'A', true],
      ['voltage', 'V', true],
    ]);
  });
});
