/**
 * Issue 19 "Ingest that scales out" and "Live measurement with any broker": two server instances
 * on one Debian PostgreSQL 15, one Debian Mosquitto 2 (dynamic-security plugin) and one S3 API
 * (s3rver), configured as docs/operations.md "Several instances" tells the operator (MULTI_INSTANCE,
 * the shared keys, one MQTT user per instance). They start at once on an empty database; a burst of
 * measurements is shared between them (`$share`), each measurement finalized by exactly one
 * (claims) and readable through both; a user watches a live measurement through the instance that
 * did not send the command (the live relay); a third instance, its own process, killed (SIGKILL) in
 * the middle of a burst of the simulated plant's measurements loses and doubles nothing once it is
 * back.
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway } from '@overtone/contract';
import type { AppContext } from '../src/context.ts';
import { startPlant, type Plant } from '../../gateway-sim/src/plant.ts';
import { plantCredentials } from './support/edge.ts';
import { connectGateway } from './support/gateway-client.ts';
import { scaleOutMissing, startScaleOutParts, type ScaleOutParts } from './support/scale-out.ts';
import { startServerProcess } from './support/server-process.ts';
import { sineChunks } from './support/sine-chunks.ts';
import { callApi } from './support/endpoint-client.ts';
import { login, startTestServer } from './support/test-server.ts';
import { until } from './support/until.ts';

const missing = scaleOutMissing();
if (missing) console.warn(`scale-out tests skipped: ${missing}`);

type Server = Awaited<ReturnType<typeof startTestServer>>;
const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICES = ['CA:B8:31:00:00:01', 'CA:B8:31:00:00:03']; // the demo seed's sensors
const SAMPLES = 12_000; // 72 000 bytes: 4 chunks of at most 20 480
/** how long a `done` waits for chunks held by another instance: longer than a killed one's restart */
const CHUNK_WAIT_MS = 30_000;

let parts: ScaleOutParts;
let a: Server;
let b: Server;
let plant: Plant | null = null;
/** telemetry computations per instance (the expensive step of a finalization), by server context */
const computed = new WeakMap<AppContext, number>();
const query = <R extends object>(text: string, values?: unknown[]) => parts.query<R>(text, values);

const instance = (mqttUrl: string) =>
  startTestServer({ ...parts.instanceConfig(mqttUrl), chunkWaitMs: CHUNK_WAIT_MS }).then((server) => {
    // counts each measurement's telemetry computed here (finalization's DSP step)
    const run = server.ctx.dsp.run.bind(server.ctx.dsp);
    computed.set(server.ctx, 0);
    server.ctx.dsp.run = ((task: { kind: string }, ...rest: unknown[]) => {
      if (task.kind === 'measurementTelemetry') computed.set(server.ctx, computed.get(server.ctx)! + 1);
      return (run as (...args: unknown[]) => Promise<unknown>)(task, ...rest);
    }) as typeof server.ctx.dsp.run;
    return server;
  });

beforeAll(async () => {
  if (missing) return;
  parts = await startScaleOutParts('scale_out', 3);
  // both at once, on an empty database
  [a, b] = await Promise.all([instance(parts.mqttUrls[0]), instance(parts.mqttUrls[1])]);
}, 120_000);

afterAll(async () => {
  await plant?.stop();
  await Promise.allSettled([a?.close(), b?.close()]);
  await parts?.stop();
});

/** The object ids of a burst: `n` from `first`. */
const burstIds = (first: number, n: number) => Array.from({ length: n }, (_, i) => (first + i).toString(16).padStart(24, '0'));

/** Publishes `n` self-initiated measurements as the demo gateway (ids from `first`), chunks then `done`. */
async function burst(first: number, n: number, gateway: mqtt.MqttClient) {
  const chunks = sineChunks(SAMPLES);
  const done = JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] });
  const ids = burstIds(first, n);
  for (const [i, id] of ids.entries()) {
    const device = DEVICES[i % DEVICES.length];
    await Promise.all(
      chunks.map((c) =>
        gateway.publishAsync(senseway.topics.chunk('prod', device, id, c.index), Buffer.from(c.payload), { qos: 1 }),
      ),
    );
    await gateway.publishAsync(senseway.topics.measureEvent('prod', GATEWAY, device, id, 'done'), done, { qos: 1 });
  }
  return ids;
}

