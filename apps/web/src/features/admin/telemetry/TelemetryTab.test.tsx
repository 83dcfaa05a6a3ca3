import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, CUSTOMER, fakeApi, loginAs, renderAdmin, reply, TELEMETRY } from '../adminTestKit';
import { TelemetryTab } from './TelemetryTab';

let api: ReturnType<typeof fakeApi>;
const [grms, vrms, oil] = TELEMETRY;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /telemetry': TELEMETRY,
    'GET /telemetry/sources': [
      { code: 'accelerometer_x', name: 'Accelerometer X' },
      { code: 'device', name: 'Device' },
    ],
    'GET /customer/localhost': CUSTOMER,
    'PUT /telemetry/order': TELEMETRY, // the contract's answer: the definitions in their (new) order
    'POST /telemetry': reply(201, oil),
    [`PUT /telemetry/${vrms._id}`]: vrms,
    [`PUT /telemetry/${oil._id}`]: oil,
    [`DELETE /telemetry/${oil._id}`]: { ok: true },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (name: string) => screen.getByTestId(`telemetry-row-${name}`);
const orderBody = () => api.filter((c) => c.path === '/telemetry/order').map((c) => c.body);

describe('TelemetryTab', () => {
  it('lists the definitions in order with unit, bounds, hidden and default; shows the sources', async () => {
    loginAs(ALL);
    renderAdmin(<TelemetryTab />);
    const oilRow = await screen.findByTestId('telemetry-row-OIL_TEMP');
    expect(oilRow.textContent).toContain('Oil temperature');
    expect(oilRow.textContent).toContain('°C');
    expect(oilRow.textContent).toContain('-20');
    expect(within(oilRow).getByTestId('telemetry-row-hidden').getAttribute('aria-checked')).toBe('true');
    expect((within(row('GRMS')).getByTestId('telemetry-row-default') as HTMLInputElement).checked).toBe(true);
    expect(await within(screen.getByTestId('telemetry-sources')).findByText('accelerometer_x')).toBeTruthy();
  });

  it('reads only with readTelemetry alone', async () => {
    loginAs(['readTelemetry']);
    renderAdmin(<TelemetryTab />);
    await screen.findByTestId('telemetry-row-GRMS');
    expect(screen.queryByTestId('telemetry-create')).toBeNull();
    expect(screen.queryByTestId('telemetry-drag-handle')).toBeNull();
    expect(screen.queryByTestId('telemetry-move-up')).toBeNull();
    expect(within(row('GRMS')).getByTestId('telemetry-row-hidden').hasAttribute('disabled')).toBe(true);
  });

  it('reorders with the keyboard buttons and by drag and drop: PUT /telemetry/order with every id', async () => {
    loginAs(ALL);
    renderAdmin(<TelemetryTab />);
    await screen.findByTestId('telemetry-row-GRMS');
    expect((within(row('GRMS')).getByTestId('telemetry-move-up') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row('GRMS')).getByTestId('telemetry-move-down'));
    await waitFor(() => expect(orderBody()).toEqual([{ ids: [vrms._id, grms._id, oil._id] }]));
    await screen.findByText('Order saved');

    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(within(row('OIL_TEMP')).getByTestId('telemetry-drag-handle'), { dataTransfer });
    fireEvent.dragOver(row('GRMS'), { dataTransfer });
    fireEvent.drop(row('GRMS'), { dataTransfer });
    await waitFor(() => expect(orderBody()).toHaveLength(2));
    expect(orderBody()[1]).toEqual({ ids: [oil._id, grms._id, vrms._id] });
  });

  it('hidden switch and default radio PUT the definition with the change', async () => {
    loginAs(ALL);
    renderAdmin(<TelemetryTab />);
    await screen.findByTestId('telemetry-row-VRMS');
    fireEvent.click(within(row('VRMS')).getByTestId('telemetry-row-default'));
    await waitFor(() => expect(api.some((c) => c.method === 'PUT' && c.path === `/telemetry/${vrms._id}`)).toBe(true));
    expect(api.find((c) => c.method === 'PUT')!.body).toEqual({
      displayName: 'VRMS',
      unit: 'mm/s',
      hidden: false,
      minValue: 0,
      maxValue: 50,
      isDefault: true,
    });
    fireEvent.click(within(row('OIL_TEMP')).getByTestId('telemetry-row-hidden'));
    await waitFor(() => expect(api.some((c) => c.method === 'PUT' && c.path === `/telemetry/${oil._id}`)).toBe(true));
    expect(api.find((c) => c.path === `/telemetry/${oil._id}`)!.body).toMatchObject({
      displayName: 'Oil temperature',
      hidden: false,
    });
  });

  it('create: display name and unit required, minimum not above maximum, name upper-cased', { timeout: 20000 }, async () => {
    loginAs(ALL);
    renderAdmin(<TelemetryTab />);
    await screen.findByTestId('telemetry-row-GRMS');
    fireEvent.click(screen.getByTestId('telemetry-create'));
    fireEvent.click(await screen.findByTestId('telemetry-dialog-ok'));
    expect(await screen.findByText('Please enter the display name')).toBeTruthy();
    expect(screen.getByText('Please enter the unit')).toBeTruthy();

    fireEvent.change(screen.getByTestId('telemetry-name'), { target: { value: 'bearing temp' } });
    expect((screen.getByTestId('telemetry-name') as HTMLInputElement).value).toBe('BEARING_TEMP');
    fireEvent.change(screen.getByTestId('telemetry-display-name'), { target: { value: 'Bearing temperature' } });
    fireEvent.change(screen.getByTestId('telemetry-unit'), { target: { value: '°C' } });
    fireEvent.change(screen.getByTestId('telemetry-min'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('telemetry-max'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('telemetry-dialog-ok'));
    expect(await screen.findByText('The minimum must not be greater than the maximum')).toBeTruthy();
    expect(api.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('telemetry-max'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('telemetry-dialog-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'POST')).toBe(true));
    expect(api.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'BEARING_TEMP',
      displayName: 'Bearing temperature',
      unit: '°C',
      minValue: 90,
      maxValue: 120,
      hidden: false,
      isDefault: false,
    });
  });

  it('delete: not for built-in definitions; others after confirmation', async () => {
    loginAs(ALL);
    renderAdmin(<TelemetryTab />);
    await screen.findByTestId('telemetry-row-GRMS');
    expect((within(row('GRMS')).getByTestId('telemetry-delete') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row('OIL_TEMP')).getByTestId('telemetry-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Telemetry deleted')).toBeTruthy();
    expect(api.some((c) => c.method === 'DELETE' && c.path === `/telemetry/${oil._id}`)).toBe(true);
  });
});
