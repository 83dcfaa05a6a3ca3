import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LANGUAGE_HEADER,
  badRequestBody,
  notificationsQuery,
  notificationsReadBody,
  notificationsReadResponse,
  notificationsResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf, needs } from '../auth/access.ts';
import { alarmNameIn } from '../alarms/built-in-name.ts';
import { listNotifications, markNotificationsRead } from './repo.ts';

const OWN_DOC =
  'The caller’s own notifications only (one per alarm transaction at or above the customer’s alarm level, for the users named in preferences `alarm.notificationReceivers`; docs/alarms.md "Notifications"). Needs readAlarm.';

/** In-app alarm notifications of the notification receivers (spec 002 §2 Preferences). */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'My alarm notifications',
      description: `The newest \`limit\` (1…50, default 20), newest first, each with \`read\`; \`unread\` counts every unread one. ${OWN_DOC}`,
      querystring: notificationsQuery,
      response: { 200: notificationsResponse, 400: badRequestBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const lang = resolveLanguage(req.headers[LANGUAGE_HEADER] as string | undefined);
      const list = await listNotifications(ctx.db, auth.customerId, auth.userId, req.query.limit);
      return { ...list, notifications: list.notifications.map((n) => ({ ...n, name: alarmNameIn(n.name, lang) })) };
    },
  });

  r.post('/notifications/read', {
    config: { access: needs('readAlarm') },
    schema: {
      tags: ['alarms'],
      summary: 'Mark my alarm notifications read',
      description: `Body \`{ids}\` (alarm transaction ids, at most 50) marks those read; without \`ids\` every one. Ids that are not the caller’s change nothing. Answers how many stay unread. ${OWN_DOC}`,
      body: notificationsReadBody,
      response: { 200: notificationsReadResponse, 400: badRequestBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      return { unread: await markNotificationsRead(ctx.db, auth.customerId, auth.userId, req.body.ids, new Date()) };
    },
  });
}
