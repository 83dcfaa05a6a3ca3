/**
 * Layout of the simulated plant (`plant.json`): gateways, the end nodes each one reaches, and which
 * recorded channel every axis of a sensor replays.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEVICE_MAC_PREFIXES, deviceKindOf, senseway } from '@overtone/contract';
import { simDuckConfigSchema } from './duck.ts';

const mac = z
  .string()
  .transform((s) => s.toUpperCase())
  .refine((s) => senseway.isMac(s), 'MAC address must be six hex pairs separated by colons');

/** Where one axis of a simulated sensor takes its samples from. */
const axisSource = z.object({
  /** channel name of the recording, e.g. `DE` */
  channel: z.string().min(1),
  /**
   * start of this axis within the channel, in samples at the recording's TRUE rate (default 0);
   * after decimation by q the axis starts at floor(offsetSamples / q)
   */
  offsetSamples: z.number().int().nonnegative().default(0),
});
export type AxisSource = z.infer<typeof axisSource>;

/**
 * Misbehaviour of one simulated device (README "Misbehaviour"). Every field is optional and off by
 * default; the same shape is accepted in `plant.json` and by `plant.setFaults()`.
 */
export const deviceFaultsSchema = z.object({
  /** publish every chunk twice */
  duplicateChunks: z.boolean().optional(),
  /** publish `done` twice */
  duplicateDone: z.boolean().optional(),
  /** chunk indices never published (`done` still announces the full CHUNK_COUNT) */
  dropChunks: z.array(z.number().int().nonnegative()).optional(),
  /** publication order of the chunks; the protocol's is `descending` (default) */
  chunkOrder: z.enum(['descending', 'ascending', 'shuffled']).optional(),
  /**
   * drop the MQTT connection (abruptly, no DISCONNECT) after this many chunks of a measurement; the
   * gateway reconnects on its own and then resends the whole measurement, chunks and `done`
   */
  disconnectAfterChunks: z.number().int().nonnegative().optional(),
  /** answer every measure command with `rejected` and this text (e.g. `NO_DEVICE`, `DEVICE_ERROR`) */
  reject: z.string().min(1).optional(),
  /** accept, publish this many chunks, then go silent: no further chunk and no `done` (0: nothing after `accepted`) */
  silentAfterChunks: z.number().int().nonnegative().optional(),
  /** wait this long before each chunk and before `done`, ms */
  delayMs: z.number().nonnegative().optional(),
});
export type DeviceFaults = z.infer<typeof deviceFaultsSchema>;

const device = z.object({
  mac,
  /** scan `type`; only `WIRED` is documented for generation 1 */
  type: z.literal('WIRED').default('WIRED'),
  /** mean received signal strength, dBm; each scan reports it ±`rssiSpreadDb` */
  rssi: z.number().int().max(0),
  /** half-width of the scan-to-scan rssi variation, dB (default 2) */
  rssiSpreadDb: z.number().int().nonnegative().default(2),
  /**
   * slow rssi drift, dB: the mean wanders by up to this much with a period of `rssiDriftPeriodS`
   * (a door opening, a forklift parked in front of the antenna); default 0
   */
  rssiDriftDb: z.number().nonnegative().default(0),
  rssiDriftPeriodS: z.number().positive().default(600),
  /** battery voltage when the plant starts, V; when set, scans report `battery` (see README) */
  batteryV: z.number().positive().max(5).optional(),
  /** battery discharge, V per day of running time (default 0); the voltage never falls below 2.5 V */
  batteryDrainVPerDay: z.number().nonnegative().default(0),
  /** misbehaviour switched on from the start (README "Misbehaviour") */
  faults: deviceFaultsSchema.optional(),
  /** constant reported as TEMPERATURE in `done`, °C (not part of any recording) */
  temperatureC: z.number().default(31.5),
  /** end-node firmware reported as STAT.VERSION and on `device/<DEV>/version` */
  firmwareVersion: z.string().default('1.0.14'),
  /** record id in the recordings directory's `index.json` */
  recording: z.string().min(1),
  axes: z.object({ x: axisSource, y: axisSource, z: axisSource }),
  /** free text for people reading the file */
  description: z.string().optional(),
  /**
   * the point this sensor measures in the demo tenant the server seeds for `npm start`
   * (apps/server/src/jobs/seed-demo.ts reads the bundled layout: one source for both)
   */
  point: z.string().min(1).optional(),
});
export type DeviceConfig = z.infer<typeof device>;

