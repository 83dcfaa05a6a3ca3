/**
 * The simulated plant against a real MQTT broker (aedes, in process): what a server connected to
 * the broker sees when it commands measurements.
 */
import { senseway } from '@overtone/contract';
import { decimate } from '@overtone/dsp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledRecordingsDir, startPlant, type Plant } from './plant.ts';
import { connectRecorder, startTestBroker, type Received, type TestBroker } from './test-broker.ts';

const GW = 'CA:B8:28:00:00:01';
const NORMAL_97 = 'CA:B8:31:00:00:01';
const INNER_105 = 'CA:B8:31:00:00:02';
const BALL_118 = 'CA:B8:31:00:00:03';
const OUTER_130 = 'CA:B8:31:00:00:04';
/** The bundled plant's trigger device (plant.json `triggers`), heard by its only gateway. */
const TRIGGER_11 = 'CA:B8:25:00:00:11';

/** A channel read straight from the bundled .f32 file, independently of the simulator's loader. */
function readChannel(file: string): Float64Array {
  const buf = readFileSync(join(bundledRecordingsDir, file));
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return Float64Array.from({ length: buf.byteLength / 4 }, (_, i) => dv.getFloat32(4 * i, true));
}

let broker: TestBroker;
let plant: Plant;
let server: Awaited<ReturnType<typeof connectRecorder>>;
let nextId = 1;
const newId = () => (nextId++).toString(16).padStart(24, '0');

interface Measured {
  id: string;
  accepted: Received;
  done: senseway.DonePayload;
  /** chunk indices in arrival order */
  chunkOrder: number[];
  chunks: Map<number, Uint8Array>;
  /** arrival positions, to check ordering across topics */
  acceptedAt: number;
  firstChunkAt: number;
  lastChunkAt: number;
  doneAt: number;
}

/** Sends one measure command as the server would and collects the gateway's answer. */
async function measure(device: string, command: string, id = newId()): Promise<Measured> {
  await server.client.publishAsync(senseway.topics.measure('prod', GW, device, id), command, { qos: 1 });
  const accepted = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, device, id, 'accepted'));
  const doneMsg = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, device, id, 'done'));
  const done = senseway.donePayload.parse(JSON.parse(doneMsg.payload.toString()));
  const chunkOrder: number[] = [];
  const chunks = new Map<number, Uint8Array>();
  let firstChunkAt = Infinity;
  let lastChunkAt = -1;
  server.messages.forEach((m, i) => {
    const t = senseway.parseTopic(m.topic);
    if (t.kind === 'chunk' && t.id === id) {
      chunkOrder.push(t.index);
      chunks.set(t.index, new Uint8Array(m.payload));
      firstChunkAt = Math.min(firstChunkAt, i);
      lastChunkAt = i;
    }
  });
  return {
    id,
    accepted,
    done,
    chunkOrder,
    chunks,
    acceptedAt: server.messages.indexOf(accepted),
    firstChunkAt,
    lastChunkAt,
    doneAt: server.messages.indexOf(doneMsg),
  };
}

function decode(m: Measured, rangeIndex: number): senseway.TriaxialG {
  return senseway.decodeTriaxial(senseway.assembleChunks(m.chunks, m.done.STAT.CHUNK_COUNT), rangeIndex);
}

/** Largest |a[i] − b[i]|. */
function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

beforeAll(async () => {
  broker = await startTestBroker();
  server = await connectRecorder(broker.url, ['prod/gateway/#', 'prod/device/+/measure/+/chunk/+']);
  plant = await startPlant({ mqttUrl: broker.url, root: 'prod', scanIntervalMs: 300, acquisitionSpeedup: 1000 });
}, 30_000);

afterAll(async () => {
  await plant?.stop();
  await server?.client.endAsync();
  await broker?.close();
});

