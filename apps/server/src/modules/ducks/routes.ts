import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DUCK_CHANNEL_ORDERS,
  DUCK_SAMPLE_SIZE,
  DUCK_SAMPLING_RATES_HZ,
  DUCK_SENSOR_TYPES,
  DUCK_VOLTAGE_REFERENCES,
  ENDPOINTS,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { sendDuckMeasureCommand } from './measure.ts';
import { duckItem as toDuckItem, findDuck, listDucks, saveConfig, setPeriod, storedConfig } from './repo.ts';
import { addedSensors } from './sensor-rules.ts';

/**
 * Ducks (spec 002 §2 "Duck tab", §3, §4, §5, §7 Admin; protocol senseway-gateway.md §10.1).
 * Reading needs readGateway, changing needs updateGateway, measuring createMeasurement.
 * See docs/ducks.md for the stored shapes and the measurement format.
 */
export async function ducksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listDucks),
    handler: async (req) => listDucks(ctx.db, authOf(req).customerId),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateDuckConfig),
    handler: async (req) => {
      const { customerId, permissions } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      if (addedSensors(storedConfig(duck.config), req.body.config).length && !permissions.has('addSensor'))
        throw new AppError('FORBIDDEN');
      return toDuckItem(ctx.db, customerId, await saveConfig(ctx.db, customerId, duck.id, req.body.config));
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.getDuckPeriodic),
    handler: async (req) => {
      const duck = await findDuck(ctx.db, authOf(req).customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      return { data: { repeatInterval: duck.repeat_interval_s } };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setDuckPeriodic),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      await setPeriod(ctx.db, customerId, duck.id, req.body.period);
      return { data: { repeatInterval: req.body.period } };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteDuckPeriodic),
    handler: async (req) => {
      const { customerId } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      await setPeriod(ctx.db, customerId, duck.id, null);
      return { data: { repeatInterval: null } };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.listSensorTypes),
    handler: async () => DUCK_SENSOR_TYPES.map((s) => ({ name: s.name, unit: s.unit, channels: [...s.channels] })),
  });

  r.route({
    ...routeOf(ENDPOINTS.getDuckConfigurationOptions),
    handler: async (req) => {
      if (req.params.id !== '0') throw new AppError('NOT_FOUND');
      return {
        _id: '0',
        duck: {
          samplingRates: [...DUCK_SAMPLING_RATES_HZ],
          sampleSize: { ...DUCK_SAMPLE_SIZE },
          voltageReferences: (['external', 'internal'] as const).map((value) => ({
            value,
            volts: DUCK_VOLTAGE_REFERENCES[value],
          })),
          channels: [...DUCK_CHANNEL_ORDERS],
        },
        sensors: DUCK_SENSOR_TYPES.map((s) => ({ name: s.name, unit: s.unit, channels: [...s.channels] })),
      };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.measureDuck),
    handler: async (req) => {
      const auth = authOf(req);
      const id = await sendDuckMeasureCommand(ctx, {
        customerId: auth.customerId,
        duck: req.params.mac,
        type: 'MANUAL',
        userId: auth.userId,
        tags: req.body.tags,
        pointId: req.body.pointId,
      });
      return { _id: id };
    },
  });
}
