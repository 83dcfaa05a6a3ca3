import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimateMinMax } from './decimate.ts';

/** Reference: group the samples by bucket, take each bucket's extremes by sorting (independent of the single pass). */
function reference(t: number[], v: number[], maxPoints: number, lo: number, hi: number): Set<number> {
  const buckets = Math.floor(maxPoints / 2);
  const groups = new Map<number, number[]>();
  t.forEach((x, i) => {
    const b = Math.min(buckets - 1, Math.max(0, Math.floor(((x - lo) / (hi > lo ? hi - lo : 1)) * buckets)));
    groups.set(b, [...(groups.get(b) ?? []), i]);
  });
  const keep = new Set<number>();
  for (const idx of groups.values()) {
    const sorted = [...idx].sort((a, b) => v[a] - v[b] || t[a] - t[b]);
    keep.add(sorted[0]);
    const maxV = v[sorted.at(-1)!];
    keep.add(idx.filter((i) => v[i] === maxV).sort((a, b) => t[a] - t[b])[0]);
  }
  return keep;
}

describe('decimateMinMax', () => {
  it('keeps every sample when the series fits, sorted by time', () => {
    expect([...decimateMinMax({ t: [3, 1, 2], v: [0, 5, 1] }, 10)]).toEqual([1, 2, 0]);
  });

  it('keeps each bucket’s minimum and maximum (the documented example)', () => {
    expect([...decimateMinMax({ t: [0, 1, 2, 3, 4, 5], v: [1, 9, 2, 2, -4, 3] }, 4, [0, 6])]).toEqual([0, 1, 4, 5]);
  });

  it('never drops an alarm-level spike or a dip among 17,520 periodic values (a year every 30 min)', () => {
    const n = 17_520;
    const t = Float64Array.from({ length: n }, (_, i) => i * 1800);
    const v = Float64Array.from({ length: n }, (_, i) => 2.5 + Math.sin(i / 400) * 0.6 + Math.sin(i * 12.9898) * 0.4);
    v[6482] = 45.5; // one value far above the others: an alarm-level excursion
    v[6483] = 44; // a lower neighbour in the same bucket must not hide it
    v[14191] = 0.0125;
    const kept = decimateMinMax({ t, v }, 2000);
    expect(kept.length).toBeLessThanOrEqual(2000);
    expect(kept.length).toBeGreaterThan(1900);
    expect([...kept]).toContain(6482);
    expect([...kept]).toContain(14191);
    const values = [...kept].map((i) => v[i]);
    expect(Math.max(...values)).toBe(45.5);
    expect(Math.min(...values)).toBe(0.0125);
    for (let k = 1; k < kept.length; k++) expect(t[kept[k]]).toBeGreaterThan(t[kept[k - 1]]);
  });

  it('keeps forced indices (noted measurements) besides the extremes', () => {
    const t = Array.from({ length: 1000 }, (_, i) => i);
    const v = t.map((i) => (i % 2 ? 1 : 0));
    const kept = [...decimateMinMax({ t, v }, 20, undefined, [503])];
    expect(kept).toContain(503);
    expect(kept.length).toBe(21);
  });

  it('equals the grouping reference on random series, and keeps the global extremes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.integer({ min: 2, max: 60 }),
        (pairs, maxPoints) => {
          const t = pairs.map((p) => p[0]);
          const v = pairs.map((p) => p[1]);
          const lo = Math.min(...t),
            hi = Math.max(...t);
          const kept = decimateMinMax({ t, v }, maxPoints);
          const want = t.length <= maxPoints ? new Set(t.map((_, i) => i)) : reference(t, v, maxPoints, lo, hi);
          expect(new Set(kept)).toEqual(want);
          expect(kept.length).toBeLessThanOrEqual(Math.max(t.length <= maxPoints ? t.length : 0, 2 * Math.floor(maxPoints / 2)));
          const keptValues = [...kept].map((i) => v[i]);
          expect(Math.max(...keptValues)).toBe(Math.max(...v));
          expect(Math.min(...keptValues)).toBe(Math.min(...v));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses columns of different lengths and maxPoints below 2', () => {
    expect(() => decimateMinMax({ t: [1, 2], v: [1] }, 10)).toThrow(RangeError);
    expect(() => decimateMinMax({ t: [1], v: [1] }, 1)).toThrow(RangeError);
  });
});
