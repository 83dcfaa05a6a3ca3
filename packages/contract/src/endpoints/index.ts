import { TREE_ENDPOINTS } from './tree.ts';
import { DASHBOARD_ENDPOINTS } from './dashboard.ts';
import { ROLE_ENDPOINTS } from './roles.ts';
import { USER_ENDPOINTS } from './users.ts';
import { TELEMETRY_ENDPOINTS } from './telemetry.ts';
import { ME_ENDPOINTS } from './me.ts';
import { DEVICE_ENDPOINTS } from './devices.ts';
import { ROUTE_ENDPOINTS } from './point-routes.ts';
import { BEARING_ENDPOINTS } from './bearings.ts';
import { NOTIFICATION_ENDPOINTS } from './notifications.ts';
import { MAINTENANCE_ENDPOINTS } from './maintenance.ts';
import { CONDITION_ENDPOINTS } from './condition.ts';
import { TREND_ENDPOINTS } from './trend.ts';
import { ALARM_ENDPOINTS } from './alarms.ts';
import { POINT_CONFIG_ENDPOINTS } from './point-config.ts';
import { SCHEDULER_ENDPOINTS } from './scheduler.ts';
import { DUCK_ENDPOINTS } from './ducks.ts';
import { GATEWAY_ENDPOINTS } from './gateways.ts';
import { FAULT_REPORT_ENDPOINTS } from './fault-reports.ts';
import { AI_MODEL_ENDPOINTS } from './ai-models.ts';
import { GATEWAY_REGISTRATION_ENDPOINTS } from './gateway-registration.ts';
import { MEASUREMENT_ENDPOINTS } from './measurements.ts';
import { MEASUREMENT_DETAIL_ENDPOINTS } from './measurement-detail.ts';
import { IOT_ENDPOINTS } from './iot.ts';
import { CUSTOMER_ENDPOINTS } from './customers.ts';
import { PREFERENCE_ENDPOINTS } from './preferences.ts';

import { AUTH_ENDPOINTS } from './auth.ts';

import { AUTH_MFA_ENDPOINTS } from './auth-mfa.ts';

import { HEALTH_ENDPOINTS } from './health.ts';

import { FAULT_REPORT_FILE_ENDPOINTS } from './fault-report-files.ts';

import { MEASUREMENT_DETAIL_FILE_ENDPOINTS } from './measurement-detail-files.ts';

import { AUTH_RESET_ENDPOINTS } from './auth-forgot-password.ts';

import { POINT_IMAGE_ENDPOINTS } from './point-images.ts';

import { ANALYSIS_ENDPOINTS } from './analysis.ts';

import { SHARE_LINK_ENDPOINTS } from './share-links.ts';

import { GATEWAY_CREDENTIAL_ENDPOINTS } from './gateway-credentials.ts';

export * from './endpoint.ts';
export { SIGNAL_DOC, signalQuery } from './measurement-detail-files.ts';
export { DASHBOARD_ENDPOINTS };

/**
 * The operations of the HTTP API, by name (issue 20 "One endpoint table"; the entry's shape:
 * ./endpoint.ts; docs/architecture.md "The endpoint table"). Every operation of the API is one
 * entry; `apps/server/test/endpoint-table.test.ts` checks that every entry is registered as declared.
 */
export const ENDPOINTS = {
  ...DASHBOARD_ENDPOINTS,
  ...ANALYSIS_ENDPOINTS,
  ...SHARE_LINK_ENDPOINTS,
  ...GATEWAY_CREDENTIAL_ENDPOINTS,
  ...POINT_IMAGE_ENDPOINTS,
  ...AUTH_RESET_ENDPOINTS,
  ...MEASUREMENT_DETAIL_FILE_ENDPOINTS,
  ...FAULT_REPORT_FILE_ENDPOINTS,
  ...HEALTH_ENDPOINTS,
  ...AUTH_MFA_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...PREFERENCE_ENDPOINTS,
  ...CUSTOMER_ENDPOINTS,
  ...IOT_ENDPOINTS,
  ...MEASUREMENT_DETAIL_ENDPOINTS,
  ...MEASUREMENT_ENDPOINTS,
  ...GATEWAY_REGISTRATION_ENDPOINTS,
  ...AI_MODEL_ENDPOINTS,
  ...FAULT_REPORT_ENDPOINTS,
  ...GATEWAY_ENDPOINTS,
  ...DUCK_ENDPOINTS,
  ...SCHEDULER_ENDPOINTS,
  ...POINT_CONFIG_ENDPOINTS,
  ...ALARM_ENDPOINTS,
  ...TREND_ENDPOINTS,
  ...CONDITION_ENDPOINTS,
  ...MAINTENANCE_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...BEARING_ENDPOINTS,
  ...ROUTE_ENDPOINTS,
  ...DEVICE_ENDPOINTS,
  ...ME_ENDPOINTS,
  ...TELEMETRY_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...ROLE_ENDPOINTS,
  ...TREE_ENDPOINTS,
};
