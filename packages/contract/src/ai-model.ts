import { z } from 'zod';
import { DATE_TIME_PATTERN } from './point-form.ts';

/**
 * AI models of the trend panel's predictions mode (spec 001 §2 "Trend panel", §3 "AI model",
 * §7 `GET /ai-model`, `GET /ai-model/{id}/predictions`, §9 "Prediction class colours").
 * docs/ai-model.md describes the shipped model, its training data and its limits.
 */

/** At most this many prediction classes per model (spec 001 §9: 7 class colours). */
export const PREDICTION_CLASS_COUNT = 7;
/** Prediction class keys as the spec sends them: `class0` … `class6`. */
export const PREDICTION_CLASSES = ['class0', 'class1', 'class2', 'class3', 'class4', 'class5', 'class6'] as const;
export const predictionClass = z.enum(PREDICTION_CLASSES);
export type PredictionClass = z.infer<typeof predictionClass>;
/**
 * `class0` is reserved for "unknown": the model could not or would not decide (no waveform, a
 * sampling rate or record length the model's features are not defined for, low confidence).
 */
export const UNKNOWN_PREDICTION_CLASS: PredictionClass = 'class0';

/**
 * Colour of each prediction class, index N for `classN` (spec 001 §9: 7 entries, the first grey
 * for unknown). The others are distinct hues, not severities.
 */
export const PREDICTION_CLASS_COLORS = ['#8c8c8c', '#52c41a', '#f5222d', '#fa8c16', '#722ed1', '#1677ff', '#13c2c2'] as const;

/** Colour of a prediction class key (`classN`); an unexpected key gets the unknown grey. */
export const predictionClassColor = (key: string): string => {
  const n = PREDICTION_CLASSES.indexOf(key as PredictionClass);
  return PREDICTION_CLASS_COLORS[n < 0 ? 0 : n];
};

/**
 * One class of a model. `labelKey` is the web's translation key in the `aiModel` namespace
 * (e.g. `bearingCondition.innerRace`); `name` is the English name, for clients without it.
 */
export const aiModelClass = z.object({
  key: predictionClass,
  name: z.string(),
  labelKey: z.string(),
});
export type AiModelClass = z.infer<typeof aiModelClass>;

/**
 * An AI model (spec 001 §3: `_id, name, classes`). `classes` are ordered by key, `class0`
 * (unknown) first. `labelKey` is the model name's translation key in the `aiModel` namespace.
 */
export const aiModel = z.object({
  _id: z.string(),
  name: z.string(),
  labelKey: z.string(),
  classes: z.array(aiModelClass).min(1).max(PREDICTION_CLASS_COUNT),
});
export type AiModel = z.infer<typeof aiModel>;
/** `GET /ai-model`: every model the server has loaded. */
export const aiModelList = z.array(aiModel);
export type AiModelList = z.infer<typeof aiModelList>;

/**
 * `GET /ai-model/{id}/predictions` query: `point` (its id) is required; `startDate`/`endDate`
 * (`YYYY-MM-DD HH:mm:ss` in the customer's time zone, inclusive, on the measurement's createdAt)
 * are optional and bound the measurements like the trend's date range.
 */
export const aiPredictionsQuery = z.object({
  point: z.string().min(1, 'requirePoint'),
  startDate: z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime').optional(),
  endDate: z.string().regex(DATE_TIME_PATTERN, 'invalidDateTime').optional(),
});
export type AiPredictionsQuery = z.infer<typeof aiPredictionsQuery>;

/**
 * One prediction (spec 001 §3: `{measurement, prediction 'classN'}`). Additions of ours:
 * `createdAt` (ISO 8601, the measurement's time, to place it on the trend's time axis),
 * `probability` (0–1, the model's posterior probability of the predicted class; null for `class0`
 * given without running the model) and `source` (the axis key whose signal decided, e.g.
 * `accelerometer_x`; null when none could be used), `pending` (true: not computed yet, answered
 * `class0` for now — the server computes at most a bounded number per request, newest first; ask
 * again to get the rest; absent once computed).
 */
export const aiPrediction = z.object({
  measurement: z.string(),
  prediction: predictionClass,
  createdAt: z.string(),
  probability: z.number().min(0).max(1).nullable(),
  source: z.string().nullable(),
  pending: z.literal(true).optional(),
});
export type AiPrediction = z.infer<typeof aiPrediction>;
/** `GET /ai-model/{id}/predictions`: one entry per measurement of the point, oldest first. */
export const aiPredictionList = z.array(aiPrediction);
export type AiPredictionList = z.infer<typeof aiPredictionList>;

/**
 * Uncached measurements computed by one `GET /ai-model/{id}/predictions` at most (the newest
 * ones); the others are answered `pending` and computed by the next request (docs/ai-model.md
 * "Serving"). 500 records take about 2–4 s on a 2-core server.
 */
export const PREDICTIONS_PER_REQUEST = 500;
