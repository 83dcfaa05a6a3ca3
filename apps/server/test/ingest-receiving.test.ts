/**
 * The `receiving` display state on the ingest path (issue 18 "Ingest"): a requested measurement is
 * marked `receiving` by its first chunk; a self-initiated one (no row until it is final) costs no
 * state update, and is still created final, once, with its samples and telemetry.
 */
import type mqtt from 'mqtt';
import type { Kysely, RawNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senseway } from '@overtone/contract';
import type { DB } from '../src/infra/db/schema.ts';
import { newId } from '../src/infra/ids.ts';
import { DEMO_GATEWAY, DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { connectGateway } from './support/gateway-client.ts';
import { startTestServer } from './support/test-server.ts';
import { until } from './support/until.ts';

const DEVICE = DEMO_POINTS[0].mac;
const SAMPLES = 4000; // 24 000 bytes: two legacy chunks
const objectId = (n: number) => (0x2e000000 + n).toString(16).padStart(24, '0');

let server: Awaited<ReturnType<typeof startTestServer>>;
let gw: mqtt.MqttClient;

beforeAll(async () => {
  server = await startTestServer({ chunkWaitMs: 60_000, measureTimeoutMs: 60_000 });
  gw = await connectGateway(server, DEMO_GATEWAY);
});
afterAll(async () => {
  await gw?.endAsync();
  await server?.close();
});

/** The chunks of a measurement of `SAMPLES` samples per axis (a ramp on each axis). */
const chunksOf = () => {
  const counts = new Int16Array(3 * SAMPLES);
  for (let i = 0; i < counts.length; i++) counts[i] = ((i * 37) % 2000) - 1000;
  return senseway.encodeChunks(counts);
};
const publishChunk = (id: string, c: { index: number; payload: Uint8Array }) =>
  gw.publishAsync(senseway.topics.chunk('prod', DEVICE, id, c.index), Buffer.from(c.payload), { qos: 1 });
const publishDone = (id: string, count: number) =>
  gw.publishAsync(
    senseway.topics.measureEvent('prod', DEMO_GATEWAY, DEVICE, id, 'done'),
    JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: count }, TELEMETRY: [] }),
    { qos: 1 },
  );
const stateOf = async (id: string, states: string[]) => {
  const rows = await rowsOf(id);
  return rows.length === 1 && states.includes(rows[0].state) ? rows : null;
};
const rowsOf = (id: string) =>
  server.ctx.db
    .selectFrom('measurements')
    .select(['id', 'state', 'sample_size', 'measurement_type'])
    .where('device_mac', '=', DEVICE)
    .where('object_id', '=', id)
    .execute();

describe('receiving state on ingest', () => {
  it('marks a requested measurement receiving at its first chunk, then persists it', async () => {
    const id = objectId(1);
    const device = await server.ctx.db
      .selectFrom('devices')
      .select(['customer_id', 'point_id'])
      .where('mac', '=', DEVICE)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('measurements')
      .values({
        id: newId(),
        object_id: id,
        customer_id: device.customer_id,
        point_id: device.point_id,
        device_mac: DEVICE,
        gateway_mac: DEMO_GATEWAY,
        user_id: null,
        measurement_type: 'MANUAL',
        state: 'accepted',
        range_index: 2,
        rate_index: 9,
        sample_size: SAMPLES,
      })
      .execute();
    const chunks = chunksOf();
    await publishChunk(id, chunks[0]);
    expect((await until(() => stateOf(id, ['receiving']))).map((r) => r.state)).toEqual(['receiving']);
    for (const c of chunks.slice(1)) await publishChunk(id, c);
    await publishDone(id, chunks.length);
    expect(await until(() => stateOf(id, ['persisted', 'partial']))).toMatchObject([
      { state: 'persisted', sample_size: SAMPLES, measurement_type: 'MANUAL' },
    ]);
  });

  it('creates a self-initiated measurement only when it is final, once', async () => {
    const id = objectId(2);
    const chunks = chunksOf();
    await publishChunk(id, chunks[0]);
    await until(async () => (await server.ctx.chunks.chunkSizes(DEVICE, id)).size === 1);
    await server.ingest.idle();
    expect(await rowsOf(id)).toEqual([]); // no row, hence nothing to mark
    for (const c of chunks.slice(1)) await publishChunk(id, c);
    await publishDone(id, chunks.length);
    const rows = await until(() => stateOf(id, ['persisted', 'partial']));
    expect(rows).toMatchObject([{ state: 'persisted', sample_size: SAMPLES, measurement_type: 'PERIODIC' }]);
    const telemetry = await server.ctx.db
      .selectFrom('telemetry_values')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('measurement_id', '=', rows[0].id)
      .executeTakeFirstOrThrow();
    expect(Number(telemetry.n)).toBeGreaterThan(0);
  });

  it('looks the key up once: finalization creates it for the device its first chunk found (one lookup, not two)', async () => {
    // every lookup of a key (jobs/ingest/key-lookup.ts, finalize.ts measurementFor) reads the
    // device beside the measurement `FROM (SELECT 1) AS one`: they are counted while the
    // measurement is received and stored (ingest reads `ctx.db` at each call)
    const lookups: string[] = [];
    const db = server.ctx.db;
    server.ctx.db = db.withPlugin({
      transformQuery: (a) => {
        const text = a.node.kind === 'RawNode' ? (a.node as RawNode).sqlFragments.join('?') : '';
        if (text.includes('FROM (SELECT 1) AS one') && text.includes('LEFT JOIN measurements')) lookups.push(text);
        return a.node;
      },
      transformResult: async (a) => a.result,
    }) as Kysely<DB>;
    try {
      const id = objectId(3);
      const chunks = chunksOf();
      for (const c of chunks) await publishChunk(id, c);
      await publishDone(id, chunks.length);
      expect(await until(() => stateOf(id, ['persisted', 'partial']))).toMatchObject([{ state: 'persisted' }]);
      expect(lookups).toHaveLength(1);
    } finally {
      server.ctx.db = db;
    }
  });
});
