/**
 * Test helpers of the maintenance feature (imported by *.test.tsx only): records shaped by the
 * contract, a session with chosen permissions.
 */
import type { MaintenanceRecord, MaintenanceVerdict, Permission } from '@overtone/contract';
import { sessionStore } from '../../core/session';
import { TEST_SESSION } from '../../app/testing/renderApp';
import { blankPoint } from '../points/blankPoint';

export const P = 'a'.repeat(24);
export const id = (n: number) => n.toString(16).padStart(24, '0');

export const loginWith = (permissions: Permission[]) => sessionStore.set({ ...TEST_SESSION, permissions });

/** The point: sensor y is mounted along the machine's Z axis. */
export const POINT = blankPoint({ _id: P, name: 'Pump DE', path: ['Plant'], coordinateYAxis: 'zAxis', coordinateZAxis: 'yAxis' });

/** An improved verdict: zone C → A on x, 1× −12 dB, BPFO −20 dB on y, one report closed. */
export const IMPROVED: MaintenanceVerdict = {
  outcome: 'improved',
  decidedAt: '2030-01-20T09:00:00.000Z',
  measurementsBefore: 6,
  measurementsAfter: 4,
  lines: [
    { quantity: 'ISO10816_ZONE', axis: 'x', kind: null, faultReportId: null, unit: '', before: 3, after: 1, change: -2, outcome: 'improved' },
    { quantity: 'VRMS_ISO10816', axis: 'x', kind: null, faultReportId: null, unit: 'mm/s', before: 7.1, after: 1.8, change: -11.92, outcome: 'improved' },
    { quantity: '1X', axis: 'x', kind: null, faultReportId: null, unit: 'mm/s', before: 2.5, after: 2.45, change: -0.18, outcome: 'unchanged' },
    { quantity: 'EVIDENCE', axis: 'y', kind: 'BPFO', faultReportId: id(701), unit: 'g', before: 0.0421, after: 0.00421, change: -20, outcome: 'improved' },
    { quantity: 'BPFI', axis: 'z', kind: null, faultReportId: null, unit: 'g', before: null, after: 0.002, change: null, outcome: null },
  ],
  closedFaultReports: [id(701), id(702)],
}; // prettier-ignore

export const record = (n: number, patch: Partial<MaintenanceRecord> = {}): MaintenanceRecord => ({
  _id: id(900 + n),
  pointId: P,
  title: `Work ${n}`,
  description: '',
  status: 'continues',
  maintenanceStartDate: '2030-01-15 08:30:00',
  createdAt: '2030-01-15T05:30:00.000Z',
  updatedAt: '2030-01-15T05:30:00.000Z',
  completedAt: null,
  createdBy: { _id: id(5), name: 'Ada Lovelace' },
  verdict: null,
  ...patch,
});
