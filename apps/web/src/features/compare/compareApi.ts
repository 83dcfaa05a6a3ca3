import { useQueries } from '@tanstack/react-query';
import { spectrumResponse } from '@overtone/contract';
import { apiRequest } from '../../app/api/apiClient';
import type { CompareItem } from '../../charts/compareBasket';
import { PLACEHOLDER_SIGNAL } from './compareSeries';

/** The spectrum drawn for one item: x Hz, y in `unit`. */
export interface CompareSpectrum {
  x: readonly number[];
  y: readonly number[];
  unit: string;
}

/** Loading state, first failure and the spectra (undefined while loading), in item order. */
export interface CompareSpectra {
  pending: boolean;
  error: Error | null;
  spectra: (CompareSpectrum | undefined)[];
}

// Module-level (stable): the combined value changes only when a result does.
const combine = (rs: { isPending: boolean; error: Error | null; data: CompareSpectrum | undefined }[]): CompareSpectra => ({
  pending: rs.some((r) => r.isPending),
  error: rs.find((r) => r.error)?.error ?? null,
  spectra: rs.map((r) => r.data),
});

/**
 * The spectra of the compared items. An item carries the spectrum its FFT chart showed and is drawn
 * from it; only an item without one is computed by `POST /vibration/signal/spectrum` (spec 002 §7:
 * window 'rectangular', mode 'accelerometer', its waveform, or a placeholder of 12000 samples at
 * 12000 Hz when it has none).
 */
export function useCompareSpectra(items: readonly CompareItem[]) {
  return useQueries({
    combine,
    queries: items.map((item) => {
      const stored = item.fft.x.length > 1 && item.fft.y.length === item.fft.x.length;
      const hasWave = item.time.y.length >= 2;
      const signal = hasWave ? item.time.y : new Array<number>(PLACEHOLDER_SIGNAL.length).fill(0);
      const samplingRate = hasWave ? item.time.samplingRateHz : PLACEHOLDER_SIGNAL.samplingRateHz;
      return {
        queryKey: ['compareSpectrum', item.measurementId, item.channel, stored],
        queryFn: async ({ signal: abort }: { signal: AbortSignal }): Promise<CompareSpectrum> =>
          stored
            ? { x: item.fft.x, y: item.fft.y, unit: item.fft.unit }
            : apiRequest('/vibration/signal/spectrum', {
                method: 'POST',
                body: { half: true, dcOffset: true, window: 'rectangular', mode: 'accelerometer', signal, samplingRate },
                schema: spectrumResponse,
                signal: abort,
                silent: true,
              }).then((r) => r.results),
        staleTime: Infinity,
      };
    }),
  });
}
