import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKindOf, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { findDeviceRow } from '../devices/repo.ts';
import { clearDuckTrigger, duckItem as toDuckItem, findDuck, setDuckTrigger } from '../ducks/repo.ts';
import {
  findDeviceByMac,
  listGateways,
  listTriggers,
  moveDevicePointToTrigger,
  triggerItemOf,
  unassignPointTrigger,
} from './repo.ts';

/** Gateways and triggers of the customer (spec 002 §2 "Gateways tab", "Triggers view", §7 Admin). */
export async function gatewaysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listGateways),
    handler: async (req) => listGateways(ctx.db, authOf(req).customerId, req.query),
  });

  r.route({
    ...routeOf(ENDPOINTS.listTriggers),
    handler: async (req) => listTriggers(ctx.db, authOf(req).customerId),
  });

  /** The customer's trigger named by the request (device id or MAC), or 404 TRIGGER_NOT_FOUND. */
  const triggerOf = async (customerId: string, triggerId: string) => {
    const trigger = await findDeviceRow(ctx.db, customerId, triggerId);
    if (!trigger || deviceKindOf(trigger.mac) !== 'TRIGGER') throw new AppError('TRIGGER_NOT_FOUND');
    return trigger;
  };

  /** The customer's trigger and Duck named by the request, or 404 TRIGGER_NOT_FOUND / DUCK_NOT_FOUND. */
  const triggerAndDuck = async (customerId: string, triggerId: string, duckIdOrMac: string) => {
    const trigger = await triggerOf(customerId, triggerId);
    const duck = await findDuck(ctx.db, customerId, duckIdOrMac);
    if (!duck) throw new AppError('DUCK_NOT_FOUND');
    return { trigger, duck };
  };

  r.route({
    ...routeOf(ENDPOINTS.addTriggerDuck),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      const row = await setDuckTrigger(ctx.db, customerId, duck.id, trigger.id);
      return toDuckItem(ctx.db, customerId, row);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.removeTriggerDuck),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, duck } = await triggerAndDuck(customerId, req.params.id, req.body.duck);
      if (duck.trigger_id !== trigger.id) return toDuckItem(ctx.db, customerId, duck);
      const row = await clearDuckTrigger(ctx.db, customerId, duck.id, trigger.id);
      return toDuckItem(ctx.db, customerId, row ?? duck);
    },
  });

  /** The customer's trigger and registered sensor named by the request, or 404 TRIGGER_NOT_FOUND / DEVICE_NOT_FOUND. */
  const triggerAndSensor = async (customerId: string, triggerId: string, mac: string) => {
    const trigger = await triggerOf(customerId, triggerId);
    const sensor = await findDeviceByMac(ctx.db, customerId, mac);
    if (!sensor) throw new AppError('DEVICE_NOT_FOUND');
    return { trigger, sensor };
  };

  r.route({
    ...routeOf(ENDPOINTS.addTriggerDevice),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, sensor } = await triggerAndSensor(customerId, req.params.id, req.body.macAddress);
      if (!sensor.point_id) throw new AppError('DEVICE_NOT_ON_POINT', 'macAddress');
      await moveDevicePointToTrigger(ctx.db, customerId, sensor.point_id, trigger.mac);
      return triggerItemOf(ctx.db, customerId, trigger);
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.removeTriggerDevice),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { trigger, sensor } = await triggerAndSensor(customerId, req.params.id, req.params.mac);
      if (sensor.point_id) await unassignPointTrigger(ctx.db, customerId, sensor.point_id, trigger.mac);
      return triggerItemOf(ctx.db, customerId, trigger);
    },
  });
}
