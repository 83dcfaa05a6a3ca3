import { z } from 'zod';
import type { Permission } from './permissions.ts';
import { measurementDetail } from './measurement.ts';
import { point } from './point.ts';

/** Share-link lifetimes (spec 002 §9), default 4h. */
export const SHARE_EXPIRIES = ['15m', '30m', '1h', '4h', '1d', '7d', '15d', '30d'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];
export const DEFAULT_SHARE_EXPIRY: ShareExpiry = '4h';
export const SHARE_EXPIRY_SECONDS: Record<ShareExpiry, number> = {
  '15m': 15 * 60,
  '30m': 30 * 60,
  '1h': 3600,
  '4h': 4 * 3600,
  '1d': 86400,
  '7d': 7 * 86400,
  '15d': 15 * 86400,
  '30d': 30 * 86400,
};
/**
 * The share token travels in this query parameter of the page URL (`/measurement/{id}?token=…`) and,
 * on the token holder's API calls, in the `token` header (TOKEN_HEADER) or this query parameter.
 */
export const SHARE_TOKEN_PARAM = 'token';

/**
 * The permission a share link's creator must hold for each of its extras, when the link is created
 * and whenever it is used (a flag whose permission the creator lost is no longer granted): the
 * point's trend (Readtrend), its images (readPoint; the measurement's photos come with them) and its
 * alarm transactions (readAlarm). The link itself needs readMeasurement.
 */
export const SHARE_FLAG_PERMISSIONS = {
  allowTrend: 'Readtrend',
  allowImage: 'readPoint',
  allowAlarmTransactions: 'readAlarm',
} as const satisfies Record<'allowTrend' | 'allowImage' | 'allowAlarmTransactions', Permission>;
export type ShareFlag = keyof typeof SHARE_FLAG_PERMISSIONS;
export const SHARE_FLAGS = Object.keys(SHARE_FLAG_PERMISSIONS) as ShareFlag[];

/** `POST /temporaryToken/measurement` body (spec 002 §3 link preferences, §7). */
export const createShareBody = z.object({
  measurementId: z.string().min(1),
  allowTrend: z.boolean().default(false),
  allowImage: z.boolean().default(false),
  allowAlarmTransactions: z.boolean().default(false),
  expiresIn: z.enum(SHARE_EXPIRIES).default(DEFAULT_SHARE_EXPIRY),
});
export type CreateShareBody = z.input<typeof createShareBody>;

/** A share link as listed (the token itself is never shown again after creation). */
export const shareLink = z.object({
  _id: z.string(),
  measurementId: z.string(),
  allowTrend: z.boolean(),
  allowImage: z.boolean(),
  allowAlarmTransactions: z.boolean(),
  expiresIn: z.enum(SHARE_EXPIRIES),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.object({ name: z.string(), surname: z.string() }).nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;
/** `POST /temporaryToken/measurement` answer: the link plus its `token` (shown once). */
export const createShareResponse = shareLink.extend({ token: z.string() });
export type CreateShareResponse = z.infer<typeof createShareResponse>;
/** `GET /temporaryToken?measurementId=`: the active (unexpired, unrevoked) links, newest first. */
export const shareLinksQuery = z.object({ measurementId: z.string().optional() });
export const shareLinksResponse = z.array(shareLink);

/** `GET /share`: what the presented token grants (the token holder's page reads it first). */
export const shareScope = z.object({
  measurementId: z.string(),
  allowTrend: z.boolean(),
  allowImage: z.boolean(),
  allowAlarmTransactions: z.boolean(),
  expiresAt: z.string(),
});
export type ShareScope = z.infer<typeof shareScope>;

/**
 * What a share token holder learns of the shared measurement's point, for its charts only: the
 * reference frequency (Hz; `referenceFrequencyVariable` true when the machine runs at a variable
 * speed and the value is no reference), the bearing with its fault-frequency multipliers (orders of
 * shaft speed; null without one) and the sensor-axis → machine-axis mapping. Nothing else of the
 * point (no settings, device, images or neighbours) is given away.
 */
export const sharedPointSettings = point.pick({
  referenceFrequency: true,
  referenceFrequencyVariable: true,
  coordinateXAxis: true,
  coordinateYAxis: true,
  coordinateZAxis: true,
  bearing: true,
});
export type SharedPointSettings = z.infer<typeof sharedPointSettings>;

/**
 * `GET /share/measurement/{id}`: the measurement as `GET /measurement/{id}` answers it, plus
 * `pointSettings` of its point ({@link sharedPointSettings}; null when the measurement has no point).
 */
export const sharedMeasurementDetail = measurementDetail.extend({ pointSettings: sharedPointSettings.nullable() });
export type SharedMeasurementDetail = z.infer<typeof sharedMeasurementDetail>;

/**
 * `GET /share/measurement/{id}/trend` (needs allowTrend): the telemetry values of the measurement's
 * point over the `hours` before now (default 168), one series per source (axis/channel), oldest first.
 */
export const shareTrendQuery = z.object({
  telemetry: z.string().default('GRMS'),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(168),
});
export const shareTrendResponse = z.object({
  pointId: z.string().nullable(),
  telemetry: z.string(),
  series: z.array(
    z.object({
      source: z.string(),
      points: z.array(z.object({ measurementId: z.string(), createdAt: z.string(), value: z.number() })),
    }),
  ),
});
export type ShareTrendResponse = z.infer<typeof shareTrendResponse>;
