import { okBody } from '../common.ts';
import { TELEMETRY_READERS, TELEMETRY_SOURCE_READERS } from '../permissions.ts';
import {
  telemetryCreateBody,
  telemetryDefinition,
  telemetryDefinitionList,
  telemetryOrderBody,
  telemetrySourceList,
  telemetryUpdateBody,
} from '../telemetry-definitions.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Telemetry definitions (spec 002 §7 Admin). Server: modules/telemetry.
 */
export const TELEMETRY_ENDPOINTS = {
  listTelemetry: endpoint({
    method: 'GET',
    path: '/telemetry',
    access: { permission: [...TELEMETRY_READERS] },
    tags: ['telemetry'],
    summary: "The customer's telemetry definitions in display order",
    description:
      'Needs readTelemetry or a permission of a screen that names telemetry (contract `TELEMETRY_READERS`: readMeasurement, Readtrend, readAlarm, readPoint, readDashboard, updatePreferences); 403 otherwise. A customer without any first gets the built-in ones.',
    response: telemetryDefinitionList,
  }),
  listTelemetrySources: endpoint({
    method: 'GET',
    path: '/telemetry/sources',
    access: { permission: [...TELEMETRY_SOURCE_READERS] },
    tags: ['telemetry'],
    summary: 'Where telemetry values come from',
    description: '`accelerometer_x|y|z` (computed per axis) and `device` (reported by the sensor itself). `name` is the code.',
    response: telemetrySourceList,
  }),
  createTelemetry: endpoint({
    method: 'POST',
    path: '/telemetry',
    access: { permission: ['createTelemetry'] },
    tags: ['telemetry'],
    summary: 'Create a telemetry definition',
    description:
      'Appended at the end of the order. The name (code) is unique in the customer (409). With `isDefault` it becomes the default telemetry (also `preferences.defaultTelemetry`).',
    body: telemetryCreateBody,
    response: telemetryDefinition,
    errors: [400, 409],
  }),
  reorderTelemetry: endpoint({
    method: 'PUT',
    path: '/telemetry/order',
    access: { permission: ['updateTelemetry'] },
    tags: ['telemetry'],
    summary: 'Reorder the telemetry definitions',
    description: "`ids` must be exactly the customer's definition ids, each once, in the new order (400 otherwise).",
    body: telemetryOrderBody,
    response: telemetryDefinitionList,
    errors: [400],
  }),
  updateTelemetry: endpoint({
    method: 'PUT',
    path: '/telemetry/:id',
    access: { permission: ['updateTelemetry'] },
    tags: ['telemetry'],
    summary: 'Edit a telemetry definition',
    description:
      'Display name, unit, hidden, bounds (min ≤ max) and the default flag; the name does not change. `isDefault: true` moves the default here and sets `preferences.defaultTelemetry` in the same transaction; the default cannot be unset, only moved (`isDefault: false` on the default keeps it). Another customer’s definition answers 404.',
    params: idParams,
    body: telemetryUpdateBody,
    response: telemetryDefinition,
    errors: [400, 404],
  }),
  deleteTelemetry: endpoint({
    method: 'DELETE',
    path: '/telemetry/:id',
    access: { permission: ['deleteTelemetry'] },
    tags: ['telemetry'],
    summary: 'Delete a telemetry definition',
    description:
      'Only definitions the customer created: built-in ones are hidden instead (409), and the default one cannot be deleted before another becomes the default (409). Stored values keep their telemetry name.',
    params: idParams,
    response: okBody,
    errors: [404, 409],
  }),
};
