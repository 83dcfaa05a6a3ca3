/**
 * The simulated gateways of bench/ingest.bench.ts, in their own process as real gateways are on
 * their own machines: the server's process then does only the server's work. Receives
 * `{ mqttUrl, devices, gateway, perGateway, burst, idBase, samples? }` on IPC; each device publishes on its own
 * MQTT connection `perGateway` self-initiated measurements (chunks highest index first, then `done`),
 * `burst` back to back before waiting for their acknowledgements (or, with `ratePerS`, evenly paced
 * at that total rate); reports
 * `{ startedAt }` (epoch ms) once connected, `{ sent: [[objectId, lastChunkAtEpochMs], …] }` per burst
 * and `{ finished: true, cpuMs }` (the process's CPU, user + system, while it published).
 */
import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import { senseway } from '@overtone/contract';

export const SAMPLES = 12_000;
/** What real sensors send: 3 × 50 000 samples (300 000 bytes, 15 legacy chunks). */
export const SENSOR_SAMPLES = 50_000;

/**
 * CWRU 105 (drive end, fan end, drive end 60 000 samples later) quantised at ±4 g: the bench's signal.
 * @param samples samples per axis, at most 60 000 (the recording holds 120 000 per channel)
 * @returns int16 X,Y,Z interleaved, 3 × `samples`
 */
export function benchCounts(samples = SAMPLES) {
  const dir = path.resolve(import.meta.dirname, '../apps/gateway-sim/recordings/cwru');
  const ch = (f: string) => {
    const b = fs.readFileSync(path.join(dir, f));
    return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  };
  const de = ch('cwru_105_IR007_0HP_DE.f32');
  const fe = ch('cwru_105_IR007_0HP_FE.f32');
  const counts = new Int16Array(3 * samples);
  const k = senseway.gPerCount(2);
  for (let i = 0; i < samples; i++) {
    counts[3 * i] = Math.round(de[i] / k);
    counts[3 * i + 1] = Math.round(fe[i] / k);
    counts[3 * i + 2] = Math.round(de[i + 60000] / k);
  }
  return counts;
}

interface Job {
  mqttUrl: string;
  devices: string[];
  gateway: string;
  /** the gateway's MQTT credentials (the broker refuses anonymous clients) */
  credentials: { username: string; password: string };
  /** one user per device's connection instead (a broker whose client ids are usernames) */
  deviceCredentials?: { username: string; password: string }[];
  perGateway: number;
  burst: number;
  idBase: number;
  /** measurements per second of all gateways together, evenly paced; absent: as fast as acknowledged */
  ratePerS?: number;
  /** samples per axis of each measurement (default {@link SAMPLES}) */
  samples?: number;
}

async function main(job: Job) {
  const chunks = senseway.encodeChunks(benchCounts(job.samples));
  const now = () => performance.timeOrigin + performance.now();
  let seq = job.idBase;
  const clients = await Promise.all(
    job.devices.map((_, i) =>
      mqtt.connectAsync(job.mqttUrl, { reconnectPeriod: 0, ...(job.deviceCredentials?.[i] ?? job.credentials) }),
    ),
  );
  const publishOne = (client: mqtt.MqttClient, device: string): Promise<[string, number]> => {
    const id = (0x5e000000 + seq++).toString(16).padStart(24, '0');
    const sent = chunks.map((c) =>
      client.publishAsync(senseway.topics.chunk('prod', device, id, c.index), Buffer.from(c.payload), { qos: 1 }),
    );
    const lastChunkAt = now();
    const done = JSON.stringify({
      STAT: {
        CALIBRATED_SAMPLINGRATE: 12000,
        CHUNK_COUNT: chunks.length,
        MEASUREMENT_START_UNIXTIME: Math.floor(Date.now() / 1000),
      },
      TELEMETRY: [],
    });
    sent.push(client.publishAsync(senseway.topics.measureEvent('prod', job.gateway, device, id, 'done'), done, { qos: 1 }));
    return Promise.all(sent).then(() => [id, lastChunkAt]);
  };
  process.send!({ startedAt: now() });
  const cpu0 = process.cpuUsage();
  await Promise.all(
    clients.map(async (c, g) => {
      if (job.ratePerS) {
        // paced: gateway g publishes its i-th measurement at (i + g / n) × n / rate seconds
        const n = clients.length;
        const periodMs = (1000 * n) / job.ratePerS;
        const t0 = now();
        const pending: Promise<void>[] = [];
        for (let i = 0; i < job.perGateway; i++) {
          const due = t0 + (i + g / n) * periodMs;
          const wait = due - now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          pending.push(publishOne(c, job.devices[g]).then((one) => void process.send!({ sent: [one] })));
        }
        await Promise.all(pending);
        return;
      }
      for (let i = 0; i < job.perGateway; i += job.burst) {
        const sent = await Promise.all(
          Array.from({ length: Math.min(job.burst, job.perGateway - i) }, () => publishOne(c, job.devices[g])),
        );
        process.send!({ sent });
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  await Promise.all(clients.map((c) => c.endAsync()));
  process.send!({ finished: true, chunksPerMeasurement: chunks.length, cpuMs: (cpu.user + cpu.system) / 1000 });
}

if (process.send) process.once('message', (job: Job) => void main(job).catch((e) => (console.error(e), process.exit(1))));
