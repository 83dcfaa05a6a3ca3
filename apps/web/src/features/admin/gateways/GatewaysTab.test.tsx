import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TriggerItem } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, GATEWAYS, loginAs, renderAdmin, type ApiCall } from '../adminTestKit';
import { GatewaysTab } from './GatewaysTab';

const TRIGGERS: TriggerItem[] = [
  {
    _id: 't1',
    macAddress: 'CA:B8:25:00:00:09',
    status: {
      shadow: {
        reported: { eventType: 'DISCONNECTED', disconnectReason: 'keep-alive timeout', timestamp: '2024-05-06T07:08:09.000Z' },
      },
    },
    assignedDevices: [],
    credentials: { issuedAt: '2024-05-01T09:00:00.000Z', revokedAt: null },
  },
  { _id: 't2', macAddress: 'CA:B8:25:00:00:10', status: null, assignedDevices: [], credentials: null },
];

let calls: ApiCall[];
let triggers: TriggerItem[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  triggers = TRIGGERS;
  calls = fakeApi({
    'GET /gateway': (c: ApiCall) => ({ total: 57, gateways: c.query.get('macAddress') ? [GATEWAYS[1]] : GATEWAYS }),
    'GET /trigger': () => triggers,
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const gatewayCalls = () => calls.filter((c) => c.path === '/gateway').map((c) => Object.fromEntries(c.query));

describe('GatewaysTab', () => {
  it('asks the server for page 1 of 10, shows MAC, type and status with date or N/A', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    expect(gatewayCalls()[0]).toEqual({ page: '1', pageSize: '10' });
    expect(row.textContent).toContain('Senseway');
    expect(row.textContent).toContain('Connected');
    expect(row.textContent).toContain('06-05-2024');
    expect(screen.getByTestId('gateway-row-CA:B8:25:00:00:02').textContent).toContain('N/A');
  });

  it('pages on the server and searches by MAC address', { timeout: 20000 }, async () => {
    renderAdmin(<GatewaysTab />);
    await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(gatewayCalls().at(-1)).toEqual({ page: '3', pageSize: '10' }));
    fireEvent.change(screen.getByTestId('gateway-search'), { target: { value: ' ca:b8 ' } });
    await waitFor(() => expect(gatewayCalls().at(-1)).toEqual({ page: '1', pageSize: '10', macAddress: 'ca:b8' }));
    await waitFor(() => expect(screen.queryByTestId('gateway-row-AA:BB:CC:00:00:01')).toBeNull());
  });

  it('available devices: device, gateway and RSSI with its signal quality', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(within(row).getByTestId('gateway-available-devices'));
    const table = await screen.findByTestId('available-devices-table');
    expect(table.textContent).toContain('D1:00:00:00:00:01');
    const qualities = within(table)
      .getAllByTestId('signal-quality')
      .map((e) => e.dataset.quality);
    expect(qualities).toEqual(['excellent', 'poor']);
  });

  it('triggers view: reported event with the disconnect reason, or N/A; empty state', async () => {
    renderAdmin(<GatewaysTab />);
    fireEvent.click(screen.getByTestId('gateways-view-triggers'));
    const row = await screen.findByTestId('trigger-row-CA:B8:25:00:00:09');
    expect(row.textContent).toContain('DISCONNECTED');
    expect(row.textContent).toContain('06-05-2024');
    fireEvent.mouseEnter(within(row).getByText('DISCONNECTED'));
    expect(await screen.findByText('Disconnect reason: keep-alive timeout')).toBeTruthy();
    expect(screen.getByTestId('trigger-row-CA:B8:25:00:00:10').textContent).toContain('N/A');
  });

  it('triggers view without triggers shows the empty state', async () => {
    triggers = [];
    renderAdmin(<GatewaysTab />);
    fireEvent.click(screen.getByTestId('gateways-view-triggers'));
    expect(await screen.findByText('No triggers')).toBeTruthy();
  });
});
