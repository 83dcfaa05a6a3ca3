import os from 'node:os';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AXIS_KEYS,
  MAX_SIGNAL_SAMPLES,
  SIGNAL_MEDIA_TYPE,
  autoCorrelationBody,
  autoCorrelationResponse,
  badRequestBody,
  cepstrumBody,
  envelopeBody,
  errorBody,
  orbitBody,
  orbitResponse,
  polarBody,
  polarResponse,
  spectrogramBody,
  spectrogramResponse,
  spectrumBody,
  spectrumResponse,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { createAdmission, createLimiter } from '../../infra/limiter.ts';
import { validationError, validationItems } from '../../infra/validator.ts';
import { authOf, needs } from '../auth/access.ts';
import { loadMeasurementAxes } from '../measurements/signal.ts';
import { readOwnedBody } from './body.ts';
import type { AnalysisName, AnalysisRequestResult, AnalysisRequestTask } from './worker-task.ts';

/** JSON of 1 000 000 samples (the largest signal, MAX_SIGNAL_SAMPLES) with two axes fits in 64 MiB. */
const ANALYSIS_BODY_LIMIT = 64 * 1024 * 1024;
/** A binary body: MAX_SIGNAL_SAMPLES float32 samples, two signals for an orbit (8 MB). */
export const ANALYSIS_BINARY_LIMIT = MAX_SIGNAL_SAMPLES * 4 * 2;
/** A JSON body at most this long is looked at on the API thread for the stored-signal form. */
const STORED_FORM_MAX_BYTES = 16 * 1024;

/** The stored-signal form of a JSON body: a measurement's axis (and an orbit's second axis) instead of the samples. */
export const storedSignalRef = z.object({
  measurementId: z.string().min(1).max(64),
  axis: z.enum(AXIS_KEYS),
  axis2: z.enum(AXIS_KEYS).optional(),
});

/**
 * Analyses computed at once: half the cores (at least one), so ingest telemetry and the AI models
 * keep their share of the DSP pool.
 */
export const ANALYSIS_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
/**
 * Analysis requests in the server at once (computing, waiting, or still sending their body): beyond
 * it a request answers 503 ANALYSIS_BUSY with `Retry-After` before its body is read, so memory stays
 * bounded by about ANALYSIS_ADMITTED × 64 MiB and nothing queues without end.
 */
export const ANALYSIS_ADMITTED = ANALYSIS_CONCURRENCY + 3;
/** Seconds a refused caller is asked to wait (`Retry-After`): about one max-size analysis. */
export const ANALYSIS_RETRY_AFTER_S = 5;

type AnswerSchema = z.ZodType;
const ANSWERS: Record<AnalysisName, { body: z.ZodType; response: AnswerSchema; summary: string; description: string }> = {
  spectrum: {
    body: spectrumBody,
    response: spectrumResponse,
    summary: 'Amplitude spectrum of a signal (any length)',
    description:
      'One-sided RMS amplitude per line (`half`), after optional mean removal (`dcOffset`) and a window with its exact amplitude correction; `mode: velocity` integrates to mm/s RMS. `x` in Hz. Definitions and sources: docs/dsp.md.',
  },
  envelope: {
    body: envelopeBody,
    response: spectrumResponse,
    summary: 'Envelope spectrum (demodulation) over a frequency band',
    description:
      'Band-pass `frequencyRange` [Hz], Hilbert magnitude, its amplitude spectrum (g RMS per line) up to `xlim` Hz. The tool for bearing defects: BPFO, BPFI, FTF and BSF show as lines of the envelope (Randall & Antoni 2011). docs/dsp.md.',
  },
  cepstrum: {
    body: cepstrumBody,
    response: spectrumResponse,
    summary: 'Real cepstrum',
    description:
      'Inverse FFT of the log magnitude spectrum; `x` is quefrency in s (families of harmonics and sidebands show as rahmonics at 1/spacing). docs/dsp.md.',
  },
  spectrogram: {
    body: spectrogramBody,
    response: spectrogramResponse,
    summary: 'Spectrogram (short-time Fourier transform)',
    description:
      'Segments of `nfft` samples overlapping by `overlap`, each windowed; `sxx[i][j]` is the RMS amplitude (g) of frequency `f[i]` (Hz) in the segment centred at `t[j]` (s). docs/dsp.md.',
  },
  'auto-correlation': {
    body: autoCorrelationBody,
    response: autoCorrelationResponse,
    summary: 'Normalised autocorrelation',
    description: '`r[k]` for lags `k` = 0…`lagSize` samples, r[0] = 1, computed via FFT without circular wrap. docs/dsp.md.',
  },
  'polar-analyze': {
    body: polarBody,
    response: polarResponse,
    summary: 'Polar: 1× amplitude and phase per revolution',
    description:
      'For each complete revolution at `referenceFrequency` Hz, the amplitude (g) and phase (degrees) of the running-speed component, and their vector mean. docs/dsp.md.',
  },
  'orbit-analyze': {
    body: orbitBody,
    response: orbitResponse,
    summary: 'Orbit: the 1× ellipse of two axes per revolution',
    description:
      'For each complete revolution at `referenceFrequency` Hz, the 1× orbit of `signal` (x) and `signal2` (y): `r` and `phase` per revolution (definition in docs/dsp.md), with each axis’ polar result.',
  },
};

