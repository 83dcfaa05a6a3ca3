import {
  CONFIRMED_QUESTION,
  isSensorFault,
  YES_NO_ANSWERS,
  type BearingComponent,
  type DetectionType,
  type EvidenceLine,
  type FaultName,
  type FaultSeverity,
  type FindingSeverity,
} from '@overtone/contract';
import type { Finding } from '@overtone/diagnosis';
import { BASELINE_MIN_MEASUREMENTS } from '@overtone/diagnosis';

/**
 * The life of fault reports, pure (no database, no HTTP): what a diagnosed measurement does to
 * its point's reports, and what an evaluation's answers are (docs/fault-reports.md "Lifecycle").
 */

/**
 * Consecutive diagnosed measurements of a point without a report's fault after which the report
 * closes as `healthy`: {@link BASELINE_MIN_MEASUREMENTS} (5), the number of readings a point needs
 * to learn a healthy reference (ISO 13373-1:2002 §7 asks for several readings at stable operation
 * for a reference; Hampel et al. 1986: the median of five survives one outlier). A point that would
 * qualify for a new baseline is healthy; one clean reading among faulty ones (a load change, a
 * reading at standstill) is not.
 */
export const CLOSE_AFTER_MEASUREMENTS = BASELINE_MIN_MEASUREMENTS;
/**
 * The time those measurements must span at least, ms: 24 h, one daily cycle of a plant's operation
 * (load, temperature, shifts), so that a burst of back-to-back manual measurements cannot close a
 * report.
 */
export const CLOSE_AFTER_MS = 24 * 3_600_000;
/**
 * A fault found again within this time of its report's closing reopens that report instead of
 * creating a new one (never a duplicate report of a fault in a day), ms.
 */
export const REOPEN_WITHIN_MS = 24 * 3_600_000;
/** Evidence lines of the latest measurement a report keeps at most. */
export const MAX_LATEST_EVIDENCE = 12;
/** Evidence lines a report keeps at most (the latest measurement's first, then the strongest earlier ones). */
export const MAX_EVIDENCE = 24;
/** Severity changes a report keeps at most (the latest). */
export const MAX_SEVERITY_HISTORY = 100;
/** Longest free-text answer (the `comments` question), characters. */
export const MAX_COMMENT_LENGTH = 2000;

/** One change of severity (contract severityChange). */
export interface SeverityChange {
  severity: FaultSeverity;
  at: string;
  measurementId: string;
}

/** A report as the lifecycle sees it (a row of `fault_reports`, parsed). */
export interface ReportState {
  id: string;
  pointId: string;
  code: string;
  fault: FaultName;
  bearingComponent: BearingComponent | null;
  detectionType: DetectionType;
  severity: FindingSeverity;
  severityHistory: SeverityChange[];
  status: 'open' | 'closed';
  closedAt: Date | null;
  closedReason: 'healthy' | 'maintenance' | null;
  confidence: number;
  /** The strongest finding's score over the report's life. */
  maxScore: number;
  rule: string;
  evidence: EvidenceLine[];
  /** The measurement that last added evidence. */
  measurementId: string;
  /** When that measurement was taken. */
  lastSeenAt: Date;
  createdAt: Date;
}

/** A diagnosed measurement of the point. */
export interface DiagnosedMeasurement {
  id: string;
  pointId: string;
  measuredAt: Date;
  findings: readonly Finding[];
}

/** A past diagnosis of the point: when, and the report codes it found. */
export interface RecentDiagnosis {
  measuredAt: Date;
  codes: readonly string[];
}

/** The report code of a finding: `fault`, or `fault:component` for a bearing component. */
export const reportCode = (f: { fault: FaultName; bearingComponent: BearingComponent | null }) =>
  f.bearingComponent ? `${f.fault}:${f.bearingComponent}` : f.fault;

const lineKey = (l: EvidenceLine) =>
  [
    l.kind,
    l.label ?? '',
    l.axis ?? '',
    l.domain,
    l.order !== null ? `o${l.order.toFixed(2)}` : l.frequencyHz !== null ? `f${l.frequencyHz.toFixed(1)}` : '',
  ].join('|');

