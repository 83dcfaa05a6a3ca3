/**
 * Ingest against the real broker and database with the simulated plant misbehaving
 * (issue 6 "Ingest that loses nothing"). Every scenario counts the customer's measurements and stored
 * samples before and after: exactly one measurement more, with exactly the samples that arrived.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import type { DeviceFaults } from '../../gateway-sim/src/plant-config.ts';
import type { RunningServer } from '../src/server.ts';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { plantCredentials } from './support/edge.ts';
import { connectGateway } from './support/gateway-client.ts';
import { until } from './support/until.ts';

const DEVICE = 'CA:B8:31:00:00:02'; // inner race 105; demo profile: range 2, rate 9, 24 000 samples
const GATEWAY = 'CA:B8:28:00:00:01';
const SAMPLES = 24000;
const CHUNK = 20480; // bytes, legacy firmware
const CHUNKS = Math.ceil((6 * SAMPLES) / CHUNK); // 8: indices 7 … 0
const CHUNK_WAIT_MS = 1500;
const MEASURE_TIMEOUT_MS = 4000;

type Server = RunningServer & { dataDir: string };

/** Measurements of the demo customer and the samples they hold (persisted and partial). */
async function totals(server: Server) {
  const rows = await server.ctx.db
    .selectFrom('measurements')
    .select(['state', 'sample_size'])
    .where('device_mac', '=', DEVICE)
    .execute();
  const stored = rows.filter((m) => m.state === 'persisted' || m.state === 'partial'); // others hold the requested size
  return { measurements: rows.length, samples: stored.reduce((a, m) => a + m.sample_size, 0) };
}

async function row(server: Server, id: string) {
  const m = await server.ctx.db.selectFrom('measurements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const telemetry = await server.ctx.db
    .selectFrom('telemetry_values')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('measurement_id', '=', id)
    .executeTakeFirstOrThrow();
  const bytes = m.waveform_key ? await server.ctx.storage.get(m.waveform_key) : null;
  return { ...m, telemetryRows: Number(telemetry.n), waveform: bytes ? senseway.decodeTriaxial(bytes, m.range_index) : null };
}

const settled = (server: Server, id: string, states = ['persisted', 'partial', 'error'], timeoutMs = 20000) =>
  until(async () => {
    const m = await server.ctx.db.selectFrom('measurements').select('state').where('id', '=', id).executeTakeFirst();
    return m && states.includes(m.state) ? m.state : null;
  }, timeoutMs);

/** The stored x axis equals the replayed recording from `from` within int16 quantisation. */
function expectSamplesOf(plant: Plant, id: string, got: Float64Array, axis: 'x' | 'y' | 'z' = 'x') {
  const want = plant.expectedSamplesG(DEVICE, id)[axis];
  const lsb = senseway.gPerCount(2);
  let worst = 0;
  for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]));
  expect(worst).toBeLessThanOrEqual(lsb / 2 + 1e-12);
}

/** Every scenario runs with chunks in files (embedded default) and in the database (PostgreSQL default). */
const CHUNK_STORES = ['files', 'database'] as const;

