/**
 * One simulated Senseway gateway speaking generation 1 of the protocol over its own MQTT connection
 * (shared/protocol/senseway-gateway.md §3–7): periodic `scanDevice` (its sensors and the trigger
 * devices it hears), version queries, and measure commands answered with `accepted`, int16 chunks
 * counting down to 0, then `done`.
 */
import { senseway } from '@overtone/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { MeasureRequest, Replay, SimDevice } from './device.ts';
import { firmwareTelemetry } from './firmware-telemetry.ts';
import { DEFAULT_SELF_REQUEST, parseSleepSeconds, PeriodicSchedules, selfObjectId } from './periodic.ts';
import type { DeviceFaults, GatewayConfig } from './plant-config.ts';

/** Sample-size bounds accepted by the simulated firmware (legacy docs: up to 1 000 000 per axis, §4.3). */
export const MAX_SAMPLE_SIZE = 1_000_000;

/**
 * Misbehaviour switched on by tests (e.g. idempotency of ingest), read when each measurement starts
 * and at publish time. The top-level fields apply to every device; `devices[MAC]` overrides them
 * for one device (over the layout's own `faults`). See README "Misbehaviour".
 */
export interface PlantFaults extends DeviceFaults {
  /** per-device misbehaviour, keyed by upper-case MAC */
  devices?: Record<string, DeviceFaults>;
}

/** The misbehaviour in force for one device: plant-wide, then the layout's, then the per-device override. */
export function effectiveFaults(faults: PlantFaults, device: SimDevice): DeviceFaults {
  const { devices, ...global } = faults;
  return { ...global, ...device.config.faults, ...devices?.[device.mac] };
}

/** Publication order of `chunks` under `order` (descending = the protocol's; shuffled uses `random`). */
export function orderChunks<T extends { index: number }>(
  chunks: readonly T[],
  order: DeviceFaults['chunkOrder'] = 'descending',
  random: () => number = Math.random,
): T[] {
  const out = [...chunks].sort((a, b) => b.index - a.index);
  if (order === 'ascending') out.reverse();
  if (order === 'shuffled')
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
  return out;
}

/** One measurement as replayed: which stretch of which recording it carries. */
export interface ReplayLogEntry extends Replay {
  /** measurement id (`<objectId>` of the command) */
  id: string;
  /** device MAC, upper case */
  device: string;
  /** gateway MAC, upper case */
  gateway: string;
  /** record id in the recordings directory */
  recording: string;
  /** sampling-rate index of the command */
  rateIndex: number;
}

/** Things worth one log line. */
export type PlantEvent =
  | { type: 'connected' | 'offline' | 'reconnecting' | 'stopped'; gateway: string }
  | { type: 'error'; gateway: string; message: string }
  | { type: 'scan'; gateway: string; devices: Record<string, { rssi: string; status: string }> }
  | { type: 'command'; gateway: string; device: string; id: string; payload: string }
  | { type: 'rejected'; gateway: string; device: string; id: string; reason: string }
  | { type: 'accepted'; gateway: string; device: string; id: string; replay: ReplayLogEntry }
  | {
      type: 'done';
      gateway: string;
      device: string;
      id: string;
      chunkCount: number;
      calibratedRateHz: number;
      sampleSize: number;
    }
  | { type: 'version'; gateway: string; target: string; answer: string }
  | { type: 'misbehaving'; gateway: string; device: string; id: string; fault: string };

/** A trigger device in the gateway's radio range: reported in its scans, never measured (§9 prefix CA:B8:25). */
export interface ScannedTrigger {
  /** upper-case MAC, CA:B8:25… */
  mac: string;
  /** mean received signal strength, dBm; each scan reports it ±{@link TRIGGER_RSSI_SPREAD_DB} */
  rssi: number;
}

/** Half-width of the scan-to-scan rssi variation of a trigger, dB (as a sensor's default). */
export const TRIGGER_RSSI_SPREAD_DB = 2;

