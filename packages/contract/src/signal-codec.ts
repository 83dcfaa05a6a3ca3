/**
 * The binary waveform of a measurement (`GET /measurement/{id}/signal`, docs/signals.md): one codec,
 * the server encodes with it and the web decodes with it, so the samples the browser computes on
 * are bit for bit those the server computes on.
 *
 * Layout (all little-endian; offsets in bytes)
 * -------------------------------------------
 * ======  =====  ========  =====================================================================
 * offset  size   type      field
 * ======  =====  ========  =====================================================================
 * 0       4      ASCII     magic ``OTSG``
 * 4       1      uint8     version, 1
 * 5       1      uint8     sample type: 1 = int16 (counts), 2 = float32, 3 = float64 (values)
 * 6       2      uint16    channel count k (0 … 64)
 * 8       4      uint32    samples per channel n
 * 12      4      uint32    reserved, 0
 * 16      8      float64   sampling rate, Hz (0: unknown)
 * 24      8      float64   scale: value per count (g per count for an accelerometer; 1 for floats)
 * 32      16·k   ASCII     channel keys, each NUL-padded to 16 bytes (e.g. ``accelerometer_x``)
 * 32+16k  b·n·k  samples   channel after channel (planar, not interleaved), b = 2, 4 or 8
 * ======  =====  ========  =====================================================================
 *
 * A value is ``count * scale`` computed in float64: with the scale of the accelerometer range
 * (2^rangeIndex / 32768 g per count) this is exactly what `senseway.decodeTriaxial` gives.
 *
 * scipy equivalent (numpy)::
 *
 *     h = np.frombuffer(b, '<u1', 4, 0); k = np.frombuffer(b, '<u2', 1, 6)[0]
 *     n = np.frombuffer(b, '<u4', 1, 8)[0]; fs, scale = np.frombuffer(b, '<f8', 2, 16)
 *     x = np.frombuffer(b, '<i2', k * n, 32 + 16 * k).reshape(k, n) * scale
 */

export const SIGNAL_MAGIC = 'OTSG';
export const SIGNAL_VERSION = 1;
export const SIGNAL_HEADER_BYTES = 32;
/** Bytes of one channel key (ASCII, NUL-padded). */
export const SIGNAL_KEY_BYTES = 16;
/** Most channels one signal file holds. */
export const SIGNAL_MAX_CHANNELS = 64;
/** The media type of the binary waveform. */
export const SIGNAL_MEDIA_TYPE = 'application/octet-stream';

export type SignalSampleType = 'int16' | 'float32' | 'float64';
const TYPE_CODE: Record<SignalSampleType, number> = { int16: 1, float32: 2, float64: 3 };
const BYTES: Record<SignalSampleType, number> = { int16: 2, float32: 4, float64: 8 };
const ARRAYS = { int16: Int16Array, float32: Float32Array, float64: Float64Array } as const;

/** Typed arrays are in the platform's byte order: little-endian on every host Node and browsers run on today. */
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The `n` little-endian samples of `type` at byte `at` of `bytes` as a typed array (a view when
 * aligned, else a copy), or null on a big-endian host (the callers then read through a DataView).
 * Reading a view is ~10× faster than a DataView call per sample.
 */
function littleEndianView(bytes: Uint8Array, at: number, n: number, type: SignalSampleType) {
  if (!LITTLE_ENDIAN_HOST) return null;
  const b = BYTES[type];
  const start = bytes.byteOffset + at;
  return start % b === 0
    ? new ARRAYS[type](bytes.buffer as ArrayBuffer, start, n)
    : new ARRAYS[type](bytes.slice(at, at + b * n).buffer, 0, n);
}

/** What {@link encodeSignal} writes: channels of equal length, int16 counts or float32 values. */
export interface SignalToEncode {
  /** Hz; 0 when unknown. */
  samplingRateHz: number;
  /** Value per count (int16); 1 for floats. */
  scale: number;
  sampleType: SignalSampleType;
  channels: { key: string; samples: ArrayLike<number> }[];
}

/** A decoded signal: each channel's stored samples and its values (`samples[i] * scale`, float64). */
export interface DecodedSignal {
  samplingRateHz: number;
  scale: number;
  sampleType: SignalSampleType;
  /** Samples per channel. */
  length: number;
  channels: { key: string; samples: Int16Array | Float32Array | Float64Array; values: Float64Array }[];
}