/**
 * A report's evidence after a measurement added lines: the latest measurement's lines first (in
 * the rule's order, strongest first, at most {@link MAX_LATEST_EVIDENCE}), then, of the earlier
 * lines, those of a kind, axis, domain and order the latest lines do not show, or that were
 * stronger then (same unit), strongest first; at most {@link MAX_EVIDENCE} in all. Lines of the same
 * measurement already kept are replaced (a measurement diagnosed again adds nothing twice).
 *
 * Parameters
 * ----------
 * kept : EvidenceLine[]
 *     The report's lines so far.
 * latest : EvidenceLine[]
 *     The lines of the measurement just diagnosed (each with its measurementId).
 *
 * Returns
 * -------
 * EvidenceLine[]
 */
export function mergeEvidence(kept: readonly EvidenceLine[], latest: readonly EvidenceLine[]): EvidenceLine[] {
  const ids = new Set(latest.map((l) => l.measurementId));
  const fresh = latest.slice(0, MAX_LATEST_EVIDENCE);
  const freshByKey = new Map(fresh.map((l) => [lineKey(l), l]));
  const best = new Map<string, EvidenceLine>();
  for (const l of kept) {
    if (ids.has(l.measurementId)) continue;
    const key = lineKey(l);
    const now = freshByKey.get(key);
    if (now && !(now.unit === l.unit && l.amplitude > now.amplitude)) continue;
    const other = best.get(key);
    if (!other || (other.unit === l.unit && l.amplitude > other.amplitude)) best.set(key, l);
  }
  const earlier = [...best.values()].sort((a, b) => b.amplitude - a.amplitude);
  return [...fresh, ...earlier].slice(0, MAX_EVIDENCE);
}

/** Evidence of a measurement older than the report's last one: kept as earlier lines. */
function mergeOlder(r: ReportState, lines: EvidenceLine[], measurementId: string): EvidenceLine[] {
  const latest = r.evidence.filter((l) => l.measurementId === r.measurementId);
  const earlier = r.evidence.filter((l) => l.measurementId !== r.measurementId && l.measurementId !== measurementId);
  return mergeEvidence([...earlier, ...lines], latest);
}

const withMeasurement = (f: Finding, measurementId: string): EvidenceLine[] => f.evidence.map((e) => ({ ...e, measurementId }));

/** The severity history after a measurement set `severity` (a measurement's own entry replaced). */
function pushSeverity(history: readonly SeverityChange[], severity: FindingSeverity, m: DiagnosedMeasurement) {
  const h = history.filter((c) => c.measurementId !== m.id);
  const last = h[h.length - 1];
  if (last?.severity === severity) return h;
  return [...h, { severity, at: m.measuredAt.toISOString(), measurementId: m.id }].slice(-MAX_SEVERITY_HISTORY);
}

/** What a diagnosed measurement does to its point's reports. */
export interface ReportChanges {
  /** New reports (to insert). */
  created: ReportState[];
  /** Changed reports (to update): evidence added, severity changed, reopened or closed. */
  updated: ReportState[];
}

/**
 * Applies a diagnosed measurement to its point's reports (docs/fault-reports.md "Lifecycle"):
 *
 * - a finding whose code has an open report adds its evidence ({@link mergeEvidence}); when the
 *   measurement is not older than the report's last one, the report takes its severity (raised or
 *   lowered, the change kept in `severityHistory`) and confidence; `maxScore` keeps the strongest;
 * - a finding whose code has a report closed `healthy` within {@link REOPEN_WITHIN_MS} reopens it;
 * - any other finding opens a new report when a repeat confirms it ({@link confirmedByRepeat}): the
 *   point's previous diagnosed measurement found it too, or the point has no earlier diagnosis;
 * - an open report whose code the point's last {@link CLOSE_AFTER_MEASUREMENTS} or more diagnosed
 *   measurements (newest first, this one included) all lack, over at least {@link CLOSE_AFTER_MS},
 *   closes `healthy` at this measurement's time.
 *
 * Parameters
 * ----------
 * reports : ReportState[]
 *     The point's open reports and those closed within {@link REOPEN_WITHIN_MS} of the measurement.
 * m : DiagnosedMeasurement
 *     The measurement with its findings (one per code: diagnose() keeps the strongest).
 * recent : RecentDiagnosis[]
 *     The point's latest diagnoses, newest first, this measurement's included.
 * newId : () => string
 *     Ids for new reports.
 *
 * Returns
 * -------
 * ReportChanges
 */
