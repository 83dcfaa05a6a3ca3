import { describe, expect, it } from 'vitest';
import { extractFeatures, type PointKinematics } from '@overtone/diagnosis';
import { decodeFeatures, encodeFeatures } from './features-codec.ts';

const kinematics: PointKinematics = {
  shaftHz: 25,
  shaftSpeedVariable: false,
  bearing: { bpfo: 3.58, bpfi: 5.42, bsf: 2.36, ftf: 0.4 },
  gearMeshes: [],
  belt: null,
  electricMotor: true,
  pump: false,
  fan: false,
  mainsHz: 50,
  axialAxis: null,
  rangeG: 4,
  machineClass: 'II',
};

/** Features of a 25 Hz shaft tone with noise, as ingest computes them. */
function someFeatures() {
  const fs = 12_000;
  const n = 12_000;
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.05;
  const axis = () => Float64Array.from({ length: n }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 25 * i) / fs) + noise());
  return extractFeatures({ samplingRateHz: fs, x: axis(), y: axis(), z: axis(), temperatureC: 41 }, kinematics);
}

describe('features codec', () => {
  it('round-trips the features exactly, at about a third of their JSON size or less', () => {
    const f = someFeatures();
    const bytes = encodeFeatures(f);
    expect(decodeFeatures(bytes)).toEqual(JSON.parse(JSON.stringify(f)));
    expect(bytes.length).toBeLessThan(JSON.stringify(f).length / 2);
  });

  it('reads rows written before the compact form (JSON text as UTF-8)', () => {
    const f = someFeatures();
    expect(decodeFeatures(Buffer.from(JSON.stringify(f), 'utf8'))).toEqual(JSON.parse(JSON.stringify(f)));
  });

  it('throws on bytes that are neither', () => {
    expect(() => decodeFeatures(Uint8Array.from([0x1f, 0x8b, 1, 2, 3]))).toThrow();
    expect(() => decodeFeatures(Buffer.from('{"version":'))).toThrow();
  });
});
