import { notificationsQuery, notificationsReadBody, notificationsReadResponse, notificationsResponse } from '../notifications.ts';
import { endpoint } from './endpoint.ts';

const OWN_DOC =
  'The caller’s own notifications only (one per alarm transaction at or above the customer’s alarm level, for the users named in preferences `alarm.notificationReceivers`; docs/alarms.md "Notifications"). Needs readAlarm.';

/**
 * In-app alarm notifications (spec 001 §3). Server: modules/notifications.
 */
export const NOTIFICATION_ENDPOINTS = {
  listNotifications: endpoint({
    method: 'GET',
    path: '/notifications',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: 'My alarm notifications',
    description: `The newest \`limit\` (1…50, default 20), newest first, each with \`read\`; \`unread\` counts every unread one. ${OWN_DOC}`,
    query: notificationsQuery,
    response: notificationsResponse,
    errors: [400],
  }),
  markNotificationsRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: 'Mark my alarm notifications read',
    description: `Body \`{ids}\` (alarm transaction ids, at most 50) marks those read; without \`ids\` every one. Ids that are not the caller’s change nothing. Answers how many stay unread. ${OWN_DOC}`,
    body: notificationsReadBody,
    response: notificationsReadResponse,
    errors: [400],
  }),
};