/** Rows per stored measurement of these object ids (1 each when nothing is doubled). */
const storedRows = (ids: string[]) =>
  query<{ object_id: string; n: string; state: string; waveform_key: string | null; sample_size: number }>(
    `SELECT object_id, count(*) OVER (PARTITION BY device_mac, object_id) AS n, state, waveform_key, sample_size
       FROM measurements WHERE object_id = ANY($1)`,
    [ids],
  );

describe.skipIf(missing)('two instances on PostgreSQL, Mosquitto and S3', () => {
  it('started at once on an empty database: every migration once, the demo once', async () => {
    const applied = await query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations GROUP BY name HAVING count(*) > 1');
    expect(applied).toEqual([]);
    const hosts = await query<{ n: string }>(
      'SELECT count(*) AS n FROM customers, unnest(hosts) AS h GROUP BY h HAVING count(*) > 1',
    );
    expect(hosts).toEqual([]);
    expect(a.ctx.config.multiInstance && b.ctx.config.multiInstance).toBe(true);
  });

  it('shares a burst: each measurement stored once, finalized by exactly one instance, read through both', async () => {
    const gateway = await connectGateway({ mqttUrl: parts.mosquitto.url, ctx: a.ctx }, GATEWAY, { clean: true });
    const before = [computed.get(a.ctx)!, computed.get(b.ctx)!];
    const stored0 = [a.ingest.counts.stored, b.ingest.counts.stored];
    try {
      const ids = await burst(0x5c000000, 24, gateway);
      const rows = await until(async () => {
        const r = await storedRows(ids);
        return r.length === ids.length && r.every((x) => x.state === 'persisted') && r;
      }, 60_000);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      expect(rows.every((r) => r.sample_size === SAMPLES && r.waveform_key)).toBe(true);
      // each telemetry computed once in all, by one instance or the other, and both took a share
      const byA = computed.get(a.ctx)! - before[0];
      const byB = computed.get(b.ctx)! - before[1];
      expect(byA + byB).toBe(ids.length);
      expect(a.ingest.counts.stored - stored0[0] + (b.ingest.counts.stored - stored0[1])).toBe(ids.length);
      expect(Math.min(byA, byB)).toBeGreaterThan(0);
      // nothing left waiting, no claim left behind
      await until(async () => (await query('SELECT 1 FROM measurement_claims')).length === 0, 10_000);
      expect(await query('SELECT 1 FROM measurement_chunks')).toEqual([]);

      // a session made through one instance is valid on the other; the samples come from the one store
      const token = await login(a.url);
      const [m] = await query<{ id: string }>('SELECT id FROM measurements WHERE object_id = $1', [ids[5]]);
      for (const server of [a, b]) {
        const detail = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id: m.id } });
        expect(detail.status).toBe(200);
        expect(detail.body.data.accelerometer_x).toHaveLength(SAMPLES);
      }
    } finally {
      await gateway.endAsync();
    }
  }, 90_000);

  it('relays a live measurement to a browser connected to the other instance, and only its customer’s topics', async () => {
    plant = await startPlant({
      mqttUrl: parts.mosquitto.url,
      credentials: plantCredentials(a),
      scanIntervalMs: 300,
      acquisitionSpeedup: 1000,
    });
    const token = await login(b.url);
    const tree = await callApi(b.url, token, ENDPOINTS.getTree);
    const pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
    const signed = await callApi(b.url, token, ENDPOINTS.getBrokerUrl);
    expect(new URL(signed.body.url).port).toBe(new URL(b.url).port);
    const browser = await mqtt.connectAsync(signed.body.url, { reconnectPeriod: 0, connectTimeout: 5000 });
    try {
      const events: string[] = [];
      browser.on('message', (topic, payload) => events.push(`${topic.split('/').slice(-2).join('/')} ${payload.toString()}`));
      /** the SUBACK's return code (mqtt.js rejects a refusal, 128) */
      const suback = (filter: string) =>
        browser.subscribeAsync(filter, { qos: 1 }).then(
          (g) => g[0].qos,
          (err: { packet?: { granted?: number[] } }) => err.packet?.granted?.[0] ?? -1,
        );
      expect(await suback(senseway.topics.liveFilter('prod', GATEWAY, 'CA:B8:31:00:00:02'))).toBe(1);
      // another customer's (or nobody's) gateway is refused, as with the embedded broker
      expect(await suback(senseway.topics.liveFilter('prod', 'CA:B8:28:99:99:99', 'CA:B8:31:99:99:99'))).toBe(128);
      await until(async () => {
        const r = await callApi(b.url, token, ENDPOINTS.getDeviceRoutingLookup, { params: { id: 'CA:B8:31:00:00:02' } });
        return r.body.data?.data.some((s) => s.status === 'ready');
      }, 15_000);

      // the command goes out through A; the browser, on B, sees it accepted and persisted
      const res = await callApi(a.url, token, ENDPOINTS.measurePoint, {
        params: { pointId },
        body: { tags: [], gateway: GATEWAY },
      });
      expect(res.status).toBe(200);
      const id = res.body._id;
      await until(async () => events.some((e) => e.includes('/persisted ') && e.includes(id)), 20_000);
      const [row] = await query<{ object_id: string }>('SELECT object_id FROM measurements WHERE id = $1', [id]);
      expect(events.filter((e) => e.startsWith(`${row.object_id}/`)).map((e) => e.split(' ')[0])).toEqual(
        expect.arrayContaining([`${row.object_id}/accepted`, `${row.object_id}/persisted`]),
      );
      const detail = await callApi(b.url, token, ENDPOINTS.getMeasurement, { params: { id } });
      expect(detail.status).toBe(200);
    } finally {
      await browser.endAsync();
      await plant.stop();
      plant = null;
    }
  }, 60_000);

  it('an instance killed (SIGKILL) in the middle of a burst from the simulator loses and doubles nothing once it is back', async () => {
    // a third instance, started as an operator starts one: its own process, its own MQTT user
    const startC = () => startServerProcess({ ...parts.instanceEnv(parts.mqttUrls[2]), CHUNK_WAIT_MS: String(CHUNK_WAIT_MS) });
    let c = await startC();
    plant = await startPlant({
      mqttUrl: parts.mosquitto.url,
      credentials: plantCredentials(b),
      scanIntervalMs: 300,
      // each sensor takes its measurements one after the other: the burst lasts a few seconds
      acquisitionSpeedup: 5,
    });
    const before = computed.get(a.ctx)! + computed.get(b.ctx)!;
    const n = 32;
    try {
      // the demo's four sensors measure their recordings, commanded through A and B in turn
      const token = await login(a.url);
      const tree = await callApi(a.url, token, ENDPOINTS.getTree);
      const points = ['Normal baseline', 'Inner race fault', 'Ball fault', 'Outer race fault'].map(
        (name) => tree.body.find((p) => p.name === name)!._id,
      );
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await callApi(i % 2 ? b.url : a.url, token, ENDPOINTS.measurePoint, {
          params: { pointId: points[i % points.length] },
          body: { tags: [], gateway: GATEWAY },
        });
        expect(res.status).toBe(200);
        ids.push(res.body._id);
      }
      // C dies without a word once a few are stored, the chunks and `done`s of others in its hands
      await until(async () => (await storedRows(ids)).filter((r) => r.state === 'persisted').length >= 6, 60_000, 20);
      expect((await storedRows(ids)).filter((r) => r.state === 'persisted').length).toBeLessThan(n);
      await c.kill();
      // back under the same MQTT user (its client id): the broker hands it the messages it kept
      c = await startC();
      const rows = await until(async () => {
        const r = await storedRows(ids);
        return r.length === ids.length && r.every((x) => x.state === 'persisted') && r;
      }, 90_000);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      // C took its share (A and B computed the rest), and no measurement's telemetry was doubled
      expect(computed.get(a.ctx)! + computed.get(b.ctx)! - before).toBeLessThan(n);
      const telemetry = await query<{ n: string }>(
        `SELECT count(*) AS n FROM telemetry_values t JOIN measurements m ON m.id = t.measurement_id
          WHERE m.id = ANY($1) AND NOT t.device_reported GROUP BY t.measurement_id`,
        [ids],
      );
      expect(telemetry).toHaveLength(n);
      expect(new Set(telemetry.map((t) => t.n)).size).toBe(1);
      await until(
        async () => (await query('SELECT 1 FROM measurement_chunks UNION ALL SELECT 1 FROM measurement_done')).length === 0,
        20_000,
      );
    } finally {
      await plant.stop();
      plant = null;
      await c.stop();
    }
  }, 240_000);
});
