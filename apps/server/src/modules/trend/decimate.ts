/**
 * Min/max decimation of a time series for a chart (docs/trend.md "Decimation").
 *
 * A chart `W` pixels wide cannot show more than one x position per pixel column; a line through
 * all samples of one column draws a vertical stroke from the column's minimum to its maximum. So
 * keeping, for each of `B` equal time buckets, the sample with the smallest and the sample with the
 * largest value draws the same envelope as all samples (with `B` ≥ the column count), and in
 * particular never loses an excursion: the global maximum (an alarm-level spike) and minimum are
 * always some bucket's maximum and minimum. This is the min/max half of M4 (Jugel et al., "M4: A
 * Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10), 2014, §3–4), which adds each
 * column's first and last sample only to get the connecting lines' slopes exact at sub-pixel level.
 *
 * Unlike LTTB (Steinarsson 2013), which picks one point per bucket by triangle area and may drop a
 * single-sample spike next to a larger one, min/max keeps every extreme by construction, which is
 * what a condition-monitoring trend must show.
 */

/** One series to decimate: times and values of equal length, any order. */
export interface SeriesColumns {
  /** Sample times, any monotonic unit (we pass seconds since the epoch). Shape (N,). */
  t: ArrayLike<number>;
  /** Sample values. Shape (N,). */
  v: ArrayLike<number>;
}

/**
 * The indices of the samples to keep so that at most `maxPoints` (plus the forced ones) remain,
 * preserving each time bucket's minimum and maximum.
 *
 * @param s          the series; N = `s.t.length` = `s.v.length`
 * @param maxPoints  the most samples wanted (≥ 2). With N ≤ maxPoints every index is returned.
 * @param range      `[start, end]` of the time axis (same unit as `t`): the buckets divide it in
 *                   `floor(maxPoints / 2)` equal parts; samples outside are clamped into the first
 *                   or last bucket. Default: the series' own min and max time.
 * @param forced     indices kept whatever their value (e.g. measurements with a note)
 * @returns          kept indices sorted by time, then index (ascending); each at most once. Its length
 *                   is ≤ 2·floor(maxPoints / 2) + forced.length.
 * @throws RangeError when `t` and `v` differ in length or `maxPoints` < 2
 *
 * @example
 * decimateMinMax({ t: [0, 1, 2, 3, 4, 5], v: [1, 9, 2, 2, -4, 3] }, 4, [0, 6])
 * // buckets [0,3) and [3,6]: min/max of the first are t=0 (1) and t=1 (9); of the second t=4 (−4) and t=5 (3)
 * // → Uint32Array [0, 1, 4, 5]
 */
export function decimateMinMax(
  s: SeriesColumns,
  maxPoints: number,
  range?: readonly [number, number],
  forced: readonly number[] = [],
): Uint32Array {
  const n = s.t.length;
  if (s.v.length !== n) throw new RangeError(`t and v differ in length (${n} vs ${s.v.length})`);
  if (!(maxPoints >= 2)) throw new RangeError(`maxPoints must be at least 2 (got ${maxPoints})`);
  const byTime = (idx: Uint32Array) => idx.sort((a, b) => s.t[a] - s.t[b] || a - b);
  if (n <= maxPoints) return byTime(Uint32Array.from({ length: n }, (_, i) => i));

  let lo = range?.[0] ?? Infinity,
    hi = range?.[1] ?? -Infinity;
  if (!range)
    for (let i = 0; i < n; i++) {
      if (s.t[i] < lo) lo = s.t[i];
      if (s.t[i] > hi) hi = s.t[i];
    }
  const buckets = Math.floor(maxPoints / 2);
  const span = hi > lo ? hi - lo : 1;
  const minAt = new Int32Array(buckets).fill(-1);
  const maxAt = new Int32Array(buckets).fill(-1);
  for (let i = 0; i < n; i++) {
    const x = s.v[i];
    if (Number.isNaN(x)) continue;
    let b = Math.floor(((s.t[i] - lo) / span) * buckets);
    if (b < 0) b = 0;
    else if (b >= buckets) b = buckets - 1;
    // Ties keep the earliest sample: a repeated value is drawn from its first occurrence.
    const m = minAt[b];
    if (m < 0 || x < s.v[m] || (x === s.v[m] && s.t[i] < s.t[m])) minAt[b] = i;
    const M = maxAt[b];
    if (M < 0 || x > s.v[M] || (x === s.v[M] && s.t[i] < s.t[M])) maxAt[b] = i;
  }
  const keep = new Uint8Array(n);
  let count = 0;
  const mark = (i: number) => {
    if (i >= 0 && i < n && !keep[i]) {
      keep[i] = 1;
      count++;
    }
  };
  for (let b = 0; b < buckets; b++) {
    mark(minAt[b]);
    mark(maxAt[b]);
  }
  for (const i of forced) mark(i);
  const out = new Uint32Array(count);
  for (let i = 0, k = 0; i < n; i++) if (keep[i]) out[k++] = i;
  return byTime(out);
}
