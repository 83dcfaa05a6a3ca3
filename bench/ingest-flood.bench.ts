/**
 * Memory under a flood of unfinished measurements (issue 14 "Memory stays bounded under a flood"):
 * one gateway opens 1 000 measurements at once (2 legacy chunks of 20 480 bytes each, never a
 * `done`) for 25 registered devices, through the embedded broker into the real server, which keeps
 * them waiting (chunk wait 10 min). Waiting chunks live in the chunk store (files in the data
 * directory), not in memory; what the server holds per waiting measurement is its admission account
 * (jobs/ingest/admission.ts: one entry and one number per chunk) and a few cache entries.
 *
 * Stated bound: the server's heap grows by at most 16 MiB for 1 000 waiting measurements, whatever
 * their bytes (here 41 MB). The caps (per device 12.1 MB, per gateway 48.5 MB, 256 MiB and 4 096
 * measurements and 131 072 chunks in all) bound the accounting to about 4 MiB at worst.
 *
 * Reference, same run: the same flood sent for a device registered to nobody, which the ingest
 * refuses without storing anything (the cost of carrying the messages through broker and handler).
 * Printed: heap and RSS growth after a full GC for both, the ratio, bytes waiting, heap per waiting
 * measurement. `INGEST_FLOOD_MEASUREMENTS` (default 1000) sets the count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';
import { newId } from '../apps/server/src/infra/ids.ts';
import { DEMO_GATEWAY } from '../apps/server/src/jobs/seed-demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { edgeCredentialsFor, serverMqttOptions } from '../apps/server/test/support/edge.ts';
import { testServerConfig } from '../apps/server/test/support/test-server.ts';

const MEASUREMENTS = Number(process.env.INGEST_FLOOD_MEASUREMENTS ?? 1000);
const DEVICES = 25;
const CHUNKS = 2;
const CHUNK_BYTES = senseway.LEGACY_CHUNK_BYTES;
const BOUND_BYTES = 16 * 1024 * 1024;
const MiB = 1024 * 1024;

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
/** Heap and RSS after full collections (what stays, not garbage waiting to be collected). */
const settledMemory = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};

export default async function ingestFloodBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-flood-'));
  const server = await startServer(testServerConfig(dataDir, { chunkWaitMs: 600_000, measureTimeoutMs: 600_000 }), {
    inMemoryDb: true,
  });
  try {
    const customer = await server.ctx.db
      .selectFrom('gateways')
      .select('customer_id')
      .where('mac', '=', DEMO_GATEWAY)
      .executeTakeFirstOrThrow();
    const devices = Array.from({ length: DEVICES }, (_, i) => `CA:B8:31:0F:00:${i.toString(16).padStart(2, '0').toUpperCase()}`);
    await server.ctx.db
      .insertInto('devices')
      .values(
        devices.map((mac) => ({
          id: newId(),
          customer_id: customer.customer_id,
          mac,
          type: 'SENSEWAY',
          point_id: null,
          gateway_mac: DEMO_GATEWAY,
          profile: null,
        })),
      )
      .execute();
    const payload = Buffer.alloc(CHUNK_BYTES, 7);
    /** Publishes the flood for `deviceOf(n)` through `client`, 50 messages in flight at a time. */
    const flood = async (client: mqtt.MqttClient, deviceOf: (n: number) => string, base: number) => {
      const messages: [string, Buffer][] = [];
      for (let n = 0; n < MEASUREMENTS; n++)
        for (let c = CHUNKS - 1; c >= 0; c--)
          messages.push([senseway.topics.chunk('prod', deviceOf(n), (base + n).toString(16).padStart(24, '0'), c), payload]);
      for (let i = 0; i < messages.length; i += 50)
        await Promise.all(messages.slice(i, i + 50).map(([t, p]) => client.publishAsync(t, p, { qos: 1 })));
      await new Promise((r) => setTimeout(r, 300));
      await server.ingest.idle();
    };

    // Reference: the same flood refused (a device registered to nobody; sent with the server's own
    // credentials, as the broker's rules would refuse it at the gateway's connection).
    const raw = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...serverMqttOptions(server) });
    await flood(raw, () => 'CA:B8:31:0F:FF:FF', 0x10000); // warm-up of both paths' code
    const ref0 = await settledMemory();
    await flood(raw, () => 'CA:B8:31:0F:FF:FE', 0x20000);
    await raw.endAsync();
    const ref1 = await settledMemory();

    // The flood kept: 1 000 measurements waiting for their `done`.
    const creds = await edgeCredentialsFor(server, DEMO_GATEWAY);
    const gw = await mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...creds });
    const m0 = await settledMemory();
    const t0 = performance.now();
    await flood(gw, (n) => devices[n % DEVICES], 0x30000);
    const seconds = (performance.now() - t0) / 1000;
    await gw.endAsync();
    const m1 = await settledMemory();
    const stats = server.ingest.admission.stats();
    const pending = await server.ctx.chunks.pending();
    const rejected = await server.ctx.db
      .selectFrom('ingest_rejections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const kept = m1.heap - m0.heap;
    const refHeap = ref1.heap - ref0.heap;
    console.log(
      `${MEASUREMENTS} unfinished measurements × ${CHUNKS} chunks of ${CHUNK_BYTES} B (no done), ${DEVICES} devices, one gateway, embedded broker, chunks in ${server.ctx.chunks.kind}; ${os.availableParallelism()} cores`,
    );
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(
      `| measurements waiting / chunks waiting (admission) | ${stats.measurements} / ${stats.chunks} (${pending.length} pending in the store) |`,
    );
    console.log(`| bytes waiting (on disk) | ${(stats.bytes / MiB).toFixed(1)} MiB |`);
    console.log(`| flood published in | ${seconds.toFixed(1)} s (${((MEASUREMENTS * CHUNKS) / seconds).toFixed(0)} chunks/s) |`);
    console.log(
      `| server heap growth, flood kept | ${(kept / MiB).toFixed(2)} MiB (bound ${BOUND_BYTES / MiB} MiB: ${kept <= BOUND_BYTES ? 'within' : 'EXCEEDED'}); ${(kept / Math.max(1, stats.measurements)).toFixed(0)} B per waiting measurement |`,
    );
    console.log(`| server RSS growth, flood kept | ${((m1.rss - m0.rss) / MiB).toFixed(1)} MiB |`);
    console.log(
      `| reference: heap growth, same flood refused (${rejected.n} rejections recorded in all) | ${(refHeap / MiB).toFixed(2)} MiB; RSS ${((ref1.rss - ref0.rss) / MiB).toFixed(1)} MiB |`,
    );
    console.log(
      `| heap growth kept / refused | ${(kept / Math.max(refHeap, 64 * 1024)).toFixed(1)}× (reference floored at 64 KiB); heap per byte waiting ${(kept / Math.max(1, stats.bytes)).toFixed(4)} |`,
    );
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
