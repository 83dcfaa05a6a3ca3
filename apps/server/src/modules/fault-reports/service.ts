import { reportImagePath } from './document.ts';
import {
  FAULT_SEVERITIES,
  TIME_TO_STOP_MONTHS,
  isSensorFault,
  type FaultReport,
  type FindingSeverity,
  type Language,
  type ReportLanguage,
} from '@overtone/contract';
import {
  BASELINE_MAX_MEASUREMENTS,
  FEATURES_VERSION,
  diagnose,
  learnBaseline,
  type Baseline,
  type Finding,
} from '@overtone/diagnosis';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { nodePaths } from '../points/repo.ts';
import { faultName, faultQuestions, faultTexts, timeToStopText } from './catalogue.ts';
import { pointKinematics } from './kinematics.ts';
import { applyDiagnosis, checkEvaluation, reportCode, REOPEN_WITHIN_MS } from './lifecycle.ts';
import {
  baselineCandidateCount,
  baselineCandidates,
  baselineRow,
  claimDiagnosis,
  falsePositivesOf,
  recentDiagnoses,
  reportsForDiagnosis,
  saveBaseline,
  saveMeasurementDiagnosis,
  writeReports,
  type DiagnosisInput,
} from './diagnosis-repo.ts';
import { closeForMaintenanceSql, reportOf, restartBaselineSql, saveEvaluation, userNames, type FaultReportRow } from './repo.ts';

type Db = Kysely<DB>;

/** Diagnoses of the point a closing decision reads at most (newest first). */
const RECENT_DIAGNOSES = 50;

/** What diagnosing one measurement did. */
export interface DiagnosisOutcome {
  /** false: nothing to do (no features, no point, or another run claimed it). */
  diagnosed: boolean;
  findings: Finding[];
  created: number;
  updated: number;
}

const NOTHING: DiagnosisOutcome = { diagnosed: false, findings: [], created: 0, updated: 0 };
const hasMachineFault = (findings: readonly Finding[]) => findings.some((f) => !isSensorFault(f.fault));

/**
 * Diagnoses one persisted measurement and updates its point's reports (docs/fault-reports.md
 * "Diagnosis"): its features, the point's kinematics (modules/fault-reports/kinematics.ts) and
 * known false positives; `diagnose` under absolute criteria (no baseline) decides whether the
 * measurement may be learnt into the point's baseline; the baseline is relearnt while missing or
 * incomplete; `diagnose` with it gives the findings; the lifecycle (lifecycle.ts) opens, updates
 * and closes the reports. One transaction, which claims the measurement (deletes its
 * `diagnosis_pending` row): a measurement diagnosed twice, or by two instances, changes the
 * reports once; a crash before the commit leaves it pending for the sweep.
 *
 * Parameters
 * ----------
 * db : Kysely<DB>
 * measurementId : string
 * input : DiagnosisInput | null
 *     What the diagnosis reads (features-service.ts `diagnosisInputOf`); null for a measurement that
 *     cannot be diagnosed (no point, no waveform): only its queue entry is removed.
 *
 * Returns
 * -------
 * DiagnosisOutcome
 */
