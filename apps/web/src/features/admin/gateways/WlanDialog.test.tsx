import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TriggerItem } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, GATEWAYS, loginAs, renderAdmin, reply, type ApiCall } from '../adminTestKit';
import { GatewaysTab } from './GatewaysTab';

/** WLAN settings of gateways and triggers (spec 002 §2, §9): `PUT /gateway/{id}/config`, `/trigger/{id}/config`. */
const TRIGGERS: TriggerItem[] = [
  {
    _id: 't1',
    macAddress: 'CA:B8:25:00:00:09',
    status: {
      shadow: { reported: { eventType: 'trigger', disconnectReason: null, timestamp: '2024-05-06T07:08:09.000Z' } },
    },
    assignedDevices: [],
    credentials: null,
  },
];

let calls: ApiCall[] & { notifyError: ReturnType<typeof vi.fn> };
let triggerAnswer: unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  triggerAnswer = { topic: 'prod/gateway/G/device/T/config/wlan', ssid: 'Plant-2', requestedAt: '2024-05-06T07:08:09.000Z' };
  calls = fakeApi({
    'GET /gateway': { total: GATEWAYS.length, gateways: GATEWAYS },
    'GET /trigger': () => TRIGGERS,
    'PUT /gateway/g1/config': (c: ApiCall) => ({
      topic: 'prod/gateway/AA:BB:CC:00:00:01/config/wlan',
      ssid: (c.body as { ssid: string }).ssid,
      requestedAt: '2024-05-06T07:08:09.000Z',
    }),
    'PUT /trigger/t1/config': () => triggerAnswer,
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const configCalls = () => calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/config'));

describe('WLAN settings dialog', () => {
  it('gateway: validates like the server, masks the password, sends trimmed SSID and password, says so', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(within(row).getByTestId('gateway-wlan'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('WLAN settings of AA:BB:CC:00:00:01');
    const password = within(dialog).getByTestId('wlan-password');
    expect(password.getAttribute('type')).toBe('password');

    // both required (a blank SSID too)
    fireEvent.change(within(dialog).getByTestId('wlan-ssid'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('gateway-wlan-ok'));
    expect(await within(dialog).findByText('Please enter the SSID')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter the password')).toBeTruthy();
    // the server's limits: SSID 32 characters, password 64
    fireEvent.change(within(dialog).getByTestId('wlan-ssid'), { target: { value: 'S'.repeat(33) } });
    fireEvent.change(password, { target: { value: 'p'.repeat(65) } });
    fireEvent.click(screen.getByTestId('gateway-wlan-ok'));
    expect(await within(dialog).findByText('The SSID has at most 32 characters')).toBeTruthy();
    expect(await within(dialog).findByText('The password has at most 64 characters')).toBeTruthy();
    expect(configCalls()).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('wlan-ssid'), { target: { value: ' Plant-1 ' } });
    fireEvent.change(password, { target: { value: ' secret 64 ' } });
    fireEvent.click(screen.getByTestId('gateway-wlan-ok'));
    expect(await screen.findByText('The WLAN settings were sent to AA:BB:CC:00:00:01 (network Plant-1)')).toBeTruthy();
    expect(configCalls().map((c) => [c.path, c.body])).toEqual([
      ['/gateway/g1/config', { ssid: 'Plant-1', password: ' secret 64 ' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('trigger: a refusal stays in the dialog, translated, and the settings can be sent again', async () => {
    triggerAnswer = reply(409, { message: 'No routing', code: 'NO_ROUTING' });
    renderAdmin(<GatewaysTab />);
    fireEvent.click(screen.getByTestId('gateways-view-triggers'));
    const row = await screen.findByTestId('trigger-row-CA:B8:25:00:00:09');
    // a trigger that fired shows its event by name
    expect(row.textContent).toContain('Fired');
    fireEvent.click(within(row).getByTestId('trigger-wlan'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('wlan-ssid'), { target: { value: 'Plant-2' } });
    fireEvent.change(within(dialog).getByTestId('wlan-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('trigger-wlan-ok'));
    const error = await within(dialog).findByTestId('wlan-error');
    expect(error.textContent).toBe('The WLAN settings were not sent: No suitable Senseway found to reach the target device');
    expect(screen.getByRole('dialog')).toBeTruthy();

    triggerAnswer = { topic: 'prod/gateway/G/device/T/config/wlan', ssid: 'Plant-2', requestedAt: '2024-05-06T07:08:09.000Z' };
    fireEvent.click(screen.getByTestId('trigger-wlan-ok'));
    expect(await screen.findByText('The WLAN settings were sent to CA:B8:25:00:00:09 (network Plant-2)')).toBeTruthy();
    expect(configCalls().map((c) => [c.path, c.body])).toEqual([
      ['/trigger/t1/config', { ssid: 'Plant-2', password: 'pw' }],
      ['/trigger/t1/config', { ssid: 'Plant-2', password: 'pw' }],
    ]);
  });

  it('in Turkish (the default language) the dialog and its messages are Turkish', async () => {
    await i18n.changeLanguage('tr');
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(within(row).getByTestId('gateway-wlan'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('AA:BB:CC:00:00:01 WLAN ayarları');
    fireEvent.click(screen.getByTestId('gateway-wlan-ok'));
    expect(await within(dialog).findByText(i18n.t('errors:requireSsid'))).toBeTruthy();
    expect(i18n.t('errors:requireSsid')).not.toBe('Please enter the SSID');
  });

  it('without updateGateway there is no WLAN action', async () => {
    loginAs(['readGateway']);
    renderAdmin(<GatewaysTab />);
    await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    expect(screen.queryByTestId('gateway-wlan')).toBeNull();
  });
});
