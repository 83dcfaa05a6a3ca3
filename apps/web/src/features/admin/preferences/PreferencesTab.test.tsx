import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, CUSTOMER, fakeApi, loginAs, renderAdmin, TELEMETRY, USERS } from '../adminTestKit';
import { PreferencesTab } from './PreferencesTab';

let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /customer/localhost': CUSTOMER,
    'GET /telemetry': TELEMETRY,
    'GET /users': USERS,
    'PUT /preferences': CUSTOMER, // the contract's answer: the customer record
    'PUT /preferences/logo': { logo: '/api/customer/localhost/logo' },
    'DELETE /preferences/logo': { logo: null },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const minLength = () => screen.getByTestId('pref-min-length') as HTMLInputElement;
const setMinLength = (v: string) => {
  fireEvent.change(minLength(), { target: { value: v } });
  fireEvent.blur(minLength());
};

describe('PreferencesTab', () => {
  it('is read-only without updatePreferences', async () => {
    loginAs(['readUser']);
    renderAdmin(<PreferencesTab />);
    expect(await screen.findByText(/changing them needs/)).toBeTruthy();
    expect(minLength().disabled).toBe(true);
    expect(screen.getByTestId('pref-senseway-alarm').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('preferences-save')).toBeNull();
  });

  it('shows the saved values, the six date formats with an example, and the global floor note', async () => {
    loginAs(ALL);
    renderAdmin(<PreferencesTab />);
    await waitFor(() => expect(minLength().value).toBe('8'));
    expect(screen.getByText(/at least 8 characters/)).toBeTruthy();
    expect(
      within(screen.getByTestId('pref-date-format')).getByText(/^DD-MM-YYYY HH:mm:ss \(e\.g\. \d\d-\d\d-\d{4} /),
    ).toBeTruthy();
    expect(screen.getByText('ops@demo.local')).toBeTruthy();
  });

  it("shows the date format's example in the customer's zone (GMT+3), not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T22:30:00Z')); // 01:30 on 2 January in GMT+3
    try {
      loginAs(ALL);
      renderAdmin(<PreferencesTab />);
      await waitFor(() => expect(minLength().value).toBe('8'));
      expect(
        within(screen.getByTestId('pref-date-format')).getByText('DD-MM-YYYY HH:mm:ss (e.g. 02-01-2030 01:30:00)'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    'Save PUTs the whole preferences and reloads the customer; Reset goes back to the saved values',
    { timeout: 20000 },
    async () => {
      loginAs(ALL);
      renderAdmin(<PreferencesTab />);
      await waitFor(() => expect(minLength().value).toBe('8'));
      setMinLength('20'); // the policy allows 4–16: the field keeps it in range
      await waitFor(() => expect(minLength().value).toBe('16'));

      fireEvent.click(screen.getByTestId('preferences-reset'));
      await waitFor(() => expect(minLength().value).toBe('8'));

      setMinLength('12');
      fireEvent.click(screen.getByTestId('pref-senseway-alarm'));
      fireEvent.click(within(screen.getByTestId('pref-mains-frequency')).getByLabelText('60 Hz'));
      const customerLoads = api.filter((c) => c.path === '/customer/localhost').length;
      fireEvent.click(screen.getByTestId('preferences-save'));
      await waitFor(() => expect(api.some((c) => c.method === 'PUT')).toBe(true));
      expect(api.find((c) => c.method === 'PUT')!.body).toEqual({
        passwordPolicy: { ...CUSTOMER.preferences.passwordPolicy, minCharacter: 12 },
        localization: CUSTOMER.preferences.localization,
        defaultTelemetry: 'GRMS',
        alarm: { ...CUSTOMER.preferences.alarm, enableSensewayAlarm: true },
        mainsFrequencyHz: 60,
      });
      expect(await screen.findByText('Preferences saved')).toBeTruthy();
      await waitFor(() => expect(api.filter((c) => c.path === '/customer/localhost').length).toBeGreaterThan(customerLoads));
    },
  );

  it('refuses alarm mail receivers that are not e-mail addresses', { timeout: 20000 }, async () => {
    loginAs(ALL);
    renderAdmin(<PreferencesTab />);
    await waitFor(() => expect(minLength().value).toBe('8'));
    const input = within(screen.getByTestId('pref-mail-receivers')).getByRole('combobox');
    fireEvent.change(input, { target: { value: 'not-an-email,' } });
    fireEvent.click(screen.getByTestId('preferences-save'));
    expect(await screen.findByText('Not valid e-mail addresses: not-an-email')).toBeTruthy();
    expect(api.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('uploads the logo as the raw file with its content type', async () => {
    loginAs(ALL);
    renderAdmin(<PreferencesTab />);
    await waitFor(() => expect(minLength().value).toBe('8'));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const input = screen.getByTestId('logo-field').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Logo uploaded')).toBeTruthy();
    const put = api.find((c) => c.path === '/preferences/logo')!;
    expect(put.method).toBe('PUT');
    expect(put.headers['Content-Type']).toBe('image/png');
    expect(put.body).toBe(file);
  });
});
