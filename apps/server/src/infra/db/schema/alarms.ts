import type { Generated } from 'kysely';
import type { Timestamp, Optional } from './column-types.ts';

/** Kysely table types: Alarms, their states and transactions, digests and notifications. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

/** Metric alarms of a point (migration 0015; modules/alarms). */
export interface MetricAlarmsTable {
  id: string;
  customer_id: string;
  point_id: string;
  name: string;
  telemetry: string;
  source: string;
  threshold_direction: number;
  calculated: Generated<boolean>;
  /** [lowHz, highHz] or null */
  frequency_range: Optional<unknown>;
  /** {attention, hazard, critical}: [lower, upper] each */
  threshold: unknown;
  delay_count: Generated<number>;
  hysteresis: Generated<number>;
  built_in: Optional<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** Frequency-peak alarms of a point (migration 0015); sensitivity stored halved as `half_band_hz`. */
export interface FrequencyPeakAlarmsTable {
  id: string;
  customer_id: string;
  point_id: string;
  name: string;
  axis: string;
  frequency_hz: number;
  half_band_hz: number;
  attention: number;
  hazard: number;
  critical: number;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}
/** Active level of each alarm (migration 0015; jobs/alarms). */
export interface AlarmStatesTable {
  alarm_id: string;
  kind: 'metric' | 'frequencyPeak' | 'noData';
  customer_id: string;
  point_id: string;
  level: Generated<number>;
  pending_level: Optional<number>;
  pending_count: Generated<number>;
  last_measured_at: Optional<Date>;
  updated_at: Generated<Date>;
}
/** Measurements final but not yet evaluated for alarms (migration 0015; queued by a trigger). */
export interface AlarmEvaluationsPendingTable {
  measurement_id: string;
  queued_at: Generated<Date>;
}
/** Alarm transactions: one row per level change (migration 0015). */
export interface AlarmTransactionsTable {
  id: string;
  customer_id: string;
  /** null for a gateway's alarm (migration 0028: Senseway disconnected) */
  point_id: string | null;
  alarm_id: string;
  kind: 'metric' | 'frequencyPeak' | 'noData' | 'gatewayDisconnected';
  name: string;
  telemetry: string;
  source: string;
  mac_address: Generated<string>;
  level: number;
  score: number;
  measurement_id: Optional<string>;
  created_at: Timestamp;
  mail_state: Generated<'pending' | 'sent' | 'skipped'>;
}
/** Last alarm digest mail of a customer (migration 0015). */
export interface AlarmMailDigestsTable {
  customer_id: string;
  last_sent_at: Timestamp;
}
/** Points given the built-in default alarms (migration 0015). */
export interface AlarmDefaultsAppliedTable {
  point_id: string;
  applied_at: Generated<Date>;
  /** when the crest factor* alarms were given (migration 0028); null: not yet */
  crest_star_applied_at: Optional<Date>;
}
/** Active level of a gateway's Senseway-disconnected alarm (migration 0028). */
export interface GatewayAlarmStatesTable {
  gateway_id: string;
  customer_id: string;
  level: Generated<number>;
  updated_at: Generated<Date>;
}
/** In-app alarm notifications of the notification receivers (migration 0028). */
export interface NotificationsTable {
  user_id: string;
  transaction_id: string;
  customer_id: string;
  created_at: Generated<Date>;
  read_at: Optional<Date>;
}
