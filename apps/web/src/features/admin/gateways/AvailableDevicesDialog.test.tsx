import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, GATEWAYS, loginAs, renderAdmin, type ApiCall } from '../adminTestKit';
import { AvailableDevicesDialog } from './AvailableDevicesDialog';

let calls: ApiCall[];
const onClose = vi.fn();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = fakeApi({ 'POST /device': () => ({ _id: 'd9' }) });
  onClose.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AvailableDevicesDialog', () => {
  it('marks a device registered to nobody and claims it through this gateway after confirmation', async () => {
    loginAs(ALL);
    renderAdmin(<AvailableDevicesDialog gateway={GATEWAYS[0]} onClose={onClose} />);
    const table = await screen.findByTestId('available-devices-table');
    // only the unregistered device (D1:…:02) is marked and has the action
    expect(within(table).getAllByTestId('unregistered-tag')).toHaveLength(1);
    expect(screen.queryByTestId('claim-D1:00:00:00:00:01')).toBeNull();
    fireEvent.click(screen.getByTestId('claim-D1:00:00:00:00:02'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]); // nothing before the confirmation
    expect(
      await screen.findByText(/Register D1:00:00:00:00:02 to your plant, commanded through gateway AA:BB:CC:00:00:01/),
    ).toBeTruthy();
    fireEvent.click(await screen.findByTestId('claim-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/device', { macAddress: 'D1:00:00:00:00:02', gateway: 'AA:BB:CC:00:00:01' }],
    ]);
  });

  it('offers no claim without addSensor, and says so in every language', async () => {
    loginAs(ALL.filter((p) => p !== 'addSensor'));
    renderAdmin(<AvailableDevicesDialog gateway={GATEWAYS[0]} onClose={onClose} />);
    await screen.findByTestId('available-devices-table');
    expect(screen.getByTestId('unregistered-tag')).toBeTruthy();
    expect(screen.queryByTestId('claim-D1:00:00:00:00:02')).toBeNull();
    for (const lng of ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw'])
      for (const key of ['unregistered', 'claim', 'claimOk', 'claimConfirm', 'claimDone'])
        expect(i18n.exists(`admin:gateways.${key}`, { lng }), `${lng} ${key}`).toBe(true);
  });
});
