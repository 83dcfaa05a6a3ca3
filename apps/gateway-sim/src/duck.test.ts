import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDuckStream, duckMeasureCommand, senseway, type DuckConfig } from '@overtone/contract';
import { cutChunks, SimDuck } from './duck.ts';
import { bundledRecordingsDir } from './plant.ts';
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
