import { z } from 'zod';
import {
  ANALYSIS_BINARY_LIMIT,
  MAX_SIGNAL_SAMPLES,
  autoCorrelationBody,
  autoCorrelationResponse,
  cepstrumBody,
  envelopeBody,
  orbitBody,
  orbitResponse,
  polarBody,
  polarResponse,
  spectrogramBody,
  spectrogramResponse,
  spectrumBody,
  spectrumResponse,
  storedSignalFields,
  storedSignalRef,
} from '../analysis.ts';
import { SHARE_TOKEN_DOC } from './share-links.ts';
import { endpoint } from './endpoint.ts';

/**
 * What an analysis operation is made of: the last segment of its path, its body (the JSON form with
 * the samples, or the stored-signal form naming a measurement's axis), answer and texts.
 */
interface AnalysisDoc {
  readonly analysis: string;
  readonly body: z.ZodType;
  readonly response: z.ZodType;
  readonly summary: string;
  readonly description: string;
}

/** The analyses of `POST /vibration/signal/<analysis>`. */
const ANALYSES = {
  spectrum: {
    analysis: 'spectrum',
    body: z.union([spectrumBody, spectrumBody.omit({ signal: true, samplingRate: true }).extend(storedSignalFields)]),
    response: spectrumResponse,
    summary: 'Amplitude spectrum of a signal (any length)',
    description:
      'One-sided RMS amplitude per line (`half`), after optional mean removal (`dcOffset`) and a window with its exact amplitude correction; `mode: velocity` integrates to mm/s RMS. `x` in Hz. Definitions and sources: docs/dsp.md.',
  },
  envelope: {
    analysis: 'envelope',
    body: z.union([envelopeBody, envelopeBody.omit({ signal: true, samplingRate: true }).extend(storedSignalFields)]),
    response: spectrumResponse,
    summary: 'Envelope spectrum (demodulation) over a frequency band',
    description:
      'Band-pass `frequencyRange` [Hz], Hilbert magnitude, its amplitude spectrum (g RMS per line) up to `xlim` Hz. The tool for bearing defects: BPFO, BPFI, FTF and BSF show as lines of the envelope (Randall & Antoni 2011). docs/dsp.md.',
  },
  cepstrum: {
    analysis: 'cepstrum',
    body: z.union([cepstrumBody, cepstrumBody.omit({ signal: true, samplingRate: true }).extend(storedSignalFields)]),
    response: spectrumResponse,
    summary: 'Real cepstrum',
    description:
      'Inverse FFT of the log magnitude spectrum; `x` is quefrency in s (families of harmonics and sidebands show as rahmonics at 1/spacing). docs/dsp.md.',
  },
  spectrogram: {
    analysis: 'spectrogram',
    body: z.union([spectrogramBody, spectrogramBody.omit({ signal: true, samplingRate: true }).extend(storedSignalFields)]),
    response: spectrogramResponse,
    summary: 'Spectrogram (short-time Fourier transform)',
    description:
      'Segments of `nfft` samples overlapping by `overlap`, each windowed; `sxx[i][j]` is the RMS amplitude (g) of frequency `f[i]` (Hz) in the segment centred at `t[j]` (s). docs/dsp.md.',
  },
  autoCorrelation: {
    analysis: 'auto-correlation',
    body: z.union([autoCorrelationBody, autoCorrelationBody.omit({ signal: true }).extend(storedSignalFields)]),
    response: autoCorrelationResponse,
    summary: 'Normalised autocorrelation',
    description: '`r[k]` for lags `k` = 0…`lagSize` samples, r[0] = 1, computed via FFT without circular wrap. docs/dsp.md.',
  },
  polar: {
    analysis: 'polar-analyze',
    body: z.union([polarBody, polarBody.omit({ signal: true, samplingRate: true }).extend(storedSignalFields)]),
    response: polarResponse,
    summary: 'Polar: 1× amplitude and phase per revolution',
    description:
      'For each complete revolution at `referenceFrequency` Hz, the amplitude (g) and phase (degrees) of the running-speed component, and their vector mean. docs/dsp.md.',
  },
  orbit: {
    analysis: 'orbit-analyze',
    body: z.union([
      orbitBody,
      orbitBody
        .omit({ signal: true, signal2: true, samplingRate: true })
        .extend({ ...storedSignalFields, axis2: storedSignalRef.shape.axis2.unwrap() }),
    ]),
    response: orbitResponse,
    summary: 'Orbit: the 1× ellipse of two axes per revolution',
    description:
      'For each complete revolution at `referenceFrequency` Hz, the 1× orbit of `signal` (x) and `signal2` (y): `r` and `phase` per revolution (definition in docs/dsp.md), with each axis’ polar result.',
  },
} as const satisfies Record<string, AnalysisDoc>;

