import type { Generated } from 'kysely';
import type { Timestamp, Optional } from './column-types.ts';

/** Kysely table types: The diagnosis: features, its queue, diagnoses, baselines, fault reports, maintenance, AI predictions, the dashboard's history version. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

/** Diagnosis features of a measurement (migration 0022; packages/diagnosis MeasurementFeatures). */
export interface MeasurementFeaturesTable {
  measurement_id: string;
  customer_id: string;
  point_id: string | null;
  measured_at: Timestamp;
  version: number;
  /** gzip-compressed JSON (modules/fault-reports/features-codec.ts; migration 0023) */
  features: Uint8Array;
  created_at: Generated<Date>;
}
/** Measurements waiting for their diagnosis (migration 0022; jobs/diagnosis). */
export interface DiagnosisPendingTable {
  measurement_id: string;
  queued_at: Generated<Date>;
}
/** One diagnosed measurement: report codes found, absolute machine fault (migration 0022). */
export interface MeasurementDiagnosesTable {
  measurement_id: string;
  customer_id: string;
  point_id: string;
  measured_at: Timestamp;
  codes: string[];
  absolute_machine_fault: boolean;
  diagnosed_at: Generated<Date>;
}
/** A point's cached diagnosis baseline (migration 0022). */
export interface PointBaselinesTable {
  point_id: string;
  customer_id: string;
  start_at: Optional<Date>;
  baseline: Optional<unknown>;
  measurements: Generated<number>;
  complete: Generated<boolean>;
  updated_at: Generated<Date>;
}
/** Fault reports (migration 0022; spec 001 §3 Fault report). */
export interface FaultReportsTable {
  id: string;
  customer_id: string;
  point_id: string;
  fault: string;
  bearing_component: string | null;
  code: string;
  detection_type: 'machine' | 'sensor';
  severity: string;
  severity_history: unknown;
  status: Generated<'open' | 'closed'>;
  closed_at: Optional<Date>;
  closed_reason: Optional<'healthy' | 'maintenance'>;
  confidence: number;
  max_score: number;
  rule: string;
  evidence: unknown;
  measurement_id: string;
  last_seen_at: Timestamp;
  is_answered: Generated<boolean>;
  answers: Optional<unknown>;
  answered_at: Optional<Date>;
  answered_by: Optional<string>;
  confirmed: Optional<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Patterns evaluations marked "not confirmed" on a point (migration 0022). */
export interface FaultFalsePositivesTable {
  report_id: string;
  customer_id: string;
  point_id: string;
  fault: string;
  bearing_component: string | null;
  score: number;
  created_at: Generated<Date>;
}
/** Maintenance records of a point and their verdicts (migration 0024; modules/maintenance). */
export interface MaintenancesTable {
  id: string;
  customer_id: string;
  point_id: string;
  title: string;
  description: Generated<string>;
  status: string;
  start_at: Date;
  completed_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  verdict: unknown;
  outcome: string | null;
}
/** Version of a customer's dashboard level history, raised by triggers on writes that change the past (migration 0026; modules/dashboard/history-cache.ts). */
export interface DashboardHistoryVersionsTable {
  customer_id: string;
  version: Generated<string>;
  changed_at: Generated<Date>;
}
/** AI-model predictions, cached (migration 0016; docs/ai-model.md). */
export interface AiPredictionsTable {
  measurement_id: string;
  model_id: string;
  customer_id: string;
  context_key: string;
  prediction: string;
  probability: number | null;
  source: string | null;
  computed_at: Generated<Date>;
}
