import type uPlot from 'uplot';
import type { CompareItem } from '../../charts/compareBasket';

/**
 * Colours of the compared signals, one per basket place (spec 002 "Compare view": up to 5 signals
 * in distinct colours). Chosen to stay apart for common colour-vision deficiencies.
 */
export const COMPARE_COLORS = ['#1677ff', '#fa541c', '#389e0d', '#722ed1', '#d4b106'] as const;

/** The colour of the item at `index` of the basket. */
export const compareColor = (index: number) => COMPARE_COLORS[index % COMPARE_COLORS.length]!;

/**
 * Joins series with their own x values into one uPlot table: the sorted union of the x values, and
 * per series its y at those x (null where it has no value, drawn across by `spanGaps`).
 */
export function joinSeries(series: readonly { x: ArrayLike<number>; y: ArrayLike<number> }[]): uPlot.AlignedData {
  const xs = new Set<number>();
  for (const s of series) for (let i = 0; i < s.x.length; i++) xs.add(s.x[i]!);
  const x = Float64Array.from([...xs].sort((a, b) => a - b));
  const at = new Map<number, number>();
  x.forEach((v, i) => at.set(v, i));
  const ys = series.map((s) => {
    const col: (number | null)[] = new Array<number | null>(x.length).fill(null);
    const n = Math.min(s.x.length, s.y.length);
    for (let i = 0; i < n; i++) col[at.get(s.x[i]!)!] = s.y[i]!;
    return col;
  });
  return [x, ...ys] as uPlot.AlignedData;
}

/** Time axis of an item's waveform, s. */
export const timeAxisOf = (item: CompareItem) => Float64Array.from(item.time.y, (_, i) => i / item.time.samplingRateHz);

/** The spec's placeholder of the compare view's spectrum call when an item has no samples: 12000 zeros at 12000 Hz. */
export const PLACEHOLDER_SIGNAL = { samplingRateHz: 12000, length: 12000 } as const;
