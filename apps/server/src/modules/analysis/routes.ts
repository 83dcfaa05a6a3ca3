import os from 'node:os';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  MAX_SIGNAL_SAMPLES,
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
import { validationError } from '../../infra/validator.ts';
import { needs } from '../auth/access.ts';
import { readOwnedBody } from './body.ts';
import type { AnalysisName, AnalysisRequestResult, AnalysisRequestTask } from './worker-task.ts';

/** JSON of 1 000 000 samples (the largest signal, MAX_SIGNAL_SAMPLES) with two axes fits in 64 MiB. */
const ANALYSIS_BODY_LIMIT = 64 * 1024 * 1024;

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

const LIMITS_DOC = ` Limits: at most ${MAX_SIGNAL_SAMPLES} samples per signal (413 \`PAYLOAD_TOO_LARGE\`), a 64 MiB body; the answer must be finite (400 otherwise). Heavy work is bounded: analyses run in the DSP worker pool, a few at a time; when the server already holds its maximum of analysis requests, it answers 503 \`ANALYSIS_BUSY\` with \`Retry-After\` (s) before reading the body.`;

/**
 * `POST /vibration/signal/<analysis>`: the body is read as bytes and handed whole to a DSP worker,
 * which parses, validates (the contract's schema), computes and serialises the answer
 * (worker-task.ts); the API thread only moves bytes, so even a million samples stall nothing.
 * Requests are admitted before their body is read (`createAdmission`), computed ANALYSIS_CONCURRENCY
 * at a time.
 */
export async function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  const admission = createAdmission(ANALYSIS_ADMITTED);
  const computeSlot = createLimiter(ANALYSIS_CONCURRENCY);
  const leaves = new WeakMap<FastifyRequest, () => void>();
  const leave = async (req: FastifyRequest) => leaves.get(req)?.();

  await app.register(async (sub) => {
    // The raw body, read into a buffer of its own: no JSON.parse on this thread (the worker parses it).
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', (req: FastifyRequest, payload: Readable) =>
      readOwnedBody(payload, Number(req.headers['content-length']), ANALYSIS_BODY_LIMIT),
    );
    for (const [name, doc] of Object.entries(ANSWERS) as [AnalysisName, (typeof ANSWERS)[AnalysisName]][])
      sub.post(`/vibration/signal/${name}`, {
        bodyLimit: ANALYSIS_BODY_LIMIT,
        config: { access: needs('readMeasurement') },
        // the schema documents the body; the worker validates it (below)
        validatorCompiler: () => (data) => ({ value: data }),
        onRequest: async (req) => {
          const left = admission.tryEnter();
          // refused before its body is read; the connection closes, so the body is not read either
          if (!left)
            throw new AppError('ANALYSIS_BUSY').with({
              headers: { 'retry-after': String(ANALYSIS_RETRY_AFTER_S), connection: 'close' },
            });
          leaves.set(req, left);
        },
        onResponse: leave,
        onRequestAbort: leave,
        schema: {
          tags: ['analysis'],
          summary: doc.summary,
          description: doc.description + LIMITS_DOC,
          body: doc.body,
          response: { 200: doc.response, 400: badRequestBody, 401: errorBody, 413: errorBody, 503: errorBody },
        },
        handler: async (req, reply) => {
          // the body's buffer is moved to the worker (dsp-pool.ts), not copied
          const task: AnalysisRequestTask = { kind: 'analysisRequest', analysis: name, bytes: req.body as Uint8Array };
          const r = await computeSlot(() => ctx.dsp.run<AnalysisRequestResult>(task));
          if ('tooLarge' in r) throw new AppError('PAYLOAD_TOO_LARGE', 'signal');
          if ('invalid' in r) throw validationError(r.invalid);
          if ('badInput' in r) throw new AppError('VALIDATION', r.badInput.param, r.badInput.message);
          return reply.type('application/json; charset=utf-8').send(Buffer.from(r.ok.buffer, r.ok.byteOffset, r.ok.byteLength));
        },
      });
  });
}
