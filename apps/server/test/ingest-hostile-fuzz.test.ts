/**
 * Issue 14: a fuzz test of the ingest. fast-check throws malformed and oversized Senseway messages
 * (topics near the protocol's and anywhere else, payloads of random bytes, JSON and `done`-shaped
 * objects with hostile values, up to 200 kB) at the real server through the real broker. Afterwards
 * the server answers GET /api/health with 200, its heap has grown by less than the stated bound,
 * what waits in the chunk store is within the caps, and a good measurement still persists.
 *
 * Messages go through a connection with the server's credentials (support/edge.ts), which the
 * broker's topic rules let through: the rules would refuse most of these topics, and the ingest's own
 * checks must hold behind any broker (an external one misconfigured included). A second part sends
 * hostile payloads on the topics a gateway may use, through the gateway's own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';
import { DEMO_GATEWAY, DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { serverMqttOptions } from './support/edge.ts';
import { connectGateway } from './support/gateway-client.ts';
import { api, startTestServer } from './support/test-server.ts';

const DEVICE = DEMO_POINTS[0].mac;
/** Heap growth allowed over the whole fuzz run (the caps keep waiting input on disk, not in memory). */
const HEAP_BOUND_BYTES = 96 * 1024 * 1024;
const RUNS = Number(process.env.INGEST_FUZZ_RUNS ?? 300);

let server: Awaited<ReturnType<typeof startTestServer>>;
let raw: mqtt.MqttClient;
let gw: mqtt.MqttClient;
beforeAll(async () => {
  server = await startTestServer({ chunkWaitMs: 1000, measureTimeoutMs: 60_000 });
  raw = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...serverMqttOptions(server) });
  gw = await connectGateway(server, DEMO_GATEWAY);
});
afterAll(async () => {
  await raw?.endAsync();
  await gw?.endAsync();
  await server?.close();
});

