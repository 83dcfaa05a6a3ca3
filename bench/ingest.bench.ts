/**
 * Ingest throughput (issue 6 "Performance"): measurements of 3 × 12 000 samples (72 000 bytes, four
 * legacy 20 480-byte chunks, then `done`) published by three simulated gateways, each on its own MQTT
 * connection, from another process (bench/ingest-gateways.ts: gateways are other machines), in
 * bursts through the embedded broker into the real server (PGlite on its thread, DSP pool), until
 * each is persisted with telemetry (the server's `persisted` event). Prints measurements/s sustained,
 * the latency from the last chunk to `persisted` (p50, p99), the API's latency (GET /api/health,
 * which queries the database) during the burst, and, measured in the same run, the reference: decode
 * + telemetry of one measurement alone on this thread. Ratio: server time per measurement over that
 * bare computation. Then the gateways publish paced at 100 measurements/s in total (the target
 * rate) and the latency at that load is printed. The fault diagnosis' cost to ingest is measured in
 * the same run: the burst is first sent with the diagnosis stopped (the reference), then with it
 * running; the ratio of the two rates is printed, and how fast the diagnosis catches up. Last, the
 * same burst at the size real sensors send (3 × 50 000 samples, 300 000 bytes, 15 chunks; issue 18)
 * with its own same-run reference (decode + telemetry of one such measurement on this thread), so
 * both ratios are printed with their times, and beside each burst the gateways' own CPU (the load
 * shares the cores: how much of the machine it takes). `INGEST_BENCH_PER_GATEWAY` (default 500) sets the
 * burst's size, `INGEST_BENCH_PACED_PER_GATEWAY` (default 1000) the paced phase's,
 * `INGEST_BENCH_SENSOR_PER_GATEWAY` (default 100) the 50 000-sample burst's;
 * `INGEST_BENCH_DISK=1` keeps the database on disk instead of in memory.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';
import { runDspTask } from '../apps/server/src/jobs/dsp/dsp-tasks.ts';
import { startServer } from '../apps/server/src/server.ts';
import { startDiagnosis, type Diagnosis } from '../apps/server/src/jobs/diagnosis/diagnoser.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';
import { edgeCredentialsFor, serverMqttOptions } from '../apps/server/test/support/edge.ts';
import { benchCounts, SAMPLES, SENSOR_SAMPLES } from './ingest-gateways.ts';
import { median, timeBatches } from './timing.ts';

const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICES = ['CA:B8:31:00:00:01', 'CA:B8:31:00:00:02', 'CA:B8:31:00:00:03'];
const PER_GATEWAY = Number(process.env.INGEST_BENCH_PER_GATEWAY ?? 500);
const PACED_RATE = Number(process.env.INGEST_BENCH_PACED_RATE ?? 100); // measurements/s of the latency phase (the target)
const PACED_PER_GATEWAY = Number(process.env.INGEST_BENCH_PACED_PER_GATEWAY ?? 1000);
/** measurements per gateway of the burst at the size real sensors send (3 × 50 000 samples) */
const SENSOR_PER_GATEWAY = Number(process.env.INGEST_BENCH_SENSOR_PER_GATEWAY ?? 100);
const BURST = 25; // measurements a gateway publishes back to back before waiting for their acknowledgements
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
const now = () => performance.timeOrigin + performance.now(); // epoch ms, comparable across processes

