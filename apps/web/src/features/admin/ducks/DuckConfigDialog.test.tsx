import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin } from '../adminTestKit';
import { BLANK, CONFIGURED, DUCKS } from './duckFixtures';
import { DucksTab } from './DucksTab';

let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({ 'GET /ducks': DUCKS, 'PUT /ducks/d1/config': CONFIGURED, 'PUT /ducks/d2/config': BLANK });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const putBodies = (id: string) => api.filter((c) => c.method === 'PUT' && c.path === `/ducks/${id}/config`).map((c) => c.body);

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

/** The channel buttons follow the sensor type once the form has passed it on. */
const enabled = (testId: string) => waitFor(() => expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(false));

async function open(mac: string) {
  const row = await screen.findByTestId(`duck-row-${mac}`);
  fireEvent.click(within(row).getByTestId('duck-configure'));
  await screen.findByTestId('duck-config-ok');
}

describe('DuckConfigDialog', () => {
  it(
    'shows the saved configuration; channels of another sensor are disabled; groupCode is the orders joined by |',
    { timeout: 20000 },
    async () => {
      renderAdmin(<DucksTab />);
      await open(CONFIGURED.macAddress);
      expect((screen.getByTestId('duck-sample-size') as HTMLInputElement).value).toBe('2000');
      expect(screen.getByTestId('duck-sensor-0-group-code').textContent).toBe('Group code: 1|2|3');
      expect(screen.getByTestId('duck-sensor-1-group-code').textContent).toBe('Group code: 5');
      const button = (s: number, order: number) => screen.getByTestId(`duck-sensor-${s}-channel-${order}`) as HTMLButtonElement;
      // sensor 1 (current, 3 codes) may not take 1–3 (accelerometer's) but may take 4
      expect([1, 2, 3].map((o) => button(1, o).disabled)).toEqual([true, true, true]);
      expect(button(1, 4).disabled).toBe(false);
      expect(button(0, 5).disabled).toBe(true);
      fireEvent.click(button(1, 4));
      expect(screen.getByTestId('duck-sensor-1-group-code').textContent).toBe('Group code: 5|4');
      // now 4 belongs to sensor 1; sensor 0 is full anyway (3 of 3)
      expect(button(0, 4).disabled).toBe(true);
      fireEvent.click(button(1, 5));
      expect(screen.getByTestId('duck-sensor-1-group-code').textContent).toBe('Group code: 4');
      expect(button(0, 5).disabled).toBe(true); // sensor 0 holds its type's 3 channels
    },
  );

  it('refuses sample sizes outside 100–20000, min ≥ max, and voltages outside the reference', { timeout: 20000 }, async () => {
    renderAdmin(<DucksTab />);
    await open(CONFIGURED.macAddress);
    type('duck-sample-size', '50');
    expect(await screen.findByText('Sample size must be between 100 and 20000')).toBeTruthy();
    type('duck-sample-size', '20000');
    await waitFor(() => expect(screen.queryByText('Sample size must be between 100 and 20000')).toBeNull());

    type('duck-sensor-1-value-min', '200');
    expect(await screen.findByText('Invalid range: enter two numbers, the minimum below the maximum')).toBeTruthy();
    type('duck-sensor-1-value-min', '0');

    type('duck-sensor-1-voltage-max', '3');
    expect(await screen.findByText('Voltages must lie within ± the voltage reference')).toBeTruthy();
    type('duck-sensor-1-voltage-max', '2');
    // the internal reference (±2.4 V) refuses sensor 0's ±2.5 V
    await pick('duck-voltage-reference', 'Internal (±2.4 V)');
    expect(await screen.findByText('Voltages must lie within ± the voltage reference')).toBeTruthy();

    fireEvent.click(screen.getByTestId('duck-config-ok'));
    await new Promise((r) => setTimeout(r, 50));
    expect(putBodies('d1')).toEqual([]);
  });

  it(
    'a new sensor needs a type, display name and a channel; changing the type clears the channels',
    { timeout: 20000 },
    async () => {
      renderAdmin(<DucksTab />);
      await open(BLANK.macAddress);
      fireEvent.click(screen.getByTestId('duck-add-sensor'));
      expect((screen.getByTestId('duck-sensor-0-channel-1') as HTMLButtonElement).disabled).toBe(true); // no type yet
      fireEvent.click(screen.getByTestId('duck-config-ok'));
      expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(2);
      expect(screen.getByText('At least one channel')).toBeTruthy();
      await pick('duck-sensor-0-type', 'Angle (°)');
      await enabled('duck-sensor-0-channel-2');
      fireEvent.click(screen.getByTestId('duck-sensor-0-channel-2'));
      expect(screen.getByTestId('duck-sensor-0-group-code').textContent).toBe('Group code: 2');
      await pick('duck-sensor-0-type', 'Temperature (°C)');
      expect(screen.getByTestId('duck-sensor-0-group-code').textContent).toBe('Group code: —');
      expect(putBodies('d2')).toEqual([]);
    },
  );

  it('saves PUT /ducks/{id}/config with the config as the contract has it', { timeout: 20000 }, async () => {
    renderAdmin(<DucksTab />);
    await open(BLANK.macAddress);
    type('duck-sample-size', '4000');
    await pick('duck-sampling-rate', '4800 Hz');
    fireEvent.click(screen.getByTestId('duck-add-sensor'));
    await pick('duck-sensor-0-type', 'Current (A)');
    await enabled('duck-sensor-0-channel-3');
    type('duck-sensor-0-display-name', ' Pump motor ');
    fireEvent.click(screen.getByTestId('duck-sensor-0-channel-3'));
    fireEvent.click(screen.getByTestId('duck-sensor-0-channel-1'));
    type('duck-sensor-0-voltage-min', '0');
    type('duck-sensor-0-voltage-max', '2.4');
    type('duck-sensor-0-value-min', '0');
    type('duck-sensor-0-value-max', '150');
    fireEvent.click(screen.getByTestId('duck-config-ok'));
    await screen.findByText('Duck configuration saved');
    expect(putBodies('d2')).toEqual([
      {
        config: {
          voltageReference: 'internal',
          sampleSize: 4000,
          samplingRate: 4800,
          sensors: [
            {
              name: 'current',
              displayName: 'Pump motor',
              minMaxVoltage: [0, 2.4],
              minMaxValue: [0, 150],
              channels: [
                { order: 3, channel: 'current_l1' },
                { order: 1, channel: 'current_l2' },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('offers Add sensor only with addSensor; the saved sensors stay editable without it', { timeout: 20000 }, async () => {
    loginAs(ALL.filter((p) => p !== 'addSensor'));
    renderAdmin(<DucksTab />);
    await open(CONFIGURED.macAddress);
    expect(screen.queryByTestId('duck-add-sensor')).toBeNull();
    expect(screen.getByTestId('duck-sensor-0-group-code')).toBeTruthy();
    cleanup();
    loginAs(ALL);
    renderAdmin(<DucksTab />);
    await open(CONFIGURED.macAddress);
    expect(screen.getByTestId('duck-add-sensor')).toBeTruthy();
  });
});
