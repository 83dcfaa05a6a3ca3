import { z } from 'zod';
import { PREDICTIONS_PER_REQUEST, aiModelList, aiPredictionList, aiPredictionsQuery } from '../ai-model.ts';
import { endpoint } from './endpoint.ts';

/**
 * AI models and their predictions (docs/ai-model.md). Server: modules/ai-models.
 */
export const AI_MODEL_ENDPOINTS = {
  listAiModels: endpoint({
    method: 'GET',
    path: '/ai-model',
    access: { permission: ['Readtrend', 'readMeasurement'] },
    tags: ['ai models'],
    summary: 'The AI models of the trend’s predictions mode',
    description:
      '`{_id, name, labelKey, classes: [{key, name, labelKey}]}` per model; `class0` is always the unknown class (grey). `labelKey` are translation keys of the web’s `aiModel` namespace. docs/ai-model.md.',
    response: aiModelList,
  }),
  getAiModelPredictions: endpoint({
    method: 'GET',
    path: '/ai-model/:id/predictions',
    access: { permission: ['Readtrend', 'readMeasurement'] },
    tags: ['ai models'],
    summary: 'Predictions of a model for the measurements of a point',
    description: `Query \`point\` (required), \`startDate\`/\`endDate\` (\`YYYY-MM-DD HH:mm:ss\` in the customer’s time zone, inclusive, on createdAt). One \`{measurement, prediction: classN, createdAt, probability, source}\` per stored measurement of the point, oldest first. \`class0\` (unknown) when the model cannot decide: no bearing or reference frequency on the point, sampling rate below 10 kHz, record shorter than 0.5 s, no waveform, Duck measurements, or a probability below the model’s threshold. Predictions are cached; at most ${PREDICTIONS_PER_REQUEST} uncached measurements (the newest) are computed per request, in the DSP worker pool: the others are answered \`class0\` with \`pending: true\` — ask again to get them. Unknown model: 404 \`message\`; another customer’s point answers 404 like a missing one.`,
    params: z.object({ id: z.string() }),
    query: aiPredictionsQuery,
    response: aiPredictionList,
    errors: [400, 404],
  }),
};
