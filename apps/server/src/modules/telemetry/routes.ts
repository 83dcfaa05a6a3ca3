import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AXIS_KEYS,
  badRequestBody,
  errorBody,
  okBody,
  TELEMETRY_READERS,
  TELEMETRY_SOURCE_READERS,
  telemetryCreateBody,
  telemetryDefinition,
  telemetryDefinitionList,
  telemetryOrderBody,
  telemetrySourceList,
  telemetryUpdateBody,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { listDefinitions } from './repo.ts';
import { createDefinition, deleteDefinition, reorderDefinitions, updateDefinition } from './service.ts';

const idParams = z.object({ id: z.string() });

/**
 * Where telemetry values come from (`telemetry_values.source`): the three accelerometer axes we
 * compute on, and `device` for values the sensor reported itself. `name` is the code; the web
 * translates it.
 */
export const TELEMETRY_SOURCES = [...AXIS_KEYS, 'device'].map((code) => ({ code, name: code }));

/** Telemetry definitions of the customer (spec 002 §3, §5): list, sources, create, edit, delete, order. */
export async function telemetryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/telemetry', {
    config: { access: needs(...TELEMETRY_READERS) },
    schema: {
      tags: ['telemetry'],
      summary: "The customer's telemetry definitions in display order",
      description:
        'Needs readTelemetry or a permission of a screen that names telemetry (contract `TELEMETRY_READERS`: readMeasurement, Readtrend, readAlarm, readPoint, readDashboard, updatePreferences); 403 otherwise. A customer without any first gets the built-in ones.',
      response: { 200: telemetryDefinitionList },
    },
    handler: async (req) => listDefinitions(ctx.db, authOf(req).customerId),
  });

  r.get('/telemetry/sources', {
    config: { access: needs(...TELEMETRY_SOURCE_READERS) },
    schema: {
      tags: ['telemetry'],
      summary: 'Where telemetry values come from',
      description: '`accelerometer_x|y|z` (computed per axis) and `device` (reported by the sensor itself). `name` is the code.',
      response: { 200: telemetrySourceList },
    },
    handler: async () => TELEMETRY_SOURCES,
  });

  r.post('/telemetry', {
    config: { access: needs('createTelemetry') },
    schema: {
      tags: ['telemetry'],
      summary: 'Create a telemetry definition',
      description:
        'Appended at the end of the order. The name (code) is unique in the customer (409). With `isDefault` it becomes the default telemetry (also `preferences.defaultTelemetry`).',
      body: telemetryCreateBody,
      response: { 200: telemetryDefinition, 400: badRequestBody, 409: errorBody },
    },
    handler: async (req) => createDefinition(ctx, authOf(req).customerId, req.body),
  });

  r.put('/telemetry/order', {
    config: { access: needs('updateTelemetry') },
    schema: {
      tags: ['telemetry'],
      summary: 'Reorder the telemetry definitions',
      description: "`ids` must be exactly the customer's definition ids, each once, in the new order (400 otherwise).",
      body: telemetryOrderBody,
      response: { 200: telemetryDefinitionList, 400: badRequestBody },
    },
    handler: async (req) => reorderDefinitions(ctx, authOf(req).customerId, req.body.ids),
  });

  r.put('/telemetry/:id', {
    config: { access: needs('updateTelemetry') },
    schema: {
      tags: ['telemetry'],
      summary: 'Edit a telemetry definition',
      description:
        'Display name, unit, hidden, bounds (min ≤ max) and the default flag; the name does not change. `isDefault: true` moves the default here and sets `preferences.defaultTelemetry` in the same transaction; the default cannot be unset, only moved (`isDefault: false` on the default keeps it). Another customer’s definition answers 404.',
      params: idParams,
      body: telemetryUpdateBody,
      response: { 200: telemetryDefinition, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => updateDefinition(ctx, authOf(req).customerId, req.params.id, req.body),
  });

  r.delete('/telemetry/:id', {
    config: { access: needs('deleteTelemetry') },
    schema: {
      tags: ['telemetry'],
      summary: 'Delete a telemetry definition',
      description:
        'Only definitions the customer created: built-in ones are hidden instead (409), and the default one cannot be deleted before another becomes the default (409). Stored values keep their telemetry name.',
      params: idParams,
      response: { 200: okBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      await deleteDefinition(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