export async function diagnoseMeasurement(
  db: Db,
  measurementId: string,
  input: DiagnosisInput | null,
): Promise<DiagnosisOutcome> {
  if (!input) {
    await db.deleteFrom('diagnosis_pending').where('measurement_id', '=', measurementId).execute();
    return NOTHING;
  }
  const pointId = input.pointId;
  const kinematics = pointKinematics(input.point, input.bearing, input.mainsHz, input.rangeIndex);
  const falsePositives = await falsePositivesOf(db, pointId);
  const absolute = diagnose(input.features, { kinematics, baseline: null, falsePositives });
  return db.transaction().execute(async (trx) => {
    if (!(await claimDiagnosis(trx, measurementId))) return NOTHING;
    const record = (findings: readonly Finding[]) =>
      saveMeasurementDiagnosis(trx, {
        measurementId,
        customerId: input.customerId,
        pointId,
        measuredAt: input.measuredAt,
        codes: findings.map(reportCode),
        absoluteMachineFault: hasMachineFault(absolute),
      });
    // recorded first: a measurement without a machine fault may be learnt into the baseline it is diagnosed with
    await record(absolute);
    const baseline = await pointBaseline(trx, input.customerId, pointId);
    const findings = baseline ? diagnose(input.features, { kinematics, baseline, falsePositives }) : absolute;
    if (findings.map(reportCode).join() !== absolute.map(reportCode).join()) await record(findings);
    const reports = await reportsForDiagnosis(trx, pointId, input.measuredAt, REOPEN_WITHIN_MS);
    const recent = await recentDiagnoses(trx, pointId, RECENT_DIAGNOSES);
    const changes = applyDiagnosis(
      reports,
      { id: measurementId, pointId, measuredAt: input.measuredAt, findings },
      recent,
      newId,
    );
    await writeReports(trx, input.customerId, changes.created, changes.updated);
    return { diagnosed: true, findings, created: changes.created.length, updated: changes.updated.length };
  });
}

/**
 * The point's baseline: the cached one when complete, else relearnt (`learnBaseline`) from the
 * features of its first BASELINE_MAX_MEASUREMENTS measurements after the baseline's start whose
 * absolute diagnosis found no machine fault, and cached. Null while fewer than
 * BASELINE_MIN_MEASUREMENTS qualify.
 */
async function pointBaseline(trx: Db, customerId: string, pointId: string): Promise<Baseline | null> {
  const cached = await baselineRow(trx, pointId);
  if (cached?.complete) return cached.baseline as Baseline | null;
  const startAt = cached?.start_at ?? null;
  const count = await baselineCandidateCount(trx, pointId, startAt, FEATURES_VERSION, BASELINE_MAX_MEASUREMENTS);
  if (cached && cached.measurements === count) return cached.baseline as Baseline | null;
  const candidates = await baselineCandidates(trx, pointId, startAt, FEATURES_VERSION, BASELINE_MAX_MEASUREMENTS);
  const baseline = learnBaseline(candidates);
  await saveBaseline(trx, {
    pointId,
    customerId,
    baseline,
    measurements: candidates.length,
    complete: candidates.length >= BASELINE_MAX_MEASUREMENTS,
  });
  return baseline;
}

/**
 * A maintenance of the point was completed at `at` (modules/maintenance calls it; docs/maintenance.md):
 * its diagnosis baseline restarts from `at`, learnt again from the measurements after the work.
 */
export async function maintenanceCompleted(db: Db, customerId: string, pointId: string, at: Date): Promise<void> {
  await restartBaselineSql(db, customerId, pointId, at);
}

/**
 * Closes the reports a maintenance cured (its verdict decides which: modules/maintenance/verdict.ts)
 * with closedReason `maintenance` at `at`, the maintenance's completion. Reports not listed stay
 * open: the diagnosis keeps them, and closes them `healthy` if they clear later.
 * @param reportIds the cured reports; those not open, or not of this customer's point, are skipped
 * @returns the ids of the reports closed
 */
export async function closeCuredByMaintenance(
  db: Db,
  customerId: string,
  pointId: string,
  reportIds: readonly string[],
  at: Date,
): Promise<string[]> {
  return closeForMaintenanceSql(db, customerId, pointId, reportIds, at);
}

/** The report language of an interface language (`zh-tw` is `zhTw` in reports, spec 001 §9). */
export const reportLanguageOf = (lang: Language): ReportLanguage => (lang === 'zh-tw' ? 'zhTw' : lang);

/**
 * A report row as the API answers it (contract `faultReport`): texts in `lang` from the fault
 * catalogue (catalogue.ts), the name in all six, the questions with their answers, the time to
 * stop of its severity (spec 001 §4).
 * @param point the point's name and path (names from the root, joined by ' / ')
 * @param answeredBy display name of the user who answered, when known
 */
