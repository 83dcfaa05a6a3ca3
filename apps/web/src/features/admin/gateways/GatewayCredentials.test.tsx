import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EdgeCredentialsIssued, GatewayItem, TriggerItem } from '@overtone/contract';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, GATEWAYS, loginAs, renderAdmin, reply, type ApiCall } from '../adminTestKit';
import { CredentialsDialog } from './CredentialsDialog';
import { GatewaysTab } from './GatewaysTab';

const issued = (mac: string, password: string, broker: Partial<EdgeCredentialsIssued['broker']> = {}): EdgeCredentialsIssued => ({
  macAddress: mac,
  username: mac,
  password,
  issuedAt: '2024-06-01T10:00:00.000Z',
  broker: { host: 'plant.example.com', port: 1883, tlsPort: null, clientCertificates: false, ...broker },
});

const REVOKED: GatewayItem = {
  ...GATEWAYS[1],
  _id: 'g3',
  macAddress: 'AA:BB:CC:00:00:03',
  type: 'SENSEWAY',
  credentials: { issuedAt: '2024-05-01T09:00:00.000Z', revokedAt: '2024-05-02T21:30:00.000Z' },
};

const TRIGGERS: TriggerItem[] = [
  {
    _id: 't1',
    macAddress: 'CA:B8:25:00:00:09',
    status: null,
    assignedDevices: [],
    credentials: { issuedAt: '2024-05-01T09:00:00.000Z', revokedAt: null },
  },
  { _id: 't2', macAddress: 'CA:B8:25:00:00:10', status: null, assignedDevices: [], credentials: null },
];

let calls: ApiCall[] & { notifyError: ReturnType<typeof vi.fn> };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = fakeApi({
    'GET /gateway': { total: 3, gateways: [...GATEWAYS, REVOKED] },
    'GET /trigger': TRIGGERS,
    'GET /ducks': [],
    'POST /gateway': (c: ApiCall) => {
      const mac = (c.body as { macAddress: string }).macAddress;
      return mac === 'AA:BB:CC:00:00:01'
        ? reply(409, { message: 'The MAC address is registered already', code: 'DEVICE_REGISTERED' })
        : { _id: 'g9', credentials: issued(mac, 'first-secret-43chars') };
    },
    'POST /gateway/g1/credentials': issued('AA:BB:CC:00:00:01', 'rotated-secret'),
    'POST /gateway/g2/credentials': issued('CA:B8:25:00:00:02', 'new-secret-g2'),
    'DELETE /gateway/g1/credentials': { ok: true },
    'DELETE /gateway/g1': { ok: true },
    'POST /trigger/t1/credentials': issued('CA:B8:25:00:00:09', 'trigger-secret', { tlsPort: 8883 }),
    'DELETE /trigger/t1/credentials': { ok: true },
  }) as typeof calls;
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
const dialog = () => screen.findByTestId('credentials-dialog');
const textOf = (testId: string) => screen.getByTestId(testId).textContent;

