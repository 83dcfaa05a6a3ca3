import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequestBody, bearing, bearingList, bearingQuery, customBearingBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { BEARING_LIST_LIMIT, listBearings, saveCustomBearing } from './repo.ts';

/**
 * Bearings of the point form (spec 000 §3 "Bearing", §5, §7 `GET /bearingSpesifications`, the spec's
 * spelling): the shared catalogue (DEFAULT, multipliers computed from geometry, catalogue.ts and
 * docs/bearings.md) and each customer's free-typed CUSTOM bearings. Multipliers are orders of shaft
 * speed (× shaft frequency in Hz = Hz).
 */
export async function bearingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/bearingSpesifications', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['bearings'],
      summary: 'Catalogue and custom bearings, by brand and bearing-number prefix',
      description: `The shared catalogue and the caller customer's custom bearings. \`brand\`: exact, case-insensitive (SKF, NTN, SCHAFFLER, or a custom brand); \`bearing_number\`: prefix, case-insensitive. Sorted by brand, bearing number, DEFAULT before CUSTOM; at most ${BEARING_LIST_LIMIT}. Multipliers are orders of shaft speed.`,
      querystring: bearingQuery,
      response: { 200: bearingList },
    },
    handler: async (req) => listBearings(ctx.db, authOf(req).customerId, req.query),
  });

  r.post('/bearingSpesifications', {
    // Custom bearings are typed in the point form, when creating or editing a point.
    config: { access: needs('createPoint', 'updatePoint') },
    schema: {
      tags: ['bearings'],
      summary: 'Save a free-typed custom bearing of the customer',
      description:
        'Keyed by brand (stored upper-cased) and bearing number, case-insensitive. A new name creates a CUSTOM bearing of the customer with the given multipliers (0 when left out); the customer’s own custom bearing of that name gets the given multipliers; a catalogue bearing of that name is answered unchanged (its values are read-only). Another customer never sees it.',
      body: customBearingBody,
      response: { 200: bearing, 400: badRequestBody },
    },
    handler: async (req) => saveCustomBearing(ctx.db, authOf(req).customerId, req.body),
  });
}
