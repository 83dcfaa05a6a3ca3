import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeviceItem } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin, reply, type ApiCall } from '../adminTestKit';
import type { TriggerItem } from '@overtone/contract';
import { GatewaysTab } from './GatewaysTab';

const T1 = 'CA:B8:25:00:00:11';
const T2 = 'CA:B8:25:00:00:12';
const BALL = 'CA:B8:31:00:00:03';
const INNER = 'CA:B8:31:00:00:02';
const OUTER = 'CA:B8:31:00:00:04';
const LOOSE = 'CA:B8:31:00:00:09';

const sensor = (n: number, macAddress: string, point: string | null): DeviceItem => ({
  _id: `s${n}`,
  macAddress,
  kind: 'SENSEWAY',
  type: 'SENSEWAY',
  gateway: null,
  point: point ? { _id: `p${n}`, name: point } : null,
  rssi: null,
  status: 'unknown',
  lastGateway: null,
  lastSeenAt: null,
});
const SENSORS = [
  sensor(2, INNER, 'Inner race fault'),
  sensor(3, BALL, 'Ball fault'),
  sensor(4, OUTER, 'Outer race fault'),
  sensor(9, LOOSE, null),
];
const assignedOf = (s: DeviceItem) => ({ _id: s._id, macAddress: s.macAddress, point: s.point! });

let calls: ReturnType<typeof fakeApi>;
let triggers: TriggerItem[];
let sensors: DeviceItem[];
/** Whether `GET /device` is held back (loading state), and what answers it then. */
let holdSensors: boolean;
let releaseSensors: (() => void) | null;

