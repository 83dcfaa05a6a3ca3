/**
 * Test helpers of the fault-reports feature (imported by its *.test.tsx only): reports shaped by
 * the contract, a session with chosen permissions.
 */
import type { FaultReport, FaultReportQuestion, Permission } from '@overtone/contract';
import { sessionStore } from '../../core/session';
import { TEST_SESSION } from '../../app/testing/renderApp';
import { blankPoint } from '../points/blankPoint';

export const P = 'a'.repeat(24);
export const M = 'b'.repeat(24);
export const id = (n: number) => n.toString(16).padStart(24, '0');

export const loginWith = (permissions: Permission[]) => sessionStore.set({ ...TEST_SESSION, permissions });

/** The point: sensor y is mounted along the machine's Z axis. */
export const POINT = blankPoint({ _id: P, name: 'Pump DE', path: ['Plant'], coordinateYAxis: 'zAxis', coordinateZAxis: 'yAxis' });

const text = (en: string) => ({
  tr: `${en} (tr)`,
  en,
  de: `${en} (de)`,
  ru: `${en} (ru)`,
  zh: `${en} (zh)`,
  zhTw: `${en} (zh-tw)`,
});

export const QUESTIONS: FaultReportQuestion[] = [
  { code: 'comments', order: 3, isMandatory: false, answerType: 'text', question: text('Comments'), answer: null },
  { code: 'fault_confirmed', order: 1, isMandatory: true, answerType: 'yesNo', question: text('Did an inspection confirm the fault?'), answer: null },
  { code: 'bearing_replaced', order: 2, isMandatory: true, answerType: 'yesNo', question: text('Was the bearing replaced?'), answer: null },
]; // prettier-ignore

export const report = (n: number, patch: Partial<FaultReport> = {}): FaultReport => ({
  id: id(700 + n),
  isAnswered: false,
  createdAt: '2030-01-02T03:04:05.000Z',
  updatedAt: '2030-01-05T03:04:05.000Z',
  customer: id(1),
  partner: null,
  point: P,
  pointName: 'Pump DE',
  pointPath: 'Plant / Pump DE',
  detectionType: 'machine',
  fault: 'bearing_failure',
  code: 'bearing_failure:outer_race',
  name: text('Bearing failure (outer race)'),
  severity: 'hazard',
  severityHistory: [
    { severity: 'attention', at: '2030-01-02T03:04:05.000Z', measurementId: M },
    { severity: 'hazard', at: '2030-01-05T03:04:05.000Z', measurementId: M },
  ],
  status: 'open',
  closedAt: null,
  closedReason: null,
  description: 'Outer-race defect lines in the envelope spectrum.',
  indication: 'BPFO and its harmonics above the baseline.',
  cause: 'Fatigue spall on the outer race.',
  suggestions: ['Plan the bearing replacement.', 'Check the lubrication.'],
  questions: QUESTIONS,
  image: null,
  bearingComponent: 'outer_race',
  confidence: 0.87,
  timeToStopMonths: 2,
  timeToStop: 'Within two months',
  measurementId: M,
  evidence: [
    { kind: 'BPFO', label: null, frequencyHz: 107.36, order: 3.585, amplitude: 0.0421, unit: 'g', axis: 'y', domain: 'envelope', baselineAmplitude: 0.0042, measurementId: M },
    { kind: 'TIME', label: 'kurtosis', frequencyHz: null, order: null, amplitude: 7.2, unit: '', axis: 'x', domain: 'time', baselineAmplitude: null, measurementId: M },
  ],
  evaluation: null,
  ...patch,
}); // prettier-ignore

/** A list answer of `GET /point/{id}/fault-reports`. */
export const reportsAnswer = (reports: FaultReport[], total = reports.length) => ({
  data: { total, detectionReports: reports },
});
