import { z } from 'zod';

/**
 * Ducks: multi-channel analog acquisition units, MAC prefix CA:B8:DA (spec 002 §3 "Duck device",
 * §4 "Duck channel selection", §5 "Duck config", §9; protocol senseway-gateway.md §10.1 "Duck v1").
 *
 * Units: sampling rates in Hz, voltages in V, values in the sensor type's unit. Channels are
 * numbered 1 … 8 on the API and in the UI (the `order`); the wire numbers them 0 … 7 (§10.1).
 */

/** Sampling rates a Duck may be configured with, Hz (spec 002 §9; the protocol docs list others, §10.1). */
export const DUCK_SAMPLING_RATES_HZ = [300, 600, 1200, 2400, 4800] as const;
/** Samples per channel (spec 002 §5, §9). */
export const DUCK_SAMPLE_SIZE = { min: 100, max: 20000, default: 1000 } as const;
/** Analog inputs of a Duck v1; orders 1 … 8. */
export const DUCK_CHANNEL_COUNT = 8;
export const DUCK_CHANNEL_ORDERS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Voltage reference: external ±2.5 V or internal ±2.4 V (spec 002 §9, protocol §10.1 `external`). */
export const DUCK_VOLTAGE_REFERENCES = { external: 2.5, internal: 2.4 } as const;
export type DuckVoltageReference = keyof typeof DUCK_VOLTAGE_REFERENCES;
export const duckVoltageReference = z.enum(['external', 'internal'], { message: 'duckRequired' });

/**
 * Sensor types a Duck channel group can be (spec 002 §9 "Sensor channels"): the channel codes each
 * offers (a sensor takes at most that many channels, §4) and the engineering unit its values are
 * in after scaling (`minMaxVoltage` → `minMaxValue`). Spec 002 §2 says "current A, voltage V,
 * otherwise G"; G there is the acceleration of an accelerometer, written g (standard gravity,
 * 9.80665 m/s²) as everywhere else in Overtone, and the other types take their SI / trade unit:
 * temperature °C, pressure bar (the spec names none; bar is the process-gauge unit), tachometer
 * RPM (rev/min, spec 002 "RPM is 60 times" the Hz), humidity %RH, angle ° (degrees), distance mm.
 */
export const DUCK_SENSOR_TYPES = [
  { name: 'accelerometer', unit: 'g', channels: ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] },
  { name: 'current', unit: 'A', channels: ['current_l1', 'current_l2', 'current_l3'] },
  { name: 'voltage', unit: 'V', channels: ['voltage_l1', 'voltage_l2', 'voltage_l3'] },
  { name: 'temperature', unit: '°C', channels: ['temperature'] },
  { name: 'pressure', unit: 'bar', channels: ['pressure'] },
  { name: 'tachometer', unit: 'RPM', channels: ['tachometer'] },
  { name: 'humidity', unit: '%RH', channels: ['humidity'] },
  { name: 'angle', unit: '°', channels: ['angle_x', 'angle_y'] },
  { name: 'distance', unit: 'mm', channels: ['distance'] },
] as const;
export type DuckSensorTypeName = (typeof DUCK_SENSOR_TYPES)[number]['name'];
const SENSOR_TYPE_NAMES = DUCK_SENSOR_TYPES.map((s) => s.name) as [DuckSensorTypeName, ...DuckSensorTypeName[]];
export const duckSensorType = z.object({ name: z.string(), unit: z.string(), channels: z.array(z.string()) });
/** `GET /sensors`: the sensor types. */
export const duckSensorTypeList = z.array(duckSensorType);
/** The sensor type of a name, or undefined. */
export const duckSensorTypeOf = (name: string) => DUCK_SENSOR_TYPES.find((s) => s.name === name);

/** `groupCode` of a sensor: its channel orders joined by '|' in selection order (spec 002 §4), e.g. `1|2|3`. */
export const duckGroupCode = (channels: readonly { order: number }[]) => channels.map((c) => c.order).join('|');
/** Telemetry source / data key of a channel (spec 002 §3 `channel_{order}`). */
export const duckChannelKey = (order: number) => `channel_${order}`;

const range = z.tuple([z.number({ message: 'duckInvalidRange' }), z.number({ message: 'duckInvalidRange' })], {
  message: 'duckInvalidRange',
});

