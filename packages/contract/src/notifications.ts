import { z } from 'zod';
import { ALARM_KINDS } from './alarms.ts';

/**
 * In-app alarm notifications of the customer's notification receivers (spec 002 §2 Preferences
 * "Notification receivers", preferences `alarm.notificationReceivers`; docs/alarms.md
 * "Notifications"). One per receiver and alarm transaction at or above the customer's alarm level.
 */

/** Most notifications one `GET /notifications` answers (the newest). */
export const NOTIFICATION_LIST_MAX = 50;

/** `GET /notifications` query: `limit` 1…50 (default 20). */
export const notificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(20),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** One notification: the alarm transaction it tells of, and whether its reader has read it. */
export const notificationItem = z.object({
  /** the alarm transaction's id */
  _id: z.string(),
  /** when the level changed (ISO 8601) */
  createdAt: z.string(),
  read: z.boolean(),
  kind: z.enum(ALARM_KINDS),
  /** the alarm's name (a built-in alarm's in the reader's language) */
  name: z.string(),
  level: z.object({ name: z.string(), order: z.number().int() }),
  telemetry: z.string(),
  source: z.string(),
  score: z.number(),
  macAddress: z.string(),
  /** null for a gateway's alarm (Senseway disconnected) or a deleted point */
  point: z.object({ _id: z.string(), name: z.string() }).nullable(),
  measurementId: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** `GET /notifications`: the caller's newest notifications and how many are unread in all. */
export const notificationsResponse = z.object({
  unread: z.number().int(),
  notifications: z.array(notificationItem),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** `POST /notifications/read`: marks these (transaction ids; absent: every one) read. */
export const notificationsReadBody = z.object({
  ids: z.array(z.string().min(1).max(64)).max(NOTIFICATION_LIST_MAX).optional(),
});
export type NotificationsReadBody = z.infer<typeof notificationsReadBody>;
/** `POST /notifications/read` answer: how many stay unread. */
export const notificationsReadResponse = z.object({ unread: z.number().int() });
