/**
 * A simulated Duck v1 (shared/protocol/senseway-gateway.md §10.1): its own gateway on its own MQTT
 * connection. It answers the JSON measure command on `<root>/gateway/<Duck>/device/<Duck>/measure/<id>`
 * with `accepted`, uint32 sample words (channel id in bits 31–28, sign nibble, 24-bit magnitude) in
 * chunks counting down to 0, then `done` (STAT only, no TELEMETRY). Each of its 8 inputs replays a
 * channel of a recording in the `data/vibration` format, in g, turned into volts by `voltsPerG`.
 */
import {
  DEVICE_MAC_PREFIXES,
  deviceKindOf,
  duckMeasureCommandSchema,
  DUCK_VOLTAGE_REFERENCES,
  encodeDuckWord,
  senseway,
} from '@overtone/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { z } from 'zod';
import { loadRecording, type Recording } from './recordings.ts';

const mac = z
  .string()
  .transform((s) => s.toUpperCase())
  .refine((s) => senseway.isMac(s) && deviceKindOf(s) === 'DUCK', `a Duck MAC starts with ${DEVICE_MAC_PREFIXES.DUCK}`);

/** One Duck of the plant config: which recorded channel each input (wire 0 … 7) replays. */
export const simDuckConfigSchema = z.object({
  mac,
  /** record id in the recordings directory's `index.json` */
  recording: z.string().min(1),
  /** mean rssi reported in its own scan, dBm */
  rssi: z.number().int().max(0).default(-50),
  /** inputs by wire number 0 … 7; a missing input reads 0 V */
  inputs: z
    .array(
      z.object({
        channel: z.string().min(1),
        /** start within the channel, samples at the recording's true rate */
        offsetSamples: z.number().int().nonnegative().default(0),
        /** sensor sensitivity, V per g (default 0.1 V/g keeps a few g inside ±2.4 V) */
        voltsPerG: z.number().positive().default(0.1),
      }),
    )
    .max(8),
  description: z.string().optional(),
});
export type SimDuckConfig = z.infer<typeof simDuckConfigSchema>;

/** One Duck measurement as replayed. */
export interface DuckReplay {
  id: string;
  /** decimation of the recording; calibrated rate = recording rate / q */
  q: number;
  offset: number;
  calibratedRateHz: number;
  sampleSize: number;
  /** wire channels enabled by the command */
  channels: number[];
  vrefV: number;
}

export interface SimDuckOptions {
  mqttUrl: string;
  root?: senseway.SensewayRoot;
  config: SimDuckConfig;
  recording: Recording;
  /** chunk payload size, bytes, a multiple of 4 is not required; default 20 480 */
  chunkBytes?: number;
  /** recorded time / simulated acquisition time; default 10 */
  acquisitionSpeedup?: number;
  scanIntervalMs?: number;
  mqttOptions?: IClientOptions;
}

/** Cuts a byte stream into protocol chunks: publish order, index counting down to 0 (§5.1). */
export function cutChunks(bytes: Uint8Array, chunkBytes: number): { index: number; payload: Uint8Array }[] {
  const count = Math.max(1, Math.ceil(bytes.length / chunkBytes));
  return Array.from({ length: count }, (_, c) => ({
    index: count - 1 - c,
    payload: bytes.subarray(c * chunkBytes, Math.min(bytes.length, (c + 1) * chunkBytes)),
  }));
}

export class SimDuck {
  readonly mac: string;
  readonly replayLog: DuckReplay[] = [];
  #client: MqttClient | null = null;
  #timer: NodeJS.Timeout | null = null;
  #cursor = 0;
  #stopped = false;
  #queue: Promise<void> = Promise.resolve();

  constructor(readonly options: SimDuckOptions) {
    this.mac = options.config.mac;
  }

