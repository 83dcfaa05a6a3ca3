import { z } from 'zod';

/** Gateway status as the Measure button reads it (spec 000 §4). */
export const GATEWAY_STATUSES = ['unknown', 'measuring', 'sleeping', 'ready', 'connected'] as const;
export const gatewayStatus = z.enum(GATEWAY_STATUSES);
export type GatewayStatus = z.infer<typeof gatewayStatus>;

/** `POST /iot/{pointId}/measure`. */
export const measureBody = z.object({
  tags: z.array(z.string().trim().min(1).max(64)).max(32).default([]),
  gateway: z.string().optional(),
});
export const measureResponse = z.object({ _id: z.string() });

/** `GET /iot/sigv4`: short-lived signed WebSocket URL of the broker, and the topics it may subscribe to. */
export const sigv4Response = z.object({ url: z.string(), expiresAt: z.string() });

/** `GET /iot/device/{id}/routingLookup` (spec 000 §7): latest scan of the device by each gateway. */
export const routingLookupResponse = z.object({
  data: z.object({
    batteryLevel: z.number().nullable(),
    batteryLevelDate: z.string().nullable(),
    data: z.array(
      z.object({
        _id: z.object({ gateway: z.string(), device: z.string() }),
        rssi: z.number().nullable(),
        status: gatewayStatus,
        scannedAt: z.string(),
      }),
    ),
  }),
});
export type RoutingLookup = z.infer<typeof routingLookupResponse>;

/** Live sub-topics of `.../measure/{id}/{event}` the browser reacts to. */
export const LIVE_EVENTS = ['accepted', 'rejected', 'done', 'persisted'] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];