/**
 * Encodes channels into the binary waveform layout (module doc).
 *
 * Parameters
 * ----------
 * s : SignalToEncode
 *     int16 samples must be integers in −32768 … 32767 (they are written as given, truncated by
 *     the int16 store); float32 values are rounded to float32, float64 kept exactly.
 *
 * Returns
 * -------
 * Uint8Array of 32 + 16·k + b·n·k bytes.
 *
 * Raises
 * ------
 * RangeError when channels differ in length, a key is not 1–16 ASCII characters, there are more than
 * SIGNAL_MAX_CHANNELS channels, or the scale or sampling rate is not finite (scale must be > 0).
 */
export function encodeSignal(s: SignalToEncode): Uint8Array {
  const k = s.channels.length;
  if (k > SIGNAL_MAX_CHANNELS) throw new RangeError(`at most ${SIGNAL_MAX_CHANNELS} channels`);
  const n = k ? s.channels[0]!.samples.length : 0;
  if (s.channels.some((c) => c.samples.length !== n)) throw new RangeError('channels must have the same length');
  if (!(Number.isFinite(s.scale) && s.scale > 0)) throw new RangeError('scale must be finite and > 0');
  if (!(Number.isFinite(s.samplingRateHz) && s.samplingRateHz >= 0))
    throw new RangeError('samplingRateHz must be finite and ≥ 0');
  const b = BYTES[s.sampleType];
  const dataAt = SIGNAL_HEADER_BYTES + SIGNAL_KEY_BYTES * k;
  const out = new Uint8Array(dataAt + b * n * k);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = SIGNAL_MAGIC.charCodeAt(i);
  dv.setUint8(4, SIGNAL_VERSION);
  dv.setUint8(5, TYPE_CODE[s.sampleType]);
  dv.setUint16(6, k, true);
  dv.setUint32(8, n, true);
  dv.setFloat64(16, s.samplingRateHz, true);
  dv.setFloat64(24, s.scale, true);
  s.channels.forEach((c, ci) => {
    if (!/^[\x20-\x7e]{1,16}$/.test(c.key))
      throw new RangeError(`channel key ${JSON.stringify(c.key)} is not 1–16 ASCII characters`);
    for (let i = 0; i < c.key.length; i++) out[SIGNAL_HEADER_BYTES + SIGNAL_KEY_BYTES * ci + i] = c.key.charCodeAt(i);
    const at = dataAt + b * n * ci;
    // `at` is a multiple of b (32 + 16k + b·n·ci) in a fresh buffer: a view of it takes the samples at once
    if (LITTLE_ENDIAN_HOST) new ARRAYS[s.sampleType](out.buffer, at, n).set(c.samples);
    else if (s.sampleType === 'int16') for (let i = 0; i < n; i++) dv.setInt16(at + 2 * i, c.samples[i]!, true);
    else if (s.sampleType === 'float32') for (let i = 0; i < n; i++) dv.setFloat32(at + 4 * i, c.samples[i]!, true);
    else for (let i = 0; i < n; i++) dv.setFloat64(at + 8 * i, c.samples[i]!, true);
  });
  return out;
}

/**
 * Decodes the binary waveform layout (module doc).
 *
 * Returns
 * -------
 * DecodedSignal: `values[i] = samples[i] * scale` in float64 (for int16 counts at the accelerometer
 * scale, exactly `senseway.decodeTriaxial`'s values).
 *
 * Raises
 * ------
 * RangeError when the magic, version or sample type is unknown, or the length does not match the header.
 */
