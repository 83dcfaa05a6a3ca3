/**
 * Issue 6 "the API stays responsive while 100 measurements are processed": three gateways publish
 * 100 self-initiated measurements of 3 × 12 000 samples at once through the embedded broker while a
 * user keeps reading the tree. Every measurement is stored once with its telemetry, and the API
 * keeps answering (bounds generous enough for a loaded CI machine; an event loop blocked by the
 * burst, or API queries queued behind it, takes seconds). Throughput is measured by
 * bench/ingest.bench.ts, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { callApi } from './support/endpoint-client.ts';
import { login, startTestServer } from './support/test-server.ts';
import { connectGateway } from './support/gateway-client.ts';
import { sineChunks } from './support/sine-chunks.ts';

const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICES = ['CA:B8:31:00:00:01', 'CA:B8:31:00:00:02', 'CA:B8:31:00:00:03']; // the demo seed's sensors
const MEASUREMENTS = 100;
const SAMPLES = 12_000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ chunkWaitMs: 20000 });
  token = await login(server.url);
});
afterAll(() => server?.close());

describe('ingest of a burst of 100 measurements', () => {
  it('stores each once with its telemetry while the API keeps answering', async () => {
    const chunks = sineChunks(SAMPLES);
    const db = server.ctx.db;
    const count = async (table: 'measurements' | 'telemetry_values') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { measurements: await count('measurements'), telemetry: await count('telemetry_values') };

    const latencies: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        const r = await callApi(server.url, token, ENDPOINTS.getTree);
        expect(r.status).toBe(200);
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    // one connection per device, one after the other (the gateway's credentials are issued once)
    const gateways: Awaited<ReturnType<typeof connectGateway>>[] = [];
    for (let i = 0; i < DEVICES.length; i++) gateways.push(await connectGateway(server, GATEWAY, { clientId: `burst-${i}` }));
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: MEASUREMENTS }, (_, n) => {
        const g = n % DEVICES.length;
        const id = (0x7b000000 + n).toString(16).padStart(24, '0');
        ids.push(id);
        const client = gateways[g];
        const done = JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] });
        return Promise.all([
          ...chunks.map((c) =>
            client.publishAsync(senseway.topics.chunk('prod', DEVICES[g], id, c.index), Buffer.from(c.payload), { qos: 1 }),
          ),
          client.publishAsync(senseway.topics.measureEvent('prod', GATEWAY, DEVICES[g], id, 'done'), done, { qos: 1 }),
        ]);
      }),
    );
    const deadline = Date.now() + 120_000;
    const persisted = async () =>
      Number(
        (
          await db
            .selectFrom('measurements')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('object_id', 'in', ids)
            .where('state', '=', 'persisted')
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await persisted()) < MEASUREMENTS) {
      expect(Date.now(), 'all 100 persisted within 2 minutes').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    probing = false;
    await probe;
    await server.ingest.idle();
    await Promise.all(gateways.map((c) => c.endAsync()));

    // each stored once, with its telemetry; nothing left waiting
    expect(await count('measurements')).toBe(before.measurements + MEASUREMENTS);
    const rows = await db
      .selectFrom('telemetry_values')
      .innerJoin('measurements', 'measurements.id', 'telemetry_values.measurement_id')
      .select(['measurements.object_id', 'telemetry_values.telemetry', 'telemetry_values.source', 'telemetry_values.value'])
      .where('measurements.object_id', 'in', ids)
      .execute();
    const perMeasurement = rows.length / MEASUREMENTS;
    expect(Number.isInteger(perMeasurement) && perMeasurement > 20).toBe(true);
    expect(await count('telemetry_values')).toBe(before.telemetry + rows.length);
    const grmsX = rows.filter((r) => r.telemetry === 'GRMS' && r.source === 'accelerometer_x').map((r) => r.value);
    expect(grmsX).toHaveLength(MEASUREMENTS);
    for (const v of grmsX) expect(v).toBeCloseTo(Math.SQRT1_2, 2); // RMS of a 1 g sine
    expect(await server.ctx.chunks.pending()).toEqual([]);

    // the API kept answering
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThan(10);
    expect(sorted[Math.floor(sorted.length / 2)], 'median GET /tree during the burst (ms)').toBeLessThan(500);
    expect(sorted[sorted.length - 1], 'slowest GET /tree during the burst (ms)').toBeLessThan(3000);
  });
});
