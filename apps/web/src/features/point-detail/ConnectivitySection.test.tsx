import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Point, RoutingLookup } from '@overtone/contract';
import i18n from '../../core/i18n';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { TEST_SESSION, renderApp } from '../../app/testing/renderApp';
import { ConnectivitySection } from './ConnectivitySection';
import { blankPoint } from '../points/blankPoint';

/** The connectivity section's battery level (spec 000 §4: routing lookup `batteryLevel` in volts, four levels). */
const DEVICE_ID = 'd'.repeat(24);
const POINT: Point = {
  ...blankPoint({ _id: 'c'.repeat(24), name: 'Motor DE', tagCode: 'm1', parent: 'g1', path: ['Demo Plant'], health: 'healthy' }),
  device: { _id: DEVICE_ID, macAddress: 'CA:B8:31:00:00:01', gateway: 'AA:BB:CC:00:00:01', type: 'SENSEWAY' },
};

const lookup = (batteryLevel: number | null): RoutingLookup => ({
  data: {
    batteryLevel,
    // 09:00 UTC is 12:00 in the customer's zone (GMT+3)
    batteryLevelDate: batteryLevel === null ? null : '2030-01-30T09:00:00.000Z',
    data: [
      {
        _id: { gateway: 'AA:BB:CC:00:00:01', device: 'CA:B8:31:00:00:01' },
        rssi: -60,
        status: 'ready',
        scannedAt: '2030-01-30T09:05:00.000Z',
      },
    ],
  },
});

function show(battery: number | null) {
  mockApi({ [`GET /iot/device/${DEVICE_ID}/routingLookup`]: [200, lookup(battery)] });
  renderApp([{ path: '/', element: <ConnectivitySection point={POINT} /> }]);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sessionStore.set({ ...TEST_SESSION, permissions: ['readPoint'] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('connectivity: battery level', () => {
  it.each([
    [3.58, 'good', 'good'],
    [3.4, 'level1', 'level 1'],
    [3.36, 'level1', 'level 1'],
    [3.2, 'level2', 'level 2'],
    [3.18, 'level2', 'level 2'],
    [3.1, 'level2', 'level 2'],
    [3.05, 'level3', 'level 3, replace soon'],
  ])('%s V shows %s', async (volts, level, text) => {
    show(volts);
    const battery = await screen.findByTestId('battery-level');
    expect(battery.dataset.level).toBe(level);
    expect(within(battery).getByText(text)).toBeTruthy();
    expect(battery.textContent).toContain(`${volts.toFixed(2)} V`);
    expect(battery.textContent).toContain('30-01-2030 12:00:00');
  });

  it('says so while the sensor never reported its battery', async () => {
    show(null);
    const battery = await screen.findByTestId('battery-level');
    expect(battery.dataset.level).toBe('none');
    expect(battery.textContent).toBe('Not reported yet');
  });

  it('is translated (Turkish, the default language)', async () => {
    await i18n.changeLanguage('tr');
    show(3.05);
    const battery = await screen.findByTestId('battery-level');
    expect(battery.textContent).toContain('seviye 3');
    expect(screen.getByTestId('connectivity').textContent).toContain('Pil');
  });
});