  get #root() {
    return this.options.root ?? 'prod';
  }

  /** Connects, subscribes to its measure commands and sends a first scan. */
  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.options.mqttUrl, {
      clientId: `duck-${this.mac.replaceAll(':', '').toLowerCase()}`,
      reconnectPeriod: 2000,
      ...this.options.mqttOptions,
    });
    this.#client = client;
    client.on('message', (topic, payload) => {
      const t = senseway.parseTopic(topic);
      if (t.kind !== 'measureCommand' || t.device !== this.mac || this.#stopped) return;
      this.#queue = this.#queue.then(() => this.#measure(t.id, payload.toString('utf8'))).catch(() => undefined);
    });
    await client.subscribeAsync(`${this.#root}/gateway/${this.mac}/device/${this.mac}/measure/+`, { qos: 1 });
    await this.#scan();
    this.#timer = setInterval(() => void this.#scan().catch(() => undefined), this.options.scanIntervalMs ?? 60_000);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    const client = this.#client;
    // A client that lost its broker is ended at once: a graceful end would wait for a reconnection.
    if (client) await client.endAsync(!client.connected);
  }

  #scan() {
    const payload = { [this.mac]: { type: 'DUCK', rssi: String(this.options.config.rssi), status: 'Ready' } };
    return this.#client!.publishAsync(senseway.topics.scan(this.#root, this.mac), JSON.stringify(payload), { qos: 1 });
  }

  /**
   * Volts each enabled input carried in a replay (before 25-bit quantisation), keyed by wire channel.
   * @throws Error when the id was not replayed
   */
  expectedVolts(id: string): Map<number, Float64Array> {
    const r = this.replayLog.findLast((e) => e.id === id);
    if (!r) throw new Error(`no duck measurement ${id}`);
    return this.#volts(r);
  }

  #volts(r: DuckReplay): Map<number, Float64Array> {
    const out = new Map<number, Float64Array>();
    for (const ch of r.channels) {
      const input = this.options.config.inputs[ch];
      const v = new Float64Array(r.sampleSize);
      if (input) {
        const src = this.options.recording.channelAt(input.channel, r.q);
        const start = (r.offset + Math.floor(input.offsetSamples / r.q)) % src.length;
        for (let i = 0; i < v.length; i++) v[i] = src[(start + i) % src.length] * input.voltsPerG;
      }
      out.set(ch, v);
    }
    return out;
  }

  async #measure(id: string, text: string): Promise<void> {
    const client = this.#client!;
    const topic = (event: string) => senseway.topics.measureEvent(this.#root, this.mac, this.mac, id, event);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const cmd = duckMeasureCommandSchema.safeParse(json);
    if (!cmd.success || !cmd.data.channels.length || cmd.data.channels.some((c) => c > 7)) {
      await client.publishAsync(topic('rejected'), 'INVALID_ARG', { qos: 1 });
      return;
    }
    const { sampleSize, baseSamplingFrequency, external } = cmd.data;
    const rec = this.options.recording;
    const q = Math.max(1, Math.round(rec.samplingRateHz / baseSamplingFrequency));
    const n = rec.channelAt(this.options.config.inputs[0]?.channel ?? [...rec.channels.keys()][0]!, q).length;
    const offset = Math.floor(this.#cursor / q) % n;
    this.#cursor = ((offset + sampleSize) % n) * q;
    const replay: DuckReplay = {
      id,
      q,
      offset,
      calibratedRateHz: rec.samplingRateHz / q,
      sampleSize,
      channels: [...new Set(cmd.data.channels)].sort((a, b) => a - b),
      vrefV: external ? DUCK_VOLTAGE_REFERENCES.external : DUCK_VOLTAGE_REFERENCES.internal,
    };
    this.replayLog.push(replay);
    await client.publishAsync(topic('accepted'), '', { qos: 1 });
    const start = new Date();
    await new Promise((r) =>
      setTimeout(r, (1000 * sampleSize) / replay.calibratedRateHz / (this.options.acquisitionSpeedup ?? 10)),
    );
    if (this.#stopped) return;
    const volts = this.#volts(replay);
    const bytes = new Uint8Array(4 * sampleSize * replay.channels.length);
    const dv = new DataView(bytes.buffer);
    let k = 0;
    for (let i = 0; i < sampleSize; i++)
      for (const ch of replay.channels) dv.setUint32(4 * k++, encodeDuckWord(ch, volts.get(ch)![i]!, replay.vrefV), true);
    const chunks = cutChunks(bytes, this.options.chunkBytes ?? senseway.LEGACY_CHUNK_BYTES);
    for (const c of chunks)
      await client.publishAsync(senseway.topics.chunk(this.#root, this.mac, id, c.index), Buffer.from(c.payload), { qos: 1 });
    const done = {
      STAT: {
        MEASUREMENT_START_TIME: start.toISOString(),
        MEASUREMENT_START_UNIXTIME: Math.floor(start.getTime() / 1000),
        CALIBRATED_SAMPLINGRATE: replay.calibratedRateHz,
        CHUNK_COUNT: chunks.length,
      },
    };
    await client.publishAsync(topic('done'), JSON.stringify(done), { qos: 1 });
  }
}

/**
 * Starts the Ducks of a plant layout (plant.json `ducks`), each on its own connection.
 * @throws Error when a recording or channel is missing
 */
export async function startDucks(
  configs: readonly SimDuckConfig[],
  o: Omit<SimDuckOptions, 'config' | 'recording'> & {
    recordingsDir: string;
    /** the connection options of one Duck (its own MQTT credentials); default `mqttOptions` */
    mqttOptionsFor?: (mac: string) => IClientOptions | undefined;
  },
): Promise<SimDuck[]> {
  const ducks: SimDuck[] = [];
  for (const config of configs) {
    const recording = await loadRecording(o.recordingsDir, config.recording);
    for (const i of config.inputs) recording.channelAt(i.channel, 1);
    ducks.push(new SimDuck({ ...o, config, recording, mqttOptions: o.mqttOptionsFor?.(config.mac) ?? o.mqttOptions }));
  }
  await Promise.all(ducks.map((d) => d.start()));
  return ducks;
}
