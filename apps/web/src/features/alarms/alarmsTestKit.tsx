/**
 * Test helpers of the alarms feature (imported by its *.test.tsx only): fixtures shaped by the
 * contract, a session with chosen permissions, antd input helpers.
 */
import { fireEvent, screen } from '@testing-library/react';
import type {
  AlarmTransactionDetail,
  FrequencyPeakAlarm,
  MetricAlarm,
  Permission,
  TelemetryDefinition,
} from '@overtone/contract';
import { TEST_SESSION } from '../../app/testing/renderApp';
import { sessionStore } from '../../core/session';
import { blankPoint } from '../points/blankPoint';

export const P = 'a'.repeat(24);
const id = (n: number) => n.toString(16).padStart(24, '0');

export const ALARM_PERMISSIONS: Permission[] = ['readAlarm', 'createAlarm', 'updateAlarm', 'deleteAlarm'];

export const loginWith = (permissions: Permission[]) => sessionStore.set({ ...TEST_SESSION, permissions });

export const TELEMETRY: TelemetryDefinition[] = [
  { _id: id(201), name: 'GRMS', displayName: 'GRMS', unit: 'g', hidden: false, minValue: null, maxValue: null, isDefault: true, builtIn: true, order: 0 },
  { _id: id(202), name: 'VRMS_ISO10816', displayName: 'Velocity ISO 10816', unit: 'mm/s', hidden: false, minValue: null, maxValue: null, isDefault: false, builtIn: true, order: 1 },
]; // prettier-ignore

export const SOURCES = [
  { code: 'accelerometer_x', name: 'accelerometer_x' },
  { code: 'accelerometer_y', name: 'accelerometer_y' },
  { code: 'accelerometer_z', name: 'accelerometer_z' },
  { code: 'device', name: 'device' },
];

/** The point: sensor x is mounted along the machine's Z axis. */
export const POINT_AXES = { coordinateXAxis: 'zAxis', coordinateYAxis: 'yAxis', coordinateZAxis: 'xAxis' } as const;

export const METRIC_ALARM: MetricAlarm = {
  _id: id(301),
  name: 'Bearing velocity',
  point: P,
  telemetry: 'VRMS_ISO10816',
  source: 'accelerometer_x',
  thresholdDirection: 1,
  calculated: true,
  properties: { frequencyRange: [10, 1000] },
  threshold: { attention: [null, 1.12], hazard: [null, 2.8], critical: [null, 7.1] },
  delay: 3,
  hysteresis: 0.25,
  builtIn: null,
  level: { name: 'hazard', order: 2 },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

export const PEAK_ALARM: FrequencyPeakAlarm = {
  _id: id(401),
  name: 'BPFO',
  point: P,
  customer: id(1),
  createdAt: '2030-01-01T00:00:00.000Z',
  axis: 'accelerometer_y',
  frequency: 123.5,
  sensitivity: 4,
  threshold: { attention: 0.1, hazard: 0.2, critical: 0.3 },
  level: { name: 'attention', order: 1 },
};

export const transaction = (n: number, patch: Partial<AlarmTransactionDetail> = {}): AlarmTransactionDetail => ({
  _id: id(500 + n),
  createdAt: '2030-01-02T03:04:05.000Z',
  name: `Alarm ${n}`,
  macAddress: 'D1:00:00:00:00:01',
  point: { _id: P, name: 'Pump DE' },
  telemetry: 'GRMS',
  level: { name: 'critical', order: 3 },
  score: 1.23456,
  measurementId: id(600 + n),
  source: 'accelerometer_z',
  kind: 'metric',
  alarmId: id(301),
  ...patch,
});

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
export async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

/** The input element of an antd InputNumber (by its data-testid). */
export const numberInput = (testId: string, within: ParentNode = document): HTMLInputElement => {
  const el = within.querySelector(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`no ${testId}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

/** Types a value into an antd InputNumber and leaves it. */
export function typeNumber(input: HTMLInputElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** The point record `GET /point/{id}` answers (axes as {@link POINT_AXES}). */
export const POINT = blankPoint({ _id: P, name: 'Pump DE', path: [], ...POINT_AXES });
