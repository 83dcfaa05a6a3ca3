import { z } from 'zod';
import { macAddress } from './common.ts';
import { DEVICE_KINDS } from './gateways.ts';
import { gatewayStatus } from './iot.ts';
import { WINDOWS } from './analysis.ts';

/**
 * Device registry and point configuration (issue 6; spec 001 §2 "Configuration card", §7; spec 002
 * §7 Admin). Devices are learned from `scanDevice` reports of the customer's gateways, or registered
 * by an admin; a sensor is attached to at most one point at a time.
 */

/** `GET /device` without `all=true` answers at most this many (spec 000 §9: "Device search lists only 10"). */
export const DEVICE_SEARCH_LIMIT = 10;
/** `GET /device?all=true` answers at most this many. */
export const DEVICE_LIST_MAX = 5000;

/** Stored device type: the kind by MAC prefix, with the duck's model name the spec uses (DUCKV1). */
export const DEVICE_TYPES = ['SENSEWAY', 'TRIGGER', 'DUCKV1'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** `GET /device?all=true|macAddress=…&kind=…`. */
export const deviceListQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Part of the MAC address, case-insensitive. */
  macAddress: z.string().trim().max(17).optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
});

/** A device of the customer's registry with its latest scan by one of the customer's gateways. */
export const deviceItem = z.object({
  _id: z.string(),
  macAddress: z.string(),
  /** Kind by MAC prefix: CA:B8:25 trigger, CA:B8:DA duck, otherwise Senseway. */
  kind: z.enum(DEVICE_KINDS),
  type: z.string(),
  /** Gateway chosen for commands (null: the one that heard it last). */
  gateway: z.string().nullable(),
  /** The point it is attached to, or null. */
  point: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** dBm, from the latest scan; null when never scanned or not reported. */
  rssi: z.number().nullable(),
  /** Normalised status of the latest scan; `unknown` when older than 5 minutes or never scanned. */
  status: gatewayStatus,
  /** The gateway of the latest scan. */
  lastGateway: z.string().nullable(),
  /** ISO time of the latest scan. */
  lastSeenAt: z.string().nullable(),
});
export type DeviceItem = z.infer<typeof deviceItem>;
export const deviceList = z.array(deviceItem);

/** `POST /device`: register a device by MAC (admin, `addSensor`). */
export const deviceCreateBody = z.object({
  macAddress,
  gateway: macAddress.nullable().optional(),
});
/** `PUT /device/{id}`: change the gateway used for commands (admin, `addSensor`). */
export const deviceUpdateBody = z.object({ gateway: macAddress.nullable() });

/** `POST /gateway`: register a gateway of the customer (admin, `updateGateway`). */
export const gatewayCreateBody = z.object({ macAddress, root: z.enum(['prod', 'lake']).default('prod') });
export const createdBody = z.object({ _id: z.string() });

/**
 * `PUT /gateway/{id}/config`, `PUT /trigger/{id}/config`: WLAN credentials for the device (spec 002
 * §5: SSID and password required). IEEE 802.11 limits the SSID to 32 bytes; WPA2 passphrases are at
 * most 63 characters (64 hex digits for a raw key).
 */
export const wlanConfigBody = z.object({
  ssid: z.string().trim().min(1, 'requireSsid').max(32, 'ssidTooLong'),
  password: z.string().min(1, 'requirepassword').max(64, 'wlanPasswordTooLong'),
});
export type WlanConfig = z.infer<typeof wlanConfigBody>;
/** Answer of a WLAN request: the command topic and when it was published (never the password). */
export const wlanConfigResponse = z.object({ topic: z.string(), ssid: z.string(), requestedAt: z.string() });

/** `PUT /point/{id}/device` (spec 001 §7): `{macAddress, gateway}`; gateway may be null (any gateway of the customer). */
export const pointDeviceBody = z.object({
  macAddress,
  gateway: macAddress.nullable().optional(),
});

