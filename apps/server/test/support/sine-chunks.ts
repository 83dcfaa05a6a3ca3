import { senseway } from '@overtone/contract';

/**
 * A synthetic measurement as a gateway sends it: a 1 g 157 Hz sine sampled at 12 kHz on X, half of
 * it on Y, a quarter on Z, quantised at range index 2 (±4 g), cut into legacy chunks
 * (senseway-gateway.md §5.2; `senseway.encodeChunks`).
 * @param samples samples per axis (3 × 6 bytes each)
 * @returns the chunks, index and payload
 */
export function sineChunks(samples: number) {
  const counts = new Int16Array(3 * samples);
  const k = senseway.gPerCount(2);
  for (let i = 0; i < samples; i++) {
    const g = Math.sin((2 * Math.PI * 157 * i) / 12000);
    counts[3 * i] = Math.round(g / k);
    counts[3 * i + 1] = Math.round(g / 2 / k);
    counts[3 * i + 2] = Math.round(g / 4 / k);
  }
  return senseway.encodeChunks(counts);
}
