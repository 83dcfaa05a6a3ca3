import type { z } from 'zod';
import {
  MAX_SIGNAL_SAMPLES,
  decodeFloat32Body,
  encodeSignal,
  autoCorrelationBody,
  cepstrumBody,
  envelopeBody,
  orbitBody,
  polarBody,
  spectrogramBody,
  spectrumBody,
} from '@overtone/contract';
import { computeDomain, type DomainCurve, type DomainPolarPart, type DomainRequest, type DomainResults } from '@overtone/dsp';
import { validationItems, type ValidationItem } from '../../infra/validator.ts';

/**
 * A whole analysis request, done in a DSP worker thread (jobs/dsp/dsp-tasks.ts kind `analysisRequest`):
 * the raw JSON body in, the JSON answer out. Parsing a body of a million samples (about 20 MB), its
 * validation, the transform and the answer's serialisation each take tens to hundreds of ms; on the
 * API thread they would stall every other request, here they stall nothing.
 */
export interface AnalysisRequestTask {
  kind: 'analysisRequest';
  analysis: AnalysisName;
  /**
   * - 'json' (default): `bytes` is the contract's JSON body (samples in `signal`);
   * - 'float32': `bytes` is float32 LE samples (an orbit's: `signal` then `signal2`), the settings in `query`;
   * - 'stored': the samples are a stored measurement's axes in `signals`, the settings in `query`.
   */
  format?: 'json' | 'float32' | 'stored';
  /** The request body as received (UTF-8 JSON, or float32 LE samples). */
  bytes: Uint8Array;
  /** The settings of a binary or stored-signal request (query string values as strings, or parsed JSON). */
  query?: Record<string, unknown>;
  /** A stored measurement's axes in g ('stored'). */
  signals?: Float64Array[];
  /** Answer a curve (spectrum, envelope, cepstrum, autocorrelation) in the binary signal layout. */
  binaryAnswer?: boolean;
}

/** What the worker answers: the answer's bytes (JSON, or binary with its unit), or why there is none. */
export type AnalysisRequestResult =
  | { ok: Uint8Array; binary?: { unit: string } }
  /** the body does not match the route's schema: the 400 items (infra/validator.ts) */
  | { invalid: ValidationItem[] }
  /** a signal longer than MAX_SIGNAL_SAMPLES: 413 PAYLOAD_TOO_LARGE */
  | { tooLarge: true }
  /** bad input the schema cannot see (e.g. lagSize ≥ N, a result that is not finite): 400 with a message key */
  | { badInput: { param: string; message: string } };

const arr = (a: Float64Array | number[]) => Array.from(a);

/** A signal as the analyses take it: the JSON body's array or a decoded binary / stored signal. */
type Samples = ArrayLike<number>;
type Settings<S extends z.ZodObject> = Omit<z.infer<S>, 'signal' | 'signal2'> & { signal: Samples; signal2?: Samples };
interface Analysis<S extends z.ZodObject = z.ZodObject> {
  body: S;
  /** The body's settings without its samples: what the query string (binary body) or a stored-signal body carries. */
  params: z.ZodObject;
  /** How many signals the analysis takes (orbit: `signal` and `signal2`). */
  signals: 1 | 2;
  /** The request to @overtone/dsp's `computeDomain`. */
  request: (b: Settings<S>) => DomainRequest;
  /** The JSON answer (contract analysis.ts) of the computed result. */
  json: (r: never) => unknown;
}
const analysis = <S extends z.ZodObject, R>(
  body: S,
  request: (b: Settings<S>) => DomainRequest,
  json: (r: R) => unknown,
  signals: 1 | 2 = 1,
): Analysis<S> => ({
  body,
  params: signals === 2 ? body.omit({ signal: true, signal2: true } as never) : body.omit({ signal: true } as never),
  signals,
  request,
  json: json as (r: never) => unknown,
});

const part = (p: DomainPolarPart) => ({ r: arr(p.r), phase: arr(p.phase), r_mean: p.r_mean, phase_mean: p.phase_mean });
const curve = (s: DomainCurve) => ({ results: { x: arr(s.x), y: arr(s.y), unit: s.unit } });

/**
 * The analyses of `POST /vibration/signal/<name>`: the body schema, the request to
 * @overtone/dsp's `computeDomain` (the very function the measurement page's Web Worker runs,
 * docs/signals.md) and the JSON answer (contract analysis.ts).
 */
export const ANALYSES = {
  spectrum: analysis(
    spectrumBody,
    (b) => ({
      kind: 'spectrum',
      signal: b.signal,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      half: b.half,
      mode: b.mode,
    }),
    curve,
  ),
  envelope: analysis(
    envelopeBody,
    (b) => ({
      kind: 'envelope',
      signal: b.signal,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      bandHz: b.frequencyRange,
      xlimHz: b.xlim,
    }),
    curve,
  ),
  cepstrum: analysis(
    cepstrumBody,
    (b) => ({ kind: 'cepstrum', signal: b.signal, samplingRateHz: b.samplingRate, window: b.window, removeDc: b.dcOffset }),
    curve,
  ),
  spectrogram: analysis(
    spectrogramBody,
    (b) => ({
      kind: 'spectrogram',
      signal: b.signal,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      nfft: b.nfft,
      overlap: b.overlap,
    }),
    (s: DomainResults['spectrogram']) => ({ results: { f: arr(s.f), t: arr(s.t), sxx: s.sxx.map(arr), unit: s.unit } }),
  ),
  'auto-correlation': analysis(
    autoCorrelationBody,
    (b) => ({ kind: 'autocorrelation', signal: b.signal, window: b.window, lagSize: b.lagSize }),
    (a: DomainResults['autocorrelation']) => ({ r: arr(a.r), lags: arr(a.lags) }),
  ),
  'polar-analyze': analysis(
    polarBody,
    (b) => ({
      kind: 'polar',
      signal: b.signal,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      referenceFrequencyHz: b.referenceFrequency,
    }),
    (p: DomainResults['polar']) => ({ ...part(p), unit: p.unit }),
  ),
  'orbit-analyze': analysis(
    orbitBody,
    (b) => ({
      kind: 'orbit',
      signal: b.signal,
      signal2: b.signal2!,
      samplingRateHz: b.samplingRate,
      window: b.window,
      removeDc: b.dcOffset,
      referenceFrequencyHz: b.referenceFrequency,
    }),
    (o: DomainResults['orbit']) => ({ ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) }),
    2,
  ),
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
 * Query-string values as the settings schemas take them: 'true'/'false' → booleans, numbers →
 * numbers, `frequencyRange=lo,hi` → [lo, hi]; anything else stays a string (and fails its schema).
 */
