import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';
import { api, login, startTestServer } from './support/test-server.ts';

const DEVICE = 'CA:B8:31:00:00:03';
const GATEWAY = 'CA:B8:28:00:00:01';
let dataDir = '';
afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

async function publish(url: string, messages: [string, Buffer | string][]) {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
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
    await publish(first.mqttUrl, [
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
      await publish(second.mqttUrl, [[senseway.topics.chunk('prod', DEVICE, objectId, 0), Buffer.from(chunks[1].payload)]]);
      const token = await login(second.url);
      type Detail = { state: string; measurementType: string; calibratedSamplingRate: number; data: Record<string, number[]> };
      let m = null as Detail | null;
      for (let i = 0; i < 100 && m?.state !== 'persisted'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const list = await api<{ measurements: { _id: string; macAddress: string }[] }>(
          second.url,
          token,
          'GET',
          `/measurement?page=1&pageSize=10&macAddress=${DEVICE}`,
        );
        const id = list.body.measurements[0]?._id;
        if (id) m = (await api<Detail>(second.url, token, 'GET', `/measurement/${id}`)).body;
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
      const tree = await api<Array<{ _id: string; name: string }>>(server.url, token, 'GET', '/tree');
      const pointId = tree.body.find((n) => n.name === 'Ball fault')!._id;
      const req = await api<{ _id: string }>(server.url, token, 'POST', `/iot/${pointId}/measure`, { tags: [] });
      expect(req.status).toBe(200);
      const id = req.body._id;
      await server.ctx.db.updateTable('measurements').set({ state: 'error', error: 'TIMEOUT' }).where('id', '=', id).execute();
      const n = 24000; // the demo profile's sample size
      const counts = new Int16Array(3 * n).map((_, i) => ((i * 37) % 4001) - 2000);
      const chunks = senseway.encodeChunks(counts);
      await publish(server.mqttUrl, [
        ...chunks.map((c): [string, Buffer] => [senseway.topics.chunk('prod', DEVICE, id, c.index), Buffer.from(c.payload)]),
        [
          senseway.topics.measureEvent('prod', GATEWAY, DEVICE, id, 'done'),
          JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
        ],
      ]);
      let m: { state: string; error: string | null } | null = null;
      for (let i = 0; i < 100 && m?.state !== 'persisted'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        m = (await api<{ state: string; error: string | null }>(server.url, token, 'GET', `/measurement/${id}`)).body;
      }
      expect(m).toMatchObject({ state: 'persisted', error: null });
    } finally {
      await server.close();
    }
  });
});