/** A topic segment: protocol-like, or anything MQTT allows in a PUBLISH topic (no wildcards, no NUL). */
const segment = fc.oneof(
  fc.constantFrom(
    DEVICE,
    DEMO_GATEWAY,
    'CA:B8:31:00:77:77',
    'ca:b8:31:00:00:01',
    '..',
    '.',
    '',
    '0',
    '-1',
    '8191',
    '8192',
    '99999',
    '1e3',
  ),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  // eslint-disable-next-line no-control-regex -- NUL is what MQTT topics may not hold
  fc.string({ maxLength: 80 }).map((s) => s.replace(/[+#/\u0000]/g, '_')),
);
const topic = fc
  .oneof(
    fc
      .tuple(fc.constantFrom('prod', 'lake'), segment, segment, fc.nat(8192))
      .map(([r, d, id, i]) => `${r}/device/${d}/measure/${id}/chunk/${i}`),
    fc.tuple(fc.constantFrom('prod', 'lake'), segment, segment).map(([r, d, id]) => `${r}/device/${d}/measure/${id}/chunk/${id}`),
    fc
      .tuple(
        fc.constantFrom('prod', 'lake'),
        segment,
        segment,
        segment,
        fc.constantFrom('done', 'accepted', 'rejected', 'persisted', 'x'),
      )
      .map(([r, g, d, id, e]) => `${r}/gateway/${g}/device/${d}/measure/${id}/${e}`),
    fc.tuple(fc.constantFrom('prod', 'lake'), segment).map(([r, g]) => `${r}/gateway/${g}/scanDevice`),
    fc.array(segment, { minLength: 1, maxLength: 12 }).map((p) => `prod/${p.join('/')}`),
  )
  .filter((t) => t.length > 0 && !t.includes('+') && !t.includes('#') && !t.includes('\u0000'));

/** A value a hostile `done` might carry in a field. */
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -1, 1e12, 2 ** 31, 2 ** 53, 1e308, -1e308, 1.5),
  fc.string({ maxLength: 30 }),
);
const donePayload = fc
  .record({
    STAT: fc.dictionary(
      fc.constantFrom('CHUNK_COUNT', 'CALIBRATED_SAMPLINGRATE', 'MEASUREMENT_START_UNIXTIME', 'ACCELEROMETER_SAMPLE_SIZE', 'X'),
      hostileNumber,
    ),
    TELEMETRY: fc.oneof(
      fc.array(
        fc.record({
          NAME: fc.string({ maxLength: 70 }),
          VALUE: fc.oneof(hostileNumber, fc.array(hostileNumber, { maxLength: 20 })),
        }),
        {
          maxLength: 80,
        },
      ),
      fc.anything(),
    ),
  })
  .map((o) => Buffer.from(JSON.stringify(o)));
const payload = fc.oneof(
  fc.uint8Array({ maxLength: 70_000 }).map((b) => Buffer.from(b)),
  fc.integer({ min: 0, max: 200_000 }).map((n) => Buffer.alloc(n, 0x5b)), // '[' × n: deep or large
  fc.json().map((s) => Buffer.from(s)),
  donePayload,
  fc
    .dictionary(
      fc.string({ maxLength: 20 }),
      fc.record({ rssi: hostileNumber, status: fc.string({ maxLength: 40 }), type: fc.string() }),
      {
        maxKeys: 300,
      },
    )
    .map((o) => Buffer.from(JSON.stringify(o))),
);

describe('fuzzing the ingest through the broker', () => {
  it(`${RUNS} malformed or oversized messages: the server stays up, its heap bounded, input within the caps, and a good measurement persists`, async () => {
    await server.ingest.idle();
    const heapBefore = process.memoryUsage().heapUsed;
    // the server's own connection must hold through the flood (it once did not: infra/broker-persistence.ts)
    let serverConnectionCloses = 0;
    const onClose = () => serverConnectionCloses++;
    server.ctx.mqtt.client.on('close', onClose);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(topic, payload, async (t, p) => {
        await raw.publishAsync(t, p, { qos: 1 });
        sent++;
      }),
      { numRuns: RUNS },
    );
    // hostile payloads on the topics a gateway may use, through its own authenticated connection
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[0-9a-f]{24}$/), fc.nat(8191), payload, async (id, index, p) => {
        await gw.publishAsync(senseway.topics.chunk('prod', DEVICE, id, index), p, { qos: 1 });
        await gw.publishAsync(senseway.topics.measureEvent('prod', DEMO_GATEWAY, DEVICE, id, 'done'), p, { qos: 1 });
        await gw.publishAsync(senseway.topics.scan('prod', DEMO_GATEWAY), p, { qos: 1 });
        sent += 3;
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    expect(raw.connected && gw.connected).toBe(true);
    // everything sent has been handled: the broker delivers in order, so a marker sent last arrives last
    const marker = 'f'.repeat(24);
    await gw.publishAsync(senseway.topics.measureEvent('prod', DEMO_GATEWAY, DEVICE, marker, 'accepted'), '', { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    await server.ingest.idle();

    server.ctx.mqtt.client.off('close', onClose);
    expect(serverConnectionCloses).toBe(0);
    const health = await api<{ status: string; ingest: { rejectedMessages24h: number } }>(server.url, null, 'GET', '/health');
    expect(health.status, JSON.stringify(health.body)).toBe(200);
    expect(health.body.ingest.rejectedMessages24h).toBeGreaterThan(sent / 2);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(HEAP_BOUND_BYTES);
    const limits = server.ingest.admission.limits;
    const stats = server.ingest.admission.stats();
    expect(stats.bytes).toBeLessThanOrEqual(limits.totalBytes);
    let stored = 0;
    for (const p of await server.ctx.chunks.pending()) {
      const sizes = await server.ctx.chunks.chunkSizes(p.device, p.objectId);
      for (const [idx, len] of sizes) {
        expect(idx).toBeLessThan(senseway.MAX_CHUNK_COUNT);
        expect(len).toBeLessThanOrEqual(senseway.MAX_CHUNK_BYTES);
        stored += len;
      }
      expect(senseway.isMac(p.device) && senseway.isObjectId(p.objectId)).toBe(true);
    }
    expect(stored).toBeLessThanOrEqual(limits.perDeviceBytes); // only the demo device could store anything

    // a good measurement still persists
    const counts = new Int16Array(3 * 4000).map((_, i) => ((i * 29) % 3001) - 1500);
    const chunks = senseway.encodeChunks(counts);
    const good = 'abcdef0123456789abcdef99';
    for (const c of chunks)
      await gw.publishAsync(senseway.topics.chunk('prod', DEVICE, good, c.index), Buffer.from(c.payload), { qos: 1 });
    await gw.publishAsync(
      senseway.topics.measureEvent('prod', DEMO_GATEWAY, DEVICE, good, 'done'),
      JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12800, CHUNK_COUNT: chunks.length }, TELEMETRY: [] }),
      { qos: 1 },
    );
    let m: { state: string; sample_size: number } | undefined;
    for (let i = 0; i < 150 && m?.state !== 'persisted'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      m = await server.ctx.db
        .selectFrom('measurements')
        .select(['state', 'sample_size'])
        .where('device_mac', '=', DEVICE)
        .where('object_id', '=', good)
        .executeTakeFirst();
    }
    expect(m).toEqual({ state: 'persisted', sample_size: 4000 });
  });
});
