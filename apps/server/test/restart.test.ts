import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway, type MeasurementDetail } from '@overtone/contract';
import { login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { connectGateway } from './support/gateway-client.ts';

const DEVICE = 'CA:B8:31:00:00:03';
const GATEWAY = 'CA:B8:28:00:00:01';
let dataDir = '';
afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

async function publish(server: Parameters<typeof connectGateway>[0], messages: [string, Buffer | string][]) {
  const c = await connectGateway(server, GATEWAY);
  for (const [t, p] of messages) await c.publishAsync(t, p, { qos: 1 });
  await c.endAsync();
}

describe('a restart between chunks loses nothing', () => {
  it('keeps stored chunks and done across a restart, completes the self-initiated measurement once the last chunk arrives', async () => {
    // A known tri-axial signal of 5000 samples at ±4 g: 30 000 bytes → two chunks of the legacy size.
    const n = 5000;
    const counts = new Int16Array(3 * n);
    for (let i = 0; i < counts.length; i++) counts[i] = Math.round(8000 * Math.sin(i / 7) + ((i * 7919) % 2001) - 1000);
    const chunks = senseway.encodeChunks(counts);
    expect(chunks.map((c) => c.index)).toEqual([1, 0]);
    const objectId = 'abcdef0123456789abcdef01';
    const done = JSON.stringify({
      STAT: { CALIBRATED_SAMPLINGRATE: 12800, CHUNK_COUNT: 2, MEASUREMENT_START_UNIXTIME: 1795300000 },
      TELEMETRY: [],
    });

    const first = await startTestServer({ chunkWaitMs: 60000 }, { persistent: true });
    dataDir = first.dataDir;
    await publish(first, [
      [senseway.topics.chunk('prod', DEVICE, objectId, 1), Buffer.from(chunks[0].payload)],
      [senseway.topics.measureEvent('prod', GATEWAY, DEVICE, objectId, 'done'), done],
    ]);
    await new Promise((r) => setTimeout(r, 500));
    await first.ingest.idle();
    const stored = await first.ctx.chunks.chunks(DEVICE, objectId);
    expect([...stored.keys()]).toEqual([1]);
    await first.close();

    const second = await startTestServer({ dataDir, chunkWaitMs: 60000 }, { persistent: true });
    try {
      await publish(second, [[senseway.topics.chunk('prod', DEVICE, objectId, 0), Buffer.from(chunks[1].payload)]]);
      const token = await login(second.url);
      let m = null as MeasurementDetail | null;
      for (let i = 0; i < 100 && m?.state !== 'persisted'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const list = await callApi(second.url, token, ENDPOINTS.listMeasurements, {
          query: { page: 1, pageSize: 10, macAddress: DEVICE },
        });
        const id = list.body.measurements[0]?._id;
        if (id) m = (await callApi(second.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body;
      }
      expect(m?.state).toBe('persisted');
      expect(m!.measurementType).toBe('PERIODIC');
      expect(m!.calibratedSamplingRate).toBe(12800);
      const k = senseway.gPerCount(2);
      expect(m!.data.accelerometer_y.slice(0, 3)).toEqual([counts[1] * k, counts[4] * k, counts[7] * k]);
      expect(m!.data.accelerometer_z.length).toBe(n);
      expect(m!.data.accelerometer_z.every((v, i) => v === counts[3 * i + 2] * k)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('a measurement marked as timed out still completes when its data arrives late', () => {
  it('persists it and clears the error', async () => {
    const server = await startTestServer();
    try {
      const token = await login(server.url);
      const tree = await callApi(server.url, token, ENDPOINTS.getTree);
      const pointId = tree.body.find((n) => n.name === 'Ball fault')!._id;
      const req = await callApi(server.url, token, ENDPOINTS.measurePoint, { params: { pointId }, body: { tags: [] } });
      expect(req.status).toBe(200);
      const id = req.body._id;
      await server.ctx.db.updateTable('measurements').set({ state: 'error', error: 'TIMEOUT' }).where('id', '=', id).execute();
      const n = 24000; // the demo profile's sample size
      const counts = new Int16Array(3 * n).map((_, i) => ((i * 37) % 4001) - 2000);
      const chunks = senseway.encodeChunks(counts);
      await publish(server, [
        ...chunks.map((c): [string, Buffer] => [senseway.topics.chunk('prod', DEVICE, id, c.index), Buffer.from(c.payload)]),
        [
          senseway.topics.measureEvent('prod', GATEWAY, DEVICE, id, 'done'),
          JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
        ],
      ]);
      let m: { state: string; error: string | null } | null = null;
      for (let i = 0; i < 100 && m?.state !== 'persisted'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        m = (await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } })).body;
      }
      expect(m).toMatchObject({ state: 'persisted', error: null });
    } finally {
      await server.close();
    }
  });
});

describe.each(['files', 'database'] as const)('poison input stored by an older server (chunks in %s)', (ingestChunkStore) => {
  it('does not crash the start: dropped and recorded, and a good measurement persists afterwards', async () => {
    const first = await startTestServer({ ingestChunkStore }, { persistent: true });
    const dir = first.dataDir;
    // What an older server stored unchecked, written into the chunk store directly.
    const store = first.ctx.chunks;
    const poison = (n: number) => (0x9000 + n).toString(16).padStart(24, '0');
    await store.putDone(DEVICE, poison(1), {
      gateway_mac: GATEWAY,
      root: 'prod',
      payload: { STAT: { CHUNK_COUNT: 2 ** 40, CALIBRATED_SAMPLINGRATE: 1e308 } },
    });
    await store.putChunk(DEVICE, poison(1), 0, new Uint8Array(6));
    await store.putDone(DEVICE, poison(2), {
      gateway_mac: GATEWAY,
      root: 'prod',
      payload: { STAT: { MEASUREMENT_START_UNIXTIME: -1e20 }, TELEMETRY: 'x' },
    });
    await store.putDone(DEVICE, poison(3), { gateway_mac: GATEWAY, root: 'prod', payload: {} }); // a non-JSON done was stored as {}
    // a chunk larger than any legal one (older servers stored any size)
    await store.putChunk(DEVICE, poison(4), 0, new Uint8Array(300_000));
    await store.putDone(DEVICE, poison(4), {
      gateway_mac: GATEWAY,
      root: 'prod',
      payload: { STAT: { CHUNK_COUNT: 1 }, TELEMETRY: [] },
    });
    // input of a device registered to nobody
    await store.putDone('CA:B8:31:00:77:77', poison(5), {
      gateway_mac: GATEWAY,
      root: 'prod',
      payload: { STAT: { CHUNK_COUNT: 1 } },
    });
    await first.close();
    if (ingestChunkStore === 'files') {
      // a `done` file that is not JSON at all
      const file = path.join(dir, 'ingest-chunks', DEVICE.replaceAll(':', ''), `${poison(6)}.done`);
      fs.writeFileSync(file, '{"gateway_mac":');
    }

    const second = await startTestServer({ dataDir: dir, ingestChunkStore, chunkWaitMs: 500 }, { persistent: true });
    try {
      expect((await callApi(second.url, null, ENDPOINTS.getHealth)).status).toBe(200);
      // every poison key is dropped (the chunks of 1 close as partial without samples after the chunk wait)
      for (let i = 0; i < 100 && (await second.ctx.chunks.pending()).length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await second.ctx.chunks.pending()).toEqual([]);
      await second.ingest.idle();
      const reasons = (await second.ctx.db.selectFrom('ingest_rejections').select(['reason', 'topic']).execute()).map(
        (r) => r.reason,
      );
      expect(reasons).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^STORED_DONE_INVALID STAT\.(CHUNK_COUNT|CALIBRATED_SAMPLINGRATE)/),
          expect.stringMatching(/^STORED_DONE_INVALID /),
          'STORED_CHUNK_TOO_LARGE 300000',
          'UNREGISTERED_DEVICE',
        ]),
      );
      if (ingestChunkStore === 'files') expect(reasons.some((r) => r.startsWith('STORED_DONE_UNREADABLE'))).toBe(true);
      const health = await callApi(second.url, null, ENDPOINTS.getHealth);
      expect(health.body.ingest.rejectedMessages24h).toBeGreaterThanOrEqual(5);

      // a good measurement through the gateway still persists
      const counts = new Int16Array(3 * 2000).map((_, i) => ((i * 13) % 2001) - 1000);
      const chunks = senseway.encodeChunks(counts);
      const good = poison(100);
      await publish(second, [
        ...chunks.map((c): [string, Buffer] => [senseway.topics.chunk('prod', DEVICE, good, c.index), Buffer.from(c.payload)]),
        [
          senseway.topics.measureEvent('prod', GATEWAY, DEVICE, good, 'done'),
          JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12800, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
        ],
      ]);
      let state: string | undefined;
      for (let i = 0; i < 100 && state !== 'persisted'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = (
          await second.ctx.db
            .selectFrom('measurements')
            .select('state')
            .where('device_mac', '=', DEVICE)
            .where('object_id', '=', good)
            .executeTakeFirst()
        )?.state;
      }
      expect(state).toBe('persisted');
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