export default async function ingestBench() {
  const bytes = new Uint8Array(benchCounts().buffer);
  // Reference, same run: decode + telemetry of one measurement on this thread, measured first, on
  // a quiet machine (measured at the end, after the bursts, the server's background work, the
  // diagnosis catching up and the database's maintenance, moved it by up to 60 %).
  const bareOf = (b: Uint8Array) =>
    median(
      timeBatches(() => runDspTask({ kind: 'measurementTelemetry', bytes: b, rangeIndex: 2, samplingRateHz: 12000 }), {
        warmup: 5,
        targetMs: 50,
        batches: 10,
      }),
    );
  const bare = bareOf(bytes);
  const bareSensor = bareOf(new Uint8Array(benchCounts(SENSOR_SAMPLES).buffer));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  const server = await startServer(
    testServerConfig(dataDir, {
      chunkWaitMs: 15000,
      ...(process.env.INGEST_CONCURRENCY ? { ingestConcurrency: Number(process.env.INGEST_CONCURRENCY) } : {}),
    }),
    {
      inMemoryDb: process.env.INGEST_BENCH_DISK !== '1',
    },
  );
  const persistedAt = new Map<string, number>();
  let diagnosis: Diagnosis | null = null; // the one this bench starts (stopped before the server)
  const lastChunkAt = new Map<string, number>();
  // The broker takes no anonymous client (issue 14): the watcher is the server's own client, the
  // gateways' process connects with the demo gateway's credentials.
  const watcher = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...serverMqttOptions(server) });
  const credentials = await edgeCredentialsFor(server, GATEWAY);
  watcher.on('message', (topic) => {
    const t = senseway.parseTopic(topic);
    if (t.kind === 'measureEvent' && t.event === 'persisted') persistedAt.set(t.id, now());
  });
  await watcher.subscribeAsync('prod/gateway/+/device/+/measure/+/persisted', { qos: 1 });
  let idBase = 0;
  let chunksPerMeasurement = 0;
  let startedAt = 0; // when the gateways' process began publishing (its start-up is not counted)
  let gatewaysCpuMs = 0; // the gateways' process's CPU while it published, last run
  /** Runs the gateways' process for `perGateway` measurements each (of `samples` per axis); resolves when all are persisted. */
  const run = async (perGateway: number, ratePerS?: number, samples = SAMPLES) => {
    const child = fork(path.join(import.meta.dirname, 'ingest-gateways.ts'), { execArgv: ['--import', 'tsx'] });
    const finished = new Promise<void>((resolve, reject) => {
      child.on(
        'message',
        (m: {
          startedAt?: number;
          sent?: [string, number][];
          finished?: boolean;
          chunksPerMeasurement?: number;
          cpuMs?: number;
        }) => {
          if (m.startedAt) startedAt = m.startedAt;
          for (const [id, t] of m.sent ?? []) lastChunkAt.set(id, t);
          if (m.finished) {
            chunksPerMeasurement = m.chunksPerMeasurement!;
            gatewaysCpuMs = m.cpuMs ?? 0;
            resolve();
          }
        },
      );
      child.on('exit', (code) => (code ? reject(new Error(`gateways exited with ${code}`)) : undefined));
    });
    child.send({
      mqttUrl: server.mqttUrl,
      credentials,
      devices: DEVICES,
      gateway: GATEWAY,
      perGateway,
      burst: BURST,
      idBase,
      ratePerS,
      samples,
    });
    idBase += DEVICES.length * perGateway;
    await finished;
    const deadline = performance.now() + 60_000;
    while (persistedAt.size < idBase) {
      if (performance.now() > deadline)
        throw new Error(`only ${persistedAt.size} of ${idBase} measurements persisted within 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  try {
    await run(5); // warm-up: JIT, DSP workers, plan caches
    await server.ctx.diagnosis!.idle();

    // Same-run reference for what the diagnosis costs ingest: the same burst with the diagnosis
    // stopped (finalization still queues it), then the diagnosis started again to work that queue off.
    await (server.ctx.diagnosis as Diagnosis).stop();
    server.ctx.diagnosis = undefined;
    const cpuRef0 = process.cpuUsage();
    await run(PER_GATEWAY);
    const refElapsedS = (now() - startedAt) / 1000;
    const cpuRef = process.cpuUsage(cpuRef0);
    diagnosis = startDiagnosis(server.ctx, { busy: () => server.ingest.busy(), sweepIntervalMs: 0, noStartupSweep: true });
    server.ctx.diagnosis = diagnosis;
    const catchUp0 = performance.now();
    const caughtUp = await diagnosis.tick();
    const catchUpS = (performance.now() - catchUp0) / 1000;
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
    const cpu0 = process.cpuUsage();
    await run(PER_GATEWAY);
    const elapsedS = (now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpu0); // every thread of the server's process (main, database, DSP)
    const gatewaysCpu = gatewaysCpuMs;
    probing = false;
    await probe;
    const n = DEVICES.length * PER_GATEWAY;
    const latency = [...persistedAt].filter(([id]) => !warmIds.has(id)).map(([id, t]) => t - lastChunkAt.get(id)!);
    // Latency at the target load: the gateways paced at PACED_RATE measurements/s in total.
    const floodIds = new Set(lastChunkAt.keys());
    await run(PACED_PER_GATEWAY, PACED_RATE);
    const paced = [...persistedAt].filter(([id]) => !floodIds.has(id)).map(([id, t]) => t - lastChunkAt.get(id)!);
    // The diagnosis runs behind ingest (jobs/diagnosis yields to it): how far behind, and how fast it catches up.
    const pendingAtEnd = await server.ctx.db
      .selectFrom('diagnosis_pending')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const drain0 = performance.now();
    await diagnosis.idle(); // every measurement was notified
    const drainS = (performance.now() - drain0) / 1000;
    const diagnosed = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const chunksAt12k = chunksPerMeasurement;

    // The size real sensors send: 3 × 50 000 samples (300 000 bytes), the same burst shape, diagnosis running.
    await run(2, undefined, SENSOR_SAMPLES); // warm-up at this size
    await diagnosis.idle();
    const cpuSensor0 = process.cpuUsage();
    await run(SENSOR_PER_GATEWAY, undefined, SENSOR_SAMPLES);
    const sensorElapsedS = (now() - startedAt) / 1000;
    const cpuSensor = process.cpuUsage(cpuSensor0);
    const gatewaysCpuSensor = gatewaysCpuMs;
    const nSensor = DEVICES.length * SENSOR_PER_GATEWAY;
    const stored = await server.ctx.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'persisted')
      .executeTakeFirstOrThrow();

    const perMeasurementMs = (elapsedS * 1000) / n;
    const perSensorMs = (sensorElapsedS * 1000) / nSensor;
    /** The gateways' process (the load, on the same cores): its CPU a measurement and its share of the machine. */
    const loadOf = (gatewaysMs: number, count: number, elapsed: number) =>
      `${(gatewaysMs / count).toFixed(2)} ms CPU per measurement, ${((100 * gatewaysMs) / 1000 / elapsed / os.availableParallelism()).toFixed(0)} % of the machine's cores during the burst`;
    console.log(
      `${n} measurements of 3 × ${SAMPLES} samples (${chunksAt12k} chunks + done each), ${DEVICES.length} gateways in another process, bursts of ${BURST}; ${os.availableParallelism()} cores; database ${process.env.INGEST_BENCH_DISK === '1' ? 'on disk' : 'in memory'}, chunks in ${server.ctx.chunks.kind}; ${stored.n} persisted`,
    );
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(`| sustained | ${(n / elapsedS).toFixed(0)} measurements/s (target ≥ 100) |`);
    console.log(
      `| reference, same run: the same burst with the diagnosis stopped | ${(n / refElapsedS).toFixed(0)} measurements/s, ${((cpuRef.user + cpuRef.system) / 1000 / n).toFixed(1)} ms CPU per measurement; with the diagnosis ${(refElapsedS / elapsedS).toFixed(2)}× that rate |`,
    );
    console.log(
      `| the diagnosis working off the reference burst's queue, ingest quiet | ${caughtUp} measurements in ${catchUpS.toFixed(1)} s (${(caughtUp / Math.max(catchUpS, 1e-3)).toFixed(0)}/s) |`,
    );
    console.log(
      `| last chunk → persisted, gateways paced at ${PACED_RATE}/s (${paced.length} measurements) | p50 ${pct(paced, 50).toFixed(0)} ms, p99 ${pct(paced, 99).toFixed(0)} ms (target p99 < 2000) |`,
    );
    console.log(
      `| last chunk → persisted during the unpaced burst (queueing behind the backlog) | p50 ${pct(latency, 50).toFixed(0)} ms, p99 ${pct(latency, 99).toFixed(0)} ms |`,
    );
    console.log(
      `| GET /api/health during the burst | p50 ${pct(apiLatency, 50).toFixed(1)} ms, p99 ${pct(apiLatency, 99).toFixed(1)} ms (${apiLatency.length} probes) |`,
    );
    console.log(
      `| server CPU per measurement (all threads) | ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms (${((cpu.user + cpu.system) / 1e6 / elapsedS).toFixed(2)} of ${os.availableParallelism()} cores busy) |`,
    );
    console.log(
      `| diagnosis behind ingest: pending when the last measurement was persisted, then caught up in | ${pendingAtEnd.n} measurements, ${drainS.toFixed(1)} s (${(Number(pendingAtEnd.n) / Math.max(drainS, 1e-3)).toFixed(0)}/s with ingest quiet); ${diagnosed.n} diagnosed in all |`,
    );
    console.log(`| reference: decode + telemetry of one measurement, one thread | ${bare.toFixed(2)} ms |`);
    console.log(
      `| server time per measurement (wall / n) | ${perMeasurementMs.toFixed(2)} ms (ratio to the reference ${(perMeasurementMs / bare).toFixed(1)}×, target ≤ 2×) |`,
    );
    console.log(`| the gateways' process (the load, on the same cores) | ${loadOf(gatewaysCpu, n, elapsedS)} |`);
    console.log(
      `| 3 × ${SENSOR_SAMPLES} samples (${chunksPerMeasurement} chunks + done, ${6 * SENSOR_SAMPLES} bytes), ${nSensor} measurements, same burst shape | ${(nSensor / sensorElapsedS).toFixed(0)} measurements/s, ${((cpuSensor.user + cpuSensor.system) / 1000 / nSensor).toFixed(1)} ms server CPU per measurement |`,
    );
    console.log(
      `| reference at 3 × ${SENSOR_SAMPLES}: decode + telemetry of one measurement, one thread | ${bareSensor.toFixed(2)} ms |`,
    );
    console.log(
      `| server time per measurement at 3 × ${SENSOR_SAMPLES} (wall / n) | ${perSensorMs.toFixed(2)} ms (ratio to the reference ${(perSensorMs / bareSensor).toFixed(1)}×, target ≤ 2×) |`,
    );
    console.log(`| the gateways' process at 3 × ${SENSOR_SAMPLES} | ${loadOf(gatewaysCpuSensor, nSensor, sensorElapsedS)} |`);
  } finally {
    await diagnosis?.stop();
    await watcher.endAsync();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
