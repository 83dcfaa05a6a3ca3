import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequestBody, spectrumBody, spectrumResponse } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../auth/session.ts';

/** JSON bodies of up to 200 000 samples (spec 002 §9 large-file threshold) fit in 8 MiB. */
const ANALYSIS_BODY_LIMIT = 8 * 1024 * 1024;

export async function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/vibration/signal/spectrum', {
    bodyLimit: ANALYSIS_BODY_LIMIT,
    schema: {
      tags: ['analysis'],
      summary: 'Amplitude spectrum of a signal (any length)',
      description:
        'One-sided RMS amplitude per line (`half`), after optional mean removal (`dcOffset`) and a window with its exact amplitude correction; `mode: velocity` integrates to mm/s RMS. `x` in Hz. Definitions and sources: docs/dsp.md.',
      body: spectrumBody,
      response: { 200: spectrumResponse, 400: badRequestBody },
    },
    handler: async (req) => {
      requireAuth(req, 'readMeasurement');
      return { results: await ctx.dsp.spectrum(req.body) };
    },
  });
}
