import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  deviceKindOf,
  duckItem,
  errorBody,
  gatewayListQuery,
  gatewayListResponse,
  triggerList,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { duckItem as toDuckItem, findDuck } from '../ducks/repo.ts';
import { findTrigger, listGateways, listTriggers } from './repo.ts';

const triggerParams = z.object({ id: z.string().min(1).max(64) });
/** `POST` and `DELETE /trigger/{id}/duck` body (spec 001 §7, spec 002 §7): the Duck's id or MAC. */
const triggerDuckBody = z.object({
  duck: z.string({ message: 'requireDuck' }).trim().min(1, 'requireDuck').max(64, 'requireDuck'),
});

/** Gateways and triggers of the customer (spec 002 §2 "Gateways tab", "Triggers view", §7 Admin). */
export async function gatewaysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gateway', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['gateways'],
      summary: "The customer's gateways, paged",
      description:
        'Without `page`: all of them (at most 1000). `macAddress` filters by a part of the MAC. `connectionStatus` is `connected` when the gateway reported within 3 minutes, `disconnected` after, null (N/A) when never; `connectionDate` is when it was last heard. `availableDevices` are this customer’s devices in the gateway’s latest scan.',
      querystring: gatewayListQuery,
      response: { 200: gatewayListResponse, 400: badRequestBody },
    },
    handler: async (req) => listGateways(ctx.db, authOf(req).customerId, req.query),
  });

  r.get('/trigger', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['gateways'],
      summary: "The customer's trigger devices with their last reported state",
      description:
        'Devices with the trigger MAC prefix CA:B8:25. `status` is null (N/A) until trigger state reports are stored. The Ducks assigned to a trigger are those of `GET /ducks` whose `trigger` is its `_id`.',
      response: { 200: triggerList },
    },
    handler: async (req) => listTriggers(ctx.db, authOf(req).customerId),
  });

  /** The customer's trigger and Duck named by the request, or 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND. */
  const triggerAndDuck = async (customerId: string, triggerId: string, duckIdOrMac: string) => {
    const trigger = await findTrigger(ctx.db, customerId, triggerId);
    if (!trigger || deviceKindOf(trigger.mac) !== 'TRIGGER') throw new AppError('TRIGGER_NOT_FOUND');
    const duck = await findDuck(ctx.db, customerId, duckIdOrMac);
    if (!duck) throw new AppError('DUCK_NOT_FOUND');
    return { trigger, duck };
  };

  r.post('/trigger/:id/duck', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Assign a Duck to a trigger',
      description:
        "`id`: the trigger's device id (`GET /trigger`) or MAC; body `{duck}`: the Duck's id (`GET /ducks`) or MAC. From then on each event of the trigger (`<root>/trigger/<MAC>/event`) also makes the Duck measure, as TRIGGERED, beside the sensors of the points the trigger is assigned to. A Duck has one trigger: assigning it to another one moves it. Idempotent. Answers the Duck (its `trigger` is the trigger's id). 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
      params: triggerParams,
      body: triggerDuckBody,
      response: { 200: duckItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      const row = await ctx.db
        .updateTable('ducks')
        .set({ trigger_id: trigger.id, updated_at: new Date() })
        .where('id', '=', duck.id)
        .where('customer_id', '=', customerId)
        .returning(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
        .executeTakeFirstOrThrow();
      return toDuckItem(ctx.db, customerId, row);
    },
  });

  r.delete('/trigger/:id/duck', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['gateways'],
      summary: 'Unassign a Duck from a trigger',
      description:
        "Body `{duck}`: the Duck's id or MAC. The trigger's events no longer make the Duck measure. A Duck assigned to another trigger (or to none) is left as it is. Idempotent. Answers the Duck. 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND for an unknown one or another customer's.",
      params: triggerParams,
      body: triggerDuckBody,
      response: { 200: duckItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      if (duck.trigger_id !== trigger.id) return toDuckItem(ctx.db, customerId, duck);
      const row = await ctx.db
        .updateTable('ducks')
        .set({ trigger_id: null, updated_at: new Date() })
        .where('id', '=', duck.id)
        .where('customer_id', '=', customerId)
        .where('trigger_id', '=', trigger.id)
        .returning(['id', 'mac', 'config', 'repeat_interval_s', 'trigger_id'])
        .executeTakeFirst();
      return toDuckItem(ctx.db, customerId, row ?? duck);
    },
  });
}
