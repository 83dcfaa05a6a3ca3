import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin, reply } from '../adminTestKit';
import { BLANK, CONFIGURED, DUCKS } from './duckFixtures';
import { DucksTab } from './DucksTab';

let api: ReturnType<typeof fakeApi>;
/** the MAC travels URL-encoded (':' → %3A); the server decodes it */
const measurePath = (mac: string) => `/duck/${encodeURIComponent(mac)}/measure`;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /ducks': DUCKS,
    'GET /ducks/d1/periodic': { data: { repeatInterval: 7200 } },
    'PUT /ducks/d1/periodic': (c: { body: { period: number } }) => ({ data: { repeatInterval: c.body.period } }),
    'DELETE /ducks/d1/periodic': { data: { repeatInterval: null } },
    [`POST ${measurePath(CONFIGURED.macAddress)}`]: { _id: 'm1' },
    [`POST ${measurePath(BLANK.macAddress)}`]: reply(409, {
      code: 'DUCK_NOT_CONFIGURED',
      message: 'The duck has no sensor channels configured',
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (mac: string) => screen.findByTestId(`duck-row-${mac}`);
const calls = (method: string, path: string) => api.filter((c) => c.method === method && c.path === path);

describe('DucksTab', () => {
  it(
    'lists each duck: MAC, last seen or never, configuration summary with sensors and group codes, periodic',
    { timeout: 20000 },
    async () => {
      loginAs(ALL);
      renderAdmin(<DucksTab />);
      const r1 = await row(CONFIGURED.macAddress);
      expect(r1.textContent).toContain('06-05-2024');
      expect(r1.textContent).toContain('2000 samples · 2400 Hz · External (±2.5 V)');
      const tags = within(r1)
        .getAllByTestId('duck-sensor-tag')
        .map((e) => e.textContent);
      expect(tags).toEqual(['Motor DE · Accelerometer · 1|2|3', 'Phase A · Current · 5']);
      expect(r1.textContent).toContain('2 h');
      const r2 = await row(BLANK.macAddress);
      expect(r2.textContent).toContain('Never heard');
      expect(r2.textContent).toContain('Internal (±2.4 V)');
      expect(r2.textContent).toContain('No sensors configured');
      expect(r2.textContent).toContain('Off');
    },
  );

  it('measure: POST /duck/{mac}/measure; a 409 not configured is the API client toast', { timeout: 20000 }, async () => {
    loginAs(ALL);
    renderAdmin(<DucksTab />);
    fireEvent.click(within(await row(CONFIGURED.macAddress)).getByTestId('duck-measure'));
    await screen.findByText('Measurement requested');
    expect(calls('POST', measurePath(CONFIGURED.macAddress)).map((c) => c.body)).toEqual([{}]);
    fireEvent.click(within(await row(BLANK.macAddress)).getByTestId('duck-measure'));
    await waitFor(() => expect(api.notifyError).toHaveBeenCalledWith('The duck has no sensor channels configured'));
  });

  it(
    'without updateGateway and createMeasurement: no configure, no measure, periodic read-only',
    { timeout: 20000 },
    async () => {
      loginAs(['readGateway']);
      renderAdmin(<DucksTab />);
      const r1 = await row(CONFIGURED.macAddress);
      expect(within(r1).queryByTestId('duck-configure')).toBeNull();
      expect(within(r1).queryByTestId('duck-measure')).toBeNull();
      fireEvent.click(within(r1).getByTestId('duck-periodic'));
      expect((await screen.findByTestId('duck-periodic-current')).textContent).toBe('Every 2 h');
      expect(screen.queryByTestId('duck-periodic-save')).toBeNull();
      expect(screen.queryByTestId('duck-periodic-delete')).toBeNull();
    },
  );

  it('periodic: saves the interval in seconds (PUT {period})', { timeout: 20000 }, async () => {
    loginAs(ALL);
    renderAdmin(<DucksTab />);
    fireEvent.click(within(await row(CONFIGURED.macAddress)).getByTestId('duck-periodic'));
    const minutes = await screen.findByTestId('duck-periodic-minutes');
    expect((minutes as HTMLInputElement).value).toBe('120');
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('duck-periodic-save'));
    expect(await screen.findByText('The interval must be between 1 and 10080 minutes')).toBeTruthy();
    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('duck-periodic-save'));
    await screen.findByText('Periodic interval saved');
    expect(calls('PUT', '/ducks/d1/periodic').map((c) => c.body)).toEqual([{ period: 1800 }]);
  });

  it('periodic: turning off asks first; only confirming sends DELETE', { timeout: 20000 }, async () => {
    loginAs(ALL);
    renderAdmin(<DucksTab />);
    fireEvent.click(within(await row(CONFIGURED.macAddress)).getByTestId('duck-periodic'));
    fireEvent.click(await screen.findByTestId('duck-periodic-delete'));
    expect(await screen.findByText('Turn periodic measurement off for this duck?')).toBeTruthy();
    expect(calls('DELETE', '/ducks/d1/periodic')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    await screen.findByText('Periodic measurement turned off');
    expect(calls('DELETE', '/ducks/d1/periodic')).toHaveLength(1);
  });
});