export const duckSensorChannel = z.object({
  /** input 1 … 8 */
  order: z.number().int().min(1).max(DUCK_CHANNEL_COUNT),
  /** the channel code of the sensor type, e.g. `accelerometer_x` (required per active channel) */
  channel: z.string({ message: 'duckChannelRequired' }).min(1, 'duckChannelRequired'),
});

/** A sensor on a Duck: a group of channels with one linear volts → value scaling. */
export const duckSensor = z.object({
  /** sensor type name (`GET /sensors`) */
  name: z.enum(SENSOR_TYPE_NAMES, { message: 'duckRequired' }),
  displayName: z.string({ message: 'duckRequired' }).trim().min(1, 'duckRequired').max(100),
  /** computed by the server from `channels`; ignored on input */
  groupCode: z.string().optional(),
  /** [min, max] V: the sensor's output voltage span, within ± the voltage reference */
  minMaxVoltage: range,
  /** [min, max] in the type's unit that `minMaxVoltage` maps to, linearly */
  minMaxValue: range,
  channels: z.array(duckSensorChannel).min(1, 'duckAtLeastOneChannel'),
});
export type DuckSensor = z.infer<typeof duckSensor>;

/** The configuration of a Duck (spec 002 §3 `config`). */
export const duckConfigObject = z.object({
  voltageReference: duckVoltageReference,
  sampleSize: z
    .number({ message: 'duckRequired' })
    .int()
    .min(DUCK_SAMPLE_SIZE.min, 'duckSampleSizeRange')
    .max(DUCK_SAMPLE_SIZE.max, 'duckSampleSizeRange'),
  /** Hz, one of {@link DUCK_SAMPLING_RATES_HZ} */
  samplingRate: z
    .number({ message: 'duckRequired' })
    .refine((n) => (DUCK_SAMPLING_RATES_HZ as readonly number[]).includes(n), 'duckSamplingRate'),
  sensors: z.array(duckSensor).max(DUCK_CHANNEL_COUNT),
});

/**
 * Cross-field rules of a config (spec 002 §4, §5): min < max for both ranges, voltages within
 * ± the reference, a channel belongs to one sensor only, a sensor takes at most its type's channel
 * count, and each channel code is one of its type's and used once in the sensor.
 */
export const duckConfig = duckConfigObject.superRefine((cfg, ctx) => {
  const vref = DUCK_VOLTAGE_REFERENCES[cfg.voltageReference];
  const owner = new Map<number, number>();
  cfg.sensors.forEach((s, i) => {
    const at = (...p: (string | number)[]) => ['sensors', i, ...p];
    for (const key of ['minMaxVoltage', 'minMaxValue'] as const)
      if (!(s[key][0] < s[key][1])) ctx.addIssue({ code: 'custom', message: 'duckInvalidRange', path: at(key) });
    if (s.minMaxVoltage.some((v) => Math.abs(v) > vref + 1e-9))
      ctx.addIssue({ code: 'custom', message: 'duckVoltageOutsideReference', path: at('minMaxVoltage') });
    const type = duckSensorTypeOf(s.name);
    if (type && s.channels.length > type.channels.length)
      ctx.addIssue({ code: 'custom', message: 'duckTooManyChannels', path: at('channels') });
    const codes = new Set<string>();
    s.channels.forEach((c, j) => {
      if (owner.has(c.order)) ctx.addIssue({ code: 'custom', message: 'duckChannelTaken', path: at('channels', j, 'order') });
      else owner.set(c.order, i);
      if (type && (!(type.channels as readonly string[]).includes(c.channel) || codes.has(c.channel)))
        ctx.addIssue({ code: 'custom', message: 'duckChannelRequired', path: at('channels', j, 'channel') });
      codes.add(c.channel);
    });
  });
});
export type DuckConfig = z.infer<typeof duckConfigObject>;

/** The configuration a Duck has until an admin saves one: no sensors. */
export const DEFAULT_DUCK_CONFIG: DuckConfig = {
  voltageReference: 'external',
  sampleSize: DUCK_SAMPLE_SIZE.default,
  samplingRate: 1200,
  sensors: [],
};

