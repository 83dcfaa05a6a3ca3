import { describe, expect, it } from 'vitest';
import { decodeTriaxial, gPerCount } from './senseway/chunks.ts';
import {
  SIGNAL_HEADER_BYTES,
  decodeFloat32Body,
  decodeSignal,
  encodeFloat32Body,
  encodeSignal,
  triaxialCounts,
} from './signal-codec.ts';

/** The binary waveform (docs/signals.md): the server's encoder and the web's decoder are this one codec. */
describe('signal codec', () => {
  const n = 1001;
  const counts = [0, 1, 2].map((a) => Int16Array.from({ length: n }, (_, i) => ((i * 7919 + a * 104729) % 65536) - 32768));
  const interleaved = new Int16Array(3 * n);
  for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) interleaved[3 * i + a] = counts[a]![i]!;
  const stored = new Uint8Array(interleaved.buffer);

  it('int16 counts round-trip exactly; values are decodeTriaxial’s g to the last bit', () => {
    for (const range of [1, 2, 3, 4]) {
      const keys = ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'];
      const bytes = encodeSignal({
        samplingRateHz: 12800.5,
        scale: gPerCount(range),
        sampleType: 'int16',
        channels: triaxialCounts(stored).map((samples, i) => ({ key: keys[i]!, samples })),
      });
      expect(bytes.length).toBe(SIGNAL_HEADER_BYTES + 3 * 16 + 3 * n * 2);
      expect([...bytes.subarray(0, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('OTSG');
      const s = decodeSignal(bytes);
      expect(s).toMatchObject({ samplingRateHz: 12800.5, scale: gPerCount(range), sampleType: 'int16', length: n });
      expect(s.channels.map((c) => c.key)).toEqual(keys);
      const w = decodeTriaxial(stored, range);
      s.channels.forEach((c, i) => expect(c.samples).toEqual(counts[i]));
      expect([s.channels[0]!.values, s.channels[1]!.values, s.channels[2]!.values]).toEqual([w.x, w.y, w.z]);
    }
  });

  it('one axis, float32 and float64 channels, and no channel at all round-trip', () => {
    expect(decodeSignal(encodeSignal({ samplingRateHz: 1, scale: 1, sampleType: 'int16', channels: [] }))).toMatchObject({
      length: 0,
      channels: [],
    });
    const y = triaxialCounts(stored, [1]);
    expect(y).toEqual([counts[1]]);
    const f = Float64Array.from({ length: 17 }, (_, i) => Math.PI * i - 3.3e-7);
    const d64 = decodeSignal(
      encodeSignal({ samplingRateHz: 0, scale: 1, sampleType: 'float64', channels: [{ key: 'y', samples: f }] }),
    );
    expect(d64.channels[0]!.values).toEqual(f);
    const d32 = decodeSignal(
      encodeSignal({ samplingRateHz: 0, scale: 1, sampleType: 'float32', channels: [{ key: 'y', samples: f }] }),
    );
    expect(d32.channels[0]!.values).toEqual(Float64Array.from(Float32Array.from(f)));
  });

  it('refuses a wrong magic, version, type or length, and bad keys or lengths when encoding', () => {
    const ok = encodeSignal({ samplingRateHz: 1, scale: 1, sampleType: 'int16', channels: [{ key: 'a', samples: [1, 2] }] });
    const with_ = (at: number, v: number) => {
      const b = ok.slice();
      b[at] = v;
      return b;
    };
    expect(() => decodeSignal(with_(0, 0))).toThrow(RangeError);
    expect(() => decodeSignal(with_(4, 2))).toThrow(RangeError);
    expect(() => decodeSignal(with_(5, 9))).toThrow(RangeError);
    expect(() => decodeSignal(ok.subarray(0, ok.length - 1))).toThrow(RangeError);
    expect(() => decodeSignal(ok.subarray(0, 10))).toThrow(RangeError);
    expect(() =>
      encodeSignal({
        samplingRateHz: 1,
        scale: 1,
        sampleType: 'int16',
        channels: [
          { key: 'a', samples: [1] },
          { key: 'b', samples: [1, 2] },
        ],
      }),
    ).toThrow(RangeError);
    expect(() =>
      encodeSignal({ samplingRateHz: 1, scale: 1, sampleType: 'int16', channels: [{ key: 'x'.repeat(17), samples: [1] }] }),
    ).toThrow(RangeError);
    expect(() => encodeSignal({ samplingRateHz: 1, scale: 0, sampleType: 'int16', channels: [] })).toThrow(RangeError);
    expect(() => triaxialCounts(new Uint8Array(7))).toThrow(RangeError);
  });

  it('the float32 body of POST /vibration/signal/* round-trips; wrong lengths and non-finite samples are refused', () => {
    const x = Float64Array.from(Float32Array.from([0.5, -1.25, 3e-3]));
    const y = Float64Array.from(Float32Array.from([1, 2, 3]));
    expect(decodeFloat32Body(encodeFloat32Body(x))).toEqual([x]);
    expect(decodeFloat32Body(encodeFloat32Body(x, y), 2)).toEqual([x, y]);
    expect(decodeFloat32Body(new Uint8Array(6))).toHaveProperty('error');
    expect(decodeFloat32Body(encodeFloat32Body(x), 2)).toHaveProperty('error');
    expect(decodeFloat32Body(encodeFloat32Body([1, Number.POSITIVE_INFINITY]))).toHaveProperty('error');
  });

  it('decodes the same from a view at any byte offset (network buffers are not aligned)', () => {
    const at = (bytes: Uint8Array, offset: number) => {
      const shifted = new Uint8Array(bytes.length + offset);
      shifted.set(bytes, offset);
      return shifted.subarray(offset);
    };
    const f = Float64Array.from({ length: 33 }, (_, i) => Math.cos(i) * 1e3);
    for (const sampleType of ['int16', 'float32', 'float64'] as const) {
      const samples = sampleType === 'int16' ? counts[2]! : f;
      const bytes = encodeSignal({ samplingRateHz: 5, scale: 0.5, sampleType, channels: [{ key: 'a', samples }] });
      const aligned = decodeSignal(bytes);
      for (const offset of [1, 2, 3, 5, 7]) expect(decodeSignal(at(bytes, offset))).toEqual(aligned);
    }
    const body = encodeFloat32Body(f, f);
    for (const offset of [1, 2, 3]) expect(decodeFloat32Body(at(body, offset), 2)).toEqual(decodeFloat32Body(body, 2));
    for (const offset of [1, 3]) expect(triaxialCounts(at(stored, offset))).toEqual(counts);
    expect(decodeFloat32Body(at(encodeFloat32Body([1, Number.NaN]), 1))).toEqual({ error: 'Sample 1 is not a finite number' });
  });
});
