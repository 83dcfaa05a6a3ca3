import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PointConfig } from '@overtone/contract';
import { TEST_SESSION, renderApp } from '../../app/testing/renderApp';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { sessionStore } from '../../core/session';
import i18n from '../../core/i18n';
import { PointConfigCard } from './PointConfigCard';
import { profileResolution, sampleSizeFor } from './profileMath';
import { DUCKS } from '../admin/ducks/duckFixtures';

const P = 'b'.repeat(24);
const SENSOR: PointConfig = {
  device: {
    _id: 'd'.repeat(24),
    macAddress: 'CA:B8:31:00:00:01',
    gateway: 'CA:B8:28:00:00:01',
    type: 'SENSEWAY',
    kind: 'SENSEWAY',
  },
  profile: { sampleSize: 1000, samplingRate: 7, accelerometerRange: 2, sensorSelection: 0, window: 'hanning' },
  channelGroups: [],
};
const DUCK: PointConfig = {
  device: { _id: 'e'.repeat(24), macAddress: 'CA:B8:DA:00:00:01', gateway: null, type: 'DUCKV1', kind: 'DUCK' },
  profile: null,
  channelGroups: ['1|2'],
};
let calls: ApiCall[];

const loginWith = (permissions: string[]) => sessionStore.set({ ...TEST_SESSION, permissions } as typeof TEST_SESSION);
const show = () => renderApp([{ path: '/', element: <PointConfigCard pointId={P} /> }]);
const setup = (config: PointConfig) => {
  calls = mockApi({
    [`GET /point/${P}/config`]: [200, config],
    [`PUT /point/${P}/device`]: (c) => [
      200,
      { ...config, device: { ...config.device!, macAddress: (c.body as { macAddress: string }).macAddress } },
    ],
    [`DELETE /point/${P}/device`]: [200, { device: null, profile: null, channelGroups: [] }],
    [`PUT /point/${P}/profile`]: [200, config],
    [`DELETE /point/${P}/profile`]: [200, { ...config, profile: null }],
    [`PUT /point/${P}/channelGroup`]: (c) => [
      200,
      { ...config, channelGroups: (c.body as { channelGroups: string[] }).channelGroups },
    ],
    'GET /device': [200, []],
    'GET /gateway': [200, { total: 1, gateways: [] }],
    [`GET /point/${P}/periodic`]: [200, { sleepAmount: null, schedulerJob: null }],
    [`GET /point/${P}/trigger`]: [200, { triggers: [] }],
    'GET /trigger': [200, []],
    'GET /ducks': [200, DUCKS],
  });
};
const sent = (method: string, suffix: string) =>
  calls.filter((c) => c.method === method && c.path.endsWith(`/point/${P}/${suffix}`));

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('profileMath', () => {
  it('resolution = nominal rate / sample size to 4 decimals, bounds rate/20000 … rate/100', () => {
    expect(profileResolution(7, 1000)).toEqual({ resolution: 3.2, min: 0.16, max: 32 });
    expect(profileResolution(5, 3000)).toEqual({ resolution: 0.2667, min: 0.04, max: 8 });
    expect(profileResolution(10, 50000)).toEqual({ resolution: 0.512, min: 1.28, max: 256 });
  });
  it('resolution mode derives the sample size to a multiple of 10 within 10 … 50000', () => {
    expect(sampleSizeFor(7, 3.2)).toBe(1000);
    expect(sampleSizeFor(7, 0.3)).toBe(10670);
    expect(sampleSizeFor(5, 1000)).toBe(10);
    expect(sampleSizeFor(10, 0.0001)).toBe(50000);
  });
});

