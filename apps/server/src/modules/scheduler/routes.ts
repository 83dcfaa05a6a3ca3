import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_SLEEP_AMOUNT,
  errorBody,
  periodicBody,
  periodicResponse,
  pointTriggerBody,
  pointTriggerDeleteBody,
  pointTriggersResponse,
  sleepSeconds,
  triggerMac,
} from '@overtone/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { needs } from '../auth/access.ts';
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

const params = z.object({ id: z.string() });

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

  r.get('/point/:id/periodic', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['point config'],
      summary: "The point's periodic setting and its scheduler job",
      description: 'Both fields are null when the point does not measure periodically.',
      params,
      response: { 200: periodicResponse, 404: errorBody },
    },
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => periodicOf(ctx.db, customerId, pointId)),
  });

  r.put('/point/:id/periodic', {
    config: { access: needs('updatePointConfig') },
    schema: {
      tags: ['point config'],
      summary: 'Measure the point periodically',
      description:
        'Stores the sleep code (25…32 = 2^(code−15) s, ≈15 min … ≈36 h; default 26) and schedules the point: the server sends its measure command every interval (measurements arrive as PERIODIC). A new or changed code is first due one interval from now; saving the same code keeps the next run. The device is also sent the legacy sleep command (seconds), best effort.',
      params,
      body: periodicBody,
      response: { 200: periodicResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        const code = req.body.sleepAmount ?? req.body.sleepAmountIndex ?? DEFAULT_SLEEP_AMOUNT;
        await upsertJob(ctx.db, customerId, pointId, code, new Date(), ctx.config.schedulerTimeFactor);
        await sendSleepCommand(ctx, customerId, pointId, sleepSeconds(code));
        return periodicOf(ctx.db, customerId, pointId);
      }),
  });

  r.delete('/point/:id/periodic', {
    config: { access: needs('deletePointConfig') },
    schema: {
      tags: ['point config'],
      summary: 'Stop measuring the point periodically',
      description: 'Removes the setting and its scheduler job (idempotent).',
      params,
      response: { 200: periodicResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        await deleteJob(ctx.db, customerId, pointId);
        return { sleepAmount: null, schedulerJob: null };
      }),
  });

  r.get('/point/:id/trigger', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['point config'],
      summary: 'Trigger devices assigned to the point',
      params,
      response: { 200: pointTriggersResponse, 404: errorBody },
    },
    handler: (req) => withPoint(ctx.db, req, ({ customerId, pointId }) => triggersOf(ctx.db, customerId, pointId)),
  });

  r.put('/point/:id/trigger', {
    config: { access: needs('updatePointConfig') },
    schema: {
      tags: ['point config'],
      summary: 'Assign a trigger device to the point',
      description:
        "`trigger` is the MAC of one of the customer's trigger devices (prefix CA:B8:25). Each event of that trigger (`<root>/trigger/<MAC>/event`) makes the point's sensor measure (TRIGGERED). Idempotent.",
      params,
      body: pointTriggerBody,
      response: { 200: pointTriggersResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        if (!(await assignPointTrigger(ctx.db, customerId, pointId, req.body.trigger)))
          throw new AppError('TRIGGER_NOT_FOUND', 'trigger');
        return triggersOf(ctx.db, customerId, pointId);
      }),
  });

  r.delete('/point/:id/trigger', {
    config: { access: needs('deletePointConfig') },
    schema: {
      tags: ['point config'],
      summary: 'Unassign a trigger device from the point',
      description:
        'The trigger MAC comes in the body `{trigger}` (spec) or the `trigger` query parameter; without one every trigger of the point is unassigned. Idempotent.',
      params,
      querystring: z.object({ trigger: triggerMac.optional() }),
      response: { 200: pointTriggersResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, async ({ customerId, pointId }) => {
        // The body is optional (a DELETE often has none), so it is checked here rather than by the route schema.
        const body = pointTriggerDeleteBody.safeParse(req.body ?? {});
        if (!body.success) throw new AppError('VALIDATION', 'trigger');
        const mac = body.data.trigger ?? req.query.trigger;
        await unassignPointTriggers(ctx.db, customerId, pointId, mac);
        return triggersOf(ctx.db, customerId, pointId);
      }),
  });
}
