/**
 * The database's types for Kysely: the `DB` map of every table, its row types by area in
 * `schema/*.ts`. They mirror apps/server/migrations/*.sql; schema.test.ts applies the migrations
 * and fails on a table or column missing on either side or a nullability that differs.
 */
import type {
  CustomersTable,
  RolesTable,
  UsersTable,
  SessionsTable,
  CaptchaUsesTable,
  MfaChallengesTable,
  LoginAttemptsTable,
  MailSendsTable,
} from './schema/accounts.ts';
import type {
  BearingsTable,
  TreeNodesTable,
  PointImagesTable,
  RoutesTable,
  RoutePointsTable,
  TelemetryDefinitionsTable,
} from './schema/assets.ts';
import type {
  GatewaysTable,
  DevicesTable,
  DeviceScansTable,
  DucksTable,
  WlanRequestsTable,
  EdgeCredentialsTable,
  SchedulerJobsTable,
  PointTriggersTable,
  TriggerEventsTable,
} from './schema/devices.ts';
import type {
  MeasurementsTable,
  MeasurementChunksTable,
  MeasurementDoneTable,
  MeasurementClaimsTable,
  IngestRejectionsTable,
  TelemetryValuesTable,
  MeasurementValuesTable,
  MeasurementPhotosTable,
  ShareTokensTable,
} from './schema/measurements.ts';
import type {
  MetricAlarmsTable,
  FrequencyPeakAlarmsTable,
  AlarmStatesTable,
  AlarmEvaluationsPendingTable,
  AlarmTransactionsTable,
  AlarmMailDigestsTable,
  AlarmDefaultsAppliedTable,
  GatewayAlarmStatesTable,
  NotificationsTable,
} from './schema/alarms.ts';
import type {
  MeasurementFeaturesTable,
  DiagnosisPendingTable,
  MeasurementDiagnosesTable,
  PointBaselinesTable,
  FaultReportsTable,
  FaultFalsePositivesTable,
  MaintenancesTable,
  DashboardHistoryVersionsTable,
  AiPredictionsTable,
} from './schema/diagnosis.ts';

export type * from './schema/accounts.ts';
export type * from './schema/assets.ts';
export type * from './schema/devices.ts';
export type * from './schema/measurements.ts';
export type * from './schema/alarms.ts';
export type * from './schema/diagnosis.ts';

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
  measurement_values: MeasurementValuesTable;
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
  measurement_photos: MeasurementPhotosTable;
  share_tokens: ShareTokensTable;
  ai_predictions: AiPredictionsTable;
}