export function decodeSignal(bytes: Uint8Array): DecodedSignal {
  if (bytes.length < SIGNAL_HEADER_BYTES) throw new RangeError('signal shorter than its header');
  for (let i = 0; i < 4; i++) if (bytes[i] !== SIGNAL_MAGIC.charCodeAt(i)) throw new RangeError('not a signal (magic)');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint8(4) !== SIGNAL_VERSION) throw new RangeError(`signal version ${dv.getUint8(4)} unknown`);
  const code = dv.getUint8(5);
  const sampleType = (Object.keys(TYPE_CODE) as SignalSampleType[]).find((t) => TYPE_CODE[t] === code);
  if (!sampleType) throw new RangeError(`sample type ${code} unknown`);
  const k = dv.getUint16(6, true);
  const n = dv.getUint32(8, true);
  const b = BYTES[sampleType];
  const dataAt = SIGNAL_HEADER_BYTES + SIGNAL_KEY_BYTES * k;
  if (k > SIGNAL_MAX_CHANNELS || bytes.length !== dataAt + b * n * k)
    throw new RangeError('signal length does not match its header');
  const samplingRateHz = dv.getFloat64(16, true);
  const scale = dv.getFloat64(24, true);
  const channels: DecodedSignal['channels'] = [];
  for (let ci = 0; ci < k; ci++) {
    let key = '';
    for (let i = 0; i < SIGNAL_KEY_BYTES; i++) {
      const c = bytes[SIGNAL_HEADER_BYTES + SIGNAL_KEY_BYTES * ci + i]!;
      if (c === 0) break;
      key += String.fromCharCode(c);
    }
    const at = dataAt + b * n * ci;
    const view = littleEndianView(bytes, at, n, sampleType);
    const samples = view ? view.slice() : new ARRAYS[sampleType](n);
    const values = new Float64Array(n);
    if (view) for (let i = 0; i < n; i++) values[i] = samples[i]! * scale;
    else
      for (let i = 0; i < n; i++) {
        const v =
          sampleType === 'int16'
            ? dv.getInt16(at + 2 * i, true)
            : sampleType === 'float32'
              ? dv.getFloat32(at + 4 * i, true)
              : dv.getFloat64(at + 8 * i, true);
        samples[i] = v;
        values[i] = v * scale;
      }
    channels.push({ key, samples, values });
  }
  return { samplingRateHz, scale, sampleType, length: n, channels };
}

/**
 * Splits a stored tri-axial stream (int16 LE, interleaved X,Y,Z: shared/protocol §4.1) into the
 * planar counts {@link encodeSignal} writes, for the axes asked (indices 0 = x, 1 = y, 2 = z).
 *
 * Raises RangeError when the length is not a multiple of 6.
 */
export function triaxialCounts(bytes: Uint8Array, axes: readonly (0 | 1 | 2)[] = [0, 1, 2]): Int16Array[] {
  if (bytes.length % 6 !== 0) throw new RangeError(`byte length ${bytes.length} is not a multiple of 6`);
  const n = bytes.length / 6;
  const view = littleEndianView(bytes, 0, 3 * n, 'int16');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return axes.map((a) => {
    const out = new Int16Array(n);
    if (view) for (let i = 0; i < n; i++) out[i] = view[3 * i + a]!;
    else for (let i = 0; i < n; i++) out[i] = dv.getInt16(6 * i + 2 * a, true);
    return out;
  });
}

/**
 * The `application/octet-stream` body of `POST /vibration/signal/*` (docs/signals.md): float32
 * little-endian samples, nothing else (the parameters travel in the query string); an orbit's body
 * holds `signal` then `signal2`, each half of it.
 *
 * Parameters
 * ----------
 * bytes : the body; its length must be a multiple of 4 (of 8 for `halves` = 2)
 * halves : 1, or 2 for two signals of equal length
 *
 * Returns each signal as Float64Array (float32 values widened exactly), or a message when the body
 * has the wrong length or holds a value that is not finite (NaN, ±Infinity).
 */
export function decodeFloat32Body(bytes: Uint8Array, halves: 1 | 2 = 1): Float64Array[] | { error: string } {
  if (bytes.length % (4 * halves) !== 0) return { error: `The body must be float32 samples (${4 * halves}·n bytes)` };
  const n = bytes.length / 4 / halves;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const f32 =
    littleEndianView(bytes, 0, halves * n, 'float32') ??
    Float32Array.from({ length: halves * n }, (_, i) => dv.getFloat32(4 * i, true));
  const out: Float64Array[] = [];
  for (let h = 0; h < halves; h++) {
    const a = new Float64Array(n);
    a.set(f32.subarray(h * n, (h + 1) * n));
    // v − v is 0 for every finite v, NaN for NaN and ±Infinity
    for (let i = 0; i < n; i++) if (a[i]! - a[i]! !== 0) return { error: `Sample ${h * n + i} is not a finite number` };
    out.push(a);
  }
  return out;
}

/** The float32 LE body of a signal for `POST /vibration/signal/*` (the inverse of {@link decodeFloat32Body}). */
export function encodeFloat32Body(...signals: ArrayLike<number>[]): Uint8Array {
  const total = signals.reduce((s, x) => s + x.length, 0);
  const out = new Uint8Array(4 * total);
  const dv = new DataView(out.buffer);
  let at = 0;
  for (const s of signals) {
    if (LITTLE_ENDIAN_HOST) new Float32Array(out.buffer, at, s.length).set(s);
    else for (let i = 0; i < s.length; i++) dv.setFloat32(at + 4 * i, s[i]!, true);
    at += 4 * s.length;
  }
  return out;
}