/**
 * A trigger's entry in `scanDevice` (§7): type `TRIGGER` (generation 1 documents only `WIRED`; a
 * trigger is not a sensor, so it says what it is), rssi as a string like the sensors', status
 * `Ready` (a trigger is always listening).
 * @param random uniform [0, 1) source for the rssi jitter
 */
export function triggerScanEntry(t: ScannedTrigger, random: () => number = Math.random) {
  const jitter = Math.floor(random() * (2 * TRIGGER_RSSI_SPREAD_DB + 1)) - TRIGGER_RSSI_SPREAD_DB;
  return { type: 'TRIGGER', rssi: String(Math.min(0, t.rssi + jitter)), status: 'Ready' };
}

export interface GatewayOptions {
  /** broker URL, e.g. `mqtt://127.0.0.1:1883` */
  mqttUrl: string;
  /** topic root, `prod` or `lake` */
  root: senseway.SensewayRoot;
  config: GatewayConfig;
  devices: SimDevice[];
  /** trigger devices this gateway hears: reported in every scan after the sensors (default none) */
  triggers?: readonly ScannedTrigger[];
  /** period of `scanDevice`, ms; the first scan goes out right after each connect */
  scanIntervalMs: number;
  /** chunk payload size, bytes (even) */
  chunkBytes: number;
  /** recorded time / simulated acquisition time; 10 → 1 s of signal takes 100 ms */
  acquisitionSpeedup: number;
  /** extra mqtt.js options, applied last */
  mqttOptions?: IClientOptions;
  faults: PlantFaults;
  onEvent?: (e: PlantEvent) => void;
  onReplay?: (e: ReplayLogEntry) => void;
  /** obey sleep commands by measuring on that period, this many times faster (periodic.ts); default off */
  periodicTimeFactor?: number;
}