describe('gateway-sim over MQTT', { timeout: 30_000 }, () => {
  it('reports its four sensors and the plant’s trigger in scanDevice with rssi and status Ready, about every scan interval', async () => {
    const first = await server.next((m) => m.topic === `prod/gateway/${GW}/scanDevice`);
    const second = await server.next((m) => m.topic === `prod/gateway/${GW}/scanDevice`);
    for (const msg of [first, second]) {
      const scan = senseway.scanPayload.parse(JSON.parse(msg.payload.toString()));
      expect(Object.keys(scan).sort()).toEqual([TRIGGER_11, NORMAL_97, INNER_105, BALL_118, OUTER_130]);
      for (const [mac, entry] of Object.entries(scan)) {
        expect(entry.type).toBe(mac === TRIGGER_11 ? 'TRIGGER' : 'WIRED');
        expect(entry.status).toBe('Ready');
        expect(entry.rssi).toBeGreaterThanOrEqual(-70);
        expect(entry.rssi).toBeLessThanOrEqual(-50);
      }
      // the trigger: the default mean −58 dBm, ±2
      expect(Math.abs(scan[TRIGGER_11].rssi! + 58)).toBeLessThanOrEqual(2);
    }
  });

  it('a measure command for the trigger it hears is rejected NO_DEVICE: a trigger is not a sensor', async () => {
    const id = newId();
    await server.client.publishAsync(senseway.topics.measure('prod', GW, TRIGGER_11, id), '2,9,1000', { qos: 1 });
    const rejected = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, TRIGGER_11, id, 'rejected'));
    expect(rejected.payload.toString()).toBe('NO_DEVICE');
  });

  it('12 kHz record at rate index 9: accepted, chunks counting down to 0, done at 12000 Hz; x = DE, y = FE, z = DE + 60000', async () => {
    const m = await measure(INNER_105, '3,9,12345');
    expect(m.accepted.payload.length).toBe(0);
    expect(m.done.STAT.CALIBRATED_SAMPLINGRATE).toBe(12000);
    // 12345 samples · 6 bytes = 74070 bytes = 3 × 20480 + 12630 → 4 chunks
    expect(m.done.STAT.CHUNK_COUNT).toBe(4);
    expect(m.chunkOrder).toEqual([3, 2, 1, 0]);
    expect(m.acceptedAt).toBeLessThan(m.firstChunkAt);
    expect(m.lastChunkAt).toBeLessThan(m.doneAt);
    expect(m.done.STAT.MEASUREMENT_START_TIME).toMatch(/^\d\d:\d\d:\d\d:\d\d:\d\d:\d{4}$/);
    expect(m.done.STAT.DEVICE_TYPE).toBe('WIRED');

    const log = plant.replayLog.find((e) => e.id === m.id)!;
    expect(log).toMatchObject({ device: INNER_105, q: 1, calibratedRateHz: 12000, sampleSize: 12345, rangeIndex: 3 });
    const got = decode(m, 3);
    expect(got.x.length).toBe(12345);
    const de = readChannel('cwru_105_IR007_0HP_DE.f32');
    const fe = readChannel('cwru_105_IR007_0HP_FE.f32');
    const halfLsb = senseway.gPerCount(3) / 2 + 1e-12;
    expect(maxAbsDiff(got.x, de.subarray(log.offset, log.offset + 12345))).toBeLessThanOrEqual(halfLsb);
    expect(maxAbsDiff(got.y, fe.subarray(log.offset, log.offset + 12345))).toBeLessThanOrEqual(halfLsb);
    expect(maxAbsDiff(got.z, de.subarray(log.offset + 60000, log.offset + 60000 + 12345))).toBeLessThanOrEqual(halfLsb);

    // what the simulator says it sent is what it sent
    const expected = plant.expectedSamplesG(INNER_105, m.id);
    expect(maxAbsDiff(got.x, expected.x)).toBeLessThanOrEqual(halfLsb);
    expect(maxAbsDiff(got.z, expected.z)).toBeLessThanOrEqual(halfLsb);
  });

  it('continues where the previous measurement ended and honours a sample size of 1000', async () => {
    const before = plant.replayLog.filter((e) => e.device === INNER_105).at(-1)!;
    const m = await measure(INNER_105, '4,9,1000');
    const log = plant.replayLog.find((e) => e.id === m.id)!;
    expect(log.offset).toBe(before.offset + before.sampleSize);
    expect(m.done.STAT.CHUNK_COUNT).toBe(1);
    const got = decode(m, 4);
    expect(got.x.length).toBe(1000);
    const de = readChannel('cwru_105_IR007_0HP_DE.f32');
    expect(maxAbsDiff(got.x, de.subarray(log.offset, log.offset + 1000))).toBeLessThanOrEqual(senseway.gPerCount(4) / 2 + 1e-12);
  });

  it('48 kHz normal record at rate index 9: anti-aliased decimation by 4, reported as 12000 Hz', async () => {
    const m = await measure(NORMAL_97, '1,9,5000');
    expect(m.done.STAT.CALIBRATED_SAMPLINGRATE).toBe(12000);
    const log = plant.replayLog.find((e) => e.id === m.id)!;
    expect(log.q).toBe(4);
    const de4 = decimate(readChannel('cwru_097_Normal_0HP_DE.f32'), 4);
    const fe4 = decimate(readChannel('cwru_097_Normal_0HP_FE.f32'), 4);
    const got = decode(m, 1);
    const halfLsb = senseway.gPerCount(1) / 2 + 1e-12;
    expect(maxAbsDiff(got.x, de4.subarray(log.offset, log.offset + 5000))).toBeLessThanOrEqual(halfLsb);
    expect(maxAbsDiff(got.y, fe4.subarray(log.offset, log.offset + 5000))).toBeLessThanOrEqual(halfLsb);
    expect(maxAbsDiff(got.z, de4.subarray(log.offset + 15000, log.offset + 15000 + 5000))).toBeLessThanOrEqual(halfLsb);
  });

  it('sends legacy TELEMETRY computed from the samples it sent, without VRMS', async () => {
    const m = await measure(OUTER_130, '4,8,2000');
    expect(m.done.STAT.CALIBRATED_SAMPLINGRATE).toBe(6000); // 12000/2 is closest to 6400
    const got = decode(m, 4);
    const value = (name: string) => m.done.TELEMETRY.find((t) => t.NAME === name)?.VALUE;
    const x = got.x;
    const mean = x.reduce((a, b) => a + b, 0) / x.length;
    const grms = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / x.length);
    const peak = Math.max(...Array.from(x, Math.abs));
    expect((value('GRMS') as number[])[0]).toBeCloseTo(grms, 12);
    expect((value('PEAK') as number[])[0]).toBeCloseTo(peak, 12);
    expect((value('CREST') as number[])[0]).toBeCloseTo(peak / grms, 9);
    expect(value('TEMPERATURE')).toBeTypeOf('number');
    expect(m.done.TELEMETRY.map((t) => t.NAME)).toEqual([
      'CLEARANCE',
      'CREST',
      'GRMS',
      'KURTOSIS',
      'SKEWNESS',
      'PEAK',
      'SUM',
      'PEAK_TO_PEAK',
      'TEMPERATURE',
    ]);
  });

  it('replays another recording after replaceRecording (a repaired machine), from its start; earlier replays stay readable', async () => {
    const before = await measure(BALL_118, '4,9,1000');
    await plant.replaceRecording(BALL_118, 'cwru-097');
    const m = await measure(BALL_118, '4,9,1000');
    const log = plant.replayLog.find((e) => e.id === m.id)!;
    expect(log).toMatchObject({ recording: 'cwru-097', offset: 0, q: 4 });
    const de4 = decimate(readChannel('cwru_097_Normal_0HP_DE.f32'), 4);
    const halfLsb = senseway.gPerCount(4) / 2 + 1e-12;
    expect(maxAbsDiff(decode(m, 4).x, de4.subarray(0, 1000))).toBeLessThanOrEqual(halfLsb);
    // the earlier measurement is still the ball-fault record's
    const de118 = readChannel('cwru_118_B007_0HP_DE.f32');
    const old = plant.replayLog.find((e) => e.id === before.id)!;
    expect(
      maxAbsDiff(plant.expectedSamplesG(BALL_118, before.id).x, de118.subarray(old.offset, old.offset + 1000)),
    ).toBeLessThanOrEqual(1e-6);
    await expect(plant.replaceRecording(BALL_118, 'no-such-record')).rejects.toThrow();
    await expect(plant.replaceRecording('CA:B8:31:00:00:99', 'cwru-097')).rejects.toThrow(/no device/);
    await plant.replaceRecording(BALL_118, 'cwru-118'); // as the layout has it, for the tests after
  });

  it('clips at full scale like an ADC (outer-race record peaks at 3.6 g, range ±2 g)', async () => {
    const m = await measure(OUTER_130, '1,9,60000');
    const got = decode(m, 1);
    const expected = plant.expectedSamplesG(OUTER_130, m.id);
    const peakExpected = Math.max(...Array.from(expected.x, Math.abs));
    expect(peakExpected).toBeGreaterThan(2);
    expect(Math.max(...Array.from(got.x, Math.abs))).toBeLessThanOrEqual(2);
  });

  it('rejects an unknown device with NO_DEVICE and bad arguments with INVALID_ARG', async () => {
    const id = newId();
    await server.client.publishAsync(senseway.topics.measure('prod', GW, 'CA:B8:31:00:00:99', id), '1,9,1000', { qos: 1 });
    const r = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, 'CA:B8:31:00:00:99', id, 'rejected'));
    expect(r.payload.toString()).toBe('NO_DEVICE');
    for (const bad of ['5,9,1000', '1,4,1000', '1,11,1000', '1,9,0', 'hello', '1,9']) {
      const bid = newId();
      await server.client.publishAsync(senseway.topics.measure('prod', GW, BALL_118, bid), bad, { qos: 1 });
      const rej = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, BALL_118, bid, 'rejected'));
      expect(rej.payload.toString(), bad).toBe('INVALID_ARG');
    }
  });

  it('tolerates whitespace around fields and a lower-case device MAC in the topic (replies use the upper-case MAC)', async () => {
    const id = newId();
    await server.client.publishAsync(senseway.topics.measure('prod', GW, BALL_118.toLowerCase(), id), '2,\n 9,\n 100', {
      qos: 1,
    });
    await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, BALL_118, id, 'done'));
    expect(plant.replayLog.find((e) => e.id === id)).toMatchObject({ device: BALL_118, sampleSize: 100, rangeIndex: 2 });
  });

  it('runs one measurement at a time per device: a second command waits until the first is done', async () => {
    const a = newId();
    const b = newId();
    await server.client.publishAsync(senseway.topics.measure('prod', GW, BALL_118, a), '2,9,24000', { qos: 1 });
    await server.client.publishAsync(senseway.topics.measure('prod', GW, BALL_118, b), '2,9,1000', { qos: 1 });
    const doneA = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, BALL_118, a, 'done'));
    const acceptedB = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, BALL_118, b, 'accepted'));
    expect(server.messages.indexOf(doneA)).toBeLessThan(server.messages.indexOf(acceptedB));
    await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, BALL_118, b, 'done'));
    // a Measuring status was scanned for this device in between
    expect(
      server.messages.some(
        (m) => m.topic.endsWith('/scanDevice') && JSON.parse(m.payload.toString())[BALL_118]?.status === 'Measuring',
      ),
    ).toBe(true);
  });

  it('answers version queries', async () => {
    await server.client.publishAsync(`prod/gateway/${GW}/client/SENSEWAY/version`, '', { qos: 1 });
    const gw = await server.next((m) => m.topic === `prod/gateway/${GW}/client/SENSEWAY/version/accepted`);
    expect(gw.payload.toString()).toBe('1.1.0');
    await server.client.publishAsync(`prod/gateway/${GW}/device/${BALL_118}/version`, '', { qos: 1 });
    const dev = await server.next((m) => m.topic === `prod/gateway/${GW}/device/${BALL_118}/version/accepted`);
    expect(dev.payload.toString()).toBe('1.0.14');
  });

  it('fault hooks publish every chunk and the done twice', async () => {
    plant.faults.duplicateChunks = true;
    plant.faults.duplicateDone = true;
    try {
      const m = await measure(INNER_105, '4,9,8000'); // 48000 bytes → 3 chunks
      await server.next((x) => x.topic === senseway.topics.measureEvent('prod', GW, INNER_105, m.id, 'done'));
      expect(m.chunkOrder).toEqual([2, 2, 1, 1, 0, 0]);
    } finally {
      plant.faults = {};
    }
  });
});

