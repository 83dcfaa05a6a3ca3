import { z } from 'zod';
import {
  deviceConfigurationResponse,
  duckConfigBody,
  duckItem,
  duckList,
  duckMeasureBody,
  duckPeriodicBody,
  duckPeriodicResponse,
  duckSensorTypeList,
} from '../ducks.ts';
import { measureResponse } from '../iot.ts';
import { endpoint } from './endpoint.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Ducks: the DUCKV1 data loggers, their configuration and measurement (spec 002 §5; docs/ducks.md). Server: modules/ducks.
 */
export const DUCK_ENDPOINTS = {
  listDucks: endpoint({
    method: 'GET',
    path: '/ducks',
    access: { permission: ['readGateway'] },
    tags: ['ducks'],
    summary: "The customer's Ducks with their configuration",
    description:
      'Every Duck (MAC prefix CA:B8:DA) of the customer’s registry, by MAC. `config`: voltageReference (`external` ±2.5 V, `internal` ±2.4 V), sampleSize (per channel, 100–20000), samplingRate (Hz: 300, 600, 1200, 2400, 4800), sensors (channels 1–8, groupCode = orders joined by `|`, minMaxVoltage V → minMaxValue in the sensor unit). `repeatInterval`: periodic interval in s, null when off. `connectionDate`: when the Duck was last heard as a gateway.',
    response: duckList,
  }),
  updateDuckConfig: endpoint({
    method: 'PUT',
    path: '/ducks/:id/config',
    access: { permission: ['updateGateway'] },
    tags: ['ducks'],
    summary: 'Save the configuration of a Duck',
    description:
      'Validates (400 `errors[{msg, param}]`): sampleSize 100–20000, samplingRate in the list, sensor name/displayName required, at least one channel per sensor, a channel order belongs to one sensor only, no more channels than the sensor type has, each channel a code of its type, min < max of minMaxVoltage and minMaxValue, voltages within ± the reference. groupCode is recomputed. 404 DUCK_NOT_FOUND for an unknown or another customer’s Duck. Adding a sensor (more sensors of a type than saved) also needs addSensor: 403 FORBIDDEN without it.',
    params: idParams,
    body: duckConfigBody,
    response: duckItem,
    errors: [400, 404],
  }),
  getDuckPeriodic: endpoint({
    method: 'GET',
    path: '/ducks/:id/periodic',
    access: { permission: ['readGateway'] },
    tags: ['ducks'],
    summary: 'The periodic measurement interval of a Duck',
    description: '`data.repeatInterval` in s, null when periodic measurement is off.',
    params: idParams,
    response: duckPeriodicResponse,
    errors: [404],
  }),
  setDuckPeriodic: endpoint({
    method: 'PUT',
    path: '/ducks/:id/periodic',
    access: { permission: ['updateGateway'] },
    tags: ['ducks'],
    summary: 'Set the periodic measurement interval of a Duck',
    description: 'Body `{period}` in s, 60 s to 7 days. Answers `data.repeatInterval`.',
    params: idParams,
    body: duckPeriodicBody,
    response: duckPeriodicResponse,
    errors: [400, 404],
  }),
  deleteDuckPeriodic: endpoint({
    method: 'DELETE',
    path: '/ducks/:id/periodic',
    access: { permission: ['updateGateway'] },
    tags: ['ducks'],
    summary: 'Turn periodic measurement of a Duck off',
    params: idParams,
    response: duckPeriodicResponse,
    errors: [404],
  }),
  listSensorTypes: endpoint({
    method: 'GET',
    path: '/sensors',
    access: { permission: ['readGateway', 'updatePointConfig'] },
    tags: ['ducks'],
    summary: 'Sensor types a Duck channel group can be',
    description:
      'Each type: `name`, `unit` of its scaled values (A for current, V for voltage, otherwise G; spec 002 §2), and its channel codes (a sensor takes at most that many channels).',
    response: duckSensorTypeList,
  }),
  getDuckConfigurationOptions: endpoint({
    method: 'GET',
    path: '/deviceConfigurations/:id',
    access: { permission: ['readGateway', 'updatePointConfig'] },
    tags: ['ducks'],
    summary: 'Option lists of the Duck configuration (only id 0 exists)',
    description:
      'samplingRates (Hz), sampleSize bounds and default, voltage references with their volts, channel orders 1–8, and the sensor types of `GET /sensors`.',
    params: idParams,
    response: deviceConfigurationResponse,
    errors: [404],
  }),
  measureDuck: endpoint({
    method: 'POST',
    path: '/duck/:mac/measure',
    access: { permission: ['createMeasurement'] },
    tags: ['ducks'],
    summary: 'Request a live measurement of a Duck',
    description:
      'Creates the measurement (state `requested`, MANUAL) and publishes `<root>/gateway/<Duck>/device/<Duck>/measure/<id>` with the Duck v1 JSON command (senseway-gateway.md §10.1): `{samplingCoefficient: 1, baseSamplingFrequency: Hz, sampleSize, external, channels: [0–7], gain: 1, boost: 3}`. Progress arrives on the live topics as for a Senseway; the result is `.../measure/<id>/persisted`, with telemetry per `channel_{order}` in the sensor’s unit. 409 DUCK_NOT_CONFIGURED without sensor channels.',
    params: z.object({ mac: z.string().min(1).max(64) }),
    body: duckMeasureBody,
    response: measureResponse,
    errors: [400, 404, 409, 503],
  }),
};
