import { z } from 'zod';
import { objectId } from './common.ts';

/**
 * Fault reports and their evaluations (spec 001 §2 "Vibration analyze (fault) reports", §3 Fault
 * report, §4, §5, §6 readFaultReport / updateFaultReport, §7, §9; spec 000 the tree's unanswered
 * badge; spec 002 the fault-name lookup). Design and rules: docs/diagnosis.md, docs/fault-reports.md.
 */

/** Machine fault names (spec 001 §9, spec 002 lookup lists), the spec's spelling kept on the wire. */
export const MACHINE_FAULT_NAMES = [
  'cavitation',
  'mechanical-looseness',
  'pulley_and_belt',
  'electrical_fault',
  'flow_induced_fault',
  'early_stage_bearing_failure',
  'bearing_failure',
  'gear_failure',
  'insufficient_lubrication',
  'unidentified_fault',
  'impacting_failure',
  'misalignment',
  'resonance',
  'unbalance',
  'ski_slope',
  'beat_phenomenon',
] as const;
export type MachineFaultName = (typeof MACHINE_FAULT_NAMES)[number];

/**
 * Sensor-integrity findings: reported as sensor faults, never as machine faults (spec 002 mentions
 * "sensor placement failure" among the fault texts). Clipping at the accelerometer range, a DC
 * drift, a flat or repeated signal, a sensor that moved (gravity vector or temperature step).
 */
export const SENSOR_FAULT_NAMES = [
  'sensor_clipping',
  'sensor_dc_drift',
  'sensor_flat_signal',
  'sensor_placement_failure',
] as const;
export type SensorFaultName = (typeof SENSOR_FAULT_NAMES)[number];

export const FAULT_NAMES = [...MACHINE_FAULT_NAMES, ...SENSOR_FAULT_NAMES] as const;
export type FaultName = (typeof FAULT_NAMES)[number];
export const isSensorFault = (f: FaultName): f is SensorFaultName => (SENSOR_FAULT_NAMES as readonly string[]).includes(f);

/** `detectionType` of a report: the kind of fault (a machine fault or a sensor-integrity fault). */
export const DETECTION_TYPES = ['machine', 'sensor'] as const;
export type DetectionType = (typeof DETECTION_TYPES)[number];

/** The faulty part of a rolling bearing (Randall 2011 §5.2). */
export const BEARING_COMPONENTS = ['outer_race', 'inner_race', 'rolling_element', 'cage'] as const;
export type BearingComponent = (typeof BEARING_COMPONENTS)[number];

/** Report severities (spec 001 §3 Fault report), increasing. */
export const FAULT_SEVERITIES = ['healthy', 'attention', 'hazard', 'critical'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];
/** Severities a finding can have (a healthy point raises no report). */
export type FindingSeverity = Exclude<FaultSeverity, 'healthy'>;

/**
 * Time to stop, months, by severity (spec 001 §4 "Fault prediction time text: critical one month,
 * hazard two months, attention three months").
 */
export const TIME_TO_STOP_MONTHS: Record<FindingSeverity, number> = { critical: 1, hazard: 2, attention: 3 };

/**
 * What a line of evidence is: a running-speed order (1X, 2X, nX, 0.5X sub-harmonics), a bearing
 * defect line (BPFO, BPFI, BSF, FTF), a gear-mesh line, a sideband, a belt line, twice the mains
 * frequency, a pole-pass sideband, a resonance (a structural peak not related to the kinematics), a
 * band energy, a time-domain statistic, an ISO 10816 overall value, or a change against the baseline.
 */
export const EVIDENCE_KINDS = [
  '1X',
  '2X',
  'nX',
  '0.5X',
  'BPFO',
  'BPFI',
  'BSF',
  'FTF',
  'GMF',
  'SIDEBAND',
  'BELT',
  'MAINS_2X',
  'POLE_PASS',
  'RESONANCE',
  'BAND',
  'TIME',
  'ISO10816',
  'BASELINE',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
/** Where a line of evidence is seen (the measurement page's chart to open). */
export const EVIDENCE_DOMAINS = ['spectrum', 'envelope', 'time'] as const;
export type EvidenceDomain = (typeof EVIDENCE_DOMAINS)[number];
export const EVIDENCE_AXES = ['x', 'y', 'z'] as const;
export type EvidenceAxis = (typeof EVIDENCE_AXES)[number];

/**
 * One line of evidence: what (kind), where (frequency Hz and order of running speed, or null for a
 * statistic), how strong (amplitude in `unit`: g for acceleration and envelope lines, mm/s for
 * velocity, dimensionless for a statistic), on which axis and in which domain, in which
 * measurement. `baselineAmplitude` is the same feature in the point's baseline (null: no baseline).
 * `label` names a statistic or band (`kurtosis`, `crest`, `band:500-2000`…), otherwise null.
 */
export const evidenceLine = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  label: z.string().nullable(),
  frequencyHz: z.number().nullable(),
  order: z.number().nullable(),
  amplitude: z.number(),
  unit: z.string(),
  axis: z.enum(EVIDENCE_AXES).nullable(),
  domain: z.enum(EVIDENCE_DOMAINS),
  baselineAmplitude: z.number().nullable(),
  measurementId: objectId,
});
export type EvidenceLine = z.infer<typeof evidenceLine>;

