import { resolutionBoundsHz, resolutionHz, sampleSizeForResolution, senseway } from '@overtone/contract';

const { nominalSamplingRateHz } = senseway;

/**
 * Frequency resolution of a profile as the card shows it (spec 001 §4, §5): the nominal sampling
 * rate of the index (25·2^i Hz) divided by the sample size, to 4 decimals, with the allowed bounds
 * rate/20000 … rate/100 Hz.
 * @param samplingRateIndex 5 … 10
 * @param sampleSize samples per axis
 * @returns `{ resolution, min, max }` in Hz (min/max to 4 decimals)
 * @example profileResolution(7, 1000) → { resolution: 3.2, min: 0.16, max: 32 }
 */
export function profileResolution(samplingRateIndex: number, sampleSize: number) {
  const rate = nominalSamplingRateHz(samplingRateIndex);
  const b = resolutionBoundsHz(rate);
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  return { resolution: resolutionHz(rate, sampleSize), min: r4(b.min), max: r4(b.max) };
}

/** Resolution mode: the sample size (multiple of 10, 10 … 50000) for a wanted resolution in Hz. */
export const sampleSizeFor = (samplingRateIndex: number, resolution: number) =>
  sampleSizeForResolution(nominalSamplingRateHz(samplingRateIndex), resolution);
