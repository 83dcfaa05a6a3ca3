import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FrequencyPeakAlarm, FrequencyPeakAlarmsBody } from '@overtone/contract';
import i18n from '../../core/i18n';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { ALARM_PERMISSIONS, P, PEAK_ALARM, POINT, loginWith, typeNumber } from './alarmsTestKit';
import { FrequencyPeakEditor } from './FrequencyPeakEditor';
import { forceEvenSensitivity, toPeakBody, newRow } from './frequencyPeakModel';

let calls: ApiCall[];
let gets = 0;
/** What the server stores: the last set POSTed (sensitivity answered as sent, i.e. doubled from the stored half). */
let stored: FrequencyPeakAlarm[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  gets = 0;
  stored = [PEAK_ALARM];
  calls = mockApi({
    [`GET /point/${P}`]: [200, POINT],
    [`GET /point/${P}/frequencyPeakAlarm`]: () => {
      gets += 1;
      return [200, { alarms: stored }];
    },
    [`POST /point/${P}/frequencyPeakAlarm`]: (c) => {
      stored = (c.body as FrequencyPeakAlarmsBody).alarms.map((a, i) => ({
        ...a,
        _id: `${i}`.padStart(24, 'c'),
        point: P,
        customer: PEAK_ALARM.customer,
        createdAt: PEAK_ALARM.createdAt,
        level: { name: 'unknown', order: -1 },
      }));
      return [200, { alarms: stored }];
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () => renderApp([{ path: '/', element: <FrequencyPeakEditor pointId={P} point={POINT} /> }]);
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
const rowInputs = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"]`)].map(
    (e) => (e.tagName === 'INPUT' ? e : e.querySelector('input')) as HTMLInputElement,
  );
const posts = () => calls.filter((c) => c.method === 'POST');

describe('frequencyPeakModel', () => {
  it('forces the sensitivity to an even number of Hz, at least 2', () => {
    expect([null, 0, 1, 2, 3, 4, 5, 6.4, 7.2, -8].map(forceEvenSensitivity)).toEqual([2, 2, 2, 2, 4, 4, 6, 6, 8, 2]);
  });

  it('refuses what the contract refuses: empty name, thresholds out of order, odd sensitivity', () => {
    const row = { ...newRow(), name: 'x' };
    expect(toPeakBody([row]).ok).toBe(true);
    const bad = toPeakBody([{ ...row, name: ' ', sensitivity: 3, threshold: { attention: 0.3, hazard: 0.2, critical: 0.1 } }]);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues.map((i) => i.message).sort()).toEqual(['requireAlarmName', 'sensitivityEven', 'thresholdOrderTop']);
  });
});

describe('FrequencyPeakEditor', () => {
  it('shows the stored alarms (axis by the point mapping, thresholds in g, current level); Save and Discard disabled without changes', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    expect(rowInputs('peak-name')[0].value).toBe('BPFO');
    expect(rowInputs('peak-frequency')[0].value).toBe('123.5');
    expect(rowInputs('peak-sensitivity')[0].value).toBe('4');
    expect(rowInputs('peak-critical')[0].value).toBe('0.3000');
    expect(screen.getByTestId('frequency-peak-editor').textContent).toContain('Y axis (sensor Y)');
    expect(screen.getByTestId('level-tag').textContent).toBe('Attention');
    expect(button('peak-save').disabled).toBe(true);
    expect(button('peak-discard').disabled).toBe(true);
  });

  it('adds a row with the defaults (axis x, 1000 Hz, 2 Hz, 0.1 / 0.2 / 0.3 g), which enables Save and Discard', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('peak-add'));
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(2));
    expect(rowInputs('peak-frequency')[1].value).toBe('1000');
    expect(rowInputs('peak-sensitivity')[1].value).toBe('2');
    expect(rowInputs('peak-attention')[1].value).toBe('0.1000');
    expect(rowInputs('peak-hazard')[1].value).toBe('0.2000');
    expect(rowInputs('peak-critical')[1].value).toBe('0.3000');
    expect(screen.getByTestId('frequency-peak-editor').textContent).toContain('Z axis (sensor X)');
    expect(button('peak-save').disabled).toBe(false);
    expect(button('peak-discard').disabled).toBe(false);
  });

  it('forces the sensitivity even and at least 2 when the input is left', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-sensitivity')).toHaveLength(1));
    typeNumber(rowInputs('peak-sensitivity')[0], '7');
    await waitFor(() => expect(rowInputs('peak-sensitivity')[0].value).toBe('8'));
    typeNumber(rowInputs('peak-sensitivity')[0], '1');
    await waitFor(() => expect(rowInputs('peak-sensitivity')[0].value).toBe('2'));
    expect(button('peak-save').disabled).toBe(false);
  });

  it('saves the whole set ({alarms}) and clears the has-changes flag', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('peak-add'));
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(2));
    fireEvent.change(rowInputs('peak-name')[1], { target: { value: 'Gear mesh' } });
    const axis = document.querySelectorAll('[data-testid="peak-axis"]')[1] as HTMLElement;
    fireEvent.mouseDown(axis.querySelector('input') ?? axis);
    const options = await screen.findAllByText('X axis (sensor Z)', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options[options.length - 1]);
    typeNumber(rowInputs('peak-frequency')[1], '2450');
    typeNumber(rowInputs('peak-sensitivity')[1], '5');
    await waitFor(() => expect(rowInputs('peak-sensitivity')[1].value).toBe('6'));
    fireEvent.click(button('peak-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({
      alarms: [
        { name: 'BPFO', axis: 'accelerometer_y', frequency: 123.5, sensitivity: 4, threshold: { attention: 0.1, hazard: 0.2, critical: 0.3 } },
        { name: 'Gear mesh', axis: 'accelerometer_z', frequency: 2450, sensitivity: 6, threshold: { attention: 0.1, hazard: 0.2, critical: 0.3 } },
      ],
    }); // prettier-ignore
    expect(await screen.findByText('Envelope alarms saved')).toBeTruthy();
    await waitFor(() => expect(button('peak-save').disabled).toBe(true));
    expect(button('peak-discard').disabled).toBe(true);
  });

  it('does not save a set the contract refuses and says what is wrong by row', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('peak-add')); // its name is empty
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(2));
    typeNumber(rowInputs('peak-attention')[0], '0.5'); // above hazard 0.2
    fireEvent.click(button('peak-save'));
    const issues = await screen.findByTestId('peak-issues');
    expect(issues.textContent).toContain('Row 1: Thresholds must be critical ≥ hazard ≥ attention');
    expect(issues.textContent).toContain('Row 2: Please enter the alarm name');
    expect(posts()).toHaveLength(0);
  });

  it('Discard reloads the stored set and removes the unsaved rows; removing a row is a change', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('peak-remove'));
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(0));
    expect(button('peak-save').disabled).toBe(false);
    const before = gets;
    fireEvent.click(button('peak-discard'));
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    expect(gets).toBe(before + 1);
    expect(rowInputs('peak-name')[0].value).toBe('BPFO');
    expect(button('peak-save').disabled).toBe(true);
    expect(button('peak-discard').disabled).toBe(true);
  });

  it('without updateAlarm: read-only, no add, remove, save or discard', async () => {
    loginWith(['readAlarm']);
    show();
    await waitFor(() => expect(rowInputs('peak-name')).toHaveLength(1));
    expect(rowInputs('peak-name')[0].disabled).toBe(true);
    expect(screen.queryByTestId('peak-add')).toBeNull();
    expect(screen.queryByTestId('peak-remove')).toBeNull();
    expect(screen.queryByTestId('peak-save')).toBeNull();
  });

  it('shows the empty state', async () => {
    loginWith(ALARM_PERMISSIONS);
    stored = [];
    show();
    expect(await screen.findByText('This point has no envelope alarms')).toBeTruthy();
  });
});
