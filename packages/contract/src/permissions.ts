/**
 * Permission keys (spec 000 §6, spec 002 §6), grouped by the category the roles dialog shows.
 * The server enforces every one of them; the web only hides what the session lacks.
 */
export const PERMISSION_CATEGORIES = {
  dashboard: ['readDashboard'],
  measurement: ['createMeasurement', 'readMeasurement', 'deleteMeasurement', 'deleteMeasurementPhoto', 'updateMeasurementTags'],
  point: ['createPoint', 'readPoint', 'updatePoint', 'deletePoint'],
  pointConfig: ['updatePointConfig', 'deletePointConfig'],
  route: ['createRoute', 'readRoute', 'updateRoute', 'deleteRoute'],
  trend: ['Readtrend'],
  alarm: ['readAlarm', 'createAlarm', 'updateAlarm', 'deleteAlarm'],
  faultReport: ['readFaultReport', 'updateFaultReport'],
  maintenance: ['readMaintenance', 'createMaintenance', 'updateMaintenance'],
  gateway: ['readGateway', 'updateGateway', 'addSensor'],
  user: ['readUser', 'createUser', 'updateUser', 'deleteUser'],
  role: ['readRole', 'createRole', 'updateRole', 'deleteRole'],
  telemetry: ['readTelemetry', 'createTelemetry', 'updateTelemetry', 'deleteTelemetry'],
  preferences: ['updatePreferences'],
} as const;

export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;
export type Permission = (typeof PERMISSION_CATEGORIES)[PermissionCategory][number];
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_CATEGORIES).flat();

/**
 * Who may read the customer's telemetry definitions (`GET /telemetry`): the telemetry admin
 * (readTelemetry) and every screen that names telemetry with them: measurements, trend, alarms,
 * the point form, the dashboard, and the preferences' default telemetry. The server enforces it;
 * the web asks only when the session holds one of them.
 */
export const TELEMETRY_READERS: readonly Permission[] = [
  'readTelemetry',
  'readMeasurement',
  'Readtrend',
  'readAlarm',
  'readPoint',
  'readDashboard',
  'updatePreferences',
];

/** Who may list where telemetry values come from (`GET /telemetry/sources`): the telemetry admin. */
export const TELEMETRY_SOURCE_READERS: readonly Permission[] = ['readTelemetry', 'createTelemetry', 'updateTelemetry'];
