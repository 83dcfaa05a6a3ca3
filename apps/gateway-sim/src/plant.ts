/**
 * The simulated plant: every gateway of the plant config, each with its own MQTT connection, and
 * their sensors replaying recordings; the layout's Ducks and trigger devices, each on its own
 * connection too. The in-process API used by tests; `main.ts` is the CLI.
 */
import { senseway } from '@overtone/contract';
import type { IClientOptions } from 'mqtt';
import { fileURLToPath } from 'node:url';
import { SimDevice } from './device.ts';
import { startDucks } from './duck.ts';
import { SimGateway, type PlantEvent, type PlantFaults, type ReplayLogEntry } from './gateway.ts';
import {
  DEFAULT_TRIGGER_RSSI,
  parsePlantConfig,
  readPlantConfig,
  scanningGatewaysOf,
  type DeviceFaults,
  type PlantConfig,
  type PlantConfigInput,
} from './plant-config.ts';
import { loadRecording, type Recording } from './recordings.ts';
import { startSimTrigger, type SimTrigger } from './trigger.ts';

/** The recordings shipped with the simulator (four CWRU records, see recordings/README.md). */
export const bundledRecordingsDir = fileURLToPath(new URL('../recordings/cwru', import.meta.url));

export interface PlantOptions {
  /** broker URL, e.g. `mqtt://127.0.0.1:1883` */
  mqttUrl: string;
  /** topic root; default `prod` */
  root?: senseway.SensewayRoot;
  /** a layout object, or the path of a layout JSON file; default the bundled `plant.json` */
  config?: PlantConfigInput | string;
  /** directory holding `index.json` in the `data/vibration` format; default the bundled CWRU records */
  recordingsDir?: string;
  /** `scanDevice` period, ms; default 60 000 */
  scanIntervalMs?: number;
  /** chunk payload size, bytes, even; default 20 480 (legacy firmware, not a multiple of 6) */
  chunkBytes?: number;
  /** recorded time / simulated acquisition time; default 10 (1 s of signal takes 100 ms) */
  acquisitionSpeedup?: number;
  /** extra mqtt.js options for every gateway connection (applied last) */
  mqttOptions?: IClientOptions;
  /**
   * MQTT credentials by MAC (gateways, Ducks, triggers): the secret an admin issued in the Gateways
   * tab; each device connects with username = its MAC and this password. A device without an entry
   * connects without credentials (a broker of ours refuses it). A function is asked once per MAC
   * before anything connects.
   */
  credentials?: Readonly<Record<string, string>> | ((mac: string) => Promise<string | undefined>);
  /** called for every event worth a log line */
  onEvent?: (e: PlantEvent) => void;
  /** resolve only once every gateway is connected and subscribed; default true */
  waitForConnection?: boolean;
  /** replay log entries kept (oldest dropped first); default 10 000 */
  replayLogLimit?: number;
  /** sensors obey sleep commands, measuring on that period this many times faster (periodic.ts); default off */
  periodicTimeFactor?: number;
  /** called after each event a trigger of the layout publishes */
  onTrigger?: (e: { trigger: string; id: string; timestamp: number }) => void;
}

export interface Plant {
  readonly config: PlantConfig;
  readonly gateways: readonly SimGateway[];
  /** the layout's trigger devices (`triggers`), connected; `fire()` publishes an event at once */
  readonly triggers: readonly SimTrigger[];
  /** one entry per measurement started, oldest first */
  readonly replayLog: ReplayLogEntry[];
  /**
   * test hooks, read when a measurement starts and at publish time: `plant.faults.duplicateChunks = true`
   * applies to every device, `plant.faults.devices[MAC]` to one (README "Misbehaviour")
   */
  faults: PlantFaults;
  /**
   * Sets the misbehaviour of one device (replacing what was set for it before), or with `undefined`
   * returns it to the layout's own behaviour. Takes effect from the next measurement command.
   * @param device device MAC (any case)
   * @throws Error when the plant has no such device
   */
  setFaults(device: string, faults: DeviceFaults | undefined): void;
  /** Removes every fault set through `faults` or `setFaults` (layout faults stay). */
  clearFaults(): void;
  /**
   * Makes a device replay another recording from its next measurement on (the machine was repaired,
   * or broke): e.g. `replaceRecording(mac, 'cwru-097')` after a bearing replacement.
   * @param device device MAC (any case)
   * @param recording record id in the plant's recordings directory
   * @throws Error when the plant has no such device or the recording cannot be loaded or lacks a channel
   */
  replaceRecording(device: string, recording: string): Promise<void>;
  /**
   * The exact samples (g, before int16 quantisation) a measurement carried.
   * @param device device MAC (any case)
   * @param id measurement id; the latest replay of that id on that device
   * @throws Error when no such measurement was replayed
   */
  expectedSamplesG(device: string, id: string): senseway.TriaxialG;
  /** Disconnects every gateway; measurements in progress are abandoned. */
  stop(): Promise<void>;
}

function checkPositive(name: string, v: number, even = false): number {
  if (!(v > 0) || (even && v % 2 !== 0))
    throw new RangeError(`${name} must be a positive${even ? ' even' : ''} number, got ${v}`);
  return v;
}

/**
 * Loads the layout and its recordings, then connects every gateway.
 * @throws Error for an invalid layout, a missing recording or channel, or invalid numbers
 */
