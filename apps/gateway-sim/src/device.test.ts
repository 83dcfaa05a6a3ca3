import { beforeAll, describe, expect, it } from 'vitest';
import { chooseDecimation, SimDevice } from './device.ts';
import { parsePlantConfig } from './plant-config.ts';
import { bundledRecordingsDir } from './plant.ts';
import { loadRecording, type Recording } from './recordings.ts';

describe('chooseDecimation', () => {
  it('keeps a 12 kHz record at q = 1 for nominal 12800 Hz and 25600 Hz (never up-samples)', () => {
    expect(chooseDecimation(12000, 12800)).toBe(1);
    expect(chooseDecimation(12000, 25600)).toBe(1);
  });
  it('decimates the 48 kHz record by 4 for nominal 12800 Hz (12000 is closer than 16000)', () => {
    expect(chooseDecimation(48000, 12800)).toBe(4);
  });
  it('picks the rate closest to nominal for every rate index', () => {
    // 48000/q for 800, 1600, 3200, 6400, 25600 Hz
    expect([800, 1600, 3200, 6400, 25600].map((f) => chooseDecimation(48000, f))).toEqual([60, 30, 15, 8, 2]);
    // 12000/q: 800 → 15 (800), 1600 → 8 (1500) vs 7 (1714): 8; 3200 → 4 (3000) vs 3 (4000): 4; 6400 → 2
    expect([800, 1600, 3200, 6400].map((f) => chooseDecimation(12000, f))).toEqual([15, 8, 4, 2]);
  });
  it('breaks ties towards the smaller q', () => {
    // 12000/2 = 6000 and 12000/3 = 4000 are both 1000 Hz from 5000
    expect(chooseDecimation(12000, 5000)).toBe(2);
  });
});

describe('SimDevice replay', () => {
  let recording: Recording;
  const config = parsePlantConfig({
    gateways: [
      {
        mac: 'ca:b8:28:00:00:09',
        devices: [
          {
            mac: 'ca:b8:31:00:00:09',
            rssi: -60,
            recording: 'cwru-118',
            axes: { x: { channel: 'DE' }, y: { channel: 'FE' }, z: { channel: 'DE', offsetSamples: 60000 } },
          },
        ],
      },
    ],
  }).gateways[0].devices[0];

  beforeAll(async () => {
    recording = await loadRecording(bundledRecordingsDir, 'cwru-118');
  });

  it('advances the cursor by the sample size and wraps cyclically at the end of the record', () => {
    const d = new SimDevice(config, recording);
    const a = d.planReplay({ rangeIndex: 2, rateIndex: 9, sampleSize: 100_000 });
    const b = d.planReplay({ rangeIndex: 2, rateIndex: 9, sampleSize: 30_000 });
    expect(a.offset).toBe(0);
    expect(b.offset).toBe(100_000);
    expect(d.cursor).toBe(10_000); // 130 000 mod 120 000
    const s = d.samplesG(b);
    const de = recording.channels.get('DE')!;
    expect(s.x[19_999]).toBe(de[119_999]);
    expect(s.x[20_000]).toBe(de[0]);
    // z runs 60 000 samples ahead on the same channel: 160 000 mod 120 000
    expect(s.z[0]).toBe(de[40_000]);
  });

  it('reports rssi within ±2 dBm of the configured value', () => {
    const d = new SimDevice(config, recording);
    expect(d.scanRssi(() => 0)).toBe(-62);
    expect(d.scanRssi(() => 0.9999)).toBe(-58);
  });

  it('refuses an axis map naming a channel the recording lacks', () => {
    expect(
      () => new SimDevice({ ...config, axes: { ...config.axes, y: { channel: 'BA', offsetSamples: 0 } } }, recording),
    ).toThrow(/no channel BA/);
  });
});
