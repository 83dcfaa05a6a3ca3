import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Optional } from './column-types.ts';

/** Kysely table types: Measurements, their photos and share links, the ingest's chunk store and rejections, telemetry values. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

export interface MeasurementsTable {
  id: string;
  customer_id: string;
  object_id: string;
  point_id: string | null;
  device_mac: string;
  gateway_mac: string | null;
  user_id: string | null;
  measurement_type: 'MANUAL' | 'PERIODIC' | 'TRIGGERED';
  state: 'requested' | 'accepted' | 'receiving' | 'persisted' | 'partial' | 'error';
  tags: Generated<string[]>;
  favorite: Generated<boolean>;
  note: Generated<string>;
  upload: Generated<boolean>;
  error: Optional<string>;
  range_index: number;
  rate_index: number;
  sample_size: number;
  calibrated_sampling_rate: Optional<number>;
  started_at: Optional<Date>;
  waveform_key: Optional<string>;
  device_telemetry: Optional<unknown>;
  created_at: Generated<Date>;
  persisted_at: Optional<Date>;
  /** configuration snapshot of a Duck measurement (migration 0008), null otherwise */
  duck_config: Optional<unknown>;
}
export interface MeasurementChunksTable {
  device_mac: string;
  object_id: string;
  idx: number;
  payload: Uint8Array;
  received_at: Generated<Date>;
}
export interface MeasurementDoneTable {
  device_mac: string;
  object_id: string;
  gateway_mac: string;
  root: string;
  payload: unknown;
  received_at: Generated<Date>;
}
/** The instance finalizing a measurement, until when (migration 0031; several instances). */
export interface MeasurementClaimsTable {
  device_mac: string;
  object_id: string;
  instance: string;
  until: Date;
}
/** Senseway messages the ingest refused (migration 0020). */
export interface IngestRejectionsTable {
  id: Generated<string>;
  gateway_mac: string | null;
  device_mac: string | null;
  topic: string;
  reason: string;
  received_at: Generated<Date>;
}
export interface TelemetryValuesTable {
  measurement_id: string;
  customer_id: string;
  point_id: string | null;
  telemetry: string;
  source: string;
  device_reported: boolean;
  value: number;
  unit: string;
  measured_at: Timestamp;
}
/** Photos of a measurement (migration 0013; modules/measurements). */
export interface MeasurementPhotosTable {
  key: string;
  customer_id: string;
  measurement_id: string;
  content_type: Generated<string>;
  created_at: Generated<Date>;
}
/** Share links of a measurement (migration 0013; modules/share). */
export interface ShareTokensTable {
  id: string;
  token_hash: string;
  customer_id: string;
  measurement_id: string;
  allow_trend: Generated<boolean>;
  allow_image: Generated<boolean>;
  allow_alarm_transactions: Generated<boolean>;
  expires_in: string;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
}
/**
 * The measurement list's value index (migrations 0011, 0018): per measurement and telemetry, each
 * distinct computed value with the next smaller one, and a copy of the measurement's filterable
 * columns. Written by SQL only (ingest's insert, the refresh functions and triggers); `week` is
 * generated.
 */
export interface MeasurementValuesTable {
  measurement_id: string;
  telemetry: string;
  value: number;
  below: number | null;
  customer_id: string;
  created_at: Date;
  week: Generated<number>;
  point_id: string | null;
  device_mac: string | null;
  user_id: string | null;
  measurement_type: string | null;
  state: string | null;
  tags: Generated<string[]>;
  favorite: Generated<boolean>;
  upload: Generated<boolean>;
}
