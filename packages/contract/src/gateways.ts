import { z } from 'zod';
import { PAGE_SIZES } from './measurement.ts';

/** Device kind by MAC prefix (spec 002 §9 Admin): CA:B8:25 trigger, CA:B8:DA duck, otherwise Senseway. */
export const DEVICE_KINDS = ['SENSEWAY', 'TRIGGER', 'DUCK'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
/** The MAC prefixes that make a device a trigger or a Duck (spec 002 §9; protocol §9); any other MAC is a Senseway sensor. */
export const DEVICE_MAC_PREFIXES = { TRIGGER: 'CA:B8:25', DUCK: 'CA:B8:DA' } as const;
/** The kind of a device by its MAC (any case): the one rule the server, the web and SQL conditions follow. */
export const deviceKindOf = (mac: string): DeviceKind => {
  const m = mac.toUpperCase();
  return m.startsWith(DEVICE_MAC_PREFIXES.TRIGGER) ? 'TRIGGER' : m.startsWith(DEVICE_MAC_PREFIXES.DUCK) ? 'DUCK' : 'SENSEWAY';
};
/** A Duck (its own gateway; its measurements are channel streams, not tri-axial int16). */
export const isDuckMac = (mac: string) => deviceKindOf(mac) === 'DUCK';

/** `GET /gateway?page&pageSize&macAddress` (spec 002 §7 Admin). Without `page` the answer is the first 1000. */
export const gatewayListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 75')
    .default(10),
  macAddress: z.string().trim().max(17).optional(),
});

/**
 * The MQTT identity of a gateway or trigger (docs/security.md "The device edge"): when its secret was
 * issued and whether it was revoked. Null: never issued (the broker refuses the device).
 */
export const edgeCredentialState = z.object({
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type EdgeCredentialState = z.infer<typeof edgeCredentialState>;

export const availableDevice = z.object({
  _id: z.object({ device: z.string(), gateway: z.string() }),
  rssi: z.number().nullable(),
  scannedAt: z.string(),
  /** registered to nobody: the customer's admin may claim it (`POST /device`); false for the customer's own */
  claimable: z.boolean().default(false),
});

/** A gateway of the customer with its connection state and the devices it currently hears. */
export const gatewayItem = z.object({
  _id: z.string(),
  macAddress: z.string(),
  type: z.enum(DEVICE_KINDS),
  connectionStatus: z.enum(['connected', 'disconnected']).nullable(),
  connectionDate: z.string().nullable(),
  availableDevices: z.array(availableDevice),
  /** its MQTT credentials' state; null: never issued */
  credentials: edgeCredentialState.nullable(),
});
export type GatewayItem = z.infer<typeof gatewayItem>;
export const gatewayListResponse = z.object({ total: z.number().int(), gateways: z.array(gatewayItem) });

/** A sensor a trigger makes measure: the device on a point the trigger is assigned to. */
export const triggerAssignedDevice = z.object({
  _id: z.string(),
  macAddress: z.string(),
  point: z.object({ _id: z.string(), name: z.string() }),
});

/**
 * `GET /trigger`: trigger devices with their last reported state (N/A when none) and the sensors
 * their events make measure (spec 001 "Trigger: assignedDevices").
 */
export const triggerItem = z.object({
  _id: z.string(),
  macAddress: z.string(),
  status: z
    .object({
      shadow: z.object({
        reported: z.object({
          eventType: z.string().nullable(),
          disconnectReason: z.string().nullable(),
          timestamp: z.string().nullable(),
        }),
      }),
    })
    .nullable(),
  assignedDevices: z.array(triggerAssignedDevice),
  /** its MQTT credentials' state (a trigger is its own MQTT client); null: never issued */
  credentials: edgeCredentialState.nullable(),
});
export type TriggerItem = z.infer<typeof triggerItem>;
export const triggerList = z.array(triggerItem);

/**
 * What the admin types on the gateway's own web page, `Advance > MQTT` (senseway-gateway.md §2
 * "Connection"), answered once by `POST /gateway` and `POST /gateway/{id}/credentials` (and the
 * trigger's): the secret is not stored in clear and cannot be shown again.
 */
export const edgeCredentialsIssued = z.object({
  macAddress: z.string(),
  /** MQTT username: the MAC, upper case with colons */
  username: z.string(),
  /** MQTT password: 43 characters, base64url of 256 random bits */
  password: z.string(),
  issuedAt: z.string(),
  broker: z.object({
    /** host name or address the device connects to (the customer's host, or MQTT_PUBLIC_HOST) */
    host: z.string(),
    /** plain MQTT port (1883 by default) */
    port: z.number().int(),
    /** MQTT over TLS port (8883 by convention) when the operator configured TLS, else null */
    tlsPort: z.number().int().nullable(),
    /** whether the TLS listener accepts client certificates signed by the operator's CA */
    clientCertificates: z.boolean(),
  }),
});
export type EdgeCredentialsIssued = z.infer<typeof edgeCredentialsIssued>;

/** `POST /gateway` answer: the new gateway's id and its MQTT credentials (shown once). */
export const gatewayCreated = z.object({ _id: z.string(), credentials: edgeCredentialsIssued });
