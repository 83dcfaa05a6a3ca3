import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { aiModelClass, PREDICTION_CLASS_COUNT, predictionClass, type AiModel, type PredictionClass } from '@overtone/contract';
import { FEATURE_NAMES, FEATURE_SET_VERSION } from './features.ts';

/** Directory of the model files shipped with the server (apps/server/models), resolved from this module. */
export const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
/** The model files loaded at start-up, in the order `GET /ai-model` lists them. */
export const MODEL_FILES = ['bearing-condition-cwru.json'] as const;

const finite = z.number().finite();

/**
 * A model file (`format: overtone.ai-model.v1`, written by tools/bearing-model/train.py): a
 * standardised multinomial logistic regression. `weights[i]` (one row per `outputClasses[i]`, one
 * column per feature) and `intercepts[i]` give the logit of class i from the standardised features
 * z_j = (x_j − mean_j) / scale_j.
 */
export const modelFileSchema = z
  .object({
    format: z.literal('overtone.ai-model.v1'),
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    labelKey: z.string().min(1),
    version: z.number().int().positive(),
    type: z.literal('multinomialLogisticRegression'),
    classes: z.array(aiModelClass).min(2).max(PREDICTION_CLASS_COUNT),
    outputClasses: z.array(predictionClass).min(2),
    featureSet: z.string(),
    featureNames: z.array(z.string()).min(1),
    scaler: z.object({ mean: z.array(finite), scale: z.array(finite.positive()) }),
    weights: z.array(z.array(finite)),
    intercepts: z.array(finite),
    decision: z.object({ minProbability: z.number().min(0).max(1), unknownClass: predictionClass, normalClass: predictionClass }),
    novelty: z.object({
      quantile: z.number().min(0).max(1),
      maxDistanceSquared: finite.positive(),
      centroids: z.array(z.array(finite)),
      precision: z.array(z.array(finite)),
    }),
    training: z.record(z.string(), z.unknown()),
  })
  .superRefine((m, ctx) => {
    const p = m.featureNames.length,
      k = m.outputClasses.length;
    const bad = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (m.scaler.mean.length !== p || m.scaler.scale.length !== p) bad(`scaler needs ${p} means and scales`);
    if (m.weights.length !== k || m.weights.some((row) => row.length !== p)) bad(`weights must be ${k} × ${p}`);
    if (m.intercepts.length !== k) bad(`intercepts must have ${k} entries`);
    if (m.novelty.centroids.length !== k || m.novelty.centroids.some((row) => row.length !== p))
      bad(`novelty.centroids must be ${k} × ${p}`);
    if (m.novelty.precision.length !== p || m.novelty.precision.some((row) => row.length !== p))
      bad(`novelty.precision must be ${p} × ${p}`);
    const keys = m.classes.map((c) => c.key);
    if (keys.some((key, i) => key !== `class${i}`)) bad('classes must be class0, class1, … in order');
    if (m.outputClasses.some((c) => !keys.includes(c) || c === m.decision.unknownClass))
      bad('outputClasses must be known, non-unknown classes');
    if (!keys.includes(m.decision.normalClass) || m.decision.unknownClass !== 'class0')
      bad('decision classes must exist; unknown is class0');
  });
export type ModelFile = z.infer<typeof modelFileSchema>;

/** A loaded model: its file and what `GET /ai-model` shows of it. */
export interface LoadedModel {
  file: ModelFile;
  summary: AiModel;
}

/**
 * Reads and validates a model file. The server calls it at start-up (routes registration), so a
 * missing, corrupt or incompatible file stops the start with this message instead of failing later.
 *
 * @param file  Path of the JSON model file.
 * @throws Error naming the file and what is wrong (unreadable, not JSON, schema, feature set).
 */
