import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timeZoneOffsetMinutes, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { parseApiDate } from '../measurements/repo.ts';
import { shippedModels, type LoadedModel } from './model.ts';
import { predictionsForPoint } from './service.ts';

/**
 * AI models of the trend panel's predictions mode (spec 001 §3, §7; docs/ai-model.md). The model
 * files are loaded and validated here, at start-up: a missing or corrupt file stops the server with
 * a message naming it.
 *
 * @param models  The models to serve; default the shipped ones (apps/server/models).
 */
export async function aiModelRoutes(app: FastifyInstance, ctx: AppContext, models: Map<string, LoadedModel> = shippedModels()) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading the trend (Readtrend) or the measurements (readMeasurement) is enough: predictions are
  // a view of the point's measurements.

  r.route({
    ...routeOf(ENDPOINTS.listAiModels),
    handler: async () => [...models.values()].map((m) => m.summary),
  });

  r.route({
    ...routeOf(ENDPOINTS.getAiModelPredictions),
    handler: async (req) => {
      const model = models.get(req.params.id);
      if (!model) throw new AppError('AI_MODEL_NOT_FOUND');
      const offset = timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone);
      const start = req.query.startDate ? parseApiDate(req.query.startDate, offset) : null;
      const end = req.query.endDate ? parseApiDate(req.query.endDate, offset) : null;
      return predictionsForPoint(ctx, model.file, authOf(req).customerId, req.query.point, { start, end });
    },
  });
}