export async function startPlant(options: PlantOptions): Promise<Plant> {
  const config =
    typeof options.config === 'string' || options.config === undefined
      ? await readPlantConfig(options.config)
      : parsePlantConfig(options.config);
  const recordingsDir = options.recordingsDir ?? bundledRecordingsDir;
  const scanIntervalMs = checkPositive('scanIntervalMs', options.scanIntervalMs ?? 60_000);
  const chunkBytes = checkPositive('chunkBytes', options.chunkBytes ?? senseway.LEGACY_CHUNK_BYTES, true);
  const acquisitionSpeedup = checkPositive('acquisitionSpeedup', options.acquisitionSpeedup ?? 10);
  const replayLogLimit = options.replayLogLimit ?? 10_000;

  const recordings = new Map<string, Recording>();
  for (const id of new Set(config.gateways.flatMap((g) => g.devices.map((d) => d.recording))))
    recordings.set(id, await loadRecording(recordingsDir, id));

  const macs = [...config.gateways, ...config.ducks, ...config.triggers].map((d) => d.mac.toUpperCase());
  const given = options.credentials;
  const secrets = new Map<string, string | undefined>(
    typeof given === 'function'
      ? await Promise.all(macs.map(async (m) => [m, await given(m)] as const))
      : macs.map((m) => [m, given?.[m]] as const),
  );
  /** connection options of one device: the plant's, plus its own credentials when given */
  const mqttOptionsFor = (mac: string): IClientOptions | undefined => {
    const password = secrets.get(mac.toUpperCase());
    return password ? { username: mac.toUpperCase(), password, ...options.mqttOptions } : options.mqttOptions;
  };
  const replayLog: ReplayLogEntry[] = [];
  const faults: PlantFaults = {};
  const devicesByMac = new Map<string, SimDevice>();
  const gateways = config.gateways.map((g) => {
    const devices = g.devices.map((d) => new SimDevice(d, recordings.get(d.recording)!));
    for (const d of devices) devicesByMac.set(d.mac, d);
    return new SimGateway({
      mqttUrl: options.mqttUrl,
      root: options.root ?? 'prod',
      config: g,
      devices,
      // the layout's triggers in this gateway's range: reported in its scans, so the server learns them
      triggers: config.triggers
        .filter((t) => scanningGatewaysOf(config, t).includes(g.mac))
        .map((t) => ({ mac: t.mac, rssi: t.rssi ?? DEFAULT_TRIGGER_RSSI })),
      scanIntervalMs,
      chunkBytes,
      acquisitionSpeedup,
      mqttOptions: mqttOptionsFor(g.mac),
      periodicTimeFactor: options.periodicTimeFactor,
      // read through the plant so that tests can replace the object as well as mutate it
      get faults() {
        return plant.faults;
      },
      onEvent: options.onEvent,
      onReplay: (e) => {
        replayLog.push(e);
        if (replayLog.length > replayLogLimit) replayLog.splice(0, replayLog.length - replayLogLimit);
      },
    });
  });

  const triggers: SimTrigger[] = [];
  const plant: Plant = {
    config,
    gateways,
    triggers,
    replayLog,
    faults,
    expectedSamplesG(device, id) {
      const mac = device.toUpperCase();
      const entry = replayLog.findLast((e) => e.device === mac && e.id === id);
      if (!entry) throw new Error(`no measurement ${id} replayed on ${mac}`);
      return devicesByMac.get(mac)!.samplesG(entry);
    },
    setFaults(device, f) {
      const mac = device.toUpperCase();
      if (!devicesByMac.has(mac)) throw new Error(`no device ${mac} in the plant`);
      const devices = { ...plant.faults.devices };
      if (f) devices[mac] = f;
      else delete devices[mac];
      plant.faults = { ...plant.faults, devices };
    },
    clearFaults() {
      plant.faults = {};
    },
    async replaceRecording(device, id) {
      const sim = devicesByMac.get(device.toUpperCase());
      if (!sim) throw new Error(`no device ${device.toUpperCase()} in the plant`);
      if (!recordings.has(id)) recordings.set(id, await loadRecording(recordingsDir, id));
      sim.replaceRecording(recordings.get(id)!);
    },
    async stop() {
      await Promise.all(triggers.map((t) => t.stop()));
      await Promise.all(ducks.map((d) => d.stop()));
      await Promise.all(gateways.map((g) => g.stop()));
    },
  };

  const connected = Promise.all(gateways.map((g) => g.start()));
  /** With credentials given, a Duck or trigger without its own is not connected (the broker would refuse it). */
  const connectable = (mac: string) => {
    if (!given || secrets.get(mac.toUpperCase())) return true;
    options.onEvent?.({ type: 'error', gateway: mac.toUpperCase(), message: 'no MQTT credentials issued: not connected' });
    return false;
  };
  const ducks = await startDucks(
    config.ducks.filter((d) => connectable(d.mac)),
    {
      mqttUrl: options.mqttUrl,
      root: options.root,
      recordingsDir,
      scanIntervalMs,
      acquisitionSpeedup,
      mqttOptionsFor,
    },
  );
  for (const t of config.triggers.filter((x) => connectable(x.mac)))
    triggers.push(
      await startSimTrigger({
        mqttUrl: options.mqttUrl,
        mac: t.mac,
        root: options.root,
        intervalMs: t.intervalMs,
        onFire: options.onTrigger,
        mqttOptions: mqttOptionsFor(t.mac),
      }),
    );
  if (options.waitForConnection ?? true) await connected;
  return plant;
}
