import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classProbabilities, decide, loadModelFile, loadShippedModels, MODELS_DIR, noveltyDistanceSquared } from './model.ts';
import { combineAxes } from './service.ts';

/**
 * Inference of the shipped bearing-condition model against the probabilities numpy computed for the
 * same feature rows when it trained the model (tools/bearing-model/train.py writes both files).
 */
const MODEL = path.join(MODELS_DIR, 'bearing-condition-cwru.json');
const REFERENCE = path.resolve(import.meta.dirname, '../../../../../tools/bearing-model/reference-probabilities.json');

describe('bearing-condition model inference', () => {
  const { file: m } = loadModelFile(MODEL);
  const ref = JSON.parse(fs.readFileSync(REFERENCE, 'utf8')) as {
    model: string;
    outputClasses: string[];
    rows: {
      record: string;
      channel: string;
      features: number[];
      probabilities: number[];
      noveltyDistanceSquared: number[];
      prediction: string;
    }[];
  };

  it('is the model the reference was computed with', () => {
    expect(ref.model).toBe(m.id);
    expect(ref.outputClasses).toEqual(m.outputClasses);
    expect(ref.rows.length).toBeGreaterThanOrEqual(10);
  });

  it('equals numpy’s softmax probabilities within 1e-9 on every reference row', () => {
    for (const row of ref.rows) {
      const p = classProbabilities(m, row.features);
      expect(p.length).toBe(row.probabilities.length);
      for (let i = 0; i < p.length; i++) expect(Math.abs(p[i] - row.probabilities[i])).toBeLessThan(1e-9);
      expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
    }
  });

  it('equals numpy’s novelty distances (1e-9 relative) and decisions on every reference row', () => {
    for (const row of ref.rows) {
      const d2 = noveltyDistanceSquared(m, row.features);
      for (let i = 0; i < d2.length; i++)
        expect(Math.abs(d2[i] - row.noveltyDistanceSquared[i])).toBeLessThan(1e-9 * Math.max(1, row.noveltyDistanceSquared[i]));
      expect(decide(m, row.features).prediction).toBe(row.prediction);
    }
    // the reference holds both kinds of answer: decided classes and class0 for novel rows
    expect(ref.rows.some((r) => r.prediction === 'class0')).toBe(true);
    expect(ref.rows.some((r) => r.prediction !== 'class0')).toBe(true);
  });

  it('predicts the first drive-end segment of each CWRU record as its class', () => {
    const expected: Record<string, string> = { 'cwru-097': 'class1', 'cwru-105': 'class2', 'cwru-130': 'class4' };
    for (const [record, cls] of Object.entries(expected)) {
      const row = ref.rows.find((r) => r.record === record && r.channel === 'DE')!;
      expect(decide(m, row.features).prediction).toBe(cls);
    }
  });

  it('answers the unknown class below the confidence threshold or far from the training segments', () => {
    const row = ref.rows.find((r) => r.record === 'cwru-105' && r.channel === 'DE')!;
    expect(decide({ ...m, decision: { ...m.decision, minProbability: 1.01 } }, row.features).prediction).toBe('class0');
    expect(decide({ ...m, novelty: { ...m.novelty, maxDistanceSquared: 1e-6 } }, row.features).prediction).toBe('class0');
    expect(decide(m, row.features).prediction).toBe('class2');
  });

  it('combines axes: a fault on any axis wins over normal; none usable → class0', () => {
    expect(
      combineAxes(m, [
        { source: 'accelerometer_x', prediction: 'class1', probability: 0.99 },
        { source: 'accelerometer_y', prediction: 'class4', probability: 0.6 },
        { source: 'accelerometer_z', prediction: 'class0', probability: 0.3 },
      ]),
    ).toEqual({ prediction: 'class4', probability: 0.6, source: 'accelerometer_y' });
    expect(
      combineAxes(m, [
        { source: 'accelerometer_x', prediction: 'class1', probability: 0.8 },
        { source: 'accelerometer_y', prediction: 'class1', probability: 0.9 },
      ]),
    ).toEqual({ prediction: 'class1', probability: 0.9, source: 'accelerometer_y' });
    expect(combineAxes(m, [])).toEqual({ prediction: 'class0', probability: null, source: null });
  });
});

describe('model labels', () => {
  it('every labelKey of every shipped model is translated in the web’s aiModel namespace, in all six languages', () => {
    const localesDir = path.resolve(import.meta.dirname, '../../../../web/src/locales');
    for (const { summary } of loadShippedModels().values())
      for (const lang of ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw']) {
        const messages = JSON.parse(fs.readFileSync(path.join(localesDir, lang, 'aiModel.json'), 'utf8')) as Record<
          string,
          unknown
        >;
        for (const key of [summary.labelKey, ...summary.classes.map((c) => c.labelKey)]) {
          const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);
          expect(typeof text === 'string' && text.trim().length > 0, `${lang}/aiModel.json ${key}`).toBe(true);
        }
      }
  });
});

describe('model file validation at start-up', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-model-'));
  const write = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const good = JSON.parse(fs.readFileSync(MODEL, 'utf8')) as Record<string, unknown>;

  it('loads the shipped models', () => {
    const models = loadShippedModels();
    expect([...models.keys()]).toEqual(['bearing-condition-cwru']);
    expect(models.get('bearing-condition-cwru')!.summary.classes.map((c) => c.key)).toEqual([
      'class0',
      'class1',
      'class2',
      'class3',
      'class4',
    ]);
  });

  it('refuses a file that is not JSON, naming it', () => {
    const f = write('broken.json', '{"format": "overtone.ai-model.v1", ');
    expect(() => loadModelFile(f)).toThrow(/broken\.json cannot be read as JSON/);
  });

  it('refuses a missing file', () => {
    expect(() => loadModelFile(path.join(dir, 'absent.json'))).toThrow(/absent\.json cannot be read/);
  });

  it('refuses weights of the wrong shape and non-finite numbers', () => {
    const f = write('shape.json', JSON.stringify({ ...good, weights: (good.weights as number[][]).slice(1) }));
    expect(() => loadModelFile(f)).toThrow(/shape\.json is invalid: .*weights must be 4 × 5/);
    const scale = write('scale.json', JSON.stringify({ ...good, scaler: { mean: [0, 0, 0, 0, 0], scale: [1, 1, 0, 1, 1] } }));
    expect(() => loadModelFile(scale)).toThrow(/scale\.json is invalid: scaler\.scale\.2/);
  });

  it('refuses a model trained on other features than the server computes', () => {
    const f = write('features.json', JSON.stringify({ ...good, featureSet: 'something-else' }));
    expect(() => loadModelFile(f)).toThrow(/trained on features something-else/);
  });

  it('refuses a server start (route registration) with a corrupt model file', () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-models-dir-'));
    fs.writeFileSync(path.join(bad, 'bearing-condition-cwru.json'), 'not json');
    expect(() => loadShippedModels(bad)).toThrow(/bearing-condition-cwru\.json cannot be read as JSON/);
  });
});