const FORMS_DOC = ` Three forms of the body (docs/signals.md): (1) the JSON above; (2) \`Content-Type: application/octet-stream\`: the samples as float32 little-endian (an orbit: \`signal\` then \`signal2\`, each half of the body), every other field in the query string (\`?samplingRate=12000&window=hanning&frequencyRange=500,5000\`), at most ${ANALYSIS_BINARY_LIMIT / 1e6} MB; (3) JSON with \`measurementId\` and \`axis\` (an orbit also \`axis2\`) instead of \`signal\`: the stored samples of that measurement of your customer (404 otherwise, 400 when it has no stored waveform); \`samplingRate\` defaults to its calibrated rate. With \`Accept: application/octet-stream\` a spectrum, envelope, cepstrum or autocorrelation answers binary: the signal layout with float64 channels \`x\`, \`y\` (autocorrelation \`lags\`, \`r\`) and the unit in the \`x-unit\` header.`;
const LIMITS_DOC = ` Limits: at most ${MAX_SIGNAL_SAMPLES} samples per signal (413 \`PAYLOAD_TOO_LARGE\`), a 64 MiB body; the answer must be finite (400 otherwise). Heavy work is bounded: analyses run in the DSP worker pool, a few at a time; when the server already holds its maximum of analysis requests, it answers 503 \`ANALYSIS_BUSY\` with \`Retry-After\` (s) before reading the body.`;

