import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
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
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { authOf, needs } from '../auth/access.ts';
import { isUniqueViolation } from '../../infra/db/pg-errors.ts';
import { ensureDefinitions, findDefinition, listDefinitions, setDefaultTelemetry, toDefinition } from './repo.ts';

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
    handler: async (req) => {
      const auth = authOf(req);
      const b = req.body;
      await ensureDefinitions(ctx.db, auth.customerId);
      const id = newId();
      try {
        await ctx.db.transaction().execute(async (trx) => {
          const taken = await trx
            .selectFrom('telemetry_definitions')
            .select('id')
            .where('customer_id', '=', auth.customerId)
            .where('name', '=', b.name)
            .executeTakeFirst();
          if (taken) throw new AppError('TELEMETRY_NAME_TAKEN', 'name');
          const last = await trx
            .selectFrom('telemetry_definitions')
            .select((eb) => eb.fn.max('sort_order').as('max'))
            .where('customer_id', '=', auth.customerId)
            .executeTakeFirst();
          await trx
            .insertInto('telemetry_definitions')
            .values({
              id,
              customer_id: auth.customerId,
              name: b.name,
              display_name: b.displayName,
              unit: b.unit,
              hidden: b.hidden,
              min_value: b.minValue,
              max_value: b.maxValue,
              built_in: false,
              is_default: false,
              sort_order: (last?.max ?? -1) + 1,
            })
            .execute();
          if (b.isDefault) await setDefaultTelemetry(trx, auth.customerId, b.name, 'isDefault');
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('TELEMETRY_NAME_TAKEN', 'name');
        throw e;
      }
      return toDefinition((await findDefinition(ctx.db, auth.customerId, id))!);
    },
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
    handler: async (req) => {
      const auth = authOf(req);
      const ids = req.body.ids;
      await ctx.db.transaction().execute(async (trx) => {
        const have = await trx
          .selectFrom('telemetry_definitions')
          .select('id')
          .where('customer_id', '=', auth.customerId)
          .execute();
        const known = new Set(have.map((h) => h.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
          throw new AppError('VALIDATION', 'ids');
        await sql`UPDATE telemetry_definitions t SET sort_order = v.ord - 1
          FROM unnest(${ids}::text[]) WITH ORDINALITY AS v(id, ord)
          WHERE t.id = v.id AND t.customer_id = ${auth.customerId}`.execute(trx);
      });
      return listDefinitions(ctx.db, auth.customerId);
    },
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
    handler: async (req) => {
      const auth = authOf(req);
      const existing = await findDefinition(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('TELEMETRY_NOT_FOUND');
      const b = req.body;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('telemetry_definitions')
          .set({ display_name: b.displayName, unit: b.unit, hidden: b.hidden, min_value: b.minValue, max_value: b.maxValue })
          .where('id', '=', existing.id)
          .where('customer_id', '=', auth.customerId)
          .execute();
        if (b.isDefault && !existing.is_default) await setDefaultTelemetry(trx, auth.customerId, existing.name, 'isDefault');
      });
      return toDefinition((await findDefinition(ctx.db, auth.customerId, existing.id))!);
    },
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
      const auth = authOf(req);
      const existing = await findDefinition(ctx.db, auth.customerId, req.params.id);
      if (!existing) throw new AppError('TELEMETRY_NOT_FOUND');
      // TODO(lead): a code of its own for the default one (proposed TELEMETRY_DEFAULT, 409).
      if (existing.built_in || existing.is_default) throw new AppError('TELEMETRY_BUILT_IN');
      await ctx.db
        .deleteFrom('telemetry_definitions')
        .where('id', '=', existing.id)
        .where('customer_id', '=', auth.customerId)
        .execute();
      return { ok: true as const };
    },
  });
}