describe('PointConfigCard', () => {
  it('shows the device, the profile with its resolution, and the periodic and trigger sections', async () => {
    setup(SENSOR);
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    const device = await screen.findByTestId('device-section');
    await waitFor(() =>
      expect((within(device).getByRole('combobox', { name: /MAC/ }) as HTMLInputElement).value).toBe('CA:B8:31:00:00:01'),
    );
    expect(screen.getByTestId('profile-resolution').textContent).toBe('Resolution: 3.2000 Hz (min 0.16, max 32 Hz)');
    expect(screen.getByTestId('periodic-section')).toBeTruthy();
    expect(screen.getByTestId('trigger-section')).toBeTruthy();
    expect(screen.queryByTestId('channel-group-section')).toBeNull();
  });

  it('a record longer than resolution mode allows (the demo’s 24 000 samples at 12 800 Hz) says so instead of contradicting its bounds', async () => {
    setup({ ...SENSOR, profile: { ...SENSOR.profile!, sampleSize: 24000, samplingRate: 9 } });
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    await screen.findByTestId('device-section');
    await waitFor(() =>
      expect(screen.getByTestId('profile-resolution').textContent).toBe(
        'Resolution: 0.5333 Hz, finer than resolution mode offers (0.64 … 128 Hz): a record longer than 20 000 samples',
      ),
    );
  });

  it('refuses a malformed MAC with the spec’s message and sends a typed lower-case MAC upper-cased', async () => {
    setup(SENSOR);
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    const device = await screen.findByTestId('device-section');
    const mac = within(device).getByRole('combobox', { name: /MAC/ });
    fireEvent.change(mac, { target: { value: 'CA:B8:31:00:00' } });
    fireEvent.click(screen.getByTestId('device-save'));
    expect(await screen.findByText('Please input proper mac address (ex: AB:CD:EF:12:34:56)')).toBeTruthy();
    expect(sent('PUT', 'device')).toHaveLength(0);
    fireEvent.change(mac, { target: { value: 'ca:b8:31:00:00:2a' } });
    fireEvent.click(screen.getByTestId('device-save'));
    await waitFor(() => expect(sent('PUT', 'device')).toHaveLength(1));
    expect(sent('PUT', 'device')[0].body).toEqual({ macAddress: 'CA:B8:31:00:00:2A', gateway: 'CA:B8:28:00:00:01' });
    // The save is confirmed (pointConfig:saved).
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('deletes the device and the profile only after confirmation, each confirmed by a message', async () => {
    setup(SENSOR);
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    fireEvent.click(await screen.findByTestId('profile-delete'));
    expect(screen.queryByText('Deleted')).toBeNull();
    fireEvent.click(await screen.findByTestId('profile-delete-ok'));
    await waitFor(() => expect(sent('DELETE', 'profile')).toHaveLength(1));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    fireEvent.click(screen.getByTestId('device-delete'));
    expect(await screen.findByText('Remove the device from this point? Its profile is deleted too.')).toBeTruthy();
    expect(sent('DELETE', 'device')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('device-delete-ok'));
    await waitFor(() => expect(sent('DELETE', 'device')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByText('Deleted')).toHaveLength(2));
  });

  it('sends the profile with the derived sample size in resolution mode and refuses a size off the step of 10', async () => {
    setup(SENSOR);
    loginWith(['updatePointConfig']);
    show();
    const size = (await screen.findByTestId('profile-sample-size')) as HTMLInputElement;
    fireEvent.change(size, { target: { value: '1005' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('The sample size must be a multiple of 10')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profile-resolution-mode'));
    const resolution = await screen.findByTestId('profile-resolution-input');
    fireEvent.change(resolution, { target: { value: '1.6' } });
    fireEvent.blur(resolution);
    await waitFor(() => expect(size.value).toBe('2000'));
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(sent('PUT', 'profile')).toHaveLength(1));
    expect(sent('PUT', 'profile')[0].body).toEqual({
      sampleSize: 2000,
      samplingRateIndex: 7,
      accelerometerRangeIndex: 2,
      sensorSelectionIndex: 0,
      window: 'hanning',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('hides save without updatePointConfig and delete without deletePointConfig', async () => {
    setup(SENSOR);
    loginWith(['readPoint']);
    show();
    await screen.findByTestId('device-section');
    expect(screen.queryByTestId('device-save')).toBeNull();
    expect(screen.queryByTestId('device-delete')).toBeNull();
    expect(screen.queryByTestId('profile-save')).toBeNull();
    expect(screen.queryByTestId('profile-delete')).toBeNull();
  });

  it('a duck gets the channel-group picker instead of profile, periodic and trigger', async () => {
    setup(DUCK);
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    expect(await screen.findByTestId('channel-group-section')).toBeTruthy();
    expect(screen.queryByTestId('profile-section')).toBeNull();
    expect(screen.queryByTestId('periodic-section')).toBeNull();
    expect(screen.queryByTestId('trigger-section')).toBeNull();
    // the groups are picked from the duck's sensors, by name (the stored 1|2 is no sensor of it: listed by its code)
    const picker = screen.getByTestId('duck-channel-groups-picker');
    fireEvent.mouseDown(picker.querySelector('input') ?? picker);
    fireEvent.click(await screen.findByText('Motor DE (Accelerometer) · 1|2|3', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('channel-groups-save'));
    await waitFor(() => expect(sent('PUT', 'channelGroup')).toHaveLength(1));
    expect(sent('PUT', 'channelGroup')[0].body).toEqual({ channelGroups: ['1|2', '1|2|3'] });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('without a device: no profile, and periodic Save and trigger Assign disabled, each saying why', async () => {
    setup({ device: null, profile: null, channelGroups: [] });
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    expect(await screen.findByText('Save a device first to set its profile')).toBeTruthy();
    const periodic = await screen.findByTestId('periodic-section');
    expect((within(periodic).getByTestId('periodic-save') as HTMLButtonElement).disabled).toBe(true);
    expect(within(periodic).getByTestId('periodic-needs-device').textContent).toBe(
      'Save a device first to measure this point periodically',
    );
    const trigger = await screen.findByTestId('trigger-section');
    const mac = within(trigger).getByLabelText('Trigger MAC address') as HTMLInputElement;
    expect(mac.disabled).toBe(true);
    fireEvent.change(mac, { target: { value: 'CA:B8:25:00:00:01' } });
    expect((within(trigger).getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(trigger).getByTestId('trigger-needs-device').textContent).toBe('Save a device first to assign a trigger');
    fireEvent.click(within(periodic).getByTestId('periodic-save'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('with a device the periodic and trigger sections say nothing of it', async () => {
    setup(SENSOR);
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show();
    const periodic = await screen.findByTestId('periodic-section');
    expect((within(periodic).getByTestId('periodic-save') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('periodic-needs-device')).toBeNull();
    await screen.findByTestId('trigger-section');
    expect(screen.queryByTestId('trigger-needs-device')).toBeNull();
  });
});
