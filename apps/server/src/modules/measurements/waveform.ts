import { senseway } from '@overtone/contract';
import { AppError } from '../../infra/errors.ts';
import type { ObjectStorage } from '../../infra/storage.ts';

/**
 * Raw waveforms are stored exactly as the gateway sent them: the assembled int16 little-endian
 * X,Y,Z stream (lossless; decoding needs the range index kept on the measurement row).
 */
export const waveformKey = (customerId: string, measurementId: string) => `measurements/${customerId}/${measurementId}/raw.i16le`;

/**
 * The bytes of a waveform the measurement's row says is stored (`waveform_key`).
 * @throws AppError WAVEFORM_MISSING (500) when the object store does not hold it (lost, or an
 *   instance reading another's local directory): never an answer without samples that looks like a
 *   measurement without any (docs/operations.md "Object storage")
 */
export async function readStoredWaveform(storage: ObjectStorage, key: string): Promise<Uint8Array> {
  const bytes = await storage.get(key);
  if (!bytes) throw new AppError('WAVEFORM_MISSING');
  return bytes;
}

/** Loads and decodes a stored waveform to g per axis, or null when it is not stored. */
export async function loadWaveformG(storage: ObjectStorage, key: string, rangeIndex: number) {
  const bytes = await storage.get(key);
  return bytes ? senseway.decodeTriaxial(bytes, rangeIndex) : null;
}
