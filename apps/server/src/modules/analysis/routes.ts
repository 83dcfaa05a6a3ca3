import os from 'node:os';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANALYSIS_BINARY_LIMIT,
  ANALYSIS_BODY_LIMIT,
  ENDPOINTS,
  SIGNAL_MEDIA_TYPE,
  storedSignalRef,
  type Endpoint,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { createAdmission, createLimiter } from '../../infra/limiter.ts';
import { validationError, validationItems } from '../../infra/validator.ts';
import { authOf } from '../auth/access.ts';
import { loadMeasurementAxes } from '../measurements/signal.ts';
import { readOwnedBody } from './body.ts';
import type { AnalysisName, AnalysisRequestResult, AnalysisRequestTask } from './worker-task.ts';

/** A JSON body at most this long is looked at on the API thread for the stored-signal form. */
const STORED_FORM_MAX_BYTES = 16 * 1024;

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

/** The operation of each analysis, by analysis (`POST /vibration/signal/<analysis>` of the table). */
export type AnalysisEndpoints = Record<AnalysisName, Endpoint>;

/** A logged-in user's analyses (a share link holder's: modules/share). */
const USER_ANALYSES = {
  spectrum: ENDPOINTS.computeSpectrum,
  envelope: ENDPOINTS.computeEnvelopeSpectrum,
  cepstrum: ENDPOINTS.computeCepstrum,
  spectrogram: ENDPOINTS.computeSpectrogram,
  'auto-correlation': ENDPOINTS.computeAutoCorrelation,
  'polar-analyze': ENDPOINTS.computePolar,
  'orbit-analyze': ENDPOINTS.computeOrbit,
} satisfies AnalysisEndpoints;

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
 * at a time. The same code serves a share link's holder (`opts`, modules/share).
 */
export async function analysisRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    /** The operations registered (a logged-in user's by default). */
    endpoints?: AnalysisEndpoints;
    /** The customer whose measurement `id` the request may read (the session's; a share link's grant). */
    customerOf?: (req: FastifyRequest, measurementId: string) => string;
  } = {},
) {
  const endpoints = opts.endpoints ?? USER_ANALYSES;
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
    for (const [name, e] of Object.entries(endpoints) as [AnalysisName, Endpoint][])
      sub.route({
        ...routeOf(e),
        bodyLimit: ANALYSIS_BODY_LIMIT,
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