export function loadModelFile(file: string): LoadedModel {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`AI model file ${file} cannot be read as JSON: ${(e as Error).message}`, { cause: e });
  }
  const parsed = modelFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `AI model file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  const m = parsed.data;
  if (m.featureSet !== FEATURE_SET_VERSION || m.featureNames.join() !== FEATURE_NAMES.join())
    throw new Error(
      `AI model file ${file} was trained on features ${m.featureSet} [${m.featureNames.join(', ')}], the server computes ${FEATURE_SET_VERSION} [${FEATURE_NAMES.join(', ')}]: retrain it (npm run train:bearing-model)`,
    );
  return { file: m, summary: { _id: m.id, name: m.name, labelKey: m.labelKey, classes: m.classes } };
}

/** Loads every shipped model ({@link MODEL_FILES} in {@link MODELS_DIR}); throws like {@link loadModelFile}. */
export function loadShippedModels(dir = MODELS_DIR): Map<string, LoadedModel> {
  const out = new Map<string, LoadedModel>();
  for (const name of MODEL_FILES) {
    const m = loadModelFile(path.join(dir, name));
    out.set(m.file.id, m);
  }
  return out;
}

let shipped: Map<string, LoadedModel> | null = null;
/**
 * The shipped models, loaded once per thread ({@link loadShippedModels}): the API's routes, the
 * prediction warmer and each DSP worker share them, so a task can name a shipped model by id.
 */
export function shippedModels(): Map<string, LoadedModel> {
  return (shipped ??= loadShippedModels());
}

/**
 * Class probabilities of a feature vector: softmax(W·z + b) with z_j = (x_j − mean_j)/scale_j,
 * computed with the maximum logit subtracted (no overflow).
 *
 * @param m  The model file.
 * @param x  Features, shape (p,), in `m.featureNames` order.
 * @returns  Probabilities, shape (k,), in `m.outputClasses` order, summing to 1.
 *
 * Source: Bishop, *Pattern Recognition and Machine Learning* (2006) §4.3.4 (multiclass logistic regression).
 */
export function classProbabilities(m: ModelFile, x: ArrayLike<number>): Float64Array {
  const p = m.featureNames.length;
  const z = new Float64Array(p);
  for (let j = 0; j < p; j++) z[j] = (x[j] - m.scaler.mean[j]) / m.scaler.scale[j];
  const k = m.outputClasses.length;
  const logits = new Float64Array(k);
  let max = -Infinity;
  for (let i = 0; i < k; i++) {
    let s = m.intercepts[i];
    for (let j = 0; j < p; j++) s += m.weights[i][j] * z[j];
    logits[i] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let i = 0; i < k; i++) sum += logits[i] = Math.exp(logits[i] - max);
  for (let i = 0; i < k; i++) logits[i] /= sum;
  return logits;
}

/**
 * Squared Mahalanobis distance of a feature vector to each class centroid, d²_i = (z − μ_i)ᵀ Σ⁻¹ (z − μ_i),
 * with z the standardised features, μ_i the class means of the training segments and Σ their pooled
 * within-class covariance (`novelty.precision` = Σ⁻¹). Under a Gaussian class model d² follows a
 * chi-square law with p degrees of freedom, hence the limit `novelty.maxDistanceSquared`.
 *
 * @param m  The model file.
 * @param x  Features, shape (p,).
 * @returns  d², shape (k,), in `m.outputClasses` order, dimensionless.
 *
 * Source: Bishop (2006) §2.3 (Mahalanobis distance), §4.2.2 (shared-covariance class model).
 */
export function noveltyDistanceSquared(m: ModelFile, x: ArrayLike<number>): Float64Array {
  const p = m.featureNames.length;
  const k = m.outputClasses.length;
  const out = new Float64Array(k);
  const d = new Float64Array(p);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < p; j++) d[j] = (x[j] - m.scaler.mean[j]) / m.scaler.scale[j] - m.novelty.centroids[i][j];
    let s = 0;
    for (let a = 0; a < p; a++) {
      let row = 0;
      for (let b = 0; b < p; b++) row += m.novelty.precision[a][b] * d[b];
      s += d[a] * row;
    }
    out[i] = s;
  }
  return out;
}

/**
 * The model's decision for one feature vector: the most probable class and its probability, or the
 * unknown class (class0) when that probability is below `decision.minProbability` or the vector lies
 * farther from that class's training segments than `novelty.maxDistanceSquared` (a record unlike
 * anything the model was trained on: another machine, another sensor position; docs/ai-model.md).
 */
export function decide(m: ModelFile, x: ArrayLike<number>): { prediction: PredictionClass; probability: number } {
  const probabilities = classProbabilities(m, x);
  let best = 0;
  for (let i = 1; i < probabilities.length; i++) if (probabilities[i] > probabilities[best]) best = i;
  const probability = probabilities[best];
  const novel = noveltyDistanceSquared(m, x)[best] > m.novelty.maxDistanceSquared;
  return {
    prediction: probability >= m.decision.minProbability && !novel ? m.outputClasses[best] : m.decision.unknownClass,
    probability,
  };
}
