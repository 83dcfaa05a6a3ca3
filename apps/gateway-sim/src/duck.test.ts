import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimate } from '@overtone/dsp';
import { decodeDuckStream, duckMeasureCommand, senseway, type DuckConfig } from '@overtone/contract';
import { cutChunks, SimDuck } from './duck.ts';
import { bundledRecordingsDir } from './plant.ts';
import { plantConfigSchema } from './plant-config.ts';
import { loadRecording } from './recordings.ts';
import { connectRecorder, startTestBroker, type TestBroker } from './test-broker.ts';

const MAC = 'CA:B8:DA:00:00:05';
let broker: TestBroker;
let duck: SimDuck;

beforeAll(async () => {
  broker = await startTestBroker();
  duck = new SimDuck({
    mqttUrl: broker.url,
    config: {
      mac: MAC,
      recording: 'cwru-105',
      rssi: -48,
      inputs: [
        { channel: 'DE', offsetSamples: 0, voltsPerG: 0.1 },
        { channel: 'FE', offsetSamples: 0, voltsPerG: 0.2 },
      ],
    },
    recording: await loadRecording(bundledRecordingsDir, 'cwru-105'),
    chunkBytes: 1000,
    acquisitionSpeedup: 1000,
  });
  await duck.start();
});
afterAll(async () => {
  await duck?.stop();
  await broker?.close();
});

describe('simulated Duck v1 (protocol §10.1)', () => {
  it('cuts chunks in publish order with indices counting down to 0', () => {
    const c = cutChunks(new Uint8Array(2500), 1000);
    expect(c.map((x) => [x.index, x.payload.length])).toEqual([
      [2, 1000],
      [1, 1000],
      [0, 500],
    ]);
  });

  it('answers a JSON measure command with accepted, chunks and done; the words decode to the replayed volts', async () => {
    const rec = await connectRecorder(broker.url, [`prod/gateway/${MAC}/#`, `prod/device/${MAC}/#`]);
    const cfg: DuckConfig = {
      voltageReference: 'internal',
      sampleSize: 600,
      samplingRate: 1200,
      sensors: [
        {
          name: 'accelerometer',
          displayName: 'A',
          minMaxVoltage: [-2, 2],
          minMaxValue: [-20, 20],
          channels: [
            { order: 1, channel: 'accelerometer_x' },
            { order: 2, channel: 'accelerometer_y' },
          ],
        },
      ],
    };
    const id = '0123456789abcdef01234567';
    await rec.client.publishAsync(senseway.topics.measure('prod', MAC, MAC, id), JSON.stringify(duckMeasureCommand(cfg)), {
      qos: 1,
    });
    await rec.next((m) => m.topic.endsWith(`/${id}/accepted`));
    const done = await rec.next((m) => m.topic.endsWith(`/${id}/done`));
    const stat = JSON.parse(done.payload.toString()).STAT;
    expect(stat.CALIBRATED_SAMPLINGRATE).toBe(1200);
    const chunks = new Map(
      rec.messages
        .filter((m) => m.topic.includes(`/${id}/chunk/`))
        .map((m) => [Number(m.topic.split('/').at(-1)), new Uint8Array(m.payload)]),
    );
    expect(chunks.size).toBe(stat.CHUNK_COUNT);
    const volts = decodeDuckStream(senseway.assembleChunks(chunks, stat.CHUNK_COUNT), 2.4);
    const expected = duck.expectedVolts(id);
    expect([...volts.keys()]).toEqual([0, 1]);
    for (const ch of [0, 1]) {
      const got = volts.get(ch)!;
      expect(got.length).toBe(600);
      let worst = 0;
      for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i] - expected.get(ch)![i]));
      expect(worst).toBeLessThanOrEqual(2.4 / 2 ** 21);
    }
    await rec.client.endAsync();
  });

  it('rejects a command that is not the Duck JSON with INVALID_ARG', async () => {
    const rec = await connectRecorder(broker.url, [`prod/gateway/${MAC}/#`]);
    await rec.client.publishAsync(senseway.topics.measure('prod', MAC, MAC, 'bad'), '4,8,1000', { qos: 1 });
    const r = await rec.next((m) => m.topic.endsWith('/bad/rejected'));
    expect(r.payload.toString()).toBe('INVALID_ARG');
    await rec.client.endAsync();
  });
});

/** A channel of a bundled CWRU record read straight from its float32 file, in g (independent of `Recording`). */
function rawChannel(record: string, channel: string): Float32Array {
  const file = `${bundledRecordingsDir}/cwru_${record}_${channel}.f32`;
  const buf = readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return Float32Array.from({ length: buf.byteLength / 4 }, (_, i) => dv.getFloat32(4 * i, true));
}

describe('the simulated Duck replays real recordings', () => {
  it("the plant's Duck takes a CWRU record and only its recorded channels", async () => {
    const plant = plantConfigSchema.parse(JSON.parse(readFileSync(new URL('../plant.json', import.meta.url), 'utf8')));
    expect(plant.ducks.length).toBeGreaterThan(0);
    for (const d of plant.ducks) {
      const rec = await loadRecording(bundledRecordingsDir, d.recording); // checks each file's SHA-256
      expect(String(rec.sidecar.dataset)).toMatch(/^CWRU Bearing Data Center/);
      expect(d.inputs.length).toBeGreaterThanOrEqual(3);
      for (const i of d.inputs) expect([...rec.channels.keys()]).toContain(i.channel);
    }
  });

  it('each accelerometer input carries the recorded samples (decimated to the rate asked), × voltsPerG', async () => {
    const rec = await connectRecorder(broker.url, [`prod/gateway/${MAC}/#`]);
    const cfg: DuckConfig = {
      voltageReference: 'external',
      sampleSize: 1000,
      samplingRate: 2400,
      sensors: [
        {
          name: 'accelerometer',
          displayName: 'A',
          minMaxVoltage: [-2.5, 2.5],
          minMaxValue: [-25, 25],
          channels: [
            { order: 1, channel: 'accelerometer_x' },
            { order: 2, channel: 'accelerometer_y' },
          ],
        },
      ],
    };
    const id = 'fedcba9876543210fedcba98';
    await rec.client.publishAsync(senseway.topics.measure('prod', MAC, MAC, id), JSON.stringify(duckMeasureCommand(cfg)), {
      qos: 1,
    });
    await rec.next((m) => m.topic.endsWith(`/${id}/done`));
    await rec.client.endAsync();
    const replay = duck.replayLog.findLast((r) => r.id === id)!;
    expect(replay.q).toBe(5); // 12 kHz record → 2400 Hz
    expect(replay.calibratedRateHz).toBe(2400);
    const volts = duck.expectedVolts(id);
    for (const [ch, channel, voltsPerG] of [
      [0, 'DE', 0.1],
      [1, 'FE', 0.2],
    ] as const) {
      const recorded = decimate(rawChannel('105_IR007_0HP', channel), 5);
      const got = volts.get(ch)!;
      expect(got).toHaveLength(1000);
      for (const i of [0, 1, 17, 500, 999])
        expect(got[i]).toBeCloseTo(recorded[(replay.offset + i) % recorded.length]! * voltsPerG, 9);
      // a real bearing signal, not a tone: broadband (many distinct levels) and not constant
      expect(new Set(Array.from(got, (v) => v.toFixed(4))).size).toBeGreaterThan(200);
    }
  });
});
