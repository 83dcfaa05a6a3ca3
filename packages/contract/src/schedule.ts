import { z } from 'zod';
import { deviceKindOf } from './gateways.ts';

/**
 * Periodic and triggered measurement of a point (spec 001 "Configuration card": periodic, trigger;
 * shared/protocol/senseway-gateway.md §8).
 *
 * Sleep codes 25…32 are our platform's enum (§8.1): `seconds = 2^(code − 15)`, i.e. 1024 s (≈15 min,
 * the option one reading of the spec adds: spec 001 "Sleep options", spec 002 §9), 2048 s (≈30 min)
 * … 131072 s (≈36 h). The device's legacy sleep command carries the seconds, never the code.
 */
export const SLEEP_AMOUNTS = [25, 26, 27, 28, 29, 30, 31, 32] as const;
export type SleepAmount = (typeof SLEEP_AMOUNTS)[number];
/** Default sleep code of a new periodic setting: 26 (2048 s, ≈30 min). */
export const DEFAULT_SLEEP_AMOUNT: SleepAmount = 26;

/**
 * Seconds between periodic measurements for a sleep code (§8.1).
 * @param code sleep code 25…32
 * @returns 2^(code − 15) s, e.g. 25 → 1024 s, 26 → 2048 s, 32 → 131072 s
 */
export const sleepSeconds = (code: number): number => 2 ** (code - 15);

/** A sleep code on the wire: an integer 25…32. */
export const sleepAmount = z.number().int().min(25, 'sleepAmount must be 25…32').max(32, 'sleepAmount must be 25…32');

/**
 * `PUT /point/{id}/periodic`. `sleepAmount` (the record's name) or `sleepAmountIndex` (the spec's
 * request name) — either is accepted; without both the default 26 is stored.
 */
export const periodicBody = z.object({
  sleepAmount: sleepAmount.optional(),
  sleepAmountIndex: sleepAmount.optional(),
});
export type PeriodicBody = z.infer<typeof periodicBody>;

/** The point's durable scheduler job (ISO 8601 times; null when it never happened). */
export const schedulerJob = z.object({
  /** when the next periodic measure command is due */
  nextRunAt: z.string(),
  /** when the last run sent (or tried to send) a measure command */
  lastRunAt: z.string().nullable(),
  /** when the latest run failed; null after a successful run */
  failedAt: z.string().nullable(),
  /** error code of that failure: NO_DEVICE, NO_ROUTING, BROKER_UNAVAILABLE … */
  failReason: z.string().nullable(),
});
export type SchedulerJob = z.infer<typeof schedulerJob>;

/** `GET /point/{id}/periodic` (and the answer of PUT): both null when the point is not periodic. */
export const periodicResponse = z.object({
  sleepAmount: sleepAmount.nullable(),
  schedulerJob: schedulerJob.nullable(),
});
export type PeriodicResponse = z.infer<typeof periodicResponse>;

/** A trigger device MAC (prefix CA:B8:25, spec 002 §9), upper-cased. */
export const triggerMac = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/, 'Please input proper mac address (ex: AB:CD:EF:12:34:56)')
      .refine((m) => deviceKindOf(m) === 'TRIGGER', 'A trigger MAC address starts with CA:B8:25'),
  );

/** `PUT /point/{id}/trigger` and `DELETE /point/{id}/trigger` (without `trigger`, DELETE removes every assignment). */
export const pointTriggerBody = z.object({ trigger: triggerMac });
export const pointTriggerDeleteBody = z.object({ trigger: triggerMac.optional() });

/** `GET /point/{id}/trigger` (and the answer of PUT/DELETE): the triggers that make this point measure. */
export const pointTriggersResponse = z.object({
  triggers: z.array(z.object({ macAddress: z.string(), assignedAt: z.string() })),
});
export type PointTriggers = z.infer<typeof pointTriggersResponse>;
