import { describe, expect, it } from 'vitest';
import type { Evidence, Finding } from '@overtone/diagnosis';
import {
  applyDiagnosis,
  checkEvaluation,
  CLOSE_AFTER_MEASUREMENTS,
  MAX_EVIDENCE,
  mergeEvidence,
  reportCode,
  shouldClose,
  type RecentDiagnosis,
  type ReportState,
} from './lifecycle.ts';

const H = 3_600_000;
const t0 = Date.parse('2026-01-01T00:00:00Z');
const at = (hours: number) => new Date(t0 + hours * H);

const line = (over: Partial<Evidence> = {}): Evidence => ({
  kind: 'BPFI',
  label: null,
  frequencyHz: 162.2,
  order: 5.415,
  amplitude: 0.05,
  unit: 'g',
  axis: 'x',
  domain: 'envelope',
  baselineAmplitude: null,
  ...over,
});

const finding = (over: Partial<Finding> = {}): Finding => ({
  fault: 'bearing_failure',
  bearingComponent: 'inner_race',
  severity: 'hazard',
  confidence: 0.8,
  score: 4,
  evidence: [line(), line({ kind: 'SIDEBAND', frequencyHz: 132.2, order: 4.415, amplitude: 0.02 })],
  rule: 'bearing.envelope',
  ...over,
});

let ids = 0;
const newId = () => `r${++ids}`;

/** Applies measurements in turn, as the diagnosis does; returns the point's reports by id. */
function run(steps: { id: string; hours: number; findings: Finding[] }[], start: ReportState[] = []) {
  const reports = new Map(start.map((r) => [r.id, r]));
  const recent: RecentDiagnosis[] = [];
  for (const s of steps) {
    recent.unshift({ measuredAt: at(s.hours), codes: s.findings.map(reportCode) });
    const changes = applyDiagnosis(
      [...reports.values()],
      { id: s.id, pointId: 'p1', measuredAt: at(s.hours), findings: s.findings },
      recent,
      newId,
    );
    for (const r of [...changes.created, ...changes.updated]) reports.set(r.id, r);
  }
  return [...reports.values()];
}