/** `PUT /ducks/{id}/config` body. */
export const duckConfigBody = z.object({ config: duckConfig });

/** A Duck of the customer (`GET /ducks` item). */
export const duckItem = z.object({
  _id: z.string(),
  deviceId: z.string(),
  macAddress: z.string(),
  /** id of the trigger the Duck is assigned to, or null */
  trigger: z.string().nullable(),
  config: duckConfigObject,
  /** periodic measurement interval, s; null when off */
  repeatInterval: z.number().int().nullable(),
  /** when the Duck (its own gateway) was last heard, or null */
  connectionDate: z.string().nullable(),
});
export type DuckItem = z.infer<typeof duckItem>;
export const duckList = z.array(duckItem);

/** Periodic interval bounds, s: 1 minute … 7 days. */
export const DUCK_PERIOD_S = { min: 60, max: 7 * 24 * 3600 } as const;
/** `PUT /ducks/{id}/periodic` body: `period` in seconds. */
export const duckPeriodicBody = z.object({
  period: z.number().int().min(DUCK_PERIOD_S.min, 'duckPeriodRange').max(DUCK_PERIOD_S.max, 'duckPeriodRange'),
});
/** `GET|PUT|DELETE /ducks/{id}/periodic` answer; `repeatInterval` s, null when off. */
export const duckPeriodicResponse = z.object({ data: z.object({ repeatInterval: z.number().int().nullable() }) });

/** `POST /duck/{mac}/measure` body: optional tags and the point the measurement belongs to. */
export const duckMeasureBody = z.object({
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  pointId: z.string().optional(),
});

/** `GET /deviceConfigurations/0`: the option lists of the Duck configuration dialog. */
export const deviceConfigurationResponse = z.object({
  _id: z.string(),
  duck: z.object({
    samplingRates: z.array(z.number()),
    sampleSize: z.object({ min: z.number(), max: z.number(), default: z.number() }),
    voltageReferences: z.array(z.object({ value: duckVoltageReference, volts: z.number() })),
    channels: z.array(z.number()),
  }),
  sensors: duckSensorTypeList,
});

// ---------------------------------------------------------------------------------------------
// Wire format (protocol §10.1)

/**
 * The Duck v1 measure command payload (JSON, protocol §10.1). `baseSamplingFrequency` carries our
 * configured rate in Hz (the docs' table lists 800 … 25 600 Hz; our spec's 300 … 4800 Hz are sent as they are).
 * @param cfg the Duck's configuration; enabled channels are those of its sensors, wire-numbered 0 … 7
 */
export function duckMeasureCommand(cfg: DuckConfig) {
  const channels = [...new Set(cfg.sensors.flatMap((s) => s.channels.map((c) => c.order - 1)))].sort((a, b) => a - b);
  return {
    samplingCoefficient: 1,
    baseSamplingFrequency: cfg.samplingRate,
    sampleSize: cfg.sampleSize,
    external: cfg.voltageReference === 'external',
    channels,
    gain: 1,
    boost: 3,
  };
}
export const duckMeasureCommandSchema = z.object({
  samplingCoefficient: z.number(),
  baseSamplingFrequency: z.number().positive(),
  sampleSize: z.number().int().positive(),
  external: z.boolean(),
  channels: z.array(z.number().int().min(0).max(15)),
  gain: z.number(),
  boost: z.number(),
});
export type DuckMeasureCommand = z.infer<typeof duckMeasureCommandSchema>;

const TWO24 = 2 ** 24;

/**
 * Volts of one Duck sample word (protocol §10.1): bits 31–28 channel id, 27–24 sign nibble
 * (non-zero = negative), 23–0 magnitude d; a = d − 2^24 when negative, clamped to [−2^24, 2^24 − 1];
 * u = (a + 2^24)·4·vref/(2^25 − 1) − 2·vref; V = 4u.
 * @param word unsigned 32-bit sample word
 * @param vrefV 2.5 (external) or 2.4 (internal), V
 * @returns `{ channel: 0…15, volts }`
 */
export function decodeDuckWord(word: number, vrefV: number): { channel: number; volts: number } {
  const channel = (word >>> 28) & 0xf;
  const negative = ((word >>> 24) & 0xf) !== 0;
  const d = word & 0xffffff;
  const a = Math.min(TWO24 - 1, Math.max(-TWO24, negative ? d - TWO24 : d));
  const u = ((a + TWO24) * 4 * vrefV) / (2 ** 25 - 1) - 2 * vrefV;
  return { channel, volts: 4 * u };
}

