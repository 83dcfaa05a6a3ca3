import { z } from 'zod';
import { AXIS_KEYS } from './measurement.ts';

/** Spectral windows offered by the charts (spec 002 §9). */
export const WINDOWS = ['rectangular', 'hanning', 'hamming', 'blackman', 'flattop'] as const;
export const windowName = z.enum(WINDOWS);
export type WindowName = z.infer<typeof windowName>;

/**
 * Largest signal the analysis endpoints accept: gateways send up to 1 000 000 samples per axis
 * (senseway-gateway.md §4.3). A longer one answers 413 (`PAYLOAD_TOO_LARGE`).
 */
export const MAX_SIGNAL_SAMPLES = 1_000_000;
/** The largest JSON body of an analysis: 1 000 000 samples (MAX_SIGNAL_SAMPLES) with two axes fit in 64 MiB. */
export const ANALYSIS_BODY_LIMIT = 64 * 1024 * 1024;
/** The largest binary body of an analysis: MAX_SIGNAL_SAMPLES float32 samples, two signals for an orbit (8 MB). */
export const ANALYSIS_BINARY_LIMIT = MAX_SIGNAL_SAMPLES * 4 * 2;
/**
 * Samples per axis above which the measurement page shows a large-file notice instead of charts
 * (spec 002 §2 and §9: "files with sampleSize above 200000"), the download offered instead.
 */
export const LARGE_FILE_SAMPLES = 200_000;
/** Autocorrelation lag sizes of the chart (spec 002 §9). */
export const LAG_SIZES = [256, 512, 1024, 2048, 4096, 9192] as const;
/** Spectrogram NFFT options (spec 002 §9: 256 to 16384). */
export const NFFT_OPTIONS = [256, 512, 1024, 2048, 4096, 8192, 16384] as const;

const signal = z.array(z.number().finite()).min(2, 'The signal needs at least 2 samples');
const samplingRate = z.number().positive('samplingRate must be positive').max(1e7);
const referenceFrequency = z.number().positive('Please enter the rotation speed (reference frequency above 0 Hz)').max(1e5);

/** `POST /vibration/signal/spectrum` (spec 002 §7). `signal` in g, `samplingRate` in Hz. */
export const spectrumBody = z.object({
  half: z.boolean().default(true),
  dcOffset: z.boolean().default(true),
  window: windowName.default('hanning'),
  mode: z.enum(['velocity', 'accelerometer']).default('accelerometer'),
  signal,
  samplingRate,
});
export type SpectrumBody = z.infer<typeof spectrumBody>;

/** `x` frequencies in Hz; `y` RMS amplitude per line in g (accelerometer) or mm/s (velocity). */
export const spectrumResponse = z.object({
  results: z.object({ x: z.array(z.number()), y: z.array(z.number()), unit: z.string() }),
});
export type SpectrumResponse = z.infer<typeof spectrumResponse>;

/** `POST /vibration/signal/envelope`: band `frequencyRange` [lo, hi] Hz, spectrum up to `xlim` Hz. */
export const envelopeBody = z.object({
  xlim: z.number().positive().default(2500),
  half: z.boolean().default(true),
  dcOffset: z.boolean().default(true),
  window: windowName.default('hanning'),
  frequencyRange: z
    .tuple([z.number().min(0), z.number().positive()])
    .refine(([lo, hi]) => lo < hi, 'frequencyRange must be [low, high] with low < high')
    .default([0, 6000]),
  signal,
  samplingRate,
});
export type EnvelopeBody = z.infer<typeof envelopeBody>;

/**
 * `POST /vibration/signal/cepstrum`: `x` quefrency in s. `mode` is accepted as the spec sends it;
 * the cepstrum is always that of acceleration (velocity's 1/ω weighting only adds a smooth term at
 * the lowest quefrencies, leaving rahmonics where they are; docs/dsp.md).
 */
export const cepstrumBody = spectrumBody;
export type CepstrumBody = z.infer<typeof cepstrumBody>;

/** `POST /vibration/signal/spectrogram`: STFT with `nfft` samples per segment and `overlap` (fraction). */
export const spectrogramBody = z.object({
  window: windowName.default('hanning'),
  dcOffset: z.boolean().default(true),
  nfft: z
    .number()
    .int()
    .refine((n) => (NFFT_OPTIONS as readonly number[]).includes(n), 'nfft must be a power of two from 256 to 16384')
    .default(1024),
  overlap: z.number().min(0).max(0.95).default(0.5),
  signal,
  samplingRate,
});
export type SpectrogramBody = z.infer<typeof spectrogramBody>;
/** `f` in Hz, `t` segment centres in s, `sxx[i][j]` RMS amplitude (g) of frequency i in segment j. */
export const spectrogramResponse = z.object({
  results: z.object({ f: z.array(z.number()), t: z.array(z.number()), sxx: z.array(z.array(z.number())), unit: z.string() }),
});

/** `POST /vibration/signal/auto-correlation`: normalised autocorrelation for lags 0…lagSize samples. */
export const autoCorrelationBody = z.object({
  window: windowName.default('rectangular'),
  lagSize: z
    .number()
    .int()
    .refine((n) => (LAG_SIZES as readonly number[]).includes(n), 'lagSize must be one of 256, 512, 1024, 2048, 4096, 9192')
    .default(1024),
  signal,
});
export type AutoCorrelationBody = z.infer<typeof autoCorrelationBody>;
export const autoCorrelationResponse = z.object({ r: z.array(z.number()), lags: z.array(z.number()) });

/** `POST /vibration/signal/polar-analyze`: 1× amplitude (g) and phase (degrees) per revolution. */
export const polarBody = z.object({
  window: windowName.default('rectangular'),
  dcOffset: z.boolean().default(true),
  referenceFrequency,
  signal,
  samplingRate,
});
export type PolarBody = z.infer<typeof polarBody>;
/** `POST /vibration/signal/orbit-analyze`: as polar, for two axes (`signal`, `signal2`). */
export const orbitBody = polarBody.extend({ signal2: signal });
export type OrbitBody = z.infer<typeof orbitBody>;

/**
 * The stored-signal form of an analysis' JSON body (docs/signals.md): a measurement's axis (and an
 * orbit's second axis, `axis2`) of the caller's customer instead of the samples; `samplingRate`
 * defaults to the measurement's calibrated rate. The server reads the samples itself.
 */
export const storedSignalRef = z.object({
  measurementId: z.string().min(1).max(64),
  axis: z.enum(AXIS_KEYS),
  axis2: z.enum(AXIS_KEYS).optional(),
});
/** The fields of the stored-signal form an analysis body takes instead of `signal` (and `samplingRate`). */
export const storedSignalFields = {
  measurementId: storedSignalRef.shape.measurementId,
  axis: storedSignalRef.shape.axis,
  samplingRate: samplingRate.optional(),
};
export const polarResponse = z.object({
  r: z.array(z.number()),
  phase: z.array(z.number()),
  r_mean: z.number(),
  phase_mean: z.number(),
  unit: z.string(),
});
export const orbitResponse = polarResponse.extend({
  x: polarResponse.omit({ unit: true }),
  y: polarResponse.omit({ unit: true }),
});