/** A text in each report language (spec 001 §3: tr, en, de, ru, zh, zhTw). */
export const reportLanguageText = z.object({
  tr: z.string(),
  en: z.string(),
  de: z.string(),
  ru: z.string(),
  zh: z.string(),
  zhTw: z.string(),
});
export type ReportLanguageText = z.infer<typeof reportLanguageText>;
/** Report languages on the wire (spec 001 §9): the interface languages, `zh-tw` spelt `zhTw`. */
export const REPORT_LANGUAGES = ['tr', 'en', 'de', 'ru', 'zh', 'zhTw'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** The question code whose answer is free text (spec 001 §5: the 'comments' prompt); all others are yes/no. */
export const COMMENTS_QUESTION = 'comments';
/** The mandatory yes/no question every report asks: did an inspection confirm the fault? (drives learning) */
export const CONFIRMED_QUESTION = 'fault_confirmed';
export const YES_NO_ANSWERS = ['yes', 'no'] as const;

/** A question of a report with its answer (null until evaluated). */
export const faultReportQuestion = z.object({
  code: z.string(),
  order: z.number().int(),
  isMandatory: z.boolean(),
  /** `yesNo` questions take `yes` / `no`; the `comments` question takes free text. */
  answerType: z.enum(['yesNo', 'text']),
  question: reportLanguageText,
  answer: z.string().nullable(),
});
export type FaultReportQuestion = z.infer<typeof faultReportQuestion>;

/** One change of a report's severity (history kept: spec of issue 15). */
export const severityChange = z.object({
  severity: z.enum(FAULT_SEVERITIES),
  at: z.string(),
  measurementId: objectId,
});

/**
 * A fault report (spec 001 §3) as the API answers it: the spec's fields, texts in the request's
 * language (`name` in all six), plus the evidence, the bearing component, the confidence (0…1) and
 * the time to stop. `status` is `open` while the fault is present, `closed` once the point was
 * healthy again for a while or its maintenance was completed (`closedReason`).
 */
export const faultReport = z.object({
  id: objectId,
  isAnswered: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: objectId,
  partner: z.string().nullable(),
  point: objectId,
  pointName: z.string(),
  pointPath: z.string(),
  detectionType: z.enum(DETECTION_TYPES),
  /** The fault name code (spec 001 §9 fault names, or a sensor fault). */
  fault: z.enum(FAULT_NAMES),
  /** The report's identity on its point: `fault` or `fault:component` (one open report per code). */
  code: z.string(),
  name: reportLanguageText,
  severity: z.enum(FAULT_SEVERITIES),
  severityHistory: z.array(severityChange),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  closedReason: z.enum(['healthy', 'maintenance']).nullable(),
  description: z.string(),
  indication: z.string(),
  cause: z.string(),
  suggestions: z.array(z.string()),
  questions: z.array(faultReportQuestion),
  /** URL of the spectrum image with the evidence marked (PNG), null when none. */
  image: z.string().nullable(),
  bearingComponent: z.enum(BEARING_COMPONENTS).nullable(),
  confidence: z.number().min(0).max(1),
  timeToStopMonths: z.number().int().nullable(),
  timeToStop: z.string().nullable(),
  /** The measurement that last added evidence. */
  measurementId: objectId,
  evidence: z.array(evidenceLine),
  evaluation: z
    .object({ answeredAt: z.string(), answeredBy: z.string().nullable(), confirmed: z.boolean().nullable() })
    .nullable(),
});
export type FaultReport = z.infer<typeof faultReport>;

/** `GET /point/{id}/fault-reports` query: paging (spec page sizes), newest first. */
export const faultReportsQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  pageNumber: z.coerce.number().int().min(1).default(1),
  status: z.enum(['open', 'closed', 'all']).default('all'),
});
/** `GET /point/{id}/fault-reports` and `GET /dashboard/reports` answer (spec 001 §7). */
export const faultReportsResponse = z.object({
  data: z.object({ total: z.number().int(), detectionReports: z.array(faultReport) }),
});
export type FaultReportsResponse = z.infer<typeof faultReportsResponse>;

/** `GET /fault-reports/unanswered-evaluations-count` (spec 001 §7): unanswered reports grouped by point. */
export const unansweredEvaluationsResponse = z.object({
  data: z.object({ detectionReports: z.array(z.object({ point: objectId, count: z.number().int() })) }),
});
export type UnansweredEvaluationsResponse = z.infer<typeof unansweredEvaluationsResponse>;

/** `PUT /fault-reports/{id}/evaluation` body (spec 001 §7): answers by question code. */
export const evaluationBody = z.object({
  questions: z
    .array(z.object({ code: z.string().min(1).max(64), answer: z.string().max(2000) }))
    .min(1)
    .max(50),
});
export type EvaluationBody = z.infer<typeof evaluationBody>;

/** How often a fault's reports were confirmed (the reports tab: per point and per customer). */
export const confirmationStat = z.object({
  fault: z.enum(FAULT_NAMES),
  total: z.number().int(),
  confirmed: z.number().int(),
  notConfirmed: z.number().int(),
  unanswered: z.number().int(),
});
export type ConfirmationStat = z.infer<typeof confirmationStat>;
/** `GET /point/{id}/fault-reports/confirmations` answer. */
export const confirmationStatsResponse = z.object({
  data: z.object({ point: z.array(confirmationStat), customer: z.array(confirmationStat) }),
});
export type ConfirmationStatsResponse = z.infer<typeof confirmationStatsResponse>;

/** Fault report PDF page size, CSS px (spec 001 §9: 712 × 1150). */
export const FAULT_REPORT_PDF_SIZE = { width: 712, height: 1150 } as const;
