import { senseway } from '@overtone/contract';
import type { ObjectStorage } from '../../infra/storage.ts';

/**
 * Raw waveforms are stored exactly as the gateway sent them: the assembled int16 little-endian
 * X,Y,Z stream (lossless; decoding needs the range index kept on the measurement row).
 */
export const waveformKey = (customerId: string, measurementId: string) => `measurements/${customerId}/${measurementId}/raw.i16le`;

/** Loads and decodes a stored waveform to g per axis, or null when it is not stored. */
export async function loadWaveformG(storage: ObjectStorage, key: string, rangeIndex: number) {
  const bytes = await storage.get(key);
  return bytes ? senseway.decodeTriaxial(bytes, rangeIndex) : null;
}