/** Sample size bounds of the profile (spec 001 §5): 10 … 50000 in steps of 10, default 1000. */
export const SAMPLE_SIZE = { min: 10, max: 50000, step: 10, default: 1000 } as const;
/** Sampling-rate indices 5 … 10 (25·2^i Hz, senseway-gateway.md §4.2). */
export const SAMPLING_RATE_INDICES = [5, 6, 7, 8, 9, 10] as const;
/** Accelerometer range indices 1 … 4 (±2^i g, §4.1). */
export const ACCELEROMETER_RANGE_INDICES = [1, 2, 3, 4] as const;
/** Sensor selection indices (§5.4): 0 device default, 1 accelerometer, 2 magnetometer, 3 both. */
export const SENSOR_SELECTION_INDICES = [0, 1, 2, 3] as const;

/**
 * `PUT /point/{id}/profile` (spec 001 §7): the indices as the spec sends them; stored as the
 * point's `profile` (`measurementProfile`: samplingRate, accelerometerRange, sensorSelection are
 * the same indices).
 */
export const pointProfileBody = z.object({
  sampleSize: z
    .number()
    .int()
    .min(SAMPLE_SIZE.min)
    .max(SAMPLE_SIZE.max)
    .refine((n) => n % SAMPLE_SIZE.step === 0, 'sampleSizeStep'),
  samplingRateIndex: z.number().int().min(5).max(10),
  accelerometerRangeIndex: z.number().int().min(1).max(4),
  sensorSelectionIndex: z.number().int().min(0).max(3).default(0),
  window: z.enum(WINDOWS).default('hanning'),
});
export type PointProfileBody = z.infer<typeof pointProfileBody>;

/** A DUCKV1 channel group: channel orders 1 … 8, each once, joined by '|' (e.g. `1|2|3`). */
export const CHANNEL_GROUP_PATTERN = /^[1-8](\|[1-8])*$/;
export const channelGroupCode = z
  .string()
  .trim()
  .regex(CHANNEL_GROUP_PATTERN, 'invalidChannelGroup')
  .refine((s) => new Set(s.split('|')).size === s.split('|').length, 'invalidChannelGroup');

/** `PUT /point/{id}/channelGroup` (spec 001 §7): `{channelGroups}`, one group code or a list of them. */
export const pointChannelGroupBody = z.object({
  channelGroups: z.union([channelGroupCode, z.array(channelGroupCode).min(1).max(8)]),
});

/**
 * `GET /point/{id}/config`: the point's configuration as the card shows it. `profile` is null until
 * set; `channelGroups` holds the DUCKV1 group codes.
 */
export const pointConfig = z.object({
  device: z
    .object({
      _id: z.string(),
      macAddress: z.string(),
      gateway: z.string().nullable(),
      type: z.string(),
      kind: z.enum(DEVICE_KINDS),
    })
    .nullable(),
  profile: z
    .object({
      sampleSize: z.number().int(),
      samplingRate: z.number().int(),
      accelerometerRange: z.number().int(),
      sensorSelection: z.number().int(),
      window: z.string(),
    })
    .nullable(),
  channelGroups: z.array(z.string()),
});
export type PointConfig = z.infer<typeof pointConfig>;

/**
 * Frequency resolution of a profile (spec 001 §4, §5): samplingRate (Hz) / sampleSize, to 4
 * decimals, allowed between samplingRate/20000 and samplingRate/100.
 * @example resolutionHz(3200, 1000) → 3.2
 */
export const resolutionHz = (samplingRateHz: number, sampleSize: number) => Math.round((samplingRateHz / sampleSize) * 1e4) / 1e4;
export const resolutionBoundsHz = (samplingRateHz: number) => ({ min: samplingRateHz / 20000, max: samplingRateHz / 100 });
/** The sample size for a wanted resolution: rate / resolution, to a multiple of 10 within 10 … 50000. */
export const sampleSizeForResolution = (samplingRateHz: number, resolution: number) =>
  Math.min(
    SAMPLE_SIZE.max,
    Math.max(SAMPLE_SIZE.min, Math.round(samplingRateHz / resolution / SAMPLE_SIZE.step) * SAMPLE_SIZE.step),
  );
