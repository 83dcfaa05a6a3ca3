import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_SLEEP_AMOUNT, sleepSeconds, ENDPOINTS } from '@overtone/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { sendSleepCommand } from '../iot/measure-command.ts';
import { withPoint } from '../point-config/with-point.ts';
import {
  assignPointTrigger,
  deleteJob,
  findJob,
  pointTriggerRows,
  toSchedulerJob,
  unassignPointTriggers,
  upsertJob,
} from './repo.ts';

async function periodicOf(db: Kysely<DB>, customerId: string, pointId: string) {
  const job = await findJob(db, customerId, pointId);
  return job ? { sleepAmount: job.sleep_amount, schedulerJob: toSchedulerJob(job) } : { sleepAmount: null, schedulerJob: null };
}

async function triggersOf(db: Kysely<DB>, customerId: string, pointId: string) {
  const rows = await pointTriggerRows(db, customerId, pointId);
  return { triggers: rows.map((r) => ({ macAddress: r.trigger_mac, assignedAt: new Date(r.created_at).toISOString() })) };
}

/**
 * Periodic and triggered measurement of a point (spec 001 "Configuration card"; docs/scheduler.md):
 * `GET/PUT/DELETE /point/{id}/periodic`, `GET/PUT/DELETE /point/{id}/trigger`. Another customer's
 * point answers 404 POINT_NOT_FOUND (withPoint).
 */
export async function schedulerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getPointPeriodic),
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => periodicOf(ctx.db, customerId, pointId)),
  });

  r.route({
    ...routeOf(ENDPOINTS.setPointPeriodic),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const code = req.body.sleepAmount ?? req.body.sleepAmountIndex ?? DEFAULT_SLEEP_AMOUNT;
        await upsertJob(ctx.db, customerId, pointId, code, new Date(), ctx.config.schedulerTimeFactor);
        await sendSleepCommand(ctx, customerId, pointId, sleepSeconds(code));
        return periodicOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.deletePointPeriodic),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await deleteJob(ctx.db, customerId, pointId);
        return { sleepAmount: null, schedulerJob: null };
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.getPointTrigger),
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => triggersOf(ctx.db, customerId, pointId)),
  });

  r.route({
    ...routeOf(ENDPOINTS.setPointTrigger),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        if (!(await assignPointTrigger(ctx.db, customerId, pointId, req.body.trigger)))
          throw new AppError('TRIGGER_NOT_FOUND', 'trigger');
        return triggersOf(ctx.db, customerId, pointId);
      }),
  });

  r.route({
    ...routeOf(ENDPOINTS.deletePointTrigger),
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const mac = req.body?.trigger ?? req.query.trigger;
        await unassignPointTriggers(ctx.db, customerId, pointId, mac);
        return triggersOf(ctx.db, customerId, pointId);
      }),
  });
}