const FORMS_DOC = ` Three forms of the body (docs/signals.md): (1) the JSON above; (2) \`Content-Type: application/octet-stream\`: the samples as float32 little-endian (an orbit: \`signal\` then \`signal2\`, each half of the body), every other field in the query string (\`?samplingRate=12000&window=hanning&frequencyRange=500,5000\`), at most ${ANALYSIS_BINARY_LIMIT / 1e6} MB; (3) JSON with \`measurementId\` and \`axis\` (an orbit also \`axis2\`) instead of \`signal\`: the stored samples of that measurement of your customer (404 otherwise, 400 when it has no stored waveform); \`samplingRate\` defaults to its calibrated rate. With \`Accept: application/octet-stream\` a spectrum, envelope, cepstrum or autocorrelation answers binary: the signal layout with float64 channels \`x\`, \`y\` (autocorrelation \`lags\`, \`r\`) and the unit in the \`x-unit\` header.`;
const LIMITS_DOC = ` Limits: at most ${MAX_SIGNAL_SAMPLES} samples per signal (413 \`PAYLOAD_TOO_LARGE\`), a 64 MiB body; the answer must be finite (400 otherwise). Heavy work is bounded: analyses run in the DSP worker pool, a few at a time; when the server already holds its maximum of analysis requests, it answers 503 \`ANALYSIS_BUSY\` with \`Retry-After\` (s) before reading the body.`;

/** An analysis' description, with the forms of its body and its limits. */
const descriptionOf = (d: AnalysisDoc) => d.description + FORMS_DOC + LIMITS_DOC;

/**
 * The operation computing an analysis for a logged-in user with readMeasurement
 * (`/vibration/signal/<analysis>`). The body's schema documents it; the server's DSP worker
 * validates it (modules/analysis). (`d.x as D['x']`: a property read of a type parameter is typed
 * by its constraint; the cast keeps each entry's own schemas and texts in its type.)
 */
const analysisEndpoint = <D extends AnalysisDoc>(d: D) =>
  endpoint({
    method: 'POST',
    path: `/vibration/signal/${d.analysis}` as `/vibration/signal/${D['analysis']}`,
    access: { permission: ['readMeasurement'] },
    tags: ['analysis'],
    summary: d.summary as D['summary'],
    description: descriptionOf(d),
    body: d.body as D['body'],
    response: d.response as D['response'],
    errors: [400, 401, 413, 503],
  });

/**
 * The same analysis for a share token's holder (`/share/vibration/signal/<analysis>`, no session):
 * the same computation, whose stored-signal form reads the shared measurement only (any other id
 * answers 404).
 */
const analysisWithShareToken = <D extends AnalysisDoc>(d: D) =>
  endpoint({
    method: 'POST',
    path: `/share/vibration/signal/${d.analysis}` as `/share/vibration/signal/${D['analysis']}`,
    access: { shareToken: true },
    tags: ['share links'],
    summary: `Token holder: ${d.summary}`,
    description: `${SHARE_TOKEN_DOC} ${descriptionOf(d)}`,
    body: d.body as D['body'],
    response: d.response as D['response'],
    errors: [400, 401, 413, 503],
  });

/**
 * Signal analyses (spec 002 §7, docs/dsp.md, docs/signals.md): of a logged-in user, and the same
 * for a share token's holder. Server: modules/analysis (the holder's registered by modules/share).
 */
export const ANALYSIS_ENDPOINTS = {
  computeSpectrum: analysisEndpoint(ANALYSES.spectrum),
  computeEnvelopeSpectrum: analysisEndpoint(ANALYSES.envelope),
  computeCepstrum: analysisEndpoint(ANALYSES.cepstrum),
  computeSpectrogram: analysisEndpoint(ANALYSES.spectrogram),
  computeAutoCorrelation: analysisEndpoint(ANALYSES.autoCorrelation),
  computePolar: analysisEndpoint(ANALYSES.polar),
  computeOrbit: analysisEndpoint(ANALYSES.orbit),

  computeSpectrumWithShareToken: analysisWithShareToken(ANALYSES.spectrum),
  computeEnvelopeSpectrumWithShareToken: analysisWithShareToken(ANALYSES.envelope),
  computeCepstrumWithShareToken: analysisWithShareToken(ANALYSES.cepstrum),
  computeSpectrogramWithShareToken: analysisWithShareToken(ANALYSES.spectrogram),
  computeAutoCorrelationWithShareToken: analysisWithShareToken(ANALYSES.autoCorrelation),
  computePolarWithShareToken: analysisWithShareToken(ANALYSES.polar),
  computeOrbitWithShareToken: analysisWithShareToken(ANALYSES.orbit),
};