export function coerceQuery(q: Record<string, unknown>): Record<string, unknown> {
  const num = (v: string) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(v) ? Number(v) : v);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    if (typeof v !== 'string') out[k] = v;
    else if (v === 'true' || v === 'false') out[k] = v === 'true';
    else if (k === 'frequencyRange') out[k] = v.split(',').map(num);
    else out[k] = num(v);
  }
  return out;
}

/** The binary answer of a curve: channels `x`, `y` (autocorrelation: `lags`, `r`) as float64 (docs/signals.md). */
function binaryAnswerOf(result: unknown): { ok: Uint8Array; binary: { unit: string } } | null {
  const r = result as Partial<DomainCurve & DomainResults['autocorrelation']>;
  const pair: [string, Float64Array][] | null =
    r.x && r.y
      ? [
          ['x', r.x],
          ['y', r.y],
        ]
      : r.lags && r.r
        ? [
            ['lags', r.lags],
            ['r', r.r],
          ]
        : null;
  if (!pair) return null;
  for (const [, a] of pair) for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return null;
  const bytes = encodeSignal({
    samplingRateHz: 0,
    scale: 1,
    sampleType: 'float64',
    channels: pair.map(([key, samples]) => ({ key, samples })),
  });
  return { ok: bytes, binary: { unit: r.unit ?? '' } };
}

/** The samples and settings of a request, or why there are none. */
function readRequest(
  task: AnalysisRequestTask,
  spec: Analysis,
):
  | { settings: Record<string, unknown> & { signal: Samples; signal2?: Samples } }
  | Exclude<AnalysisRequestResult, { ok: Uint8Array }> {
  if (!task.format || task.format === 'json') {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(task.bytes));
    } catch {
      return { badInput: { param: 'body', message: 'Body is not valid JSON' } };
    }
    const body = json as { signal?: unknown; signal2?: unknown } | null;
    for (const s of [body?.signal, body?.signal2])
      if (Array.isArray(s) && s.length > MAX_SIGNAL_SAMPLES) return { tooLarge: true };
    const parsed = spec.body.safeParse(json, { reportInput: true });
    if (!parsed.success) return { invalid: validationItems(parsed.error.issues) };
    return { settings: parsed.data as never };
  }
  // binary or stored: zod sees the few settings only, never the samples
  let signals: Float64Array[];
  if (task.format === 'float32') {
    const decoded = decodeFloat32Body(task.bytes, spec.signals);
    if ('error' in decoded) return { badInput: { param: 'body', message: decoded.error } };
    signals = decoded;
  } else signals = task.signals ?? [];
  if (signals.some((s) => s.length > MAX_SIGNAL_SAMPLES)) return { tooLarge: true };
  if (signals.length < spec.signals || signals.some((s) => s.length < 2))
    return { badInput: { param: 'signal', message: 'The signal needs at least 2 samples' } };
  const parsed = spec.params.safeParse(coerceQuery(task.query ?? {}), { reportInput: true });
  if (!parsed.success) return { invalid: validationItems(parsed.error.issues) };
  return { settings: { ...(parsed.data as Record<string, unknown>), signal: signals[0]!, signal2: signals[1] } };
}

/**
 * What a computation's error says about the request: packages/dsp reports an input it cannot
 * analyse with a RangeError (its functions' `@throws`), whose message the 400 carries. Anything
 * else (a TypeError, a WebAssembly trap) is a fault of ours, answered 500, not blamed on the request.
 * @returns the RangeError's message, or null for any other error
 */
export function inputErrorOf(e: unknown): string | null {
  return e instanceof Error && e.name === 'RangeError' ? e.message : null;
}

/**
 * Runs one analysis request from its raw body, binary samples or stored signal (worker side).
 * @returns the answer's bytes (JSON, or the binary layout when asked and the answer is a curve),
 *   or the reason for a 400 / 413 (AnalysisRequestResult)
 */
export function runAnalysisRequest(task: AnalysisRequestTask): AnalysisRequestResult {
  const spec = ANALYSES[task.analysis] as unknown as Analysis;
  const read = readRequest(task, spec);
  if (!('settings' in read)) return read;
  let result: unknown;
  try {
    result = computeDomain(spec.request(read.settings as never));
  } catch (e) {
    const message = inputErrorOf(e);
    if (message !== null) return { badInput: { param: 'signal', message } };
    throw e;
  }
  if (task.binaryAnswer) {
    const bin = binaryAnswerOf(result);
    if (bin) return bin;
  }
  const answer = spec.json(result as never);
  // Samples near the largest double overflow the transforms to ±Infinity or NaN: no JSON number holds them.
  if (nonFinitePath(answer)) return { badInput: { param: 'signal', message: 'analysisResultNotFinite' } };
  return { ok: new TextEncoder().encode(JSON.stringify(answer)) };
}