describe('gateway MQTT credentials', () => {
  it(
    'register: validates the MAC like the point form, upper-cases it, POSTs {macAddress, root: prod}, then shows the credentials once',
    { timeout: 30000 },
    async () => {
      renderAdmin(<GatewaysTab />);
      await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
      fireEvent.click(screen.getByTestId('gateway-register'));
      const mac = await screen.findByTestId('register-gateway-mac');
      fireEvent.change(mac, { target: { value: 'aa:bb:cc:0' } });
      fireEvent.click(screen.getByTestId('register-gateway-ok'));
      expect(await screen.findByText('Please input proper mac address (ex: AB:CD:EF:12:34:56)')).toBeTruthy();
      expect(writes()).toEqual([]);

      fireEvent.change(mac, { target: { value: 'aa:bb:cc:00:00:0f' } });
      fireEvent.click(screen.getByTestId('register-gateway-ok'));
      await dialog();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/gateway',
        body: { macAddress: 'AA:BB:CC:00:00:0F', root: 'prod' },
      });
      expect(await screen.findByText('The gateway was registered')).toBeTruthy();
      expect(screen.queryByTestId('register-gateway-mac')).toBeNull();
      expect(textOf('credentials-username')).toBe('AA:BB:CC:00:00:0F');
      expect(textOf('credentials-password')).toBe('first-secret-43chars');
      expect(textOf('credentials-host')).toBe('plant.example.com');
      expect(textOf('credentials-port')).toBe('1883');
      expect(screen.queryByTestId('credentials-tls-port')).toBeNull();
      expect(screen.getByText('The password is shown only now')).toBeTruthy();
      const steps = textOf('credentials-steps')!;
      expect(steps).toContain('Advance > MQTT');
      expect(steps).toContain('mqtt://plant.example.com:1883');
      expect(steps).toContain('Authentication: username and password.');
      expect(steps).toContain('Username: AA:BB:CC:00:00:0F');
    },
  );

  it('register: the server error is shown and the dialog stays open', async () => {
    renderAdmin(<GatewaysTab />);
    await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(screen.getByTestId('gateway-register'));
    fireEvent.change(await screen.findByTestId('register-gateway-mac'), { target: { value: 'AA:BB:CC:00:00:01' } });
    fireEvent.click(screen.getByTestId('register-gateway-ok'));
    // the API client shows the server's error (its code's translation)
    await waitFor(() => expect(calls.notifyError).toHaveBeenCalledWith('This MAC address is already registered'));
    expect(screen.getByTestId('register-gateway-mac')).toBeTruthy();
    expect(screen.queryByTestId('credentials-dialog')).toBeNull();
  });

  it('shows the credential state: Issued or Revoked with the date in the customer’s zone and format, or Not issued', async () => {
    renderAdmin(<GatewaysTab />);
    const state = (mac: string) => within(screen.getByTestId(`gateway-row-${mac}`)).getByTestId('credential-state');
    await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    // customer zone GMT+3, format DD-MM-YYYY HH:mm:ss
    expect(state('AA:BB:CC:00:00:01').textContent).toBe('Issued01-05-2024 12:00:00');
    expect(state('AA:BB:CC:00:00:03').textContent).toBe('Revoked03-05-2024 00:30:00');
    expect(state('CA:B8:25:00:00:02').textContent).toBe('Not issued');
  });

  it('rotate asks for confirmation (disconnected until the new password is entered), then POSTs .../credentials and shows the new password', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    expect(within(row).queryByTestId('credentials-issue')).toBeNull();
    fireEvent.click(within(row).getByTestId('credentials-rotate'));
    expect(
      await screen.findByText(
        'Issue a new password for AA:BB:CC:00:00:01? The current one stops working now: the device is disconnected until you enter the new password on its MQTT page.',
      ),
    ).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByTestId('credentials-rotate-ok'));
    await dialog();
    expect(writes()).toEqual(['POST /gateway/g1/credentials']);
    expect(textOf('credentials-password')).toBe('rotated-secret');
    expect(await screen.findByText('New MQTT credentials were issued')).toBeTruthy();
    // the list is read again
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/gateway').length).toBeGreaterThan(1));
  });

  it('issue on a gateway without credentials or with revoked ones needs no confirmation', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-CA:B8:25:00:00:02');
    expect(within(row).queryByTestId('credentials-rotate')).toBeNull();
    expect(within(row).queryByTestId('credentials-revoke')).toBeNull();
    expect(within(screen.getByTestId('gateway-row-AA:BB:CC:00:00:03')).getByTestId('credentials-issue')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('credentials-issue'));
    await dialog();
    expect(writes()).toEqual(['POST /gateway/g2/credentials']);
    expect(textOf('credentials-username')).toBe('CA:B8:25:00:00:02');
  });

  it('revoke asks for confirmation, then DELETEs .../credentials', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(within(row).getByTestId('credentials-revoke'));
    expect(await screen.findByText(/Revoke the MQTT credentials of AA:BB:CC:00:00:01\?/)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByTestId('credentials-revoke-ok'));
    await waitFor(() => expect(writes()).toEqual(['DELETE /gateway/g1/credentials']));
    expect(await screen.findByText('The MQTT credentials were revoked')).toBeTruthy();
  });

  it('remove gateway asks for confirmation, then DELETEs /gateway/{id}', async () => {
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    fireEvent.click(within(row).getByTestId('gateway-remove'));
    expect(await screen.findByText(/Remove gateway AA:BB:CC:00:00:01\? Its MQTT credentials are deleted/)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    await waitFor(() => expect(writes()).toEqual(['DELETE /gateway/g1']));
    expect(await screen.findByText('The gateway was removed')).toBeTruthy();
  });

  it('triggers: the same column, and rotate / revoke on /trigger/{id}/credentials', async () => {
    renderAdmin(<GatewaysTab />);
    fireEvent.click(screen.getByTestId('gateways-view-triggers'));
    const row = await screen.findByTestId('trigger-row-CA:B8:25:00:00:09');
    expect(within(row).getByTestId('credential-state').textContent).toBe('Issued01-05-2024 12:00:00');
    expect(within(screen.getByTestId('trigger-row-CA:B8:25:00:00:10')).getByTestId('credential-state').textContent).toBe(
      'Not issued',
    );
    fireEvent.click(within(row).getByTestId('credentials-revoke'));
    fireEvent.click(await screen.findByTestId('credentials-revoke-ok'));
    await waitFor(() => expect(writes()).toEqual(['DELETE /trigger/t1/credentials']));
    fireEvent.click(within(row).getByTestId('credentials-rotate'));
    const oks = await screen.findAllByTestId('credentials-rotate-ok');
    fireEvent.click(oks.at(-1)!);
    await dialog();
    expect(writes()).toEqual(['DELETE /trigger/t1/credentials', 'POST /trigger/t1/credentials']);
    expect(textOf('credentials-password')).toBe('trigger-secret');
    expect(textOf('credentials-tls-port')).toBe('8883');
    expect(textOf('credentials-steps')).toContain('mqtts://plant.example.com:8883');
  });

  it('a reader without updateGateway sees the credential state but no register button and no actions', async () => {
    loginAs(['readGateway'], 'user');
    renderAdmin(<GatewaysTab />);
    const row = await screen.findByTestId('gateway-row-AA:BB:CC:00:00:01');
    expect(within(row).getByTestId('credential-state').textContent).toContain('Issued');
    expect(screen.queryByTestId('gateway-register')).toBeNull();
    for (const id of ['credentials-issue', 'credentials-rotate', 'credentials-revoke', 'gateway-remove'])
      expect(screen.queryAllByTestId(id)).toEqual([]);
    expect(screen.queryByText('Actions')).toBeNull();
    fireEvent.click(screen.getByTestId('gateways-view-triggers'));
    const trigger = await screen.findByTestId('trigger-row-CA:B8:25:00:00:09');
    expect(within(trigger).getByTestId('credential-state')).toBeTruthy();
    for (const id of ['credentials-issue', 'credentials-rotate', 'credentials-revoke'])
      expect(screen.queryAllByTestId(id)).toEqual([]);
  });
});