const gateway = z.object({
  mac,
  /** gateway firmware reported on `client/SENSEWAY/version` */
  firmwareVersion: z.string().default('1.1.0'),
  devices: z.array(device),
  description: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof gateway>;

/**
 * A trigger device of the plant (`triggers`, trigger.ts): its own MQTT client publishing
 * `<root>/trigger/<MAC>/event`, every `intervalMs` when given (the first one `intervalMs` after the
 * start), otherwise only on `plant.triggers[i].fire()`. Like any end node in their radio range, it
 * is reported in the `scanDevice` of the gateways that hear it (`gateways`), which is how the
 * server's registry learns it (docs/devices.md "Ownership").
 */
const trigger = z.object({
  mac: mac.refine((s) => deviceKindOf(s) === 'TRIGGER', `a trigger MAC starts with ${DEVICE_MAC_PREFIXES.TRIGGER}`),
  /** fire every this many ms (at least 100); default never on its own */
  intervalMs: z.number().int().min(100).optional(),
  /**
   * MACs of the layout's gateways that hear the trigger and report it in their scans; default the
   * first gateway of the layout ({@link scanningGatewaysOf}); `[]`: none (no gateway in range)
   */
  gateways: z.array(mac).optional(),
  /** mean received signal strength in those scans, dBm, ±2 per scan; default {@link DEFAULT_TRIGGER_RSSI} */
  rssi: z.number().int().max(0).optional(),
  description: z.string().optional(),
});
export type TriggerConfig = z.infer<typeof trigger>;

/** Mean rssi of a trigger in the scans of the gateways that hear it, dBm, when the layout gives none. */
export const DEFAULT_TRIGGER_RSSI = -58;

export const plantConfigSchema = z
  .object({
    gateways: z.array(gateway).min(1),
    ducks: z.array(simDuckConfigSchema).default([]),
    triggers: z.array(trigger).default([]),
    description: z.string().optional(),
  })
  .superRefine((cfg, ctx) => {
    const seen = new Set<string>();
    for (const m of [
      ...cfg.gateways.flatMap((g) => [g.mac, ...g.devices.map((d) => d.mac)]),
      ...cfg.ducks.map((d) => d.mac),
      ...cfg.triggers.map((t) => t.mac),
    ]) {
      if (seen.has(m)) ctx.addIssue({ code: 'custom', message: `MAC ${m} appears twice` });
      seen.add(m);
    }
    const gateways = new Set(cfg.gateways.map((g) => g.mac));
    cfg.triggers.forEach((t, i) =>
      t.gateways?.forEach((g, j) => {
        if (!gateways.has(g))
          ctx.addIssue({
            code: 'custom',
            path: ['triggers', i, 'gateways', j],
            message: `trigger ${t.mac}: ${g} is not a gateway of the layout`,
          });
      }),
    );
  });
/** The whole plant, MACs normalised to upper case and defaults filled in. */
export type PlantConfig = z.infer<typeof plantConfigSchema>;
/** What a config file may contain (defaults not yet applied). */
export type PlantConfigInput = z.input<typeof plantConfigSchema>;

/** MACs of the gateways whose scans report a trigger: its `gateways`, by default the layout's first gateway. */
export function scanningGatewaysOf(cfg: Pick<PlantConfig, 'gateways'>, t: TriggerConfig): string[] {
  return t.gateways ?? [cfg.gateways[0].mac];
}

/** The layout shipped with the simulator: one gateway, four CWRU sensors. */
export const bundledPlantConfigPath = fileURLToPath(new URL('../plant.json', import.meta.url));

/**
 * Validates a plant layout.
 * @throws Error listing every problem
 */
export function parsePlantConfig(input: unknown): PlantConfig {
  const r = plantConfigSchema.safeParse(input);
  if (!r.success) throw new Error(`invalid plant config: ${z.prettifyError(r.error)}`);
  return r.data;
}

/** Reads and validates a plant layout file (JSON). */
export async function readPlantConfig(path: string = bundledPlantConfigPath): Promise<PlantConfig> {
  return parsePlantConfig(JSON.parse(await readFile(path, 'utf8')));
}

/** {@link readPlantConfig}, synchronously (the server's demo seed reads the bundled layout at import). */
export function readPlantConfigSync(path: string = bundledPlantConfigPath): PlantConfig {
  return parsePlantConfig(JSON.parse(readFileSync(path, 'utf8')));
}