describe('trigger devices of the layout (`triggers`)', { timeout: 30_000 }, () => {
  const TRIGGER = 'CA:B8:25:00:00:11';

  it('the bundled plant connects its trigger, which publishes an event on <root>/trigger/<MAC>/event on fire()', async () => {
    expect(plant.triggers.map((t) => t.mac)).toEqual([TRIGGER]);
    const events = await connectRecorder(broker.url, ['prod/trigger/+/event']);
    try {
      const id = await plant.triggers[0].fire();
      const m = await events.next((x) => senseway.parseTriggerTopic(x.topic)?.trigger === TRIGGER);
      expect(senseway.parseTriggerTopic(m.topic)).toEqual({ root: 'prod', trigger: TRIGGER });
      expect(JSON.parse(m.payload.toString())).toMatchObject({ eventType: 'trigger', id, timestamp: expect.any(Number) });
    } finally {
      await events.client.endAsync();
    }
  });

  it('each trigger is in the scans of the gateways that hear it (default the first; `gateways`; [] none), with its rssi', async () => {
    const [A, B] = ['CA:B8:28:00:00:0A', 'CA:B8:28:00:00:0B'];
    const [T1, T2, T3] = ['CA:B8:25:00:00:1A', 'CA:B8:25:00:00:1B', 'CA:B8:25:00:00:1C'];
    const scans = await connectRecorder(broker.url, ['lake/gateway/+/scanDevice']);
    const two = await startPlant({
      mqttUrl: broker.url,
      root: 'lake',
      scanIntervalMs: 60_000, // the scan right after connecting is enough
      config: {
        gateways: [
          { mac: A, devices: [] },
          { mac: B, devices: [] },
        ],
        triggers: [{ mac: T1 }, { mac: T2, gateways: [B.toLowerCase(), A], rssi: -80 }, { mac: T3, gateways: [] }],
      },
    });
    try {
      const scanOf = async (gw: string) =>
        senseway.scanPayload.parse(
          JSON.parse((await scans.next((m) => m.topic === `lake/gateway/${gw}/scanDevice`)).payload.toString()),
        );
      const [a, b] = [await scanOf(A), await scanOf(B)];
      expect(Object.keys(a).sort()).toEqual([T1, T2]);
      expect(Object.keys(b)).toEqual([T2]);
      expect(a[T1]).toMatchObject({ type: 'TRIGGER', status: 'Ready' });
      expect(Math.abs(a[T1].rssi! + 58)).toBeLessThanOrEqual(2);
      for (const entry of [a[T2], b[T2]]) {
        expect(entry).toMatchObject({ type: 'TRIGGER', status: 'Ready' });
        expect(Math.abs(entry.rssi! + 80)).toBeLessThanOrEqual(2);
      }
    } finally {
      await two.stop();
      await scans.client.endAsync();
    }
  });

  it('a trigger with intervalMs fires on its own (onTrigger reports each event) until the plant stops', async () => {
    const events = await connectRecorder(broker.url, ['lake/trigger/+/event']);
    const reported: string[] = [];
    const timed = await startPlant({
      mqttUrl: broker.url,
      root: 'lake',
      scanIntervalMs: 60_000,
      config: {
        gateways: [{ mac: 'CA:B8:28:00:00:0A', devices: [] }],
        triggers: [{ mac: 'ca:b8:25:00:00:0a', intervalMs: 150 }],
      },
      onTrigger: (e) => reported.push(`${e.trigger} ${e.id}`),
    });
    try {
      const first = await events.next((x) => x.topic === 'lake/trigger/CA:B8:25:00:00:0A/event');
      await events.next((x) => x.topic === 'lake/trigger/CA:B8:25:00:00:0A/event');
      const { id } = JSON.parse(first.payload.toString()) as { id: string };
      expect(timed.triggers[0].fired.length).toBeGreaterThanOrEqual(2);
      expect(reported[0]).toBe(`CA:B8:25:00:00:0A ${id}`);
    } finally {
      await timed.stop();
    }
    const count = events.messages.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(events.messages.length).toBe(count);
    await events.client.endAsync();
  });
});
