/**
 * The statement that creates a self-initiated measurement final (issue 18, docs/architecture.md
 * "Ingest profile"): the database thread's largest cost per measurement. Measures, on the real
 * schema (PGlite on its thread, in memory), the server's CPU (every thread) and wall time per
 * measurement written alone (`insertFinalMeasurement`, the reference) and written several to a
 * statement (`insertFinalMeasurements`, persist-batch.ts: what ingest's group commit sends when
 * measurements are ready together), in interleaved rounds so that other load hits both alike; prints
 * the medians and the ratios to the reference. The telemetry rows are those ingest computes for a
 * 3 × 12 000-sample measurement (the DSP task on the bench's counts). `INGEST_STATEMENT_N` (default
 * 240) sets the measurements per round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { AXIS_KEYS } from '@overtone/contract';
import { runDspTask, type MeasurementAnalysis } from '../apps/server/src/jobs/dsp/dsp-tasks.ts';
import { newId } from '../apps/server/src/infra/ids.ts';
import { insertFinalMeasurement, type TelemetryRow } from '../apps/server/src/jobs/ingest/persist-measurement.ts';
import { insertFinalMeasurements, type NewFinalMeasurement } from '../apps/server/src/jobs/ingest/persist-batch.ts';
import type { Diagnosis } from '../apps/server/src/jobs/diagnosis/diagnoser.ts';
import { startServer } from '../apps/server/src/server.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';
import { benchCounts } from './ingest-gateways.ts';
import { median } from './timing.ts';

const N = Number(process.env.INGEST_STATEMENT_N ?? 240);
const ROUNDS = 3;
const BATCHES = [3, 8];

export default async function ingestStatementBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  const server = await startServer(testServerConfig(dataDir), { inMemoryDb: true });
  try {
    await (server.ctx.diagnosis as Diagnosis | undefined)?.stop(); // only the statement is measured
    const db = server.ctx.db;
    const dev = (
      await sql<{ mac: string; customer_id: string; point_id: string }>`
        SELECT mac, customer_id, point_id FROM devices WHERE point_id IS NOT NULL ORDER BY mac LIMIT 1`.execute(db)
    ).rows[0]!;
    const computed = runDspTask({
      kind: 'measurementTelemetry',
      bytes: new Uint8Array(benchCounts().buffer),
      rangeIndex: 2,
      samplingRateHz: 12000,
    }) as MeasurementAnalysis['telemetry'];
    const rows: TelemetryRow[] = [
      ...computed.flatMap((list, i) =>
        list.map((t) => ({ telemetry: t.name, source: AXIS_KEYS[i]!, value: t.value, unit: t.unit, device_reported: false })),
      ),
      ...['BATTERY', 'TEMPERATURE', 'RSSI'].map((t) => ({
        telemetry: t,
        source: 'device',
        value: 3,
        unit: '',
        device_reported: true,
      })),
    ].filter((r) => Number.isFinite(r.value));
    const item = (): NewFinalMeasurement => {
      const id = newId();
      return {
        m: {
          id,
          object_id: id,
          device_mac: dev.mac,
          customer_id: dev.customer_id,
          point_id: dev.point_id,
          range_index: 2,
          rate_index: 9,
          created_at: new Date(),
        },
        set: {
          state: 'persisted',
          error: null,
          sample_size: 12000,
          calibrated_sampling_rate: 12000,
          started_at: null,
          waveform_key: null,
          gateway_mac: null,
          device_telemetry: [],
        },
        measuredAt: new Date(),
        rows,
      };
    };
    /** Writes `n` measurements `k` to a statement (k = 1: alone); per measurement, [ms CPU of every thread, ms wall]. */
    const write = async (k: number, n: number) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < n; i += k) {
        if (k === 1) {
          const { m, set, measuredAt, rows: r } = item();
          await insertFinalMeasurement(db, m, set, measuredAt, r);
        } else await insertFinalMeasurements(db, Array.from({ length: k }, item));
      }
      const c = process.cpuUsage(c0);
      return [(c.user + c.system) / 1000 / n, (performance.now() - t0) / n] as const;
    };
    for (const k of [1, ...BATCHES]) await write(k, 48); // warm-up: JIT, plans
    const results = new Map<number, { cpu: number[]; wall: number[] }>([1, ...BATCHES].map((k) => [k, { cpu: [], wall: [] }]));
    for (let round = 0; round < ROUNDS; round++)
      for (const k of [1, ...BATCHES]) {
        const [cpu, wall] = await write(k, N);
        results.get(k)!.cpu.push(cpu);
        results.get(k)!.wall.push(wall);
      }
    const ref = results.get(1)!;
    console.log(
      `${rows.length} telemetry rows a measurement (3 × 12 000 samples), ${ROUNDS} interleaved rounds of ${N}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log('| written | server CPU per measurement (all threads) | wall per measurement |');
    console.log('|---|---|---|');
    console.log(`| alone (reference) | ${median(ref.cpu).toFixed(2)} ms | ${median(ref.wall).toFixed(2)} ms |`);
    for (const k of BATCHES) {
      const r = results.get(k)!;
      console.log(
        `| ${k} to a statement | ${median(r.cpu).toFixed(2)} ms (${(median(r.cpu) / median(ref.cpu)).toFixed(2)}×) | ${median(r.wall).toFixed(2)} ms (${(median(r.wall) / median(ref.wall)).toFixed(2)}×) |`,
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