export function applyDiagnosis(
  reports: readonly ReportState[],
  m: DiagnosedMeasurement,
  recent: readonly RecentDiagnosis[],
  newId: () => string,
): ReportChanges {
  const created: ReportState[] = [];
  const updated = new Map<string, ReportState>();
  const open = new Map(reports.filter((r) => r.status === 'open').map((r) => [r.code, r]));
  const found = new Set<string>();
  for (const f of m.findings) {
    const code = reportCode(f);
    if (found.has(code)) continue;
    found.add(code);
    const lines = withMeasurement(f, m.id);
    let r = open.get(code);
    if (!r) {
      const closed = reports
        .filter(
          (c) =>
            c.code === code &&
            c.status === 'closed' &&
            c.closedReason === 'healthy' &&
            c.closedAt &&
            Math.abs(m.measuredAt.getTime() - c.closedAt.getTime()) <= REOPEN_WITHIN_MS,
        )
        .sort((a, b) => b.closedAt!.getTime() - a.closedAt!.getTime())[0];
      if (closed) r = { ...closed, status: 'open', closedAt: null, closedReason: null };
    }
    if (!r && !confirmedByRepeat(code, m, recent)) continue;
    if (!r) {
      created.push({
        id: newId(),
        pointId: m.pointId,
        code,
        fault: f.fault,
        bearingComponent: f.bearingComponent,
        detectionType: isSensorFault(f.fault) ? 'sensor' : 'machine',
        severity: f.severity,
        severityHistory: [{ severity: f.severity, at: m.measuredAt.toISOString(), measurementId: m.id }],
        status: 'open',
        closedAt: null,
        closedReason: null,
        confidence: f.confidence,
        maxScore: f.score,
        rule: f.rule,
        evidence: mergeEvidence([], lines),
        measurementId: m.id,
        lastSeenAt: m.measuredAt,
        createdAt: m.measuredAt,
      });
      continue;
    }
    const newest = m.measuredAt.getTime() >= r.lastSeenAt.getTime();
    updated.set(r.id, {
      ...r,
      evidence: newest ? mergeEvidence(r.evidence, lines) : mergeOlder(r, lines, m.id),
      maxScore: Math.max(r.maxScore, f.score),
      ...(newest
        ? {
            severity: f.severity,
            severityHistory: pushSeverity(r.severityHistory, f.severity, m),
            confidence: f.confidence,
            rule: f.rule,
            measurementId: m.id,
            lastSeenAt: m.measuredAt,
          }
        : {}),
    });
  }
  for (const r of open.values()) {
    if (found.has(r.code) || !shouldClose(r, recent)) continue;
    updated.set(r.id, { ...r, status: 'closed', closedAt: m.measuredAt, closedReason: 'healthy' });
  }
  return { created, updated: [...updated.values()] };
}

/**
 * Whether a finding without a report may open one: the point's diagnosed measurement just before
 * `m` found the same code, or the point has no diagnosis before `m` (its first measurement: nothing
 * to confirm against, and the engineer needs to know at once). An alert is confirmed by a repeat
 * measurement before it is acted on (ISO 17359:2018 §6 "alert and alarm" handling; ISO 13379-1:2012
 * §4.3: diagnosis is a decision on repeated evidence, not on one reading), so one outlying reading
 * on a point with history (a transient, a load change, a knock on the machine) raises no report.
 *
 * Parameters
 * ----------
 * code : string
 *     The finding's report code.
 * m : DiagnosedMeasurement
 * recent : RecentDiagnosis[]
 *     The point's latest diagnoses, newest first (this measurement's may be among them).
 */