describe('CredentialsDialog', () => {
  it('closing before the password was copied asks first; Back keeps the dialog, Close anyway closes it', async () => {
    const onClose = vi.fn();
    renderAdmin(<CredentialsDialog credentials={issued('AA:BB:CC:00:00:0F', 'uncopied-secret')} onClose={onClose} />);
    await dialog();
    const question = () => document.querySelectorAll('.ant-modal-confirm-title');
    fireEvent.click(screen.getByTestId('credentials-close'));
    await waitFor(() => expect([...question()].map((e) => e.textContent)).toEqual(['You have not copied the password']));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('credentials-password').textContent).toBe('uncopied-secret');
    fireEvent.click(screen.getByTestId('credentials-close'));
    // (the first question may still be leaving: answer the newest)
    fireEvent.click((await screen.findAllByTestId('credentials-close-anyway')).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('TLS port, client certificates, and closing without a question once the password was copied', async () => {
    const onClose = vi.fn();
    renderAdmin(
      <CredentialsDialog
        credentials={issued('AA:BB:CC:00:00:01', 'copied-secret', { tlsPort: 8883, clientCertificates: true })}
        onClose={onClose}
      />,
    );
    await dialog();
    expect(textOf('credentials-port')).toBe('1883');
    expect(textOf('credentials-tls-port')).toBe('8883');
    expect(screen.getByTestId('credentials-client-certificates')).toBeTruthy();
    expect(textOf('credentials-endpoint')).toBe('mqtts://plant.example.com:8883');
    const copy = screen.getByTestId('credentials-password').querySelector('.ant-typography-copy') as HTMLElement;
    fireEvent.click(copy);
    await waitFor(() => expect(copy.className).toContain('ant-typography-copy-success'));
    fireEvent.click(screen.getByTestId('credentials-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('You have not copied the password')).toBeNull();
  });

  it('in Turkish (the default language)', async () => {
    await i18n.changeLanguage('tr');
    renderAdmin(<CredentialsDialog credentials={issued('AA:BB:CC:00:00:01', 's')} onClose={() => undefined} />);
    expect(await screen.findByText('Parola yalnızca şimdi gösteriliyor')).toBeTruthy();
    expect(textOf('credentials-steps')).toContain('Kimlik doğrulama: kullanıcı adı ve parola.');
  });
});
