import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ConditionResponse } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { HEALTH_COLORS } from '../../ui/health';
import { M, P, id, loginWith, report } from '../fault-reports/faultReportsTestKit';
import { blankPoint } from '../points/blankPoint';
import { ConditionControlTab, ConditionView } from './ConditionControlTab';

let calls: ApiCall[];

const days = (levels: string[]) =>
  levels.map((name, i) => ({
    date: `2030-01-${String(i + 1).padStart(2, '0')}`,
    level: { name, order: ['unknown', 'healthy', 'attention', 'hazard', 'critical'].indexOf(name) - 1 },
  }));

const CONDITION: ConditionResponse = {
  point: { _id: P, name: 'Pump DE', health: 'hazard' },
  iso10816: {
    machineClass: 'II',
    classSource: 'motorPower',
    motorPowerKw: 30,
    boundaries: [1.12, 2.8, 7.1],
    axes: [
      { axis: 'x', source: 'accelerometer_x', value: 4.5, zone: 'C', measuredAt: '2030-01-30T09:00:00.000Z', measurementId: M },
      { axis: 'y', source: 'accelerometer_y', value: 1, zone: 'A', measuredAt: '2030-01-30T09:00:00.000Z', measurementId: M },
    ],
  },
  health: { current: 'hazard', history: days([...Array(27).fill('unknown'), 'healthy', 'critical', 'hazard']) },
  faultReports: [
    report(1, { severity: 'critical', timeToStopMonths: 1, timeToStop: 'x' }),
    report(2, { severity: 'attention', timeToStopMonths: 3, fault: 'unbalance', code: 'unbalance', bearingComponent: null, name: { tr: 'Dengesizlik', en: 'Unbalance', de: 'Unwucht', ru: 'Дисбаланс', zh: '不平衡', zhTw: '不平衡' } }),
  ],
  activeAlarms: [
    { alarmId: id(9), kind: 'metric', name: 'ISO 10816 X', telemetry: 'VRMS_ISO10816', source: 'accelerometer_x', level: { name: 'hazard', order: 2 }, score: 4.5, since: '2030-01-30T09:00:00.000Z', measurementId: M },
  ],
  sensor: {
    device: { macAddress: 'CA:B8:31:00:00:04', type: 'SENSEWAY', gateway: 'CA:B8:28:00:00:01' },
    battery: { volts: 3.3, at: '2030-01-30T09:00:00.000Z' },
    signal: { rssi: -60, gateway: 'CA:B8:28:00:00:01', status: 'ready', scannedAt: '2030-01-30T09:10:00.000Z' },
    lastMeasurement: { _id: M, at: '2030-01-30T09:00:00.000Z', type: 'PERIODIC' },
    integrityReports: [report(3, { detectionType: 'sensor', fault: 'sensor_clipping', code: 'sensor_clipping', bearingComponent: null, name: { tr: 'Kırpılma', en: 'Sensor clipping', de: 'Übersteuerung', ru: 'Ограничение', zh: '削波', zhTw: '削波' } })],
  },
  nextMeasurement: { nextRunAt: '2030-01-30T10:00:00.000Z', lastRunAt: '2030-01-30T09:00:00.000Z', failedAt: null, failReason: null },
}; // prettier-ignore