describe('applyDiagnosis', () => {
  it('opens one report per code with the finding, its evidence carrying the measurement id', () => {
    const [r, ...rest] = run([{ id: 'm1', hours: 0, findings: [finding()] }]);
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      code: 'bearing_failure:inner_race',
      detectionType: 'machine',
      severity: 'hazard',
      status: 'open',
      measurementId: 'm1',
      maxScore: 4,
    });
    expect(r!.evidence.map((l) => l.measurementId)).toEqual(['m1', 'm1']);
    expect(r!.severityHistory).toEqual([{ severity: 'hazard', at: at(0).toISOString(), measurementId: 'm1' }]);
  });

  it('adds a later measurement to the open report without a duplicate, following its severity with history', () => {
    const reports = run([
      { id: 'm1', hours: 0, findings: [finding()] },
      { id: 'm2', hours: 6, findings: [finding({ severity: 'critical', score: 9, evidence: [line({ amplitude: 0.2 })] })] },
      { id: 'm3', hours: 12, findings: [finding({ severity: 'attention', score: 2, evidence: [line({ amplitude: 0.01 })] })] },
    ]);
    expect(reports).toHaveLength(1);
    const r = reports[0]!;
    expect(r.severity).toBe('attention');
    expect(r.severityHistory.map((c) => [c.severity, c.measurementId])).toEqual([
      ['hazard', 'm1'],
      ['critical', 'm2'],
      ['attention', 'm3'],
    ]);
    expect(r.maxScore).toBe(9);
    expect(r.measurementId).toBe('m3');
    // the latest line first, then the stronger earlier BPFI of m2 and m1's sideband
    expect(r.evidence.map((l) => [l.kind, l.measurementId])).toEqual([
      ['BPFI', 'm3'],
      ['BPFI', 'm2'],
      ['SIDEBAND', 'm1'],
    ]);
  });

  it('keeps separate reports for separate components and a sensor fault as a sensor report', () => {
    const reports = run([
      {
        id: 'm1',
        hours: 0,
        findings: [
          finding(),
          finding({ bearingComponent: 'outer_race', evidence: [line({ kind: 'BPFO' })] }),
          finding({ fault: 'sensor_clipping', bearingComponent: null, evidence: [line({ kind: 'TIME', domain: 'time' })] }),
        ],
      },
    ]);
    expect(reports.map((r) => [r.code, r.detectionType]).sort()).toEqual([
      ['bearing_failure:inner_race', 'machine'],
      ['bearing_failure:outer_race', 'machine'],
      ['sensor_clipping', 'sensor'],
    ]);
  });

  it('is idempotent: the same measurement diagnosed twice adds its lines once', () => {
    const reports = run([
      { id: 'm1', hours: 0, findings: [finding()] },
      { id: 'm1', hours: 0, findings: [finding()] },
    ]);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.evidence).toHaveLength(2);
    expect(reports[0]!.severityHistory).toHaveLength(1);
  });

  it(`closes healthy only after ${CLOSE_AFTER_MEASUREMENTS} clean measurements spanning 24 h`, () => {
    const steps = [{ id: 'm0', hours: 0, findings: [finding()] }];
    // five clean measurements 1 h apart: not enough time
    for (let i = 1; i <= 5; i++) steps.push({ id: `a${i}`, hours: i, findings: [] });
    expect(run(steps)[0]!.status).toBe('open');
    // five clean measurements 6 h apart (24 h from the first to the fifth): closes at the fifth
    const slow = [{ id: 'm0', hours: 0, findings: [finding()] }];
    for (let i = 1; i <= 4; i++) slow.push({ id: `b${i}`, hours: 6 * i, findings: [] });
    expect(run(slow)[0]!.status).toBe('open');
    slow.push({ id: 'b5', hours: 30, findings: [] });
    const closed = run(slow)[0]!;
    expect(closed).toMatchObject({ status: 'closed', closedReason: 'healthy' });
    expect(closed.closedAt).toEqual(at(30));
  });

  it('does not close while the fault keeps coming back', () => {
    const steps = [];
    for (let i = 0; i < 20; i++) steps.push({ id: `m${i}`, hours: 6 * i, findings: i % 3 === 0 ? [finding()] : [] });
    expect(run(steps)[0]!.status).toBe('open');
  });

  it('reopens a report closed within a day instead of creating a duplicate, and opens a new one later', () => {
    const steps = [{ id: 'm0', hours: 0, findings: [finding()] }];
    for (let i = 1; i <= 5; i++) steps.push({ id: `c${i}`, hours: 6 * i, findings: [] });
    const again = run([...steps, { id: 'n1', hours: 40, findings: [finding()] }]);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ status: 'open', closedAt: null, closedReason: null, measurementId: 'n1' });
    // Later, on a point with history, a new report needs the fault in two measurements in a row.
    const later = run([...steps, { id: 'n2', hours: 80, findings: [finding()] }, { id: 'n3', hours: 86, findings: [finding()] }]);
    expect(later.map((r) => r.status).sort()).toEqual(['closed', 'open']);
  });

  it("opens a report at a point's first measurement, but later only when a repeat confirms the finding", () => {
    expect(run([{ id: 'm0', hours: 0, findings: [finding()] }])).toHaveLength(1);
    const history = [0, 6, 12].map((h) => ({ id: `h${h}`, hours: h, findings: [] as Finding[] }));
    const cage = finding({ bearingComponent: 'cage' });
    // one outlying reading among clean ones: no report
    expect(run([...history, { id: 'o1', hours: 18, findings: [cage] }, { id: 'o2', hours: 24, findings: [] }])).toEqual([]);
    // the same finding again in the next measurement: the report opens there, with that measurement's evidence
    const confirmed = run([...history, { id: 'o1', hours: 18, findings: [cage] }, { id: 'o2', hours: 24, findings: [cage] }]);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ code: 'bearing_failure:cage', status: 'open', measurementId: 'o2' });
  });

  it('keeps an older measurement diagnosed late as earlier evidence only', () => {
    const [r] = run([
      { id: 'm2', hours: 6, findings: [finding({ severity: 'attention' })] },
      { id: 'm1', hours: 0, findings: [finding({ severity: 'critical', evidence: [line({ amplitude: 0.9 })] })] },
    ]);
    expect(r!.severity).toBe('attention');
    expect(r!.measurementId).toBe('m2');
    expect(r!.evidence[0]!.measurementId).toBe('m2');
    expect(r!.evidence.some((l) => l.measurementId === 'm1' && l.amplitude === 0.9)).toBe(true);
  });
});

