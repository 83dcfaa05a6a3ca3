import { describe, expect, it } from 'vitest';
import { batteryLevel, canMeasure, latestRoutingEntry, signalQuality, statusTagType, type RoutingEntry } from './gatewayStatus';

describe('signal quality from rssi (spec 000 §4)', () => {
  it.each([
    [-30, 'excellent'],
    [-55, 'excellent'],
    [-55.5, 'good'],
    [-65, 'good'],
    [-65.1, 'fair'],
    [-80, 'fair'],
    [-80.1, 'poor'],
    [-110, 'poor'],
  ] as const)('%d dBm is %s', (rssi, quality) => {
    expect(signalQuality(rssi)).toBe(quality);
  });

  it('is unknown without a reading', () => {
    expect(signalQuality(null)).toBe('unknown');
    expect(signalQuality(Number.NaN)).toBe('unknown');
  });
});

describe('gateway status', () => {
  it('maps each status to the tag type the spec names', () => {
    expect(statusTagType('unknown')).toBe('info');
    expect(statusTagType('measuring')).toBe('success');
    expect(statusTagType('sleeping')).toBe('warning');
    expect(statusTagType('ready')).toBe('default');
    expect(statusTagType('connected')).toBe('default');
  });

  it('allows measuring only when ready or connected', () => {
    expect(canMeasure('ready')).toBe(true);
    expect(canMeasure('connected')).toBe(true);
    expect(canMeasure('measuring')).toBe(false);
    expect(canMeasure('sleeping')).toBe(false);
    expect(canMeasure('unknown')).toBe(false);
    expect(canMeasure(undefined)).toBe(false);
  });
});

describe('battery level from volts (spec 000 §4)', () => {
  it.each([
    [3.0, 'level3'],
    [3.1, 'level2'],
    [3.2, 'level2'],
    [3.3, 'level1'],
    [3.4, 'level1'],
    [3.6, 'good'],
  ] as const)('%d V is %s', (v, level) => {
    expect(batteryLevel(v)).toBe(level);
  });
});

describe('latestRoutingEntry', () => {
  const entry = (gateway: string, scannedAt: string, status: RoutingEntry['status'] = 'ready'): RoutingEntry => ({
    _id: { gateway, device: 'D' },
    rssi: -60,
    status,
    scannedAt,
  });

  it('picks the most recent scan, whatever the order', () => {
    const entries = [
      entry('A', '2024-05-01T10:00:00Z'),
      entry('B', '2024-05-01T10:05:00Z', 'sleeping'),
      entry('C', '2024-05-01T09:00:00Z'),
    ];
    expect(latestRoutingEntry(entries)?._id.gateway).toBe('B');
    expect(latestRoutingEntry([...entries].reverse())?._id.gateway).toBe('B');
  });

  it('is undefined for no entries', () => {
    expect(latestRoutingEntry([])).toBeUndefined();
  });
});
