import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DuckItem, TriggerItem } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin, type ApiCall } from '../adminTestKit';
import { BLANK, CONFIGURED } from '../ducks/duckFixtures';
import { GatewaysTab } from './GatewaysTab';

const TRIGGERS: TriggerItem[] = [
  { _id: 't1', macAddress: 'CA:B8:25:00:00:11', status: null, assignedDevices: [], credentials: null },
  { _id: 't2', macAddress: 'CA:B8:25:00:00:12', status: null, assignedDevices: [], credentials: null },
];
const ON_T2: DuckItem = { ...BLANK, _id: 'd3', deviceId: 'dev3', macAddress: 'CA:B8:DA:00:00:03', trigger: 't2' };

let calls: ApiCall[];
let ducks: DuckItem[];

/** The fake server: `POST`/`DELETE /trigger/{id}/duck` change `ducks` as the real one does. */
const setTrigger = (c: ApiCall, to: (d: DuckItem, trigger: string) => string | null) => {
  const trigger = c.path.split('/')[2];
  const id = (c.body as { duck: string }).duck;
  ducks = ducks.map((d) => (d._id === id ? { ...d, trigger: to(d, trigger) } : d));
  return ducks.find((d) => d._id === id);
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  ducks = [{ ...CONFIGURED, trigger: 't1' }, BLANK, ON_T2];
  calls = fakeApi({
    'GET /gateway': { total: 0, gateways: [] },
    'GET /trigger': TRIGGERS,
    'GET /ducks': () => ducks,
    'POST /trigger/t1/duck': (c: ApiCall) => setTrigger(c, (_, t) => t),
    'DELETE /trigger/t1/duck': (c: ApiCall) => setTrigger(c, (d, t) => (d.trigger === t ? null : d.trigger)),
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
  return screen.findByTestId('trigger-row-CA:B8:25:00:00:11');
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent);

describe('triggers view: the ducks of a trigger', () => {
  it('lists the ducks each trigger makes measure', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    await waitFor(() => expect(within(row).getByTestId('trigger-ducks').textContent).toContain(CONFIGURED.macAddress));
    expect(within(screen.getByTestId('trigger-row-CA:B8:25:00:00:12')).getByTestId('trigger-ducks').textContent).toContain(
      ON_T2.macAddress,
    );
    expect(within(row).getByTestId('trigger-ducks').textContent).not.toContain(BLANK.macAddress);
  });

  it('assigns a duck (POST /trigger/{id}/duck {duck}); a duck on another trigger is offered as moved from there', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    fireEvent.click(within(row).getByTestId('trigger-ducks-manage'));
    const dialog = await screen.findByTestId('trigger-ducks-dialog');
    expect(within(dialog).getByTestId(`trigger-duck-${CONFIGURED.macAddress}`)).toBeTruthy();
    const select = within(dialog).getByTestId('trigger-duck-select');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    const option = await screen.findByText(BLANK.macAddress, { selector: '.ant-select-item-option-content' });
    expect(optionTexts()).toEqual([BLANK.macAddress, `${ON_T2.macAddress} (now on CA:B8:25:00:00:12)`]);
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByTestId('trigger-duck-assign'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/trigger/t1/duck', body: { duck: BLANK._id } });
    expect(await screen.findByText('The duck was assigned to the trigger')).toBeTruthy();
    // the list is read again and shows it on the trigger
    expect(await within(dialog).findByTestId(`trigger-duck-${BLANK.macAddress}`)).toBeTruthy();
    await waitFor(() => expect(within(row).getByTestId('trigger-ducks').textContent).toContain(BLANK.macAddress));
  });

  it('unassigns a duck after a confirmation (DELETE /trigger/{id}/duck {duck})', async () => {
    loginAs(ALL);
    const row = await openTriggers();
    fireEvent.click(within(row).getByTestId('trigger-ducks-manage'));
    const dialog = await screen.findByTestId('trigger-ducks-dialog');
    fireEvent.click(
      within(within(dialog).getByTestId(`trigger-duck-${CONFIGURED.macAddress}`)).getByTestId('trigger-duck-unassign'),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(await screen.findByText('Unassign this duck from the trigger?')).toBeTruthy();
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toBeDefined());
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/trigger/t1/duck', body: { duck: CONFIGURED._id } });
    expect(await within(dialog).findByText('No duck is assigned to this trigger.')).toBeTruthy();
  });

  it('without updateGateway the ducks are shown but cannot be changed', async () => {
    loginAs(['readGateway']);
    const row = await openTriggers();
    await waitFor(() => expect(within(row).getByTestId('trigger-ducks').textContent).toContain(CONFIGURED.macAddress));
    expect(within(row).queryByTestId('trigger-ducks-manage')).toBeNull();
  });

  it('in Turkish (the default language) too', async () => {
    await i18n.changeLanguage('tr');
    loginAs(ALL);
    const row = await openTriggers();
    expect(within(row).getByTestId('trigger-ducks-manage').textContent).toBe('Duck ata');
    fireEvent.click(within(row).getByTestId('trigger-ducks-manage'));
    expect(await screen.findByText('CA:B8:25:00:00:11 tetikleyicisinin Duck cihazları')).toBeTruthy();
  });
});