describe('mergeEvidence', () => {
  it('bounds the lines', () => {
    const kept = Array.from({ length: 40 }, (_, i) => ({ ...line({ order: i, amplitude: i }), measurementId: 'old' }));
    const merged = mergeEvidence(kept, [{ ...line(), measurementId: 'new' }]);
    expect(merged).toHaveLength(MAX_EVIDENCE);
    expect(merged[0]!.measurementId).toBe('new');
    expect(merged[1]!.amplitude).toBe(39);
  });
});

describe('shouldClose', () => {
  it('ignores diagnoses before the last finding', () => {
    const recent = Array.from({ length: 8 }, (_, i) => ({ measuredAt: at(48 - 6 * i), codes: [] }));
    expect(shouldClose({ code: 'unbalance', lastSeenAt: at(40) }, recent)).toBe(false);
    expect(shouldClose({ code: 'unbalance', lastSeenAt: at(0) }, recent)).toBe(true);
  });
});

describe('checkEvaluation', () => {
  const questions = [
    { code: 'fault_confirmed', isMandatory: true, answerType: 'yesNo' as const },
    { code: 'bearing_replaced', isMandatory: false, answerType: 'yesNo' as const },
    { code: 'comments', isMandatory: false, answerType: 'text' as const },
  ];
  it('accepts mandatory answers and reads the confirmation', () => {
    expect(checkEvaluation(questions, [{ code: 'fault_confirmed', answer: 'no' }])).toEqual({
      ok: true,
      evaluation: { answers: { fault_confirmed: 'no' }, confirmed: false },
    });
    const yes = checkEvaluation(questions, [
      { code: 'fault_confirmed', answer: 'yes' },
      { code: 'comments', answer: ' replaced the DE bearing ' },
      { code: 'bearing_replaced', answer: '' },
    ]);
    expect(yes).toEqual({
      ok: true,
      evaluation: { answers: { fault_confirmed: 'yes', comments: 'replaced the DE bearing' }, confirmed: true },
    });
  });
  it('refuses a missing mandatory answer, a bad yes/no, an unknown or repeated question, a long comment', () => {
    const problems = (a: { code: string; answer: string }[]) => {
      const r = checkEvaluation(questions, a);
      return r.ok ? [] : r.problems;
    };
    expect(problems([{ code: 'comments', answer: 'x' }])).toEqual([
      { error: 'EVALUATION_ANSWER_REQUIRED', code: 'fault_confirmed' },
    ]);
    expect(problems([{ code: 'fault_confirmed', answer: '  ' }])).toEqual([
      { error: 'EVALUATION_ANSWER_REQUIRED', code: 'fault_confirmed' },
    ]);
    expect(problems([{ code: 'fault_confirmed', answer: 'maybe' }])).toEqual([
      { error: 'EVALUATION_ANSWER_INVALID', code: 'fault_confirmed' },
    ]);
    expect(
      problems([
        { code: 'fault_confirmed', answer: 'yes' },
        { code: 'nope', answer: 'yes' },
      ]),
    ).toEqual([{ error: 'EVALUATION_ANSWER_INVALID', code: 'nope' }]);
    expect(
      problems([
        { code: 'fault_confirmed', answer: 'yes' },
        { code: 'fault_confirmed', answer: 'no' },
      ]),
    ).toEqual([{ error: 'EVALUATION_ANSWER_INVALID', code: 'fault_confirmed' }]);
    expect(
      problems([
        { code: 'fault_confirmed', answer: 'yes' },
        { code: 'comments', answer: 'x'.repeat(2001) },
      ]),
    ).toEqual([{ error: 'EVALUATION_ANSWER_INVALID', code: 'comments' }]);
  });
});
