import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decimate } from '@overtone/dsp';
import { bandPass, bearingFeatures, FEATURE_NAMES, FEATURE_SET_VERSION, median } from './features.ts';

/**
 * The committed training table (tools/bearing-model/features.json) must be what the server's own
 * feature code computes from the recordings: recomputed here from the repository's copy of the CWRU
 * files (apps/gateway-sim/recordings/cwru, byte-identical to data/vibration/cwru).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const REC = path.join(ROOT, 'apps/gateway-sim/recordings/cwru');
const TABLE = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools/bearing-model/features.json'), 'utf8')) as {
  featureSet: string;
  featureNames: string[];
  rows: {
    record: string;
    channel: string;
    segment: number;
    startSample: number;
    fsHz: number;
    shaftHz: number;
    features: number[];
  }[];
};
const FILES: Record<string, string> = {
  'cwru-097': 'cwru_097_Normal_0HP',
  'cwru-105': 'cwru_105_IR007_0HP',
  'cwru-118': 'cwru_118_B007_0HP',
  'cwru-130': 'cwru_130_OR007at6_0HP',
};
/** CWRU drive-end bearing SKF 6205 (data/vibration README). */
const DE_6205 = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.35675 };

function channel(record: string, ch: string): Float64Array {
  const buf = fs.readFileSync(path.join(REC, `${FILES[record]}_${ch}.f32`));
  return Float64Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4));
}

describe('bearing features', () => {
  it('the committed table is of this feature set', () => {
    expect(TABLE.featureSet).toBe(FEATURE_SET_VERSION);
    expect(TABLE.featureNames).toEqual([...FEATURE_NAMES]);
  });

  it('recomputes the committed training rows exactly (1e-12) from the recordings', () => {
    // first and last segment of every CWRU record and channel
    const picks = TABLE.rows.filter(
      (r, i, all) =>
        r.record.startsWith('cwru-') &&
        (i === 0 || all[i - 1].record !== r.record || all[i - 1].channel !== r.channel || all[i + 1]?.channel !== r.channel),
    );
    expect(picks.length).toBe(16);
    const cache = new Map<string, Float64Array>();
    for (const r of picks) {
      const key = `${r.record}/${r.channel}`;
      if (!cache.has(key)) {
        const x = channel(r.record, r.channel);
        cache.set(key, r.record === 'cwru-097' ? decimate(x, 4) : x);
      }
      const x = cache.get(key)!;
      const len = Math.round(0.5 * r.fsHz);
      const f = bearingFeatures(x.subarray(r.startSample, r.startSample + len), r.fsHz, r.shaftHz, DE_6205);
      expect(f.ok).toBe(true);
      if (f.ok) for (let j = 0; j < r.features.length; j++) expect(Math.abs(f.features[j] - r.features[j])).toBeLessThan(1e-12);
    }
  });

  it('shows the fault line of its record: BPFI for the inner race, BPFO for the outer race', () => {
    const ir = bearingFeatures(channel('cwru-105', 'DE').subarray(0, 6000), 12000, 29.95, DE_6205);
    const or = bearingFeatures(channel('cwru-130', 'DE').subarray(0, 6000), 12000, 29.9333, DE_6205);
    if (!ir.ok || !or.ok) throw new Error('features refused');
    // envelope line ≥ 10× (1 in log10) the background at the kinematic frequency of the seeded fault
    expect(ir.features[3]).toBeGreaterThan(1);
    expect(ir.features[3]).toBeGreaterThan(ir.features[2] + 0.3);
    expect(or.features[2]).toBeGreaterThan(1);
    expect(or.features[2]).toBeGreaterThan(or.features[3] + 0.3);
  });

  it('does not depend on the gain of the sensor (ratios only)', () => {
    const x = channel('cwru-105', 'DE').subarray(0, 6000);
    const a = bearingFeatures(x, 12000, 29.95, DE_6205);
    const b = bearingFeatures(
      x.map((v) => v * 9.80665),
      12000,
      29.95,
      DE_6205,
    );
    if (!a.ok || !b.ok) throw new Error('features refused');
    for (let j = 0; j < a.features.length; j++) expect(b.features[j]).toBeCloseTo(a.features[j], 9);
  });

  it('the normal record gives close features at its native 48 kHz and decimated to 12 kHz', () => {
    const x48 = channel('cwru-097', 'DE').subarray(0, 24000);
    const at48 = bearingFeatures(x48, 48000, 29.9333, DE_6205);
    const at12 = bearingFeatures(decimate(x48, 4), 12000, 29.9333, DE_6205);
    if (!at48.ok || !at12.ok) throw new Error('features refused');
    // same 1–5 kHz band, same 0.5 s: differences come from the decimation filter's edges only
    for (let j = 0; j < 5; j++) expect(Math.abs(at48.features[j] - at12.features[j])).toBeLessThan(0.05);
  });

  it('refuses what it is not defined for, with the reason', () => {
    const x = channel('cwru-105', 'DE').subarray(0, 6000);
    expect(bearingFeatures(x, 12000, 29.95, null)).toEqual({ ok: false, reason: 'noBearing' });
    expect(bearingFeatures(x, 12000, 29.95, { bpfo: 0, bpfi: 0, bsf: 0 })).toEqual({ ok: false, reason: 'noBearing' });
    expect(bearingFeatures(x, 12000, 0, DE_6205)).toEqual({ ok: false, reason: 'noShaftSpeed' });
    expect(bearingFeatures(x, 6400, 29.95, DE_6205)).toEqual({ ok: false, reason: 'samplingRateTooLow' });
    expect(bearingFeatures(x.subarray(0, 5000), 12000, 29.95, DE_6205)).toEqual({ ok: false, reason: 'recordTooShort' });
    expect(bearingFeatures(new Float64Array(6000).fill(0.3), 12000, 29.95, DE_6205)).toEqual({
      ok: false,
      reason: 'constantSignal',
    });
  });

  it('band-passes by FFT mask: a 3 kHz tone passes, 500 Hz and 5.5 kHz are removed', () => {
    const fs0 = 12000,
      n = 1200;
    const x = Float64Array.from({ length: n }, (_, i) => {
      const t = i / fs0;
      return 0.2 + Math.sin(2 * Math.PI * 3000 * t) + Math.sin(2 * Math.PI * 500 * t) + Math.sin(2 * Math.PI * 5500 * t);
    });
    const y = bandPass(x, fs0, [1000, 5000]);
    for (let i = 0; i < n; i++) expect(y[i]).toBeCloseTo(Math.sin((2 * Math.PI * 3000 * i) / fs0), 9);
  });

  it('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
