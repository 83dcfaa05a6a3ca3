import { expect } from 'vitest';
import { senseway } from '@overtone/contract';
import { decimate } from '@overtone/dsp';
import type { startTestServer } from './test-server.ts';
import type { connectGateway } from './gateway-client.ts';
import { recordingChannel } from './recordings.ts';

/** The samples per axis of a demo sensor's measurement (24 000 at 12 kHz, as the simulated plant sends). */
export const RECORDED_SAMPLES = 24_000;
let serial = 0;

/**
 * Publishes one self-initiated measurement of `device` made of a REAL CWRU record stretch, through
 * the real path (chunks and `done` over the embedded broker, as the demo sensors send them: int16
 * counts of the ±4 g range, x = drive end, y = fan end, z = drive end `zOffset` samples further on,
 * CALIBRATED_SAMPLINGRATE 12 000 Hz), and waits until it is persisted, ingested and diagnosed.
 *
 * Parameters
 * ----------
 * server, gateway, gatewayMac : the test server, a connected gateway client and its MAC
 * device : the sensor's MAC
 * record.stem : the record's file stem (apps/gateway-sim/recordings/cwru)
 * record.start : first sample, at 12 kHz (after decimation)
 * record.q : decimation factor to 12 kHz (4 for the 48 kHz normal record; default 1)
 * record.zOffset : z's offset from x, samples at 12 kHz (default 60 000 / q, as plant.json)
 *
 * Returns
 * -------
 * The measurement's id. Fails the test when it is not persisted within a minute.
 */
export async function publishRecordedMeasurement(
  io: {
    server: Awaited<ReturnType<typeof startTestServer>>;
    gateway: Awaited<ReturnType<typeof connectGateway>>;
    gatewayMac: string;
  },
  device: string,
  record: { stem: string; start: number; q?: number; zOffset?: number },
): Promise<string> {
  const q = record.q ?? 1;
  const de = q === 1 ? recordingChannel(record.stem, 'DE') : decimate(recordingChannel(record.stem, 'DE'), q);
  const fe = q === 1 ? recordingChannel(record.stem, 'FE') : decimate(recordingChannel(record.stem, 'FE'), q);
  const zOffset = record.zOffset ?? Math.floor(60_000 / q);
  const k = senseway.gPerCount(2);
  const at = (ch: ArrayLike<number>, i: number) => Math.max(-32768, Math.min(32767, Math.round(ch[i % ch.length]! / k)));
  const counts = new Int16Array(3 * RECORDED_SAMPLES);
  for (let i = 0; i < RECORDED_SAMPLES; i++) {
    counts[3 * i] = at(de, record.start + i);
    counts[3 * i + 1] = at(fe, record.start + i);
    counts[3 * i + 2] = at(de, record.start + zOffset + i);
  }
  const chunks = senseway.encodeChunks(counts);
  const objectId = (0x5e000000 + ++serial).toString(16).padStart(24, '0');
  const done = JSON.stringify({ STAT: { CALIBRATED_SAMPLINGRATE: 12000, CHUNK_COUNT: chunks.length }, TELEMETRY: [] });
  const { server, gateway, gatewayMac } = io;
  await Promise.all([
    ...chunks.map((c) =>
      gateway.publishAsync(senseway.topics.chunk('prod', device, objectId, c.index), Buffer.from(c.payload), { qos: 1 }),
    ),
    gateway.publishAsync(senseway.topics.measureEvent('prod', gatewayMac, device, objectId, 'done'), done, { qos: 1 }),
  ]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = await server.ctx.db
      .selectFrom('measurements')
      .select(['id', 'state'])
      .where('device_mac', '=', device)
      .where('object_id', '=', objectId)
      .executeTakeFirst();
    if (m?.state === 'persisted') {
      await server.ingest.idle();
      await server.ctx.diagnosis!.idle();
      return m.id;
    }
    expect(Date.now(), 'measurement persisted within a minute').toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 100));
  }
}
