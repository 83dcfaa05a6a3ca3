import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { senseway } from '@overtone/contract';
import { lookupKey } from '../src/jobs/ingest/key-lookup.ts';
import { finalizeMeasurement } from '../src/jobs/ingest/finalize.ts';
import { countedDb } from './support/counted-db.ts';
import { startTestServer } from './support/test-server.ts';

// One lookup per self-initiated measurement (issue 18, ingest): the key's first chunk finds the
// device, and finalization creates the measurement for it without asking the database again.

let server: Awaited<ReturnType<typeof startTestServer>>;
let device: { mac: string; customer_id: string; point_id: string };

beforeAll(async () => {
  server = await startTestServer();
  device = (
    await sql<typeof device>`
      SELECT mac, customer_id, point_id FROM devices WHERE point_id IS NOT NULL ORDER BY mac LIMIT 1`.execute(server.ctx.db)
  ).rows[0]!;
});
afterAll(() => server.close());

let seq = 0x6d000000;
const nextObjectId = () => (seq++).toString(16).padStart(24, '0');

/** The server's context with every statement of its database counted. */
const counted = () => {
  const { db, seen } = countedDb(server.ctx.db);
  return { ctx: { ...server.ctx, db }, seen };
};

/** Stores a complete self-initiated measurement's input (3 × 2 000 samples, its chunks and `done`) as ingest does. */
async function storeInput(objectId: string) {
  const counts = new Int16Array(3 * 2000).map((_, i) => Math.round(1000 * Math.sin(i / 7)));
  const chunks = senseway.encodeChunks(counts);
  for (const c of chunks) await server.ctx.chunks.putChunk(device.mac, objectId, c.index, c.payload);
  await server.ctx.chunks.putDone(device.mac, objectId, {
    gateway_mac: 'CA:B8:28:00:00:01',
    root: 'prod',
    payload: { STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] },
  });
}

const measurementOf = async (objectId: string) =>
  (
    await sql<{ customer_id: string; point_id: string | null; state: string; sample_size: number }>`
      SELECT customer_id, point_id, state, sample_size FROM measurements
       WHERE device_mac = ${device.mac} AND object_id = ${objectId}`.execute(server.ctx.db)
  ).rows;

describe('the key lookup', () => {
  it('gives the registered device of a key without a measurement, and none once the measurement exists', async () => {
    const objectId = nextObjectId();
    const before = await lookupKey(server.ctx, device.mac, objectId, 1e6);
    expect(before).toMatchObject({ known: false, persisted: false });
    expect(before!.device).toMatchObject({ customerId: device.customer_id, pointId: device.point_id });

    await storeInput(objectId);
    expect((await finalizeMeasurement(server.ctx, device.mac, objectId)).outcome).toBe('persisted');
    const after = await lookupKey(server.ctx, device.mac, objectId, 1e6);
    expect(after).toMatchObject({ known: true, persisted: true, device: null });
  });

  it('gives nothing for an unregistered device', async () => {
    expect(await lookupKey(server.ctx, 'CA:B8:31:FF:FF:FE', nextObjectId(), 1e6)).toBeNull();
  });
});

describe('finalizing a self-initiated measurement', () => {
  it("with the key's device: one statement (the write), the measurement created for that device", async () => {
    const objectId = nextObjectId();
    const keyDevice = (await lookupKey(server.ctx, device.mac, objectId, 1e6))!.device;
    await storeInput(objectId);
    const { ctx, seen } = counted();
    const r = await finalizeMeasurement(ctx, device.mac, objectId, { keyDevice });
    expect(r.outcome).toBe('persisted');
    expect(seen.statements).toBe(1);
    expect(await measurementOf(objectId)).toEqual([
      { customer_id: device.customer_id, point_id: device.point_id, state: 'persisted', sample_size: 2000 },
    ]);
  });

  it('without it: the measurement and the device are looked up first (two statements), with the same result', async () => {
    const objectId = nextObjectId();
    await storeInput(objectId);
    const { ctx, seen } = counted();
    expect((await finalizeMeasurement(ctx, device.mac, objectId)).outcome).toBe('persisted');
    expect(seen.statements).toBe(2);
    expect(await measurementOf(objectId)).toEqual([
      { customer_id: device.customer_id, point_id: device.point_id, state: 'persisted', sample_size: 2000 },
    ]);
  });

  it('a repeat of a measurement stored meanwhile creates nothing and leaves no input behind', async () => {
    const objectId = nextObjectId();
    const keyDevice = (await lookupKey(server.ctx, device.mac, objectId, 1e6))!.device;
    await storeInput(objectId);
    expect((await finalizeMeasurement(server.ctx, device.mac, objectId)).outcome).toBe('persisted');
    // the same input again, finalized with the (now stale) device of its first chunk
    await storeInput(objectId);
    expect((await finalizeMeasurement(server.ctx, device.mac, objectId, { keyDevice })).outcome).toBe('skipped');
    expect(await measurementOf(objectId)).toHaveLength(1);
    expect(await server.ctx.chunks.chunkSizes(device.mac, objectId)).toEqual(new Map());
  });
});
