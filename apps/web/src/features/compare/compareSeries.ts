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
 * Line width (CSS px) of the item at `index` in the overlaid charts: the first signal 2 px, the
 * others 1 px. Drawn in order, a later line lies over the earlier ones; thinner and translucent
 * (see {@link compareStroke}), it leaves the first visible where the two coincide.
 */
export const compareWidth = (index: number) => (index === 0 ? 2 : 1);

/** Opacity of the lines drawn over the first signal (0…1). */
export const COMPARE_OVERLAY_OPACITY = 0.75;

/**
 * Stroke of the item at `index`: its colour, opaque for the first signal, with
 * {@link COMPARE_OVERLAY_OPACITY} (as `#rrggbbaa`) for the ones drawn over it.
 */
export const compareStroke = (index: number) =>
  index === 0
    ? compareColor(index)
    : `${compareColor(index)}${Math.round(COMPARE_OVERLAY_OPACITY * 255)
        .toString(16)
        .padStart(2, '0')}`;

/** True when every series has the same x values (ascending, as a spectrum or a waveform's time axis). */
function sameX(series: readonly { x: ArrayLike<number>; y: ArrayLike<number> }[]): boolean {
  const first = series[0]!.x;
  for (let i = 1; i < first.length; i++) if (!(first[i]! > first[i - 1]!)) return false;
  return series.every((s) => {
    if (s.x.length !== first.length || s.y.length !== first.length) return false;
    for (let i = 0; i < first.length; i++) if (s.x[i] !== first[i]) return false;
    return true;
  });
}

/**
 * Joins series with their own x values into one uPlot table: the sorted union of the x values, and
 * per series its y at those x (null where it has no value, drawn across by `spanGaps`). Series that
 * share their x values (two measurements of the same length and sampling rate, the common case)
 * are taken as they are, without building the union (O(n) instead of a sort).
 */
export function joinSeries(series: readonly { x: ArrayLike<number>; y: ArrayLike<number> }[]): uPlot.AlignedData {
  if (series.length && sameX(series)) {
    return [Float64Array.from(series[0]!.x), ...series.map((s) => Array.from(s.y))] as uPlot.AlignedData;
  }
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