/** The fake server: `POST /trigger/t1/device` moves the sensor to t1, `DELETE` takes it off, as the real one does. */
const moveTo = (mac: string, to: string | null) => {
  const s = sensors.find((x) => x.macAddress === mac)!;
  triggers = triggers.map((t) => ({
    ...t,
    assignedDevices: [...t.assignedDevices.filter((d) => d.macAddress !== mac), ...(t._id === to ? [assignedOf(s)] : [])],
  }));
  return triggers.find((t) => t._id === 't1');
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  holdSensors = false;
  releaseSensors = null;
  sensors = SENSORS;
  triggers = [
    { _id: 't1', macAddress: T1, status: null, assignedDevices: [assignedOf(SENSORS[1])], credentials: null },
    { _id: 't2', macAddress: T2, status: null, assignedDevices: [assignedOf(SENSORS[0])], credentials: null },
  ];
  calls = fakeApi({
    'GET /gateway': { total: 0, gateways: [] },
    'GET /trigger': () => triggers,
    'GET /ducks': [],
    'GET /device': () => (holdSensors ? new Promise((resolve) => (releaseSensors = () => resolve(sensors))) : sensors),
    'POST /trigger/t1/device': (c: ApiCall) => moveTo((c.body as { macAddress: string }).macAddress, 't1'),
    [`DELETE /trigger/t1/device/${encodeURIComponent(BALL)}`]: () => moveTo(BALL, null),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openTriggers() {
  renderAdmin(<GatewaysTab />);
  fireEvent.click(screen.getByTestId('gateways-view-triggers'));
  return screen.findByTestId(`trigger-row-${T1}`);
}

async function openDialog(row: HTMLElement) {
  fireEvent.click(within(row).getByTestId('trigger-devices-manage'));
  return screen.findByTestId('trigger-devices-dialog');
}

async function openPicker(dialog: HTMLElement) {
  const select = within(dialog).getByTestId('trigger-device-select');
  await waitFor(() => expect(select.className).not.toContain('ant-select-disabled'));
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  await screen.findByText(`${OUTER} (Outer race fault)`, { selector: '.ant-select-item-option-content' });
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent);
const cell = (mac: string) => within(screen.getByTestId(`trigger-row-${mac}`)).getByTestId('trigger-devices');

describe('triggers view: the sensors of a trigger', () => {
  it('lists the sensors each trigger makes measure (GET /trigger assignedDevices)', async () => {
    loginAs(ALL);
    await openTriggers();
    await waitFor(() => expect(cell(T1).textContent).toContain(BALL));
    expect(cell(T1).textContent).not.toContain(INNER);
    expect(cell(T2).textContent).toContain(INNER);
  });

  it('assigns a sensor of GET /device?all=true (POST /trigger/{id}/device {macAddress}); one on no point cannot be picked', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    const dialog = await openDialog(row);
    expect(within(within(dialog).getByTestId(`trigger-device-${BALL}`)).getByText(/Ball fault/)).toBeTruthy();
    await openPicker(dialog);
    expect(calls.find((c) => c.path === '/device')?.query.get('all')).toBe('true');
    expect(optionTexts()).toEqual([
      `${INNER} (Inner race fault, now on ${T2})`,
      `${OUTER} (Outer race fault)`,
      `${LOOSE} (not attached to a point)`,
    ]);
    const loose = screen.getByText(`${LOOSE} (not attached to a point)`, { selector: '.ant-select-item-option-content' });
    expect(loose.closest('.ant-select-item-option')!.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(screen.getByText(`${OUTER} (Outer race fault)`, { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByTestId('trigger-device-assign'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/trigger/t1/device', body: { macAddress: OUTER } });
    expect(await screen.findByText('The sensor was assigned to the trigger')).toBeTruthy();
    // the list is read again: the dialog and the table show it on the trigger
    expect(await within(dialog).findByTestId(`trigger-device-${OUTER}`)).toBeTruthy();
    await waitFor(() => expect(cell(T1).textContent).toContain(OUTER));
  });

  it('a sensor on another trigger is moved from there', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    const dialog = await openDialog(row);
    await openPicker(dialog);
    fireEvent.click(
      screen.getByText(`${INNER} (Inner race fault, now on ${T2})`, { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(within(dialog).getByTestId('trigger-device-assign'));
    expect(await within(dialog).findByTestId(`trigger-device-${INNER}`)).toBeTruthy();
    await waitFor(() => expect(cell(T2).textContent).not.toContain(INNER));
    expect(cell(T2).textContent).toContain('None');
  });

  it('unassigns a sensor after a confirmation (DELETE /trigger/{id}/device/{mac})', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    const dialog = await openDialog(row);
    fireEvent.click(within(within(dialog).getByTestId(`trigger-device-${BALL}`)).getByTestId('trigger-device-unassign'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(await screen.findByText('Unassign this sensor from the trigger?')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toBeDefined());
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(`/trigger/t1/device/${encodeURIComponent(BALL)}`);
    expect(await screen.findByText('The sensor was unassigned from the trigger')).toBeTruthy();
    expect(await within(dialog).findByText('No sensor is assigned to this trigger.')).toBeTruthy();
  });

  it('a refused assignment is shown as an error toast and changes nothing (e.g. the sensor left its point meanwhile: 409 DEVICE_NOT_ON_POINT)', async () => {
    loginAs(ALL);
    calls = fakeApi({
      'GET /gateway': { total: 0, gateways: [] },
      'GET /trigger': () => triggers,
      'GET /ducks': [],
      'GET /device': () => sensors,
      'POST /trigger/t1/device': reply(409, {
        message: 'The sensor is not attached to a point; attach it to a point first',
        code: 'DEVICE_NOT_ON_POINT',
      }),
    });
    const dialog = await openDialog(await openTriggers());
    await openPicker(dialog);
    fireEvent.click(screen.getByText(`${OUTER} (Outer race fault)`, { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByTestId('trigger-device-assign'));
    await waitFor(() => expect(calls.notifyError).toHaveBeenCalledWith(i18n.t('errors:DEVICE_NOT_ON_POINT')));
    expect(screen.queryByText('The sensor was assigned to the trigger')).toBeNull();
    expect(within(dialog).queryByTestId(`trigger-device-${OUTER}`)).toBeNull();
  });

  it('loading, then empty: the picker waits for the sensors; without any it says so', async () => {
    loginAs(ALL);
    holdSensors = true;
    sensors = [];
    const dialog = await openDialog(await openTriggers());
    const select = within(dialog).getByTestId('trigger-device-select');
    expect(select.className).toContain('ant-select-disabled');
    expect(within(dialog).getByTestId(`trigger-device-${BALL}`)).toBeTruthy();
    await waitFor(() => expect(releaseSensors).not.toBeNull());
    releaseSensors!();
    expect(await within(dialog).findByText('There are no sensors to assign.')).toBeTruthy();
    expect(within(dialog).queryByTestId('trigger-device-select')).toBeNull();
  });

  it('without updateGateway the sensors are shown but cannot be changed', async () => {
    loginAs(['readGateway']);
    const row = await openTriggers();
    await waitFor(() => expect(cell(T1).textContent).toContain(BALL));
    expect(within(row).queryByTestId('trigger-devices-manage')).toBeNull();
  });

  it('in Turkish (the default language) too', async () => {
    await i18n.changeLanguage('tr');
    loginAs(ALL);
    const row = await openTriggers();
    expect(within(row).getByTestId('trigger-devices-manage').textContent).toBe('Sensör ata');
    fireEvent.click(within(row).getByTestId('trigger-devices-manage'));
    expect(await screen.findByText(`${T1} tetikleyicisinin sensörleri`)).toBeTruthy();
  });
});
