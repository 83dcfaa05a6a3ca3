import { z } from 'zod';
import { objectId } from './common.ts';
import { DATE_TIME_PATTERN } from './point-form.ts';

/**
 * Maintenance records of a point and the verdict Overtone writes on a completed one (spec 001 §2
 * "Maintenance", §3 Maintenance record, §4 statuses, §5 the date format, §7 the calls, §8 its
 * messages). Rules and sources: docs/maintenance.md.
 */

/** Statuses (spec 001 §4): both selectable and freely updatable. */
export const MAINTENANCE_STATUSES = ['completed', 'continues'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/**
 * The outcome of a completed maintenance, from the point's measurements before and after it:
 * `pending` until enough measurements after the work exist, then `improved`, `unchanged` or
 * `worse` (docs/maintenance.md "Verdict").
 */
export const MAINTENANCE_OUTCOMES = ['pending', 'improved', 'unchanged', 'worse'] as const;
export type MaintenanceOutcome = (typeof MAINTENANCE_OUTCOMES)[number];

/**
 * What a verdict compares (each per axis where it has one): the ISO 10816 zone (A–D, as 1–4) and
 * velocity RMS (mm/s) on the point's machine class, the 1× and 2× running-speed amplitudes (mm/s),
 * the bearing lines (squared-envelope spectrum, g²; BSF is read at 2×BSF) and the evidence lines of
 * the fault reports the work addressed (in their own unit).
 */
export const VERDICT_QUANTITIES = [
  'ISO10816_ZONE',
  'VRMS_ISO10816',
  '1X',
  '2X',
  'BPFO',
  'BPFI',
  'BSF',
  'FTF',
  'EVIDENCE',
] as const;
export type VerdictQuantity = (typeof VERDICT_QUANTITIES)[number];

/** One compared quantity: medians of the measurements before and after. */
export const verdictLine = z.object({
  quantity: z.enum(VERDICT_QUANTITIES),
  axis: z.enum(['x', 'y', 'z']).nullable(),
  /** for EVIDENCE: the evidence kind of the report's line (BPFO, 1X, GMF...) */
  kind: z.string().nullable(),
  /** for EVIDENCE: the report it comes from */
  faultReportId: objectId.nullable(),
  unit: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  /** after / before in dB (20·log10) for amplitudes, zone steps for ISO10816_ZONE; null when either is missing */
  change: z.number().nullable(),
  outcome: z.enum(['improved', 'unchanged', 'worse']).nullable(),
});
export type VerdictLine = z.infer<typeof verdictLine>;

export const maintenanceVerdict = z.object({
  outcome: z.enum(MAINTENANCE_OUTCOMES),
  /**
   * ISO 8601; null while pending (then `lines` hold the provisional numbers of the measurements
   * after so far, `measurementsAfter` of the 3 needed)
   */
  decidedAt: z.string().nullable(),
  measurementsBefore: z.number().int(),
  measurementsAfter: z.number().int(),
  lines: z.array(verdictLine),
  /** fault reports the repair cured, closed by it (closedReason `maintenance`) */
  closedFaultReports: z.array(objectId),
});
export type MaintenanceVerdict = z.infer<typeof maintenanceVerdict>;

/** A maintenance record as the API answers it (spec 001 §3, plus what Overtone adds). */
export const maintenanceRecord = z.object({
  _id: objectId,
  pointId: objectId,
  title: z.string(),
  description: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  /** `YYYY-MM-DD HH:mm:ss` in the customer's time zone (spec 001 §5) */
  maintenanceStartDate: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO 8601: when the record was (last) set completed; null while it continues */
  completedAt: z.string().nullable(),
  createdBy: z.object({ _id: objectId, name: z.string() }).nullable(),
  /** null while the work continues */
  verdict: maintenanceVerdict.nullable(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

export const MAINTENANCE_TITLE_MAX = 200;
export const MAINTENANCE_DESCRIPTION_MAX = 5000;

const dateTime = z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime');

/** `GET /maintenances` query. */
export const maintenancesQuery = z.object({ pointId: objectId });

export const maintenancesResponse = z.array(maintenanceRecord);

/** `POST /maintenances` body (spec 001 §7). */
export const maintenanceCreateBody = z.object({
  pointId: objectId,
  title: z.string().trim().min(1, 'required').max(MAINTENANCE_TITLE_MAX),
  description: z.string().max(MAINTENANCE_DESCRIPTION_MAX).default(''),
  status: z.enum(MAINTENANCE_STATUSES),
  maintenanceStartDate: dateTime,
});
export type MaintenanceCreateBody = z.infer<typeof maintenanceCreateBody>;

export const maintenanceCreated = z.object({ _id: objectId });

/** `PUT /maintenances/{id}` body (spec 001 §7: description and status). */
export const maintenanceUpdateBody = z.object({
  description: z.string().max(MAINTENANCE_DESCRIPTION_MAX),
  status: z.enum(MAINTENANCE_STATUSES),
});
export type MaintenanceUpdateBody = z.infer<typeof maintenanceUpdateBody>;
