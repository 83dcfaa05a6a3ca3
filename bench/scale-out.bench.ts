/**
 * Issue 19 "Measured": server CPU per measurement with two instances against one instance on the
 * same burst, same run, and the measurements lost or doubled. The instances share one Debian
 * PostgreSQL 15, one Debian Mosquitto 2 (dynamic-security plugin) and one S3 API (s3rver), set up as
 * docs/operations.md "Several instances" says (MULTI_INSTANCE, shared keys, one MQTT user each); the
 * gateways publish from their own process (bench/ingest-gateways.ts), one MQTT user per device.
 *
 * Server CPU is this process's (`process.cpuUsage`: every thread, the DSP workers included; the
 * object store runs in a process of its own, bench/s3-process.ts) from the first message of a burst
 * until every measurement of it is stored and what that set off in the background (alarm evaluation,
 * AI predictions) is done on every instance; both instances run in this
 * process, so two instances' CPU is one number. The diagnosis is stopped on every instance (it runs
 * after ingest, in the background, and is measured by diagnosis*.bench.ts): this is the ingest's cost.
 * Target: two instances ≤ 1.1 × one instance (each measurement processed once); 0 lost, 0 doubled.
 *
 * `SCALE_OUT_BENCH_PER_DEVICE` (default 60) measurements of 3 × 12 000 samples per device, 3 devices.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SHARED_KEYS } from '../apps/server/src/infra/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import type { Diagnosis } from '../apps/server/src/jobs/diagnosis/diagnoser.ts';
import type { AlarmEvaluator } from '../apps/server/src/jobs/alarms/evaluator.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';
import { mosquittoMissing, startMosquitto } from '../apps/server/test/support/mosquitto.ts';
import { postgresMissing, startPostgres } from '../apps/server/test/support/postgres.ts';
import type { S3StorageConfig } from '../apps/server/src/infra/storage-s3.ts';

const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICES = ['CA:B8:31:00:00:01', 'CA:B8:31:00:00:02', 'CA:B8:31:00:00:03'];
const PER_DEVICE = Number(process.env.SCALE_OUT_BENCH_PER_DEVICE ?? 60);
const BURST = 10;

export default async function scaleOutBench() {
  const missing = postgresMissing() ?? mosquittoMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  // the object store in its own process (its CPU is not the server's), like PostgreSQL and Mosquitto
  const s3Process = fork(path.join(import.meta.dirname, 's3-process.ts'), { execArgv: ['--import', 'tsx'] });
  const s3Ready = new Promise<S3StorageConfig>((resolve) =>
    s3Process.once('message', (m: { config: S3StorageConfig }) => resolve(m.config)),
  );
  const [postgres, mosq, s3Config] = await Promise.all([startPostgres(), startMosquitto(), s3Ready]);
  const s3 = {
    config: s3Config,
    stop: () => new Promise<void>((r) => (s3Process.once('exit', () => r()), s3Process.send('stop'))),
  };
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  try {
    // users made before any instance connects as the admin (client ids are usernames)
    const instanceUrls = [mosq.adminUrl, mosq.addAdmin('overtone-2')];
    mosq.dynsec('createRole', 'bench-gateway');
    mosq.dynsec('addRoleACL', 'bench-gateway', 'publishClientSend', 'prod/#', 'allow');
    const deviceCredentials = DEVICES.map((_, i) => {
      const username = `bench-device-${i + 1}`;
      const password = `bench-${i}-${Math.random().toString(36).slice(2)}`;
      mosq.dynsec('createClient', username, '-p', password);
      mosq.dynsec('addClientRole', username, 'bench-gateway');
      return { username, password };
    });
    for (const k of SHARED_KEYS) process.env[k] ??= `${k.toLowerCase()}-bench-shared-key-0123456789abcdef`;
    const databaseUrl = postgres.createDatabase('scale_out_bench');
    const startInstance = async (mqttUrl: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-scale-out-'));
      dirs.push(dir);
      const server = await startServer(
        testServerConfig(dir, {
          databaseUrl,
          mqttUrl,
          s3: s3.config,
          multiInstance: true,
          ingestChunkStore: 'database',
          chunkWaitMs: 15_000,
        }),
      );
      servers.push(server);
      await (server.ctx.diagnosis as Diagnosis | undefined)?.stop();
      server.ctx.diagnosis = undefined;
      return server;
    };
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    let idBase = 0;
    /** One burst from the gateways' process; resolves with the CPU it cost this process and what was stored. */
    const burst = async (perDevice: number) => {
      const first = idBase;
      const ids = Array.from({ length: DEVICES.length * perDevice }, (_, i) =>
        (0x5e000000 + first + i).toString(16).padStart(24, '0'),
      );
      idBase += ids.length;
      const child = fork(path.join(import.meta.dirname, 'ingest-gateways.ts'), { execArgv: ['--import', 'tsx'] });
      let cpu0: NodeJS.CpuUsage | null = null;
      let t0 = 0;
      const sent = new Promise<void>((resolve, reject) => {
        child.on('message', (m: { startedAt?: number; finished?: boolean }) => {
          if (m.startedAt) [cpu0, t0] = [process.cpuUsage(), performance.now()];
          if (m.finished) resolve();
        });
        child.on('exit', (code) => (code ? reject(new Error(`gateways exited with ${code}`)) : undefined));
      });
      child.send({
        mqttUrl: mosq.url,
        credentials: deviceCredentials[0],
        deviceCredentials,
        devices: DEVICES,
        gateway: GATEWAY,
        perGateway: perDevice,
        burst: BURST,
        idBase: first,
      });
      await sent;
      const deadline = performance.now() + 120_000;
      let rows: { object_id: string; n: string }[];
      for (;;) {
        rows = (
          await db.query<{ object_id: string; n: string }>(
            `SELECT object_id, count(*) AS n FROM measurements WHERE object_id = ANY($1) AND state = 'persisted' GROUP BY object_id`,
            [ids],
          )
        ).rows;
        if (rows.length === ids.length || performance.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      // and what each stored measurement sets off in the background (alarms, AI predictions), on every instance
      await Promise.all(
        servers.map((s) =>
          Promise.all([s.ingest.idle(), (s.ctx.alarms as AlarmEvaluator | undefined)?.idle(), s.ctx.aiPredictions?.idle()]),
        ),
      );
      const cpu = process.cpuUsage(cpu0 ?? undefined);
      const wallS = (performance.now() - t0) / 1000;
      const all = (await db.query<{ n: string }>(`SELECT count(*) AS n FROM measurements WHERE object_id = ANY($1)`, [ids])).rows;
      return {
        n: ids.length,
        cpuMsPer: (cpu.user + cpu.system) / 1000 / ids.length,
        wallS,
        lost: ids.length - rows.length,
        doubled: Number(all[0].n) - rows.length,
      };
    };

    // one instance, two, then one again (the second stopped): the reference is the mean of the two
    // single-instance bursts, so that neither order nor the growing tables favour either set-up
    const one = await startInstance(instanceUrls[0]);
    await burst(3); // warm-up: JIT, DSP workers, plans
    const singleBefore = await burst(PER_DEVICE);
    const two = await startInstance(instanceUrls[1]);
    await burst(3);
    const c0 = [one.ingest.counts.stored, two.ingest.counts.stored];
    const w0 = one.ingest.counts.waited + two.ingest.counts.waited;
    const pair = await burst(PER_DEVICE);
    const shares = [one.ingest.counts.stored - c0[0], two.ingest.counts.stored - c0[1]];
    const waited = one.ingest.counts.waited + two.ingest.counts.waited - w0;
    await two.close(); // a normal stop: it leaves the shared subscription first
    servers.splice(servers.indexOf(two), 1);
    const singleAfter = await burst(PER_DEVICE);

    await db.end();
    const single = {
      ...singleBefore,
      n: singleBefore.n + singleAfter.n,
      cpuMsPer: (singleBefore.cpuMsPer + singleAfter.cpuMsPer) / 2,
      wallS: (singleBefore.wallS + singleAfter.wallS) / 2,
      lost: singleBefore.lost + singleAfter.lost,
      doubled: singleBefore.doubled + singleAfter.doubled,
    };
    console.log(
      `one instance: ${singleBefore.cpuMsPer.toFixed(1)} ms before the second started, ${singleAfter.cpuMsPer.toFixed(1)} ms after it stopped`,
    );
    const ratio = pair.cpuMsPer / single.cpuMsPer;
    console.table([
      {
        set_up: 'one instance (reference, 2 bursts)',
        measurements: single.n,
        'server CPU ms / measurement': single.cpuMsPer.toFixed(1),
        'wall s': single.wallS.toFixed(2),
        lost: single.lost,
        doubled: single.doubled,
      },
      {
        set_up: 'two instances',
        measurements: pair.n,
        'server CPU ms / measurement': pair.cpuMsPer.toFixed(1),
        'wall s': pair.wallS.toFixed(2),
        lost: pair.lost,
        doubled: pair.doubled,
      },
    ]);
    console.log(
      `two instances / one: ${ratio.toFixed(2)}× server CPU per measurement (target ≤ 1.1×); stored by each: ${shares.join(' + ')}; ` +
        `lost ${single.lost + pair.lost}, doubled ${single.doubled + pair.doubled} (target 0); ` +
        `${waited} tries found chunks still on their way through the other instance`,
    );
  } finally {
    for (const s of servers.reverse()) await s.close().catch(() => {});
    await Promise.allSettled([postgres.stop(), mosq.stop(), s3.stop()]);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}
