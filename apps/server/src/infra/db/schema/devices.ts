import type { Generated } from 'kysely';
import type { Timestamp, Optional } from './column-types.ts';

/** Kysely table types: Gateways, devices, Ducks, their scans, credentials and WLAN requests; schedules and triggers. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

export interface GatewaysTable {
  id: string;
  customer_id: string;
  mac: string;
  root: Generated<string>;
  last_seen_at: Timestamp | null;
  created_at: Generated<Date>;
  /** when its MQTT connection was last dropped, until its next scan (migration 0032; modules/iot/command-redelivery.ts) */
  connection_dropped_at: Generated<Date | null>;
}
export interface DevicesTable {
  id: string;
  customer_id: string;
  mac: string;
  type: Generated<string>;
  point_id: string | null;
  gateway_mac: string | null;
  /** The measurement profile while attached to a point, else null (migration 0006). */
  profile: unknown | null;
  created_at: Generated<Date>;
}
export interface DeviceScansTable {
  gateway_mac: string;
  device_mac: string;
  rssi: number | null;
  status: string;
  scanned_at: Timestamp;
  /** battery voltage, V, of the latest scan entry that carried one (0027); null when none did */
  battery_v: number | null;
}
/** Ducks of a customer with their configuration (migration 0008; modules/ducks). */
export interface DucksTable {
  id: string;
  customer_id: string;
  mac: string;
  config: unknown;
  repeat_interval_s: Optional<number>;
  trigger_id: Optional<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The Duck's own periodic schedule (migration 0012; modules/scheduler/duck-jobs.ts). */
  next_run_at: Optional<Date>;
  scheduled_interval_s: Optional<number>;
  last_run_at: Optional<Date>;
  failed_at: Optional<Date>;
  fail_reason: Optional<string>;
}
/** WLAN requests sent to gateways and triggers, without the password (migration 0006). */
export interface WlanRequestsTable {
  id: string;
  customer_id: string;
  target_mac: string;
  target_kind: 'GATEWAY' | 'TRIGGER';
  ssid: string;
  user_id: string | null;
  requested_at: Generated<Date>;
}
/** MQTT identities of gateways and triggers (migration 0019, modules/edge). */
export interface EdgeCredentialsTable {
  mac: string;
  customer_id: string;
  kind: 'GATEWAY' | 'TRIGGER';
  secret_sha256: string | null;
  issued_at: Timestamp | null;
  revoked_at: Timestamp | null;
  issued_by: string | null;
}
/** Periodic measurement schedule of a point (migration 0007; modules/scheduler). */
export interface SchedulerJobsTable {
  point_id: string;
  customer_id: string;
  sleep_amount: number;
  next_run_at: Date;
  last_run_at: Date | null;
  failed_at: Date | null;
  fail_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** Trigger device assigned to a point (migration 0007; modules/scheduler). */
export interface PointTriggersTable {
  point_id: string;
  customer_id: string;
  trigger_mac: string;
  created_at: Generated<Date>;
}
/** Trigger events already handled (migration 0007): deduplication across redeliveries and instances. */
export interface TriggerEventsTable {
  trigger_mac: string;
  event_key: string;
  received_at: Generated<Date>;
}