describe.each(CHUNK_STORES)('ingest with a misbehaving gateway (chunks in %s)', (ingestChunkStore) => {
  let server: Server;
  let plant: Plant;
  let token: string;
  let pointId: string;
  let cleanTelemetryRows = 0;

  beforeAll(async () => {
    server = await startTestServer({ chunkWaitMs: CHUNK_WAIT_MS, measureTimeoutMs: MEASURE_TIMEOUT_MS, ingestChunkStore });
    expect(server.ctx.chunks.kind).toBe(ingestChunkStore);
    plant = await startPlant({
      mqttUrl: server.mqttUrl,
      scanIntervalMs: 1000,
      acquisitionSpeedup: 1000,
      mqttOptions: { reconnectPeriod: 200 },
      credentials: plantCredentials(server),
    });
    token = await login(server.url);
    const tree = await callApi(server.url, token, ENDPOINTS.getTree);
    pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
  });
  afterAll(async () => {
    await plant?.stop();
    await server?.close();
  });

  /** Commands one measurement with `faults` on the device; returns its id once it settled, and the counts around it. */
  async function measureWith(faults: DeviceFaults | undefined, states?: string[], timeoutMs?: number) {
    plant.setFaults(DEVICE, faults);
    await server.ingest.idle();
    const before = await totals(server);
    const res = await callApi(server.url, token, ENDPOINTS.measurePoint, {
      params: { pointId },
      body: { tags: [], gateway: GATEWAY },
    });
    expect(res.status).toBe(200);
    const id = res.body._id;
    const state = await settled(server, id, states, timeoutMs);
    plant.setFaults(DEVICE, undefined);
    // late duplicates (and the sweeper) get the chance to change something: they must not
    await new Promise((r) => setTimeout(r, CHUNK_WAIT_MS + 500));
    await server.ingest.idle();
    const after = await totals(server);
    return { id, state, before, after, m: await row(server, id) };
  }

  it('a clean measurement: persisted, 24 000 samples, no chunk left behind', async () => {
    const r = await measureWith(undefined);
    expect(r.state).toBe('persisted');
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + SAMPLES });
    expectSamplesOf(plant, r.id, r.m.waveform!.x);
    cleanTelemetryRows = r.m.telemetryRows;
    expect(cleanTelemetryRows).toBeGreaterThan(20);
    expect(await server.ctx.chunks.pending()).toEqual([]);
  });

  it('duplicate chunks and duplicate done: nothing doubled', async () => {
    const r = await measureWith({ duplicateChunks: true, duplicateDone: true });
    expect(r.state).toBe('persisted');
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + SAMPLES });
    expect(r.m.telemetryRows).toBe(cleanTelemetryRows);
    expectSamplesOf(plant, r.id, r.m.waveform!.x);
  });

  it('chunks out of order (ascending, shuffled): assembled by index, identical samples', async () => {
    for (const chunkOrder of ['ascending', 'shuffled'] as const) {
      const r = await measureWith({ chunkOrder });
      expect(r.state).toBe('persisted');
      expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + SAMPLES });
      expectSamplesOf(plant, r.id, r.m.waveform!.z, 'z');
      expectSamplesOf(plant, r.id, r.m.waveform!.x);
    }
  });

  it('a dropped chunk: partial after the chunk wait, with the longest run of samples received', async () => {
    const r = await measureWith({ dropChunks: [3] });
    expect(r.state).toBe('partial');
    expect(r.m.error).toBe(`MISSING_CHUNKS 1/${CHUNKS}`);
    // chunks 7…4 are the first 4·20 480 bytes of the stream: 13 653 whole samples (the run 2…0 is shorter)
    const kept = Math.floor((4 * CHUNK) / 6);
    expect(r.m.sample_size).toBe(kept);
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + kept });
    expectSamplesOf(plant, r.id, r.m.waveform!.x);
    expect(r.m.telemetryRows).toBeGreaterThan(20);
  });

  it('disconnect mid-way, reconnect and resend: one measurement, every sample, nothing doubled', async () => {
    const r = await measureWith({ disconnectAfterChunks: 3 });
    expect(r.state).toBe('persisted');
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + SAMPLES });
    expect(r.m.telemetryRows).toBe(cleanTelemetryRows);
    expectSamplesOf(plant, r.id, r.m.waveform!.x);
  });

  it('the device rejects the command: error with its text, no samples', async () => {
    const r = await measureWith({ reject: 'DEVICE_ERROR' });
    expect(r.state).toBe('error');
    expect(r.m.error).toBe('DEVICE_ERROR');
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples });
    expect(r.m.telemetryRows).toBe(0);
  });

  it('silence after three chunks: partial with those samples once the chunks stopped for the chunk wait', async () => {
    const r = await measureWith({ silentAfterChunks: 3 });
    expect(r.state).toBe('partial');
    expect(r.m.error).toBe(`NO_DONE 3/${CHUNKS}`);
    const kept = Math.floor((3 * CHUNK) / 6);
    expect(r.m.sample_size).toBe(kept);
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples + kept });
    expectSamplesOf(plant, r.id, r.m.waveform!.x);
  });

  it('silence right after accepted: error TIMEOUT after the measure timeout', async () => {
    const r = await measureWith({ silentAfterChunks: 0 }, ['error', 'persisted', 'partial'], MEASURE_TIMEOUT_MS + 10000);
    expect(r.state).toBe('error');
    expect(r.m.error).toBe('TIMEOUT');
    expect(r.after).toEqual({ measurements: r.before.measurements + 1, samples: r.before.samples });
  });

  it('a slow device (delay before every message) still completes within the chunk wait', async () => {
    const r = await measureWith({ delayMs: 150 });
    expect(r.state).toBe('persisted');
    expect(r.after.samples).toBe(r.before.samples + SAMPLES);
  });

  it('a replay of a whole persisted measurement, or of one partial, changes nothing', async () => {
    const ids = await server.ctx.db
      .selectFrom('measurements')
      .select(['object_id', 'state'])
      .where('device_mac', '=', DEVICE)
      .where('state', 'in', ['persisted', 'partial'])
      .execute();
    const before = await totals(server);
    const telemetryBefore = await server.ctx.db
      .selectFrom('telemetry_values')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const c = await connectGateway(server, GATEWAY);
    const chunks = senseway.encodeChunks(new Int16Array(3 * SAMPLES).fill(7));
    for (const m of ids) {
      // a partial one gets an incomplete replay (a complete one would rightly upgrade it)
      const send = m.state === 'partial' ? chunks.slice(1) : chunks;
      for (const ch of send)
        await c.publishAsync(senseway.topics.chunk('prod', DEVICE, m.object_id, ch.index), Buffer.from(ch.payload), { qos: 1 });
      await c.publishAsync(
        senseway.topics.measureEvent('prod', GATEWAY, DEVICE, m.object_id, 'done'),
        JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
        { qos: 1 },
      );
    }
    await c.endAsync();
    await new Promise((r) => setTimeout(r, CHUNK_WAIT_MS + 1000));
    await server.ingest.idle();
    expect(await totals(server)).toEqual(before);
    const telemetryAfter = await server.ctx.db
      .selectFrom('telemetry_values')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(telemetryAfter.n).toBe(telemetryBefore.n);
    expect(await server.ctx.chunks.pending()).toEqual([]);
  });
});