export function toFaultReport(
  row: FaultReportRow,
  lang: ReportLanguage,
  point: { name: string; path: string },
  answeredBy: string | null,
): FaultReport {
  const fault = row.fault as FaultReport['fault'];
  const component = row.bearing_component as FaultReport['bearingComponent'];
  const texts = faultTexts(fault, component, lang);
  const answers = (row.answers ?? {}) as Record<string, string>;
  const severity = row.severity as FaultReport['severity'];
  const months = severity === 'healthy' ? null : TIME_TO_STOP_MONTHS[severity as FindingSeverity];
  return {
    id: row.id,
    isAnswered: row.is_answered,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    customer: row.customer_id,
    partner: null,
    point: row.point_id,
    pointName: point.name,
    pointPath: point.path,
    detectionType: row.detection_type,
    fault,
    code: row.code,
    name: faultName(fault, component),
    severity: FAULT_SEVERITIES.includes(severity) ? severity : 'attention',
    severityHistory: row.severity_history as FaultReport['severityHistory'],
    status: row.status,
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
    closedReason: row.closed_reason,
    description: texts.description,
    indication: texts.indication,
    cause: texts.cause,
    suggestions: texts.suggestions,
    questions: faultQuestions(fault).map((q) => ({ ...q, answer: answers[q.code] ?? null })),
    // The spectrum picture with the evidence marked (GET /fault-reports/{id}/spectrum.png), when a line can be drawn.
    image: reportImagePath({ id: row.id, evidence: row.evidence as FaultReport['evidence'] }),
    bearingComponent: component,
    confidence: Math.min(1, Math.max(0, row.confidence)),
    timeToStopMonths: months,
    timeToStop: months === null ? null : timeToStopText(months, lang),
    measurementId: row.measurement_id,
    evidence: row.evidence as FaultReport['evidence'],
    evaluation: row.answered_at ? { answeredAt: row.answered_at.toISOString(), answeredBy, confirmed: row.confirmed } : null,
  };
}

/** Reports of one customer as the API answers them (point names and paths, who answered). */
export async function toFaultReports(db: Db, customerId: string, rows: FaultReportRow[], lang: Language): Promise<FaultReport[]> {
  if (!rows.length) return [];
  const paths = await nodePaths(db, customerId);
  const names = await userNames(db, customerId, [...new Set(rows.map((r) => r.answered_by).filter((u): u is string => !!u))]);
  return rows.map((r) => {
    const path = paths.get(r.point_id) ?? [];
    return toFaultReport(
      r,
      reportLanguageOf(lang),
      { name: path[path.length - 1] ?? '', path: path.join(' / ') },
      r.answered_by ? (names.get(r.answered_by) ?? null) : null,
    );
  });
}

/**
 * Evaluates a report (spec 001 §5, `PUT /fault-reports/{id}/evaluation`): checks the answers
 * against the report's questions (lifecycle.ts `checkEvaluation`) and stores them (repo.ts
 * `saveEvaluation`: "not confirmed" teaches a false positive).
 *
 * Raises
 * ------
 * AppError FAULT_REPORT_NOT_FOUND (404)
 *     No such report of the customer.
 * AppError EVALUATION_ANSWER_REQUIRED / EVALUATION_ANSWER_INVALID (400)
 *     The first problem, `param` `questions.{code}`.
 */
export async function evaluateReport(
  db: Db,
  customerId: string,
  userId: string | null,
  reportId: string,
  answers: { code: string; answer: string }[],
): Promise<FaultReportRow> {
  const row = await reportOf(db, customerId, reportId);
  if (!row) throw new AppError('FAULT_REPORT_NOT_FOUND');
  const checked = checkEvaluation(faultQuestions(row.fault as FaultReport['fault']), answers);
  if (!checked.ok) {
    const p = checked.problems[0]!;
    throw new AppError(p.error, `questions.${p.code}`);
  }
  const saved = await saveEvaluation(db, customerId, reportId, { ...checked.evaluation, userId });
  if (!saved) throw new AppError('FAULT_REPORT_NOT_FOUND');
  return saved;
}