/** A JSON object from bytes, or null when they are not one. */
function parseObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `POST /vibration/signal/<analysis>`: the body is read as bytes and handed whole to a DSP worker,
 * which parses, validates (the contract's schema), computes and serialises the answer
 * (worker-task.ts); the API thread only moves bytes, so even a million samples stall nothing.
 * Requests are admitted before their body is read (`createAdmission`), computed ANALYSIS_CONCURRENCY
 * at a time.
 */
export async function analysisRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    /** The customer whose measurement `id` the request may read (the session's; a share link's grant). */
    customerOf?: (req: FastifyRequest, measurementId: string) => string;
  } = {},
) {
  const customerOf = opts.customerOf ?? ((req: FastifyRequest) => authOf(req).customerId);
  const admission = createAdmission(ANALYSIS_ADMITTED);
  const computeSlot = createLimiter(ANALYSIS_CONCURRENCY);
  const leaves = new WeakMap<FastifyRequest, () => void>();
  const leave = async (req: FastifyRequest) => leaves.get(req)?.();

  /** The worker's task of a request: JSON, binary samples, or a stored measurement's axes (read here, tenant-checked). */
  const taskOf = async (req: FastifyRequest, analysis: AnalysisName): Promise<AnalysisRequestTask> => {
    const bytes = req.body as Uint8Array;
    const binaryAnswer = /application\/octet-stream/i.test(req.headers.accept ?? '');
    const query = { ...(req.query as Record<string, unknown>) };
    delete query.token;
    if (/^application\/octet-stream/i.test(req.headers['content-type'] ?? ''))
      return { kind: 'analysisRequest', analysis, format: 'float32', bytes, query, binaryAnswer };
    const json: Record<string, unknown> | null = bytes.length <= STORED_FORM_MAX_BYTES ? parseObject(bytes) : null;
    if (!json || !('measurementId' in json)) return { kind: 'analysisRequest', analysis, bytes, binaryAnswer };
    const ref = storedSignalRef.safeParse(json, { reportInput: true });
    if (!ref.success) throw validationError(validationItems(ref.error.issues));
    const orbit = analysis === 'orbit-analyze';
    if (orbit && !ref.data.axis2) throw new AppError('VALIDATION', 'axis2', 'The orbit needs a second axis (axis2)');
    const axes = orbit ? [ref.data.axis, ref.data.axis2!] : [ref.data.axis];
    const stored = await loadMeasurementAxes(ctx, customerOf(req, ref.data.measurementId), ref.data.measurementId, axes);
    if (!stored) throw new AppError('VALIDATION', 'measurementId', 'The measurement has no stored waveform');
    const { measurementId: _m, axis: _a, axis2: _a2, ...settings } = json;
    return {
      kind: 'analysisRequest',
      analysis,
      format: 'stored',
      bytes: new Uint8Array(0),
      query: { samplingRate: stored.samplingRateHz ?? undefined, ...settings },
      signals: stored.signals,
      binaryAnswer,
    };
  };

  await app.register(async (sub) => {
    // The raw body, read into a buffer of its own: no JSON.parse on this thread (the worker parses it).
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', (req: FastifyRequest, payload: Readable) =>
      readOwnedBody(payload, Number(req.headers['content-length']), ANALYSIS_BODY_LIMIT),
    );
    // float32 LE samples, the settings in the query string: nothing to parse on this thread either.
    sub.addContentTypeParser(SIGNAL_MEDIA_TYPE, (req: FastifyRequest, payload: Readable) =>
      readOwnedBody(payload, Number(req.headers['content-length']), ANALYSIS_BINARY_LIMIT),
    );
    for (const [name, doc] of Object.entries(ANSWERS) as [AnalysisName, (typeof ANSWERS)[AnalysisName]][])
      sub.post(`/vibration/signal/${name}`, {
        bodyLimit: ANALYSIS_BODY_LIMIT,
        config: { access: needs('readMeasurement') },
        // the schema documents the body; the worker validates it (below)
        validatorCompiler: () => (data) => ({ value: data }),
        onRequest: async (req, reply) => {
          const left = admission.tryEnter();
          // refused before its body is read; the connection closes, so the body is not read either
          if (!left)
            throw new AppError('ANALYSIS_BUSY').with({
              headers: { 'retry-after': String(ANALYSIS_RETRY_AFTER_S), connection: 'close' },
            });
          leaves.set(req, left);
          // The response's 'close' comes once it is sent or its connection is gone, whatever ended
          // it: a client that drops a request in flight (e.g. at the handler's await) fires no
          // onRequestAbort, and its slot would stay taken until the analyses answer only 503.
          reply.raw.once('close', left);
        },
        onResponse: leave,
        onRequestAbort: leave,
        schema: {
          tags: ['analysis'],
          summary: doc.summary,
          description: doc.description + FORMS_DOC + LIMITS_DOC,
          body: doc.body,
          response: { 200: doc.response, 400: badRequestBody, 401: errorBody, 413: errorBody, 503: errorBody },
        },
        handler: async (req, reply) => {
          // the body's buffer is moved to the worker (dsp-pool.ts), not copied
          const task = await taskOf(req, name);
          const r = await computeSlot(() => ctx.dsp.run<AnalysisRequestResult>(task));
          if ('tooLarge' in r) throw new AppError('PAYLOAD_TOO_LARGE', 'signal');
          if ('invalid' in r) throw validationError(r.invalid);
          if ('badInput' in r) throw new AppError('VALIDATION', r.badInput.param, r.badInput.message);
          const bytes = Buffer.from(r.ok.buffer, r.ok.byteOffset, r.ok.byteLength);
          if (r.binary) return reply.type(SIGNAL_MEDIA_TYPE).header('x-unit', r.binary.unit).send(bytes);
          return reply.type('application/json; charset=utf-8').send(bytes);
        },
      });
  });
}
