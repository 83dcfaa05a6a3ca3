import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TRIGGER_RSSI, parsePlantConfig, readPlantConfig, scanningGatewaysOf } from './plant-config.ts';

describe('plant config', () => {
  it('bundled layout: one gateway, four sensors on CWRU 97, 105, 118, 130 with rssi in -50…-70 after ±2', async () => {
    const cfg = await readPlantConfig();
    expect(cfg.gateways.map((g) => g.mac)).toEqual(['CA:B8:28:00:00:01']);
    const devices = cfg.gateways[0].devices;
    expect(devices.map((d) => [d.mac, d.recording])).toEqual([
      ['CA:B8:31:00:00:01', 'cwru-097'],
      ['CA:B8:31:00:00:02', 'cwru-105'],
      ['CA:B8:31:00:00:03', 'cwru-118'],
      ['CA:B8:31:00:00:04', 'cwru-130'],
    ]);
    for (const d of devices) {
      expect(d.rssi - 2).toBeGreaterThanOrEqual(-70);
      expect(d.rssi + 2).toBeLessThanOrEqual(-50);
      expect(d.axes).toEqual({
        x: { channel: 'DE', offsetSamples: 0 },
        y: { channel: 'FE', offsetSamples: 0 },
        z: { channel: 'DE', offsetSamples: 60000 },
      });
    }
  });

  it('normalises MACs to upper case and rejects malformed or duplicate ones', () => {
    const dev = (mac: string) => ({
      mac,
      rssi: -60,
      recording: 'r',
      axes: { x: { channel: 'A' }, y: { channel: 'A' }, z: { channel: 'A' } },
    });
    expect(
      parsePlantConfig({ gateways: [{ mac: 'ca:b8:28:00:00:0a', devices: [dev('ca:b8:31:00:00:0b')] }] }).gateways[0].devices[0]
        .mac,
    ).toBe('CA:B8:31:00:00:0B');
    expect(() => parsePlantConfig({ gateways: [{ mac: 'CA-B8-28-00-00-01', devices: [] }] })).toThrow(/six hex pairs/);
    expect(() =>
      parsePlantConfig({
        gateways: [{ mac: 'CA:B8:28:00:00:01', devices: [dev('CA:B8:31:00:00:01'), dev('ca:b8:31:00:00:01')] }],
      }),
    ).toThrow(/appears twice/);
  });

  it('bundled layouts: the demo trigger (an event every 2 min) and Duck, in plant.json and plant-realistic.json', async () => {
    for (const cfg of [
      await readPlantConfig(),
      await readPlantConfig(fileURLToPath(new URL('../plant-realistic.json', import.meta.url))),
    ]) {
      expect(cfg.triggers).toEqual([{ mac: 'CA:B8:25:00:00:11', intervalMs: 120_000, description: expect.any(String) }]);
      expect(cfg.ducks.map((d) => [d.mac, d.recording])).toEqual([['CA:B8:DA:00:00:01', 'cwru-130']]);
    }
  });

  it('triggers: optional, MAC with the trigger prefix (upper-cased), intervalMs optional and at least 100 ms', () => {
    const gateways = [{ mac: 'CA:B8:28:00:00:01', devices: [] }];
    expect(parsePlantConfig({ gateways }).triggers).toEqual([]);
    expect(parsePlantConfig({ gateways, triggers: [{ mac: 'ca:b8:25:00:00:0a' }] }).triggers).toEqual([
      { mac: 'CA:B8:25:00:00:0A' },
    ]);
    expect(parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:25:00:00:01', intervalMs: 100 }] }).triggers[0].intervalMs).toBe(
      100,
    );
    expect(() => parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:31:00:00:01' }] })).toThrow(/starts with CA:B8:25/);
    expect(() => parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:25:00:00' }] })).toThrow(/six hex pairs/);
    expect(() => parsePlantConfig({ gateways, triggers: [{}] })).toThrow(/invalid plant config/);
    for (const intervalMs of [0, 99, 1.5, -1000, '60000'])
      expect(
        () => parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:25:00:00:01', intervalMs }] }),
        String(intervalMs),
      ).toThrow(/intervalMs/);
  });

  it('triggers: the gateways that hear them (default the first gateway) and their rssi; unknown gateways refused', () => {
    const gateways = [
      { mac: 'CA:B8:28:00:00:01', devices: [] },
      { mac: 'CA:B8:28:00:00:02', devices: [] },
    ];
    const cfg = parsePlantConfig({
      gateways,
      triggers: [
        { mac: 'CA:B8:25:00:00:01' },
        { mac: 'CA:B8:25:00:00:02', gateways: ['ca:b8:28:00:00:02'], rssi: -75 },
        { mac: 'CA:B8:25:00:00:03', gateways: [] },
      ],
    });
    expect(cfg.triggers.map((t) => scanningGatewaysOf(cfg, t))).toEqual([['CA:B8:28:00:00:01'], ['CA:B8:28:00:00:02'], []]);
    expect(cfg.triggers.map((t) => t.rssi ?? DEFAULT_TRIGGER_RSSI)).toEqual([-58, -75, -58]);
    expect(() =>
      parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:25:00:00:01', gateways: ['CA:B8:28:00:00:09'] }] }),
    ).toThrow(/CA:B8:28:00:00:09 is not a gateway of the layout/);
    expect(() => parsePlantConfig({ gateways, triggers: [{ mac: 'CA:B8:25:00:00:01', rssi: 5 }] })).toThrow(/rssi/);
  });

  it('the bundled layouts’ trigger is heard by the demo gateway CA:B8:28:00:00:01', async () => {
    for (const cfg of [
      await readPlantConfig(),
      await readPlantConfig(fileURLToPath(new URL('../plant-realistic.json', import.meta.url))),
    ])
      expect(scanningGatewaysOf(cfg, cfg.triggers[0])).toEqual(['CA:B8:28:00:00:01']);
  });

  it('a MAC appears once across gateways, devices, Ducks and triggers', () => {
    const trigger = { mac: 'CA:B8:25:00:00:01' };
    const duck = { mac: 'CA:B8:DA:00:00:01', recording: 'r', inputs: [] };
    expect(() =>
      parsePlantConfig({
        gateways: [{ mac: 'CA:B8:28:00:00:01', devices: [] }],
        triggers: [trigger, { mac: 'ca:b8:25:00:00:01' }],
      }),
    ).toThrow(/CA:B8:25:00:00:01 appears twice/);
    expect(() => parsePlantConfig({ gateways: [{ mac: 'CA:B8:DA:00:00:01', devices: [] }], ducks: [duck] })).toThrow(
      /CA:B8:DA:00:00:01 appears twice/,
    );
  });
});
