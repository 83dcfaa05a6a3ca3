import fs from 'node:fs';
import path from 'node:path';
import { senseway } from '@overtone/contract';

/** The CWRU recordings the simulated plant replays (apps/gateway-sim/recordings, with provenance). */
export const CWRU_DIR = path.resolve(import.meta.dirname, '../../../gateway-sim/recordings/cwru');

/** One channel of a recording (`<stem>_<ch>.f32`, little-endian float32), in g. */
export function recordingChannel(stem: string, ch: 'DE' | 'FE'): Float32Array {
  const buf = fs.readFileSync(path.join(CWRU_DIR, `${stem}_${ch}.f32`));
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

/**
 * A stretch of a recording as ingest stores a sensor's waveform: interleaved int16 counts
 * (senseway.quantizeG at `rangeIndex`), X = drive end, Y = fan end, Z = 0.
 * @param fsHz the recording's sampling rate, Hz
 * @param startS where the stretch starts, s
 * @param seconds its length, s (default 0.5)
 * @returns the bytes, 6 per sample
 */
export function recordingBytes(stem: string, fsHz: number, startS: number, seconds = 0.5, rangeIndex = 2): Uint8Array {
  const n = Math.round(seconds * fsHz);
  const from = Math.round(startS * fsHz);
  const de = senseway.quantizeG(recordingChannel(stem, 'DE').subarray(from, from + n), rangeIndex);
  const fe = senseway.quantizeG(recordingChannel(stem, 'FE').subarray(from, from + n), rangeIndex);
  const xyz = new Int16Array(3 * n);
  for (let i = 0; i < n; i++) {
    xyz[3 * i] = de[i]!;
    xyz[3 * i + 1] = fe[i]!;
  }
  return new Uint8Array(xyz.buffer);
}
