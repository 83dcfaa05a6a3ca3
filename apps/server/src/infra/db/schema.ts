import type { ColumnType, Generated } from 'kysely';

/** Kysely table types; they mirror apps/server/migrations/*.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column with a NULL default: may be left out of inserts. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface CustomersTable {
  id: string;
  name: string;
  hosts: string[];
  preferences: unknown;
  disabled: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface RolesTable {
  id: string;
  customer_id: string;
  name: string;
  display_name: string;
  permissions: string[];
  created_at: Generated<Date>;
}
export interface UsersTable {
  id: string;
  customer_id: string;
  email: string;
  password_hash: string;
  name: string;
  surname: string;
  phone: string | null;
  user_type: 'admin' | 'user';
  role_id: string | null;
  password_changed: Generated<boolean>;
  user_guiding_shown: Generated<boolean>;
  mfa_enabled: Generated<boolean>;
  is_mobile: Generated<boolean>;
  phone_country: Optional<string>;
  created_at: Generated<Date>;
}
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  customer_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  purpose: Generated<'session' | 'password_reset'>;
}
export interface CaptchaUsesTable {
  signature: string;
  expires_at: Timestamp;
}
export interface BearingsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  bearing_number: string;
  bpfo: number;
  bpfi: number;
  bsf: number;
  ftf: number;
  /** Cage frequency relative to the inner ring, orders (1 − ftf for catalogue rows); migration 0005. */
  ftfi: Generated<number>;
  /** Catalogue family ('deep groove ball', 'cylindrical roller'), '' for custom; migration 0005. */
  group: Generated<string>;
  type: 'DEFAULT' | 'CUSTOM';
}
/** Routes: named sets of points (migration 0005). */
export interface RoutesTable {
  id: string;
  customer_id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** The points of a route in order; a deleted point leaves every route (ON DELETE CASCADE). */
export interface RoutePointsTable {
  route_id: string;
  point_id: string;
  position: number;
}
export interface TreeNodesTable {
  id: string;
  customer_id: string;
  parent_id: string | null;
  node_type: 'group' | 'point';
  name: string;
  tag_code: string;
  sort_order: Generated<number>;
  health: Generated<string>;
  point: unknown;
  /** {telemetry: max value} of the latest persisted measurement (maintained by triggers, migration 0004). */
  last_values: Optional<unknown>;
  /** DUCKV1 channel group codes of the point (migration 0006). */
  channel_groups: Generated<string[]>;
  created_at: Generated<Date>;
}
/** Images of a point, stored in object storage under `points/{customer}/{point}/` (migration 0004). */
export interface PointImagesTable {
  key: string;
  customer_id: string;
  point_id: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
}
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
export interface DeviceScansTable {
  gateway_mac: string;
  device_mac: string;
  rssi: number | null;
  status: string;
  scanned_at: Timestamp;
  /** battery voltage, V, of the latest scan entry that carried one (0027); null when none did */
  battery_v: number | null;
}
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
export interface MfaChallengesTable {
  id: string;
  customer_id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Optional<Date>;
  created_at: Generated<Date>;
}
export interface LoginAttemptsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  ip: string;
  succeeded: boolean;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 'password' (POST /auth/customer) or 'mfa' (POST /auth/customer/verify-mfa); migration 0003. */
  kind: Generated<'password' | 'mfa'>;
}
/** A reset-link or second-step-code mail sent (migration 0021; modules/auth/mail-limit.ts). */
export interface MailSendsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  ip: string;
  kind: 'password_reset' | 'mfa_code';
  at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface TelemetryDefinitionsTable {
  id: string;
  customer_id: string;
  name: string;
  display_name: string;
  unit: string;
  hidden: Generated<boolean>;
  min_value: Optional<number>;
  max_value: Optional<number>;
  is_default: Generated<boolean>;
  built_in: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface DB {
  customers: CustomersTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  captcha_uses: CaptchaUsesTable;
  bearings: BearingsTable;
  tree_nodes: TreeNodesTable;
  point_images: PointImagesTable;
  gateways: GatewaysTable;
  devices: DevicesTable;
  device_scans: DeviceScansTable;
  measurements: MeasurementsTable;
  measurement_chunks: MeasurementChunksTable;
  measurement_done: MeasurementDoneTable;
  measurement_claims: MeasurementClaimsTable;
  ingest_rejections: IngestRejectionsTable;
  telemetry_values: TelemetryValuesTable;
  mfa_challenges: MfaChallengesTable;
  login_attempts: LoginAttemptsTable;
  mail_sends: MailSendsTable;
  telemetry_definitions: TelemetryDefinitionsTable;
  routes: RoutesTable;
  route_points: RoutePointsTable;
  ducks: DucksTable;
  wlan_requests: WlanRequestsTable;
  edge_credentials: EdgeCredentialsTable;
  scheduler_jobs: SchedulerJobsTable;
  point_triggers: PointTriggersTable;
  trigger_events: TriggerEventsTable;
  metric_alarms: MetricAlarmsTable;
  frequency_peak_alarms: FrequencyPeakAlarmsTable;
  alarm_states: AlarmStatesTable;
  alarm_evaluations_pending: AlarmEvaluationsPendingTable;
  alarm_transactions: AlarmTransactionsTable;
  alarm_mail_digests: AlarmMailDigestsTable;
  alarm_defaults_applied: AlarmDefaultsAppliedTable;
  gateway_alarm_states: GatewayAlarmStatesTable;
  notifications: NotificationsTable;
  measurement_features: MeasurementFeaturesTable;
  diagnosis_pending: DiagnosisPendingTable;
  measurement_diagnoses: MeasurementDiagnosesTable;
  point_baselines: PointBaselinesTable;
  fault_reports: FaultReportsTable;
  fault_false_positives: FaultFalsePositivesTable;
  maintenances: MaintenancesTable;
  dashboard_history_versions: DashboardHistoryVersionsTable;
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
}

/** Trigger events already handled (migration 0007): deduplication across redeliveries and instances. */
export interface TriggerEventsTable {
  trigger_mac: string;
  event_key: string;
  received_at: Generated<Date>;
}

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
/** Measurements final but not yet evaluated for alarms (migration 0015; queued by a trigger). */
export interface AlarmEvaluationsPendingTable {
  measurement_id: string;
  queued_at: Generated<Date>;
}
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
