import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequestBody, gatewayListQuery, gatewayListResponse, triggerList } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { listGateways, listTriggers } from './repo.ts';

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
      description: 'Devices with the trigger MAC prefix CA:B8:25. `status` is null (N/A) until trigger state reports are stored.',
      response: { 200: triggerList },
    },
    handler: async (req) => listTriggers(ctx.db, authOf(req).customerId),
  });
}
