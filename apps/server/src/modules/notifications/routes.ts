import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_HEADER, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf } from '../auth/access.ts';
import { alarmNameIn } from '../alarms/built-in-name.ts';
import { listNotifications, markNotificationsRead } from './repo.ts';

/** In-app alarm notifications of the notification receivers (spec 002 §2 Preferences). */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listNotifications),
    handler: async (req) => {
      const auth = authOf(req);
      const lang = resolveLanguage(req.headers[LANGUAGE_HEADER] as string | undefined);
      const list = await listNotifications(ctx.db, auth.customerId, auth.userId, req.query.limit);
      return { ...list, notifications: list.notifications.map((n) => ({ ...n, name: alarmNameIn(n.name, lang) })) };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.markNotificationsRead),
    handler: async (req) => {
      const auth = authOf(req);
      return { unread: await markNotificationsRead(ctx.db, auth.customerId, auth.userId, req.body.ids, new Date()) };
    },
  });
}