export function confirmedByRepeat(
  code: string,
  m: Pick<DiagnosedMeasurement, 'measuredAt'>,
  recent: readonly RecentDiagnosis[],
): boolean {
  const previous = recent.find((d) => d.measuredAt.getTime() < m.measuredAt.getTime());
  return !previous || previous.codes.includes(code);
}

/**
 * Whether an open report closes as healthy: the point's newest diagnoses (newest first) lack its
 * code for at least {@link CLOSE_AFTER_MEASUREMENTS} in a row, spanning at least
 * {@link CLOSE_AFTER_MS}, all taken after the report's last finding.
 */
export function shouldClose(r: Pick<ReportState, 'code' | 'lastSeenAt'>, recent: readonly RecentDiagnosis[]): boolean {
  const run: RecentDiagnosis[] = [];
  for (const d of recent) {
    if (d.codes.includes(r.code) || d.measuredAt.getTime() <= r.lastSeenAt.getTime()) break;
    run.push(d);
  }
  if (run.length < CLOSE_AFTER_MEASUREMENTS) return false;
  return run[0]!.measuredAt.getTime() - run[run.length - 1]!.measuredAt.getTime() >= CLOSE_AFTER_MS;
}

/** A question of a report as the evaluation checks it (catalogue.ts CatalogueQuestion). */
export interface QuestionRule {
  code: string;
  isMandatory: boolean;
  answerType: 'yesNo' | 'text';
}

/** Why an evaluation is refused: the error code and the question (`questions.{code}`). */
export interface EvaluationProblem {
  error: 'EVALUATION_ANSWER_REQUIRED' | 'EVALUATION_ANSWER_INVALID';
  code: string;
}

/** An accepted evaluation. */
export interface Evaluation {
  /** Answers by question code (every answered question; trimmed). */
  answers: Record<string, string>;
  /** The answer to {@link CONFIRMED_QUESTION}: true yes, false no, null not asked or not answered. */
  confirmed: boolean | null;
}

/**
 * Checks an evaluation's answers against the report's questions (spec 001 §5):
 * every mandatory question answered (not blank), a yes/no question answered `yes` or `no`, the
 * `comments` (text) question at most {@link MAX_COMMENT_LENGTH} characters, no question the report
 * does not ask, no question twice. An empty answer to an optional question counts as not answered.
 *
 * Returns
 * -------
 * { ok: true, evaluation: Evaluation } | { ok: false, problems: EvaluationProblem[] }
 */
export function checkEvaluation(
  questions: readonly QuestionRule[],
  answers: readonly { code: string; answer: string }[],
): { ok: true; evaluation: Evaluation } | { ok: false; problems: EvaluationProblem[] } {
  const problems: EvaluationProblem[] = [];
  const byCode = new Map(questions.map((q) => [q.code, q]));
  const given = new Map<string, string>();
  for (const a of answers) {
    const q = byCode.get(a.code);
    if (!q || given.has(a.code)) {
      problems.push({ error: 'EVALUATION_ANSWER_INVALID', code: a.code });
      continue;
    }
    const text = a.answer.trim();
    if (!text) continue;
    if (q.answerType === 'yesNo' && !(YES_NO_ANSWERS as readonly string[]).includes(text)) {
      problems.push({ error: 'EVALUATION_ANSWER_INVALID', code: a.code });
      continue;
    }
    if (q.answerType === 'text' && text.length > MAX_COMMENT_LENGTH) {
      problems.push({ error: 'EVALUATION_ANSWER_INVALID', code: a.code });
      continue;
    }
    given.set(a.code, text);
  }
  for (const q of questions)
    if (q.isMandatory && !given.has(q.code) && !problems.some((p) => p.code === q.code))
      problems.push({ error: 'EVALUATION_ANSWER_REQUIRED', code: q.code });
  if (problems.length) return { ok: false, problems };
  const c = given.get(CONFIRMED_QUESTION);
  return { ok: true, evaluation: { answers: Object.fromEntries(given), confirmed: c === undefined ? null : c === 'yes' } };
}
