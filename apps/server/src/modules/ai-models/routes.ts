import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiModelList,
  aiPredictionList,
  aiPredictionsQuery,
  badRequestBody,
  errorBody,
  timeZoneOffsetMinutes,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { parseApiDate } from '../measurements/repo.ts';
import { shippedModels, type LoadedModel } from './model.ts';
import { predictionsForPoint, PREDICTIONS_PER_REQUEST } from './service.ts';

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
  const access = needs('Readtrend', 'readMeasurement');

  r.get('/ai-model', {
    config: { access },
    schema: {
      tags: ['ai models'],
      summary: 'The AI models of the trend’s predictions mode',
      description:
        '`{_id, name, labelKey, classes: [{key, name, labelKey}]}` per model; `class0` is always the unknown class (grey). `labelKey` are translation keys of the web’s `aiModel` namespace. docs/ai-model.md.',
      response: { 200: aiModelList },
    },
    handler: async () => [...models.values()].map((m) => m.summary),
  });

  r.get('/ai-model/:id/predictions', {
    config: { access },
    schema: {
      tags: ['ai models'],
      summary: 'Predictions of a model for the measurements of a point',
      description: `Query \`point\` (required), \`startDate\`/\`endDate\` (\`YYYY-MM-DD HH:mm:ss\` in the customer’s time zone, inclusive, on createdAt). One \`{measurement, prediction: classN, createdAt, probability, source}\` per stored measurement of the point, oldest first. \`class0\` (unknown) when the model cannot decide: no bearing or reference frequency on the point, sampling rate below 10 kHz, record shorter than 0.5 s, no waveform, Duck measurements, or a probability below the model’s threshold. Predictions are cached; at most ${PREDICTIONS_PER_REQUEST} uncached measurements (the newest) are computed per request, in the DSP worker pool: the others are answered \`class0\` with \`pending: true\` — ask again to get them. Unknown model: 404 \`message\`; another customer’s point answers 404 like a missing one.`,
      params: z.object({ id: z.string() }),
      querystring: aiPredictionsQuery,
      response: { 200: aiPredictionList, 400: badRequestBody, 404: errorBody },
    },
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
