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
