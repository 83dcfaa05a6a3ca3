import { describe, expect, it } from 'vitest';
import { DEVICE_MAC_PREFIXES, deviceKindOf, isDuckMac } from './gateways.ts';
import * as senseway from './senseway/index.ts';

describe('deviceKindOf (spec 002 §9: the MAC prefix decides)', () => {
  it('CA:B8:25 is a trigger, CA:B8:DA a Duck, anything else a Senseway sensor, in any case', () => {
    expect(deviceKindOf('CA:B8:25:00:0A:01')).toBe('TRIGGER');
    expect(deviceKindOf('ca:b8:da:00:00:01')).toBe('DUCK');
    expect(deviceKindOf('CA:B8:31:00:00:02')).toBe('SENSEWAY');
    expect(deviceKindOf('CA:B8:2')).toBe('SENSEWAY'); // shorter than a prefix
    expect(isDuckMac('Ca:B8:dA:12:34:56')).toBe(true);
    expect(isDuckMac('CA:B8:25:12:34:56')).toBe(false);
  });
  it('keys its prefixes by kind, the same the server’s SQL conditions use', () => {
    for (const [kind, prefix] of Object.entries(DEVICE_MAC_PREFIXES)) expect(deviceKindOf(`${prefix}:00:00:01`)).toBe(kind);
  });
});

describe('senseway.sensewayRootOf (a gateway’s stored root as a topic root)', () => {
  it('keeps lake, reads anything else as prod', () => {
    expect(senseway.sensewayRootOf('lake')).toBe('lake');
    expect(senseway.sensewayRootOf('prod')).toBe('prod');
    expect(senseway.sensewayRootOf(null)).toBe('prod');
    expect(senseway.sensewayRootOf('LAKE ')).toBe('prod');
  });
});