/** `HH:MM:SS:DD:MM:YYYY`, UTC, month 1-based (§6.2). */
export function formatStartTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}:${p(d.getUTCDate())}:${p(d.getUTCMonth() + 1)}:${d.getUTCFullYear()}`;
}

/**
 * Checks a measure command payload (§4): range index 1..4, rate index 5..10, sample size
 * 1..MAX_SAMPLE_SIZE. Whitespace around fields is tolerated.
 * @returns the request, or null when the firmware would answer `INVALID_ARG`
 */
export function parseMeasureRequest(text: string): MeasureRequest | null {
  const r = senseway.parseMeasureCommand(text);
  if (!r) return null;
  const ok =
    r.rangeIndex >= 1 &&
    r.rangeIndex <= 4 &&
    r.rateIndex >= 5 &&
    r.rateIndex <= 10 &&
    r.sampleSize >= 1 &&
    r.sampleSize <= MAX_SAMPLE_SIZE;
  return ok ? r : null;
}

/** Quantises a tri-axial signal and interleaves it X0 Y0 Z0 X1 … as int16 counts (§5.1). */
function interleaveCounts(samples: senseway.TriaxialG, rangeIndex: number): Int16Array {
  const axes = [samples.x, samples.y, samples.z].map((a) => senseway.quantizeG(a, rangeIndex));
  const out = new Int16Array(3 * samples.x.length);
  for (let i = 0; i < samples.x.length; i++) {
    out[3 * i] = axes[0][i];
    out[3 * i + 1] = axes[1][i];
    out[3 * i + 2] = axes[2][i];
  }
  return out;
}

export class SimGateway {
  readonly mac: string;
  readonly devices: ReadonlyMap<string, SimDevice>;
  #client: MqttClient | null = null;
  #scanTimer: NodeJS.Timeout | null = null;
  #stopped = false;
  /** pending acquisition waits, resolved early by stop() */
  readonly #waits = new Set<() => void>();

  constructor(readonly options: GatewayOptions) {
    this.mac = options.config.mac;
    this.devices = new Map(options.devices.map((d) => [d.mac, d]));
  }

  get connected(): boolean {
    return this.#client?.connected ?? false;
  }

  #emit(e: PlantEvent): void {
    this.options.onEvent?.(e);
  }

  #topicBase(): string {
    return `${this.options.root}/gateway/${this.mac}`;
  }

  /**
   * Connects (and keeps reconnecting) to the broker.
   * @returns a promise that settles once the first connection is subscribed and has sent its scan
   */
  start(): Promise<void> {
    const o = this.options;
    const client = mqtt.connect(o.mqttUrl, {
      clientId: `senseway-${this.mac.replaceAll(':', '').toLowerCase()}`,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      resubscribe: false, // we subscribe ourselves on every connect
      ...o.mqttOptions,
    });
    this.#client = client;
    client.on('message', (topic, payload) => this.#onMessage(topic, payload));
    client.on('offline', () => this.#emit({ type: 'offline', gateway: this.mac }));
    client.on('reconnect', () => this.#emit({ type: 'reconnecting', gateway: this.mac }));
    client.on('error', (err) => this.#emit({ type: 'error', gateway: this.mac, message: err.message }));
    return new Promise((resolve) => {
      client.on('connect', () => {
        const base = this.#topicBase();
        client
          .subscribeAsync(
            [
              `${base}/device/+/measure/+`,
              `${base}/device/+/sleep`,
              `${base}/device/+/version`,
              `${base}/client/SENSEWAY/version`,
            ],
            {
              qos: 1,
            },
          )
          .then(() => {
            this.#emit({ type: 'connected', gateway: this.mac });
            return this.publishScan();
          })
          .then(resolve)
          .catch((err: Error) => this.#emit({ type: 'error', gateway: this.mac, message: `subscribe: ${err.message}` }));
      });
      this.#scanTimer = setInterval(() => {
        if (client.connected) this.publishScan().catch(() => undefined);
      }, o.scanIntervalMs);
    });
  }

  /** Stops scanning and answering, abandons measurements in progress and closes the connection. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#periodic?.stopAll();
    if (this.#scanTimer) clearInterval(this.#scanTimer);
    for (const wake of this.#waits) wake();
    const client = this.#client;
    if (client) await client.endAsync(!client.connected);
    this.#emit({ type: 'stopped', gateway: this.mac });
  }

  #publish(topic: string, payload: string | Uint8Array): Promise<unknown> {
    const body = typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
    return this.#client!.publishAsync(topic, body, { qos: 1 });
  }

  /**
   * Publishes `scanDevice` with every device's rssi (as a string, like the docs' example) and status,
   * then the trigger devices the gateway hears ({@link triggerScanEntry}).
   */
  async publishScan(): Promise<void> {
    if (this.#stopped) return;
    const devices: Record<string, { type: string; rssi: string; status: string; battery?: string }> = {};
    for (const d of this.devices.values()) {
      devices[d.mac] = { type: d.config.type, rssi: String(d.scanRssi()), status: d.status };
      const battery = d.batteryVolts();
      if (battery !== null) devices[d.mac].battery = battery.toFixed(2);
    }
    for (const t of this.options.triggers ?? []) devices[t.mac] = triggerScanEntry(t);
    this.#emit({ type: 'scan', gateway: this.mac, devices });
    await this.#publish(senseway.topics.scan(this.options.root, this.mac), JSON.stringify(devices));
  }

  // Periodic operation (periodic.ts): sleep commands and self-initiated measurements.
  readonly #lastRequest = new Map<string, MeasureRequest>();
  #periodic: PeriodicSchedules | null = null;

  /** Device MACs measuring on their own schedule after a sleep command (periodic.ts). */
  get periodicDevices(): string[] {
    return this.#periodic?.active() ?? [];
  }

  /** A sleep command (§8.1): with `periodicTimeFactor` the device measures every `seconds` (accelerated). */
  #onSleep(deviceMac: string, text: string): void {
    this.#emit({ type: 'command', gateway: this.mac, device: deviceMac, id: 'sleep', payload: text });
    const seconds = parseSleepSeconds(text);
    if (!seconds || !this.devices.has(deviceMac) || !this.options.periodicTimeFactor) return;
    this.#periodic ??= new PeriodicSchedules(this.options.periodicTimeFactor, (mac, id) => void this.selfMeasure(mac, id));
    this.#periodic.set(deviceMac, seconds);
  }

  /**
   * A measurement nobody requested (periodic wake-up): same flow as a command, with the parameters of
   * the device's last command (else DEFAULT_SELF_REQUEST) and an id the device picks.
   */
  selfMeasure(deviceMac: string, id: string = selfObjectId()): Promise<void> {
    const device = this.devices.get(deviceMac.toUpperCase());
    if (!device || this.#stopped) return Promise.resolve();
    const req = this.#lastRequest.get(device.mac) ?? DEFAULT_SELF_REQUEST;
    return device
      .enqueue(() => this.#measure(device, id, req))
      .catch((err: Error) => this.#emit({ type: 'error', gateway: this.mac, message: `self-measure ${id}: ${err.message}` }));
  }

  #onMessage(topic: string, payload: Buffer): void {
    if (this.#stopped) return;
    const sleep = senseway.parseSleepTopic(topic);
    if (sleep && sleep.gateway === this.mac) return this.#onSleep(sleep.device, payload.toString('utf8'));
    const t = senseway.parseTopic(topic);
    if (t.kind === 'measureCommand' && t.gateway === this.mac) {
      this.#onMeasure(t.device, t.id, payload.toString('utf8')).catch((err: Error) =>
        this.#emit({ type: 'error', gateway: this.mac, message: `measure ${t.id}: ${err.message}` }),
      );
      return;
    }
    const p = topic.split('/');
    if (p.at(-1) === 'version' && p.length === 6 && p[3] === 'client' && p[4] === 'SENSEWAY') {
      this.#emit({ type: 'version', gateway: this.mac, target: 'SENSEWAY', answer: this.options.config.firmwareVersion });
      this.#publish(`${topic}/accepted`, this.options.config.firmwareVersion).catch(() => undefined);
    } else if (p.at(-1) === 'version' && p.length === 6 && p[3] === 'device') {
      const device = this.devices.get(p[4].toUpperCase());
      const answer = device ? device.config.firmwareVersion : 'NO_DEVICE';
      this.#emit({ type: 'version', gateway: this.mac, target: p[4], answer });
      this.#publish(`${topic}/${device ? 'accepted' : 'rejected'}`, answer).catch(() => undefined);
    }
  }

  async #onMeasure(deviceMac: string, id: string, text: string): Promise<void> {
    const { root } = this.options;
    this.#emit({ type: 'command', gateway: this.mac, device: deviceMac, id, payload: text });
    const reject = async (reason: string) => {
      this.#emit({ type: 'rejected', gateway: this.mac, device: deviceMac, id, reason });
      await this.#publish(senseway.topics.measureEvent(root, this.mac, deviceMac, id, 'rejected'), reason);
    };
    const device = this.devices.get(deviceMac);
    if (!device) return reject('NO_DEVICE');
    const refuse = effectiveFaults(this.options.faults, device).reject;
    if (refuse) {
      this.#emit({ type: 'misbehaving', gateway: this.mac, device: device.mac, id, fault: 'reject' });
      return reject(refuse);
    }
    const req = parseMeasureRequest(text);
    if (!req) return reject('INVALID_ARG');
    this.#lastRequest.set(device.mac, req);
    await device.enqueue(() => this.#measure(device, id, req));
  }

  /** One measurement, start to end (§3 measure flow). Runs only while no other runs on the device. */
  async #measure(device: SimDevice, id: string, req: MeasureRequest): Promise<void> {
    if (this.#stopped) return;
    const { root, chunkBytes, faults } = this.options;
    const eventTopic = (event: string) => senseway.topics.measureEvent(root, this.mac, device.mac, id, event);
    const replay: ReplayLogEntry = {
      id,
      device: device.mac,
      gateway: this.mac,
      recording: device.recording.id,
      rateIndex: req.rateIndex,
      ...device.planReplay(req),
    };
    this.options.onReplay?.(replay);
    device.status = 'Measuring';
    try {
      await this.publishScan();
      await this.#publish(eventTopic('accepted'), '');
      this.#emit({ type: 'accepted', gateway: this.mac, device: device.mac, id, replay });
      const start = new Date();
      await this.#wait((1000 * replay.sampleSize) / replay.calibratedRateHz / this.options.acquisitionSpeedup);
      if (this.#stopped) return;

      const counts = interleaveCounts(device.samplesG(replay), replay.rangeIndex);
      const chunks = senseway.encodeChunks(counts, chunkBytes);
      const sent = senseway.decodeTriaxial(
        new Uint8Array(counts.buffer, counts.byteOffset, counts.byteLength),
        replay.rangeIndex,
      );
      const done = {
        STAT: {
          MEASUREMENT_START_TIME: formatStartTime(start),
          MEASUREMENT_START_UNIXTIME: Math.floor(start.getTime() / 1000),
          CALIBRATED_SAMPLINGRATE: replay.calibratedRateHz,
          CHUNK_COUNT: chunks.length,
          DEVICE_TYPE: device.config.type,
          VERSION: device.config.firmwareVersion,
        },
        TELEMETRY: firmwareTelemetry(sent, device.config.temperatureC),
      };
      const misbehave = (fault: string) => this.#emit({ type: 'misbehaving', gateway: this.mac, device: device.mac, id, fault });
      // The faults in force when the measurement starts (a disconnect happens once per measurement).
      const f = effectiveFaults(faults, device);
      let disconnectAfter = f.disconnectAfterChunks;
      /** Sends the chunks and `done`; false when the device went silent or the gateway stopped. */
      const send = async (): Promise<boolean> => {
        let sentChunks = 0;
        for (const c of orderChunks(chunks, f.chunkOrder)) {
          if (this.#stopped) return false;
          if (f.silentAfterChunks !== undefined && sentChunks >= f.silentAfterChunks) {
            misbehave('silent');
            return false;
          }
          if (disconnectAfter !== undefined && sentChunks >= disconnectAfter) {
            disconnectAfter = undefined;
            misbehave('disconnect');
            await this.#dropConnection();
            misbehave('resend');
            return send();
          }
          sentChunks++;
          if (f.dropChunks?.includes(c.index)) {
            misbehave(`drop chunk ${c.index}`);
            continue;
          }
          if (f.delayMs) await this.#wait(f.delayMs);
          const topic = senseway.topics.chunk(root, device.mac, id, c.index);
          await this.#publish(topic, c.payload);
          if (effectiveFaults(faults, device).duplicateChunks) await this.#publish(topic, c.payload);
        }
        if (f.silentAfterChunks !== undefined) {
          misbehave('silent');
          return false;
        }
        if (f.delayMs) await this.#wait(f.delayMs);
        if (this.#stopped) return false;
        await this.#publish(eventTopic('done'), JSON.stringify(done));
        if (effectiveFaults(faults, device).duplicateDone) await this.#publish(eventTopic('done'), JSON.stringify(done));
        return true;
      };
      if (!(await send())) return;
      this.#emit({
        type: 'done',
        gateway: this.mac,
        device: device.mac,
        id,
        chunkCount: chunks.length,
        calibratedRateHz: replay.calibratedRateHz,
        sampleSize: replay.sampleSize,
      });
    } finally {
      device.status = 'Ready';
      if (!this.#stopped) await this.publishScan();
    }
  }

  /**
   * Loses the connection abruptly (socket destroyed, no DISCONNECT, as when power or Wi-Fi drops) and
   * resolves once mqtt.js has reconnected and the gateway has subscribed again and sent its scan.
   */
  async #dropConnection(): Promise<void> {
    const client = this.#client!;
    await new Promise<void>((resolve) => {
      const wake = () => {
        client.off('connect', wake);
        this.#waits.delete(wake);
        resolve();
      };
      client.on('connect', wake);
      this.#waits.add(wake); // stop() ends the wait
      client.stream.destroy();
    });
  }

  /** Simulated acquisition time, ms; cut short by stop(). */
  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#waits.add(wake);
    });
  }
}
