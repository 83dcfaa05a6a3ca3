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
import type { DspTask } from '../../infra/dsp-tasks.ts';
import { AppError } from '../../infra/errors.ts';
import { needs } from '../auth/access.ts';

/** JSON of 1 000 000 samples (the largest signal, MAX_SIGNAL_SAMPLES) with two axes fits in 64 MiB. */
const ANALYSIS_BODY_LIMIT = 64 * 1024 * 1024;

/** Before schema validation: a signal longer than MAX_SIGNAL_SAMPLES answers 413, not 400. */
async function limitSignalLength(req: FastifyRequest) {
  const body = req.body as { signal?: unknown; signal2?: unknown } | undefined;
  for (const s of [body?.signal, body?.signal2])
    if (Array.isArray(s) && s.length > MAX_SIGNAL_SAMPLES) throw new AppError('PAYLOAD_TOO_LARGE', 'signal');
}

const f64 = (a: number[]) => Float64Array.from(a);
const arr = (a: Float64Array | number[]) => Array.from(a);

type Results = Record<string, Float64Array | number | string | Float64Array[] | Record<string, unknown>>;

export async function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Runs a DSP task in the pool; bad input the schema cannot see (e.g. lagSize ≥ N) answers 400. */
  const compute = async <T extends Results>(task: DspTask): Promise<T> => {
    try {
      return await ctx.dsp.run<T>(task);
    } catch (e) {
      const err = e as Error;
      if (err?.name === 'RangeError' || err?.name === 'TypeError') throw new AppError('VALIDATION', 'signal', err.message);
      throw e;
    }
  };

  const route = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    body: B,
    response: R,
    summary: string,
    description: string,
    handler: (b: z.infer<B>) => Promise<z.infer<R>>,
  ) =>
    app.post(path, {
      bodyLimit: ANALYSIS_BODY_LIMIT,
      config: { access: needs('readMeasurement') },
      preValidation: limitSignalLength,
      schema: {
        tags: ['analysis'],
        summary,
        description,
        body,
        response: { 200: response, 400: badRequestBody, 401: errorBody, 413: errorBody },
      },
      handler: async (req) => handler(req.body as z.infer<B>),
    });

  route(
    '/vibration/signal/spectrum',
    spectrumBody,
    spectrumResponse,
    'Amplitude spectrum of a signal (any length)',
    'One-sided RMS amplitude per line (`half`), after optional mean removal (`dcOffset`) and a window with its exact amplitude correction; `mode: velocity` integrates to mm/s RMS. `x` in Hz. Definitions and sources: docs/dsp.md.',
    async (b) => {
      const s = await compute<{ x: Float64Array; y: Float64Array; unit: string }>({
        kind: 'spectrum',
        signal: f64(b.signal),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        half: b.half,
        mode: b.mode,
      });
      return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
    },
  );

  route(
    '/vibration/signal/envelope',
    envelopeBody,
    spectrumResponse,
    'Envelope spectrum (demodulation) over a frequency band',
    'Band-pass `frequencyRange` [Hz], Hilbert magnitude, its amplitude spectrum (g RMS per line) up to `xlim` Hz. The tool for bearing defects: BPFO, BPFI, FTF and BSF show as lines of the envelope (Randall & Antoni 2011). docs/dsp.md.',
    async (b) => {
      const s = await compute<{ x: Float64Array; y: Float64Array; unit: string }>({
        kind: 'envelope',
        signal: f64(b.signal),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        bandHz: b.frequencyRange,
        xlimHz: b.xlim,
      });
      return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
    },
  );

  route(
    '/vibration/signal/cepstrum',
    cepstrumBody,
    spectrumResponse,
    'Real cepstrum',
    'Inverse FFT of the log magnitude spectrum; `x` is quefrency in s (families of harmonics and sidebands show as rahmonics at 1/spacing). docs/dsp.md.',
    async (b) => {
      const s = await compute<{ x: Float64Array; y: Float64Array; unit: string }>({
        kind: 'cepstrum',
        signal: f64(b.signal),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
      });
      return { results: { x: arr(s.x), y: arr(s.y), unit: s.unit } };
    },
  );

  route(
    '/vibration/signal/spectrogram',
    spectrogramBody,
    spectrogramResponse,
    'Spectrogram (short-time Fourier transform)',
    'Segments of `nfft` samples overlapping by `overlap`, each windowed; `sxx[i][j]` is the RMS amplitude (g) of frequency `f[i]` (Hz) in the segment centred at `t[j]` (s). docs/dsp.md.',
    async (b) => {
      const s = await compute<{ f: Float64Array; t: Float64Array; sxx: Float64Array[]; unit: string }>({
        kind: 'spectrogram',
        signal: f64(b.signal),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        nfft: b.nfft,
        overlap: b.overlap,
      });
      return { results: { f: arr(s.f), t: arr(s.t), sxx: s.sxx.map(arr), unit: s.unit } };
    },
  );

  route(
    '/vibration/signal/auto-correlation',
    autoCorrelationBody,
    autoCorrelationResponse,
    'Normalised autocorrelation',
    '`r[k]` for lags `k` = 0…`lagSize` samples, r[0] = 1, computed via FFT without circular wrap. docs/dsp.md.',
    async (b) => {
      const a = await compute<{ r: Float64Array; lags: Float64Array }>({
        kind: 'autocorrelation',
        signal: f64(b.signal),
        window: b.window,
        lagSize: b.lagSize,
      });
      return { r: arr(a.r), lags: arr(a.lags) };
    },
  );

  route(
    '/vibration/signal/polar-analyze',
    polarBody,
    polarResponse,
    'Polar: 1× amplitude and phase per revolution',
    'For each complete revolution at `referenceFrequency` Hz, the amplitude (g) and phase (degrees) of the running-speed component, and their vector mean. docs/dsp.md.',
    async (b) => {
      const p = await compute<{ r: Float64Array; phase: Float64Array; r_mean: number; phase_mean: number; unit: string }>({
        kind: 'polar',
        signal: f64(b.signal),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        referenceFrequencyHz: b.referenceFrequency,
      });
      return { r: arr(p.r), phase: arr(p.phase), r_mean: p.r_mean, phase_mean: p.phase_mean, unit: p.unit };
    },
  );

  route(
    '/vibration/signal/orbit-analyze',
    orbitBody,
    orbitResponse,
    'Orbit: the 1× ellipse of two axes per revolution',
    'For each complete revolution at `referenceFrequency` Hz, the 1× orbit of `signal` (x) and `signal2` (y): `r` and `phase` per revolution (definition in docs/dsp.md), with each axis’ polar result.',
    async (b) => {
      type Part = { r: Float64Array; phase: Float64Array; r_mean: number; phase_mean: number };
      const o = await compute<Part & { unit: string; x: Part; y: Part }>({
        kind: 'orbit',
        signal: f64(b.signal),
        signal2: f64(b.signal2),
        samplingRateHz: b.samplingRate,
        window: b.window,
        removeDc: b.dcOffset,
        referenceFrequencyHz: b.referenceFrequency,
      });
      const part = (p: Part) => ({ r: arr(p.r), phase: arr(p.phase), r_mean: p.r_mean, phase_mean: p.phase_mean });
      return { ...part(o), unit: o.unit, x: part(o.x), y: part(o.y) };
    },
  );
}