const EMPTY: ConditionResponse = {
  point: { _id: P, name: 'Spare', health: 'unknown' },
  iso10816: { machineClass: 'II', classSource: 'default', motorPowerKw: null, boundaries: [1.12, 2.8, 7.1], axes: [] },
  health: { current: 'unknown', history: days(Array(30).fill('unknown')) },
  faultReports: [],
  activeAlarms: [],
  sensor: { device: null, battery: null, signal: null, lastMeasurement: null, integrityReports: [] },
  nextMeasurement: null,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  loginWith(['readPoint', 'readAlarm', 'readFaultReport']);
  calls = mockApi({
    [`GET /point/${P}/condition`]: [200, CONDITION],
    // sensor x is the machine's Z axis on this point
    [`GET /point/${P}`]: [
      200,
      blankPoint({ _id: P, name: 'Pump DE', path: [], coordinateXAxis: 'zAxis', coordinateZAxis: 'xAxis' }),
    ],
    'GET /telemetry': [200, []],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const showTab = () => renderApp([{ path: '/', element: <ConditionControlTab pointId={P} /> }]);
const showView = (data: ConditionResponse) => renderApp([{ path: '/', element: <ConditionView data={data} /> }]);

describe('ConditionControlTab', () => {
  it('loads GET /point/{id}/condition and shows every part', async () => {
    showTab();
    expect(screen.getByTestId('condition-loading')).toBeTruthy();
    await screen.findByTestId('condition-control-tab');
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      `GET /point/${P}`,
      `GET /point/${P}/condition`,
      'GET /telemetry',
    ]);
    // axes named by the point's mapping, as the alarms name them
    await within(screen.getByTestId('condition-zone-x')).findByText('Z axis (sensor X)');
    expect(screen.getByTestId('condition-alarms').textContent).toContain('VRMS ISO 10816 · Z axis (sensor X) · value 4.5');
    for (const part of ['condition-zone-x', 'condition-zone-y', 'condition-zone-z', 'condition-health', 'condition-reports', 'condition-alarms', 'condition-sensor', 'condition-next-measurement'])
      expect(screen.getByTestId(part)).toBeTruthy(); // prettier-ignore
    expect(screen.getByTestId('condition-class').textContent).toBe('Machine class II (motor power 30 kW)');
    // next run in the customer's zone (GMT+3) and format
    expect(screen.getByTestId('condition-next-at').textContent).toBe('30-01-2030 13:00:00');
  });

  it('marks each axis on its zone band: x 4.5 mm/s in C, y 1.0 mm/s in A, z without a value', async () => {
    showView(CONDITION);
    const x = screen.getByTestId('condition-zone-x');
    expect(x.dataset.zone).toBe('C');
    expect(x.dataset.position).toBe('0.6012'); // log scale 0.28 … 28.4 mm/s (class II)
    expect(within(x).getByTestId('zone-marker')).toBeTruthy();
    expect(within(x).getByTestId('zone-tag').textContent).toBe('Zone C');
    expect(within(x).getByText('4.50 mm/s RMS')).toBeTruthy();
    const bands = within(x).getAllByTestId(/^zone-band-/);
    expect(bands.map((b) => [b.dataset.x0, b.dataset.x1])).toEqual([
      ['0.0000', '0.3001'],
      ['0.3001', '0.4985'],
      ['0.4985', '0.6999'],
      ['0.6999', '1.0000'],
    ]);
    expect(bands.map((b) => b.querySelector('rect')!.getAttribute('fill'))).toEqual(['#389e0d', '#a0d911', '#fa8c16', '#f5222d']);
    const y = screen.getByTestId('condition-zone-y');
    expect([y.dataset.zone, y.dataset.position]).toEqual(['A', '0.2756']);
    const z = screen.getByTestId('condition-zone-z');
    expect(z.dataset.zone).toBe('');
    expect(within(z).queryByTestId('zone-marker')).toBeNull();
    expect(within(z).getByText('No value')).toBeTruthy();
  });

  it('shows the health now and one coloured day per history entry', () => {
    showView(CONDITION);
    const health = screen.getByTestId('condition-health');
    expect(within(health).getByTestId('condition-health-now').textContent).toBe('Hazard');
    const cells = within(health).getAllByTestId('health-day');
    expect(cells).toHaveLength(30);
    expect(cells.slice(-3).map((c) => c.dataset.level)).toEqual(['healthy', 'critical', 'hazard']);
    expect(cells.at(-2)!.style.background).toBe(HEALTH_COLORS.critical);
    expect(cells[0]!.getAttribute('aria-label')).toBe('01-01-2030: Unknown');
  });

  it('lists the open reports most severe first with time to stop, the active alarms and the sensor faults', () => {
    showView(CONDITION);
    const reports = within(screen.getByTestId('condition-reports')).getAllByTestId('condition-report-item');
    expect(reports.map((r) => r.dataset.severity)).toEqual(['critical', 'attention']);
    expect(within(reports[0]!).getByTestId('report-name').textContent).toBe('Bearing failure (outer race)');
    expect(reports[0]!.textContent).toContain('Time to stop: within one month');
    expect(reports[1]!.textContent).toContain('Time to stop: within three months');
    const alarms = within(screen.getByTestId('condition-alarms')).getAllByTestId('condition-alarm');
    expect(alarms.map((a) => a.dataset.level)).toEqual(['hazard']);
    // the telemetry by its name, the source by its axis (no point record: the sensor's axes as they are)
    expect(alarms[0]!.textContent).toContain('VRMS ISO 10816 · X axis (sensor X) · value 4.5 · since 30-01-2030 12:00:00');
    const sensor = screen.getByTestId('condition-sensor');
    expect(within(sensor).getAllByTestId('condition-integrity-item')).toHaveLength(1);
    expect(within(sensor).getByText('Sensor clipping')).toBeTruthy();
    expect(within(sensor).getByTestId('condition-last-measurement').getAttribute('href')).toBe(`/measurement/${M}`);
  });

  it('says what is missing and what to do for a point without device, measurements or schedule', () => {
    showView(EMPTY);
    expect(screen.getByTestId('condition-no-values').textContent).toContain('No vibration velocity measured on this point yet');
    expect(screen.getByTestId('condition-no-values').textContent).toContain('Attach a sensor');
    expect(screen.getByTestId('condition-no-device')).toBeTruthy();
    expect(screen.getByTestId('condition-no-schedule').textContent).toContain('Choose a measurement interval');
    expect(screen.getByTestId('condition-report-empty')).toBeTruthy();
    expect(screen.getByTestId('condition-alarms-empty')).toBeTruthy();
    expect(screen.getByTestId('condition-class').textContent).toBe('Machine class II (motor power not set; class II assumed)');
    expect(screen.queryByTestId('condition-zone-x')).toBeNull();
  });

  it('tells a sensor without measurements to measure', () => {
    showView({
      ...EMPTY,
      sensor: { ...CONDITION.sensor, battery: null, signal: null, lastMeasurement: null, integrityReports: [] },
    });
    expect(screen.getByTestId('condition-no-measurement').textContent).toContain('take one with Measure');
    expect(screen.getByTestId('condition-integrity-ok')).toBeTruthy();
    expect(screen.getByTestId('condition-no-values').textContent).toContain('Take a measurement with Measure');
  });

  it.each([
    [3.09, 'level3'],
    [3.1, 'level2'],
    [3.2, 'level2'],
    [3.21, 'level1'],
    [3.4, 'level1'],
    [3.41, 'good'],
  ])('battery %s V is %s (spec 001 §4: 3.1, 3.2, 3.4 V)', (volts, level) => {
    showView({ ...CONDITION, sensor: { ...CONDITION.sensor, battery: { volts, at: '2030-01-30T09:00:00.000Z' } } });
    expect(screen.getByTestId('condition-battery').dataset.level).toBe(level);
  });

  it.each([
    [-55, 'excellent'],
    [-65, 'good'],
    [-66, 'fair'],
    [-80, 'fair'],
    [-81, 'poor'],
  ])('RSSI %s dBm is %s (spec 001 §4: −55, −65, −80 dBm)', (rssi, quality) => {
    showView({ ...CONDITION, sensor: { ...CONDITION.sensor, signal: { ...CONDITION.sensor.signal!, rssi } } });
    expect(within(screen.getByTestId('condition-signal')).getByTestId('signal-quality').dataset.quality).toBe(quality);
  });

  it('says which parts the user may not read', () => {
    showView({ ...CONDITION, faultReports: null, activeAlarms: null, health: { current: 'hazard', history: null }, sensor: { ...CONDITION.sensor, integrityReports: null } });
    expect(screen.getByTestId('condition-reports').textContent).toContain('You are not allowed to see the fault reports');
    expect(screen.getByTestId('condition-alarms').textContent).toContain('You are not allowed to see the alarms');
    expect(screen.queryAllByTestId('health-day')).toHaveLength(0);
  }); // prettier-ignore

  it('shows a failure when the condition cannot be loaded', async () => {
    mockApi({ [`GET /point/${P}/condition`]: [404, { message: 'Point not found', code: 'POINT_NOT_FOUND' }] });
    showTab();
    expect(await screen.findByTestId('condition-load-failed')).toBeTruthy();
  });
});
