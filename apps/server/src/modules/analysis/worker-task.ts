import type { z } from 'zod';
import {
  MAX_SIGNAL_SAMPLES,
  autoCorrelationBody,
  cepstrumBody,
  envelopeBody,
  orbitBody,
  polarBody,
  spectrogramBody,
  spectrumBody,
} from '@overtone/contract';
import type { DspTask } from '../../infra/dsp-tasks.ts';
import { validationItems, type ValidationItem } from '../../infra/validator.ts';

/**
 * A whole analysis request, done in a DSP worker thread (infra/dsp-tasks.ts kind `analysisRequest`):
 * the raw JSON body in, the JSON answer out. Parsing a body of a million samples (about 20 MB), its
 * validation, the transform and the answer's serialisation each take tens to hundreds of ms; on the
 * API thread they would stall every other request, here they stall nothing.
 */
export interface AnalysisRequestTask {
  kind: 'analysisRequest';
  analysis: AnalysisName;
  /** The request body as received (UTF-8 JSON). */
  bytes: Uint8Array;
}

/** What the worker answers: the JSON answer's bytes, or why there is none. */
export type AnalysisRequestResult =
  | { ok: Uint8Array }
  /** the body does not match the route's schema: the 400 items (infra/validator.ts) */
  | { invalid: ValidationItem[] }
  /** a signal longer than MAX_SIGNAL_SAMPLES: 413 PAYLOAD_TOO_LARGE */
  | { tooLarge: true }
  /** bad input the schema cannot see (e.g. lagSize ≥ N, a result that is not finite): 400 with a message key */
  | { badInput: { param: string; message: string } };

const f64 = (a: number[]) => Float64Array.from(a);
const arr = (a: Float64Array | number[]) => Array.from(a);

type Run = (task: DspTask) => unknown;
type Analysis<S extends z.ZodType> = { body: S; answer: (b: z.infer<S>, run: Run) => unknown };
const analysis = <S extends z.ZodType>(body: S, answer: (b: z.infer<S>, run: Run) => unknown): Analysis<S> => ({ body, answer });

type Curve = { x: Float64Array; y: Float64Array; unit: string };
type Part = { r: Float64Array; phase: Float64Array; r_mean: number; phase_mean: number };
const part = (p: Part) => ({ r: arr(p.r), phase: arr(p.phase), r_mean: p.r_mean, phase_mean: p.phase_mean });

/** The analyses of `POST /vibration/signal/<name>`: the body schema and the answer (contract analysis.ts). */
export const ANALYSES = {
  spectrum: analysis(spectrumBody, (b, run) => {
    const s = run({
      kind: 'spectrum',
      signal: f64(b.signal),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      half: b.half,
      mode: b.mode,
    }) as Curve;
    return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
  }),
  envelope: analysis(envelopeBody, (b, run) => {
    const s = run({
      kind: 'envelope',
      signal: f64(b.signal),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      bandHz: b.frequencyRange,
      xlimHz: b.xlim,
    }) as Curve;
    return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
  }),
  cepstrum: analysis(cepstrumBody, (b, run) => {
    const s = run({
      kind: 'cepstrum',
      signal: f64(b.signal),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
    }) as Curve;
    return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
  }),
  spectrogram: analysis(spectrogramBody, (b, run) => {
    const s = run({
      kind: 'spectrogram',
      signal: f64(b.signal),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      nfft: b.nfft,
      overlap: b.overlap,
    }) as { f: Float64Array; t: Float64Array; sxx: Float64Array[]; unit: string };
    return { results: { f: arr(s.f), t: arr(s.t), sxx: s.sxx.map(arr), unit: s.unit } };
  }),
  'auto-correlation': analysis(autoCorrelationBody, (b, run) => {
    const a = run({ kind: 'autocorrelation', signal: f64(b.signal), window: b.window, lagSize: b.lagSize }) as {
      r: Float64Array;
      lags: Float64Array;
    };
    return { r: arr(a.r), lags: arr(a.lags) };
  }),
  'polar-analyze': analysis(polarBody, (b, run) => {
    const p = run({
      kind: 'polar',
      signal: f64(b.signal),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      referenceFrequencyHz: b.referenceFrequency,
    }) as Part & { unit: string };
    return { ...part(p), unit: p.unit };
  }),
  'orbit-analyze': analysis(orbitBody, (b, run) => {
    const o = run({
      kind: 'orbit',
      signal: f64(b.signal),
      signal2: f64(b.signal2),
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      referenceFrequencyHz: b.referenceFrequency,
    }) as Part & { unit: string; x: Part; y: Part };
    return { ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) };
  }),
} as const;
export type AnalysisName = keyof typeof ANALYSES;

/** The first non-finite number in an answer (NaN or ±Infinity cannot be written as JSON), or undefined. */
export function nonFinitePath(value: unknown, at = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : at || 'value';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) return `${at}.${i}`;
      } else if (v && typeof v === 'object') {
        const found = nonFinitePath(v, `${at}.${i}`);
        if (found) return found;
      }
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const found = nonFinitePath(v, at ? `${at}.${k}` : k);
      if (found) return found;
    }
  return undefined;
}

/**
 * Runs one analysis request from its raw body (worker side).
 * @param run the DSP task runner of this thread (dsp-tasks.ts `runDspTask`)
 * @returns the answer's JSON bytes, or the reason for a 400 / 413 (AnalysisRequestResult)
 */
export function runAnalysisRequest(task: AnalysisRequestTask, run: Run): AnalysisRequestResult {
  const spec = ANALYSES[task.analysis] as Analysis<z.ZodType>;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(task.bytes));
  } catch {
    return { badInput: { param: 'body', message: 'Body is not valid JSON' } };
  }
  const body = json as { signal?: unknown; signal2?: unknown } | null;
  for (const s of [body?.signal, body?.signal2]) if (Array.isArray(s) && s.length > MAX_SIGNAL_SAMPLES) return { tooLarge: true };
  const parsed = spec.body.safeParse(json, { reportInput: true });
  if (!parsed.success) return { invalid: validationItems(parsed.error.issues) };
  let answer: unknown;
  try {
    answer = spec.answer(parsed.data, run);
  } catch (e) {
    const err = e as Error;
    if (err?.name === 'RangeError' || err?.name === 'TypeError') return { badInput: { param: 'signal', message: err.message } };
    throw e;
  }
  // Samples near the largest double overflow the transforms to ±Infinity or NaN: no JSON number holds them.
  if (nonFinitePath(answer)) return { badInput: { param: 'signal', message: 'analysisResultNotFinite' } };
  return { ok: new TextEncoder().encode(JSON.stringify(answer)) };
}
