import { useQueries } from '@tanstack/react-query';
import type { CompareItem } from '../../charts/compareBasket';
import { computedQueryKey } from '../../core/api/endpointQuery';
import type { CompareSpectrum } from './compareSpectrum';

export type { CompareSpectrum } from './compareSpectrum';

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
 * from it; only an item without one is computed, in the browser (`compareSpectrumOf`: spec 002 §7's
 * window 'rectangular', mode 'accelerometer', its waveform or the 12000-sample placeholder; the DSP
 * package is loaded on first use, outside the main bundle). Cached per measurement and channel for
 * the session (`staleTime: Infinity`): reopening a compare costs nothing.
 */
export function useCompareSpectra(items: readonly CompareItem[]) {
  return useQueries({
    combine,
    queries: items.map((item) => {
      const stored = item.fft.x.length > 1 && item.fft.y.length === item.fft.x.length;
      return {
        queryKey: computedQueryKey('compareSpectrum', item.measurementId, item.channel, stored, item.time.y.length),
        queryFn: async (): Promise<CompareSpectrum> => {
          if (stored) return { x: item.fft.x, y: item.fft.y, unit: item.fft.unit };
          const { compareSpectrumOf } = await import('./compareSpectrum');
          return compareSpectrumOf(item.time.y, item.time.samplingRateHz);
        },
        staleTime: Infinity,
      };
    }),
  });
}
