import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MetricAlarm } from '@overtone/contract';
import i18n from '../../core/i18n';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import {
  ALARM_PERMISSIONS,
  METRIC_ALARM,
  P,
  PEAK_ALARM,
  POINT,
  SOURCES,
  TELEMETRY,
  loginWith,
  numberInput,
  pick,
  typeNumber,
} from './alarmsTestKit';
import { PointAlarmsTab } from './PointAlarmsTab';

let calls: ApiCall[];
const echo = (c: ApiCall): [number, MetricAlarm] => [
  200,
  {
    ...METRIC_ALARM,
    ...(c.body as object),
    _id: 'b'.repeat(24),
    builtIn: null,
    level: { name: 'unknown', order: -1 },
  } as MetricAlarm,
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = mockApi({
    [`GET /point/${P}`]: [200, POINT],
    [`GET /point/${P}/alarm`]: [200, [METRIC_ALARM]],
    [`POST /point/${P}/alarm`]: echo,
    [`PUT /point/${P}/alarm/*`]: echo,
    [`DELETE /point/${P}/alarm/*`]: [200, { deleted: true }],
    [`GET /point/${P}/frequencyPeakAlarm`]: [200, { alarms: [PEAK_ALARM] }],
    'GET /telemetry': [200, TELEMETRY],
    'GET /telemetry/sources': [200, SOURCES],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () => renderApp([{ path: '/', element: <PointAlarmsTab pointId={P} /> }]);
const dialog = () => document.querySelector('.ant-modal') as HTMLElement;
const posts = () => calls.filter((c) => c.method === 'POST' && c.path === `/point/${P}/alarm`);
const side = (level: string, s: 'lower' | 'upper') => numberInput(`threshold-${level}-${s}`, dialog());
const values = (s: 'lower' | 'upper') => ['attention', 'hazard', 'critical'].map((l) => side(l, s).value);
const disabled = (s: 'lower' | 'upper') => ['attention', 'hazard', 'critical'].map((l) => side(l, s).disabled);

async function openCreate() {
  show();
  fireEvent.click(await screen.findByTestId('metric-alarm-create'));
  await waitFor(() => expect(dialog()).toBeTruthy());
}

describe('PointAlarmsTab: metric alarms', () => {
  it('lists the alarm: telemetry by its display name, source by the point axis mapping, thresholds and level in the alarm colours', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    const row = await screen.findByTestId(`metric-alarm-row-${METRIC_ALARM._id}`);
    await waitFor(() => expect(row.textContent).toContain('Velocity ISO 10816 (mm/s)'));
    await waitFor(() => expect(row.textContent).toContain('Z axis (sensor X)')); // sensor x is along machine Z
    expect(row.textContent).toContain('Top limit');
    expect(within(row).getByTestId('alarm-threshold-attention').textContent).toBe('> 1.12');
    expect(within(row).getByTestId('alarm-threshold-critical').textContent).toBe('> 7.1');
    expect(row.textContent).toContain('Delay 3 · Hysteresis 0.25');
    const level = within(row).getByTestId('level-tag');
    expect(level.textContent).toBe('Hazard');
    expect(level.getAttribute('style') ?? level.className).toMatch(/fa8c16|250, 140, 22/i); // hazard orange
  });

  it('a new alarm is a top limit with the default thresholds; the dialog is 70% wide and the unused lower side disabled', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('70%');
    expect(values('upper')).toEqual(['2.0000', '5.0000', '8.0000']);
    expect(disabled('lower')).toEqual([true, true, true]);
    expect(disabled('upper')).toEqual([false, false, false]);
  });

  it('changing the direction resets the thresholds to its defaults and disables the side it does not use', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    typeNumber(side('attention', 'upper'), '3');
    await waitFor(() => expect(side('attention', 'upper').value).toBe('3.0000'));
    await pick('alarm-direction', 'Bottom limit');
    await waitFor(() => expect(values('lower')).toEqual(['-2.0000', '-5.0000', '-8.0000']));
    expect(values('upper')).toEqual(['', '', '']);
    // the sides' enabled state follows the values by a render (under load, later): waited for
    await waitFor(() => expect(disabled('upper')).toEqual([true, true, true]));
    expect(disabled('lower')).toEqual([false, false, false]);
    await pick('alarm-direction', 'Band');
    await waitFor(() => expect(values('upper')).toEqual(['2.0000', '5.0000', '8.0000']));
    expect(values('lower')).toEqual(['-2.0000', '-5.0000', '-8.0000']);
    await waitFor(() => expect(disabled('lower').concat(disabled('upper'))).toEqual([false, false, false, false, false, false]));
  });

  it('POSTs the contract body: unused side null, thresholds rounded to 4 decimals, delay and hysteresis', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    fireEvent.change(screen.getByTestId('alarm-name'), { target: { value: 'Low temperature' } });
    await pick('alarm-telemetry', 'GRMS (g)');
    await pick('alarm-source', 'X axis (sensor Z)');
    await pick('alarm-direction', 'Bottom limit');
    await waitFor(() => expect(values('lower')).toEqual(['-2.0000', '-5.0000', '-8.0000']));
    typeNumber(side('attention', 'lower'), '-1.23456');
    typeNumber(numberInput('alarm-delay', dialog()), '4');
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({
      name: 'Low temperature',
      telemetry: 'GRMS',
      source: 'accelerometer_z',
      thresholdDirection: -1,
      calculated: true,
      properties: { frequencyRange: null },
      threshold: { attention: [-1.2346, null], hazard: [-5, null], critical: [-8, null] },
      delay: 4,
      hysteresis: 0,
    });
    expect(await screen.findByText('Alarm created')).toBeTruthy();
  });

  it('shows the ordering message of the contract and does not save while the thresholds are out of order', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    fireEvent.change(screen.getByTestId('alarm-name'), { target: { value: 'Overall' } });
    await pick('alarm-telemetry', 'GRMS (g)');
    await pick('alarm-source', 'Device (reported by the sensor)');
    typeNumber(side('attention', 'upper'), '6'); // above hazard 5
    expect((await screen.findByTestId('threshold-issues')).textContent).toBe('Thresholds must be critical ≥ hazard ≥ attention');
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts()).toHaveLength(0);
    typeNumber(side('attention', 'upper'), '4');
    await waitFor(() => expect(screen.queryByTestId('threshold-issues')).toBeNull());
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((posts()[0].body as MetricAlarm).threshold.attention).toEqual([null, 4]);
  });

  it('refuses a frequency range with one end only; sends [low, high] when both are given', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    fireEvent.change(screen.getByTestId('alarm-name'), { target: { value: 'Band velocity' } });
    await pick('alarm-telemetry', 'GRMS (g)');
    await pick('alarm-source', 'Device (reported by the sensor)');
    typeNumber(numberInput('alarm-frequency-low', dialog()), '10');
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    expect(await screen.findByText(/Enter both ends of the frequency range/)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    typeNumber(numberInput('alarm-frequency-high', dialog()), '1000');
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((posts()[0].body as MetricAlarm).properties).toEqual({ frequencyRange: [10, 1000] });
  });

  it('a bottom limit needs attention ≥ hazard ≥ critical on the lower side', async () => {
    loginWith(ALARM_PERMISSIONS);
    await openCreate();
    await pick('alarm-direction', 'Bottom limit');
    await waitFor(() => expect(values('lower')).toEqual(['-2.0000', '-5.0000', '-8.0000']));
    typeNumber(side('critical', 'lower'), '-4'); // above hazard −5
    expect((await screen.findByTestId('threshold-issues')).textContent).toBe(
      'Lower thresholds must be attention ≥ hazard ≥ critical',
    );
  });

  it('edits an alarm with its stored values and PUTs the change', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    const row = await screen.findByTestId(`metric-alarm-row-${METRIC_ALARM._id}`);
    fireEvent.click(within(row).getByTestId('metric-alarm-edit'));
    await waitFor(() => expect(side('hazard', 'upper').value).toBe('2.8000'));
    expect(numberInput('alarm-frequency-low', dialog()).value).toBe('10');
    expect(numberInput('alarm-hysteresis', dialog()).value).toBe('0.2500');
    typeNumber(side('critical', 'upper'), '9');
    fireEvent.click(screen.getByTestId('metric-alarm-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/point/${P}/alarm/${METRIC_ALARM._id}`);
    expect(put.body).toMatchObject({
      threshold: { attention: [null, 1.12], hazard: [null, 2.8], critical: [null, 9] },
      properties: { frequencyRange: [10, 1000] },
      delay: 3,
      hysteresis: 0.25,
    });
  });

  it('delete asks a warning confirmation: cancel says "Delete cancelled" and deletes nothing; confirm deletes', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    const row = await screen.findByTestId(`metric-alarm-row-${METRIC_ALARM._id}`);
    fireEvent.click(within(row).getByTestId('metric-alarm-delete'));
    expect((await screen.findAllByText('Delete the alarm "Bearing velocity"?')).length).toBeGreaterThan(0);
    expect(
      document.querySelector('.ant-modal-confirm-warning, .ant-modal-confirm-confirm .anticon-exclamation-circle'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-cancel'));
    expect(await screen.findByText('Delete cancelled')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByTestId('metric-alarm-delete'));
    await waitFor(() => expect(screen.getAllByTestId('confirm-delete-ok').length).toBeGreaterThan(0));
    const oks = screen.getAllByTestId('confirm-delete-ok');
    fireEvent.click(oks[oks.length - 1]);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/point/${P}/alarm/${METRIC_ALARM._id}`));
    expect(await screen.findByText('Alarm deleted')).toBeTruthy();
  });

  it('fetches nothing without readAlarm', async () => {
    loginWith(['readMeasurement', 'createAlarm', 'updateAlarm', 'deleteAlarm']);
    show();
    expect(await screen.findByTestId('alarms-no-permission')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.includes('alarm') || c.path.includes('Alarm'))).toEqual([]);
  });

  it('with readAlarm only: the list without create, edit and delete', async () => {
    loginWith(['readAlarm']);
    show();
    await screen.findByTestId(`metric-alarm-row-${METRIC_ALARM._id}`);
    expect(screen.queryByTestId('metric-alarm-create')).toBeNull();
    expect(screen.queryByTestId('metric-alarm-edit')).toBeNull();
    expect(screen.queryByTestId('metric-alarm-delete')).toBeNull();
  });

  it('the envelope sub-tab loads when opened and keeps its unsaved rows while the metric sub-tab is shown', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await screen.findByTestId(`metric-alarm-row-${METRIC_ALARM._id}`);
    expect(calls.some((c) => c.path.endsWith('/frequencyPeakAlarm'))).toBe(false);
    fireEvent.click(screen.getByText('Envelope alarms'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="peak-name"]')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('peak-add'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="peak-name"]')).toHaveLength(2));
    fireEvent.click(screen.getByText('Metric alarms'));
    fireEvent.click(screen.getByText('Envelope alarms'));
    expect(document.querySelectorAll('[data-testid="peak-name"]')).toHaveLength(2);
    expect((screen.getByTestId('peak-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the empty state, and the load failure with a retry', async () => {
    loginWith(ALARM_PERMISSIONS);
    let fail = true;
    calls = mockApi({
      [`GET /point/${P}/alarm`]: () => (fail ? [403, { message: 'Forbidden', code: 'FORBIDDEN' }] : [200, []]),
      'GET /telemetry': [200, TELEMETRY],
    });
    show();
    expect(await screen.findByText('The alarms could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This point has no metric alarms')).toBeTruthy();
  });
});