/**
 * The inverse of {@link decodeDuckWord} (simulator, tests): the word whose decoded volts are nearest.
 * Volts are clamped to the representable span (about ±8·vref).
 */
export function encodeDuckWord(channel: number, volts: number, vrefV: number): number {
  const u = volts / 4;
  let a = Math.round(((u + 2 * vrefV) * (2 ** 25 - 1)) / (4 * vrefV) - TWO24);
  a = Math.min(TWO24 - 1, Math.max(-TWO24, a));
  const negative = a < 0;
  const d = negative ? a + TWO24 : a;
  return (((channel & 0xf) << 28) | ((negative ? 1 : 0) << 24) | (d & 0xffffff)) >>> 0;
}

/**
 * Splits an assembled Duck stream (uint32 little-endian words) into volts per wire channel,
 * grouping by each word's channel id (protocol §10.1: no interleave order needed).
 * @param bytes the concatenated chunks, length a multiple of 4
 * @param vrefV the reference the measurement was taken with, V
 * @returns wire channel (0 … 15) → volts in arrival order
 * @throws RangeError when the length is not a multiple of 4
 */
export function decodeDuckStream(bytes: Uint8Array, vrefV: number): Map<number, Float64Array> {
  if (bytes.length % 4 !== 0) throw new RangeError(`${bytes.length} bytes is not a whole number of 32-bit words`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lists = new Map<number, number[]>();
  for (let i = 0; i < bytes.length; i += 4) {
    const { channel, volts } = decodeDuckWord(dv.getUint32(i, true), vrefV);
    let l = lists.get(channel);
    if (!l) lists.set(channel, (l = []));
    l.push(volts);
  }
  return new Map([...lists].map(([c, l]) => [c, Float64Array.from(l)]));
}

/**
 * Linear volts → engineering value of a sensor (protocol §10.2 `min_max_voltage` → `min_max_value`).
 * @example scaleDuckVolts(1.25, [0, 2.5], [0, 50]) // 25
 */
export const scaleDuckVolts = (volts: number, [v0, v1]: readonly [number, number], [x0, x1]: readonly [number, number]) =>
  x0 + ((volts - v0) * (x1 - x0)) / (v1 - v0);

/** One configured channel of a Duck measurement, in its sensor's unit. */
export interface DuckChannelSeries {
  /** `channel_{order}` (telemetry source and detail key) */
  key: string;
  /** the sensor type's unit (`DUCK_SENSOR_TYPES`): `g` accelerometer, `A` current, `V` voltage, `°C` … */
  unit: string;
  /** the sensor's type name (`duckSensorTypeOf`) */
  sensor: string;
  /** samples in `unit`, in arrival order */
  values: Float64Array;
}

/**
 * The channels of a Duck measurement as its configuration reads them (protocol §10.1–10.2): the
 * stream decoded with the measurement's voltage reference, each configured channel scaled from its
 * sensor's `minMaxVoltage` to `minMaxValue`. Channels without samples are left out. One reading for
 * ingest (telemetry) and the measurement detail, so the two cannot drift apart.
 * @param bytes the assembled stream (uint32 little-endian words)
 * @param cfg the configuration the measurement was taken with
 * @returns the channels in the configuration's sensor and channel order
 * @throws RangeError when the length is not a multiple of 4
 */
export function duckChannelSeries(bytes: Uint8Array, cfg: DuckConfig): DuckChannelSeries[] {
  const volts = decodeDuckStream(bytes, DUCK_VOLTAGE_REFERENCES[cfg.voltageReference]);
  return cfg.sensors.flatMap((s) =>
    s.channels.flatMap((c) => {
      const v = volts.get(c.order - 1);
      if (!v) return [];
      const values = v.map((x) => scaleDuckVolts(x, s.minMaxVoltage, s.minMaxValue));
      return [{ key: duckChannelKey(c.order), unit: duckSensorTypeOf(s.name)?.unit ?? 'g', sensor: s.name, values }];
    }),
  );
}
