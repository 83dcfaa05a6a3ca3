import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  DUCK_CHANNEL_ORDERS,
  DUCK_SAMPLE_SIZE,
  DUCK_SAMPLING_RATES_HZ,
  DUCK_SENSOR_TYPES,
  DUCK_VOLTAGE_REFERENCES,
  deviceConfigurationResponse,
  duckConfigBody,
  duckItem,
  duckList,
  duckMeasureBody,
  duckPeriodicBody,
  duckPeriodicResponse,
  duckSensorTypeList,
  errorBody,
  measureResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { sendDuckMeasureCommand } from './measure.ts';
import { duckItem as toDuckItem, findDuck, listDucks, saveConfig, setPeriod, storedConfig } from './repo.ts';
import { addedSensors } from './sensor-rules.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Ducks (spec 002 §2 "Duck tab", §3, §4, §5, §7 Admin; protocol senseway-gateway.md §10.1).
 * Reading needs readGateway, changing needs updateGateway, measuring createMeasurement.
 * See docs/ducks.md for the stored shapes and the measurement format.
 */
export async function ducksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/ducks', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['ducks'],
      summary: "The customer's Ducks with their configuration",
      description:
        'Every Duck (MAC prefix CA:B8:DA) of the customer’s registry, by MAC. `config`: voltageReference (`external` ±2.5 V, `internal` ±2.4 V), sampleSize (per channel, 100–20000), samplingRate (Hz: 300, 600, 1200, 2400, 4800), sensors (channels 1–8, groupCode = orders joined by `|`, minMaxVoltage V → minMaxValue in the sensor unit). `repeatInterval`: periodic interval in s, null when off. `connectionDate`: when the Duck was last heard as a gateway.',
      response: { 200: duckList },
    },
    handler: async (req) => listDucks(ctx.db, authOf(req).customerId),
  });

  r.put('/ducks/:id/config', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['ducks'],
      summary: 'Save the configuration of a Duck',
      description:
        'Validates (400 `errors[{msg, param}]`): sampleSize 100–20000, samplingRate in the list, sensor name/displayName required, at least one channel per sensor, a channel order belongs to one sensor only, no more channels than the sensor type has, each channel a code of its type, min < max of minMaxVoltage and minMaxValue, voltages within ± the reference. groupCode is recomputed. 404 DUCK_NOT_FOUND for an unknown or another customer’s Duck. Adding a sensor (more sensors of a type than saved) also needs addSensor: 403 FORBIDDEN without it.',
      params: idParams,
      body: duckConfigBody,
      response: { 200: duckItem, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId, permissions } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      if (addedSensors(storedConfig(duck.config), req.body.config).length && !permissions.has('addSensor'))
        throw new AppError('FORBIDDEN');
      return toDuckItem(ctx.db, customerId, await saveConfig(ctx.db, customerId, duck.id, req.body.config));
    },
  });

  r.get('/ducks/:id/periodic', {
    config: { access: needs('readGateway') },
    schema: {
      tags: ['ducks'],
      summary: 'The periodic measurement interval of a Duck',
      description: '`data.repeatInterval` in s, null when periodic measurement is off.',
      params: idParams,
      response: { 200: duckPeriodicResponse, 404: errorBody },
    },
    handler: async (req) => {
      const duck = await findDuck(ctx.db, authOf(req).customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      return { data: { repeatInterval: duck.repeat_interval_s } };
    },
  });

  r.put('/ducks/:id/periodic', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['ducks'],
      summary: 'Set the periodic measurement interval of a Duck',
      description: 'Body `{period}` in s, 60 s to 7 days. Answers `data.repeatInterval`.',
      params: idParams,
      body: duckPeriodicBody,
      response: { 200: duckPeriodicResponse, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      await setPeriod(ctx.db, customerId, duck.id, req.body.period);
      return { data: { repeatInterval: req.body.period } };
    },
  });

  r.delete('/ducks/:id/periodic', {
    config: { access: needs('updateGateway') },
    schema: {
      tags: ['ducks'],
      summary: 'Turn periodic measurement of a Duck off',
      params: idParams,
      response: { 200: duckPeriodicResponse, 404: errorBody },
    },
    handler: async (req) => {
      const { customerId } = authOf(req);
      const duck = await findDuck(ctx.db, customerId, req.params.id);
      if (!duck) throw new AppError('DUCK_NOT_FOUND');
      await setPeriod(ctx.db, customerId, duck.id, null);
      return { data: { repeatInterval: null } };
    },
  });

  r.get('/sensors', {
    config: { access: needs('readGateway', 'updatePointConfig') },
    schema: {
      tags: ['ducks'],
      summary: 'Sensor types a Duck channel group can be',
      description:
        'Each type: `name`, `unit` of its scaled values (A for current, V for voltage, otherwise G; spec 002 §2), and its channel codes (a sensor takes at most that many channels).',
      response: { 200: duckSensorTypeList },
    },
    handler: async () => DUCK_SENSOR_TYPES.map((s) => ({ name: s.name, unit: s.unit, channels: [...s.channels] })),
  });

  r.get('/deviceConfigurations/:id', {
    config: { access: needs('readGateway', 'updatePointConfig') },
    schema: {
      tags: ['ducks'],
      summary: 'Option lists of the Duck configuration (only id 0 exists)',
      description:
        'samplingRates (Hz), sampleSize bounds and default, voltage references with their volts, channel orders 1–8, and the sensor types of `GET /sensors`.',
      params: idParams,
      response: { 200: deviceConfigurationResponse, 404: errorBody },
    },
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

  r.post('/duck/:mac/measure', {
    config: { access: needs('createMeasurement') },
    schema: {
      tags: ['ducks'],
      summary: 'Request a live measurement of a Duck',
      description:
        'Creates the measurement (state `requested`, MANUAL) and publishes `<root>/gateway/<Duck>/device/<Duck>/measure/<id>` with the Duck v1 JSON command (senseway-gateway.md §10.1): `{samplingCoefficient: 1, baseSamplingFrequency: Hz, sampleSize, external, channels: [0–7], gain: 1, boost: 3}`. Progress arrives on the live topics as for a Senseway; the result is `.../measure/<id>/persisted`, with telemetry per `channel_{order}` in the sensor’s unit. 409 DUCK_NOT_CONFIGURED without sensor channels.',
      params: z.object({ mac: z.string().min(1).max(64) }),
      body: duckMeasureBody,
      response: { 200: measureResponse, 400: badRequestBody, 404: errorBody, 409: errorBody, 503: errorBody },
    },
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
