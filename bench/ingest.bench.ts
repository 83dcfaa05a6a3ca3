/**
 * Ingest throughput (issue 6 "Performance"): measurements of 3 × 12 000 samples (72 000 bytes, four
 * legacy 20 480-byte chunks, then `done`) published by three simulated gateways, each on its own MQTT
 * connection, in bursts through the embedded broker into the real server (PGlite, DSP pool), until
 * each is persisted with telemetry (the server's `persisted` event). Prints measurements/s sustained,
 * the latency from the last chunk to `persisted` (p50, p99), the API's latency (GET /api/health)
 * during the burst, and, measured in the same run, the reference: decode + telemetry of one
 * measurement alone on this thread. Ratio: server time per measurement over that bare computation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';
import { runDspTask } from '../apps/server/src/infra/dsp-tasks.ts';
import { startServer } from '../apps/server/src/server.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';
import { median, timeBatches } from './timing.ts';

const SAMPLES = 12_000;
const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICES = ['CA:B8:31:00:00:01', 'CA:B8:31:00:00:02', 'CA:B8:31:00:00:03'];
const PER_GATEWAY = Number(process.env.INGEST_BENCH_PER_GATEWAY ?? 150);
const BURST = 25; // measurements a gateway publishes back to back before waiting for their acknowledgements
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];

export default async function ingestBench() {
  // A real recording as the signal (CWRU 105, drive end and fan end), quantised at ±4 g.
  const dir = path.resolve(import.meta.dirname, '../apps/gateway-sim/recordings/cwru');
  const ch = (f: string) => {
    const b = fs.readFileSync(path.join(dir, f));
    return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  };
  const de = ch('cwru_105_IR007_0HP_DE.f32');
  const fe = ch('cwru_105_IR007_0HP_FE.f32');
  const counts = new Int16Array(3 * SAMPLES);
  const k = senseway.gPerCount(2);
  for (let i = 0; i < SAMPLES; i++) {
    counts[3 * i] = Math.round(de[i] / k);
    counts[3 * i + 1] = Math.round(fe[i] / k);
    counts[3 * i + 2] = Math.round(de[i + 60000] / k);
  }
  const chunks = senseway.encodeChunks(counts);
  const bytes = new Uint8Array(counts.buffer);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  const server = await startServer(testServerConfig(dataDir, { chunkWaitMs: 15000 }), { inMemoryDb: true });
  const persistedAt = new Map<string, number>();
  const lastChunkAt = new Map<string, number>();
  const watcher = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0 });
  watcher.on('message', (topic) => {
    const t = senseway.parseTopic(topic);
    if (t.kind === 'measureEvent' && t.event === 'persisted') persistedAt.set(t.id, performance.now());
  });
  await watcher.subscribeAsync('prod/gateway/+/device/+/measure/+/persisted', { qos: 1 });
  const gateways = await Promise.all(DEVICES.map(() => mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0 })));
  let seq = 0;
  /** One self-initiated measurement as a gateway sends it: chunks highest index first, then `done`. */
  const publishOne = (client: mqtt.MqttClient, device: string) => {
    const id = (0x5e000000 + seq++).toString(16).padStart(24, '0');
    const sent = chunks.map((c) =>
      client.publishAsync(senseway.topics.chunk('prod', device, id, c.index), Buffer.from(c.payload), { qos: 1 }),
    );
    lastChunkAt.set(id, performance.now());
    const done = JSON.stringify({
      STAT: {
        CALIBRATED_SAMPLINGRATE: 12000,
        CHUNK_COUNT: chunks.length,
        MEASUREMENT_START_UNIXTIME: Math.floor(Date.now() / 1000),
      },
      TELEMETRY: [],
    });
    sent.push(client.publishAsync(senseway.topics.measureEvent('prod', GATEWAY, device, id, 'done'), done, { qos: 1 }));
    return Promise.all(sent);
  };
  const run = async (perGateway: number) => {
    await Promise.all(
      gateways.map(async (c, g) => {
        for (let i = 0; i < perGateway; i += BURST)
          await Promise.all(Array.from({ length: Math.min(BURST, perGateway - i) }, () => publishOne(c, DEVICES[g])));
      }),
    );
    const want = seq;
    const deadline = performance.now() + 60_000;
    while (persistedAt.size < want) {
      if (performance.now() > deadline) throw new Error(`only ${persistedAt.size} of ${want} measurements persisted within 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  try {
    await run(5); // warm-up: JIT, DSP workers, plan caches
    const warmIds = new Set(lastChunkAt.keys());

    // API latency while the burst is processed
    const apiLatency: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health`).catch(() => (probing = false));
        apiLatency.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const t0 = performance.now();
    await run(PER_GATEWAY);
    const elapsedS = (performance.now() - t0) / 1000;
    probing = false;
    await probe;
    const n = DEVICES.length * PER_GATEWAY;
    const latency = [...persistedAt].filter(([id]) => !warmIds.has(id)).map(([id, t]) => t - lastChunkAt.get(id)!);
    const stored = await server.ctx.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'persisted')
      .executeTakeFirstOrThrow();

    // Reference, same run: decode + telemetry of one measurement on this thread.
    const rateHz = 12000;
    const bare = median(
      timeBatches(() => runDspTask({ kind: 'measurementTelemetry', bytes, rangeIndex: 2, samplingRateHz: rateHz }), {
        warmup: 5,
        targetMs: 50,
        batches: 10,
      }),
    );
    const perMeasurementMs = (elapsedS * 1000) / n;
    console.log(
      `${n} measurements of 3 × ${SAMPLES} samples (${chunks.length} chunks + done each), ${DEVICES.length} gateways, bursts of ${BURST}; ${os.availableParallelism()} cores; ${stored.n} persisted in the database`,
    );
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(`| sustained | ${(n / elapsedS).toFixed(0)} measurements/s (target ≥ 100) |`);
    console.log(
      `| last chunk → persisted | p50 ${pct(latency, 50).toFixed(0)} ms, p99 ${pct(latency, 99).toFixed(0)} ms (target p99 < 2000) |`,
    );
    console.log(
      `| GET /api/health during the burst | p50 ${pct(apiLatency, 50).toFixed(1)} ms, p99 ${pct(apiLatency, 99).toFixed(1)} ms (${apiLatency.length} probes) |`,
    );
    console.log(`| reference: decode + telemetry of one measurement, one thread | ${bare.toFixed(2)} ms |`);
    console.log(
      `| server time per measurement (wall / n) | ${perMeasurementMs.toFixed(2)} ms (ratio to the reference ${(perMeasurementMs / bare).toFixed(1)}×) |`,
    );
  } finally {
    await Promise.all(gateways.map((c) => c.endAsync()));
    await watcher.endAsync();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