describe.each(CHUNK_STORES)('the server restarts in the middle of a measurement (chunks in %s)', (ingestChunkStore) => {
  let dataDir = '';
  afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the gateway keeps its chunks until the broker is back; the measurement completes once, with every sample', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const config = { chunkWaitMs: 5000, measureTimeoutMs: 60000, mqttPort: port, ingestChunkStore };
    let server: Server = await startTestServer(config, { persistent: true });
    dataDir = server.dataDir;
    const plant = await startPlant({
      mqttUrl: server.mqttUrl,
      scanIntervalMs: 1000,
      acquisitionSpeedup: 1000,
      mqttOptions: { reconnectPeriod: 200 },
      credentials: plantCredentials(server),
    });
    try {
      const token = await login(server.url);
      const tree = await callApi(server.url, token, ENDPOINTS.getTree);
      const pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
      const before = await totals(server);
      plant.setFaults(DEVICE, { delayMs: 250 }); // 8 chunks + done over ~2.3 s
      const res = await callApi(server.url, token, ENDPOINTS.measurePoint, {
        params: { pointId },
        body: { tags: [], gateway: GATEWAY },
      });
      const id = res.body._id;
      await until(async () => {
        const n = await server.ctx.chunks.chunks(DEVICE, id);
        return n.size >= 2;
      });
      await server.close(); // mid-measurement: chunks stored, more in flight
      server = await startTestServer({ ...config, dataDir }, { persistent: true });
      expect(await settled(server, id, ['persisted', 'partial', 'error'], 30000)).toBe('persisted');
      await server.ingest.idle();
      expect(await totals(server)).toEqual({ measurements: before.measurements + 1, samples: before.samples + SAMPLES });
      const m = await row(server, id);
      expectSamplesOf(plant, id, m.waveform!.x);
    } finally {
      await plant.stop();
      await server.close();
    }
  });
});
