/**
 * Binary sample transport of the Senseway protocol (shared/protocol/senseway-gateway.md §4.1, §5).
 *
 * Samples are int16 little-endian two's complement, interleaved X,Y,Z per sample, cut into chunks
 * whose indices count DOWN to 0: the highest index carries the oldest bytes. Chunk joins may fall
 * inside a sample, so chunks are concatenated before decoding.
 */

/** g per count for accelerometer range index `i` (full scale ±2^i g): 2^i / 32768 (§4.1). */
export function gPerCount(rangeIndex: number): number {
  if (!Number.isInteger(rangeIndex) || rangeIndex < 1 || rangeIndex > 4)
    throw new RangeError(`range index ${rangeIndex} not in 1..4`);
  return 2 ** rangeIndex / 32768;
}

/** Full scale in g for a range index (±2, ±4, ±8, ±16 g). */
export const rangeFullScaleG = (rangeIndex: number): number => 2 ** rangeIndex;

/** Nominal sampling rate in Hz for a rate index: 25·2^i (§4.2). */
export const nominalSamplingRateHz = (rateIndex: number): number => 25 * 2 ** rateIndex;

/** Firmware chunk payload size observed on legacy gateways (§5.2). */
export const LEGACY_CHUNK_BYTES = 20480;

/**
 * Cuts an interleaved int16 stream into protocol chunks.
 * @param samples interleaved X,Y,Z counts, length 3·n
 * @param chunkBytes payload size of every chunk but the last (must be even)
 * @returns chunks in publish order: `index` counts down to 0, the first carries the oldest bytes
 */
export function encodeChunks(samples: Int16Array, chunkBytes = LEGACY_CHUNK_BYTES): { index: number; payload: Uint8Array }[] {
  if (chunkBytes <= 0 || chunkBytes % 2 !== 0) throw new RangeError('chunkBytes must be a positive even number');
  const bytes = new Uint8Array(samples.length * 2);
  const dv = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) dv.setInt16(2 * i, samples[i], true);
  const count = Math.max(1, Math.ceil(bytes.length / chunkBytes));
  const out: { index: number; payload: Uint8Array }[] = [];
  for (let c = 0; c < count; c++)
    out.push({ index: count - 1 - c, payload: bytes.subarray(c * chunkBytes, Math.min(bytes.length, (c + 1) * chunkBytes)) });
  return out;
}

/**
 * Joins received chunks in protocol order (descending index).
 * @param chunks map chunk index → payload; indices must be exactly 0..count-1
 * @throws RangeError when an index is missing
 */
export function assembleChunks(chunks: Map<number, Uint8Array>, expectedCount?: number): Uint8Array {
  const count = expectedCount ?? (chunks.size ? Math.max(...chunks.keys()) + 1 : 0);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const c = chunks.get(i);
    if (!c) throw new RangeError(`chunk ${i} of ${count} missing`);
    total += c.length;
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (let i = count - 1; i >= 0; i--) {
    const c = chunks.get(i)!;
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/** Tri-axial signal in g, one Float64Array per axis. */
export interface TriaxialG {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
}

/**
 * Decodes an assembled byte stream of sensor type 1 into g.
 * @param bytes concatenated chunks, length 6·n
 * @param rangeIndex the accelerometer range index that was SENT in the command (the legacy `done` does not echo it)
 * @throws RangeError when the length is not a multiple of 6
 */
export function decodeTriaxial(bytes: Uint8Array, rangeIndex: number): TriaxialG {
  if (bytes.length % 6 !== 0) throw new RangeError(`byte length ${bytes.length} is not a multiple of 6`);
  const k = gPerCount(rangeIndex);
  const n = bytes.length / 6;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const x = new Float64Array(n),
    y = new Float64Array(n),
    z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = dv.getInt16(6 * i, true) * k;
    y[i] = dv.getInt16(6 * i + 2, true) * k;
    z[i] = dv.getInt16(6 * i + 4, true) * k;
  }
  return { x, y, z };
}

/**
 * Quantises g values to int16 counts for a range index, clipping at full scale (what a real
 * accelerometer's ADC does).
 */
export function quantizeG(valuesG: ArrayLike<number>, rangeIndex: number): Int16Array {
  const k = gPerCount(rangeIndex);
  const out = new Int16Array(valuesG.length);
  for (let i = 0; i < valuesG.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(valuesG[i] / k)));
  return out;
}
