import { z } from 'zod';

/** Spectral windows offered by the charts (spec 002 §9). */
export const WINDOWS = ['rectangular', 'hanning', 'hamming', 'blackman', 'flattop'] as const;
export const windowName = z.enum(WINDOWS);
export type WindowName = z.infer<typeof windowName>;

/** Largest signal the analysis endpoints accept (spec 002 §9 large-file threshold). */
export const MAX_SIGNAL_SAMPLES = 200000;

/** `POST /vibration/signal/spectrum` (spec 002 §7). `signal` in g, `samplingRate` in Hz. */
export const spectrumBody = z.object({
  half: z.boolean().default(true),
  dcOffset: z.boolean().default(true),
  window: windowName.default('hanning'),
  mode: z.enum(['velocity', 'accelerometer']).default('accelerometer'),
  signal: z.array(z.number().finite()).min(2, 'The signal needs at least 2 samples').max(MAX_SIGNAL_SAMPLES),
  samplingRate: z.number().positive().max(1e6),
});
export type SpectrumBody = z.infer<typeof spectrumBody>;

/** `x` frequencies in Hz; `y` RMS amplitude per line in g (accelerometer) or mm/s (velocity). */
export const spectrumResponse = z.object({
  results: z.object({ x: z.array(z.number()), y: z.array(z.number()), unit: z.string() }),
});
export type SpectrumResponse = z.infer<typeof spectrumResponse>;
