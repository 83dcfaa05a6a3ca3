import type { Dayjs } from 'dayjs';
import type uPlot from 'uplot';
import {
  csvCell,
  csvLine,
  predictionClassColor,
  PREDICTION_CLASSES,
  TREND_COMPARE_TELEMETRIES,
  type AiPrediction,
  type TrendChartMode,
  type TrendSeries,
} from '@overtone/contract';
import { customerClock } from '../../ui/customerTime';
import { joinSeries } from '../compare/compareSeries';

/** The API's date format (spec 001 §7). */
export const TREND_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A date range of `days` days ending at the end of today, in the customer's time zone (spec 001 §9:
 * default 30 days to today 23:59:59; shortcuts 7, 30, 90, 364).
 * @returns customer clocks [start, end]; start is the start of the day `days` days before today
 */
export function lastDaysRange(days: number, offsetMinutes: number, now: number = Date.now()): [Dayjs, Dayjs] {
  const clock = customerClock(now, offsetMinutes);
  return [clock.subtract(days, 'day').startOf('day'), clock.endOf('day')];
}

/** Colours of the trend's lines, one per (telemetry, source), in order. */
export const TREND_COLORS = ['#1677ff', '#fa541c', '#389e0d', '#722ed1', '#d4b106', '#13c2c2', '#eb2f96', '#8c8c8c'] as const;
/** Colour of the note markers ("show comments"). */
export const NOTE_COLOR = '#fa8c16';

/** One point of the chart: what a click opens and the compare reads. */
export interface TrendPoint {
  measurementId: string;
  createdAt: string;
  value: number;
  telemetry: string;
  source: string;
  note: string;
}

/** A drawn series of the chart (uPlot series 1…n, in order). */
export interface TrendLine {
  /** `line`: a telemetry's source; `class`: predictions of one class; `notes`: measurements with a note. */
  kind: 'line' | 'class' | 'notes';
  /** Telemetry name and its display name, source code (lines); class key (classes). */
  telemetry?: string;
  displayName?: string;
  unit?: string;
  source?: string;
  classKey?: string;
  color: string;
}

/** Everything the chart draws: aligned columns (x in s), the series and, per series and x index, its point. */
export interface TrendChartModel {
  data: uPlot.AlignedData;
  lines: TrendLine[];
  /** `points[s][i]`: the point of series `s` (0-based, i.e. uPlot series s + 1) at x index i, or null. */
  points: (TrendPoint | null)[][];
}

interface Column {
  line: TrendLine;
  x: number[];
  y: number[];
  pts: TrendPoint[];
}

/**
 * The chart of a trend answer.
 * - lines / lines+markers / markers: one series per telemetry and source;
 * - predictions: one marker series per class that occurs, every value of every line coloured by its
 *   measurement's predicted class (spec 001 §9 colours; no prediction: class0, unknown grey);
 * - with `showNotes`, one more marker series at the values of measurements with a note (the first
 *   line's, so each note is one marker).
 */
export function buildTrendChart(
  series: readonly TrendSeries[],
  mode: TrendChartMode,
  opts: { showNotes: boolean; predictions?: readonly AiPrediction[] } = { showNotes: false },
): TrendChartModel {
  const columns: Column[] = [];
  series.forEach((s) => {
    const bySource = new Map<string, Column>();
    for (const d of s.data) {
      let c = bySource.get(d.source);
      if (!c) {
        c = {
          line: {
            kind: 'line',
            telemetry: s.telemetry.name,
            displayName: s.telemetry.displayName,
            unit: s.telemetry.unit,
            source: d.source,
            color: '',
          },
          x: [],
          y: [],
          pts: [],
        };
        bySource.set(d.source, c);
      }
      c.x.push(Date.parse(d.createdAt) / 1000);
      c.y.push(d.value);
      c.pts.push({
        measurementId: d.measurement._id,
        createdAt: d.createdAt,
        value: d.value,
        telemetry: s.telemetry.name,
        source: d.source,
        note: d.measurement.note,
      });
    }
    [...bySource.keys()].sort().forEach((k) => columns.push(bySource.get(k)!));
  });
  columns.forEach((c, i) => (c.line.color = TREND_COLORS[i % TREND_COLORS.length]!));

  let drawn: Column[] = columns;
  if (mode === 'predictions') {
    const classOf = new Map((opts.predictions ?? []).map((p) => [p.measurement, p.prediction as string]));
    const byClass = new Map<string, Column>();
    for (const c of columns)
      c.pts.forEach((p, i) => {
        const k = classOf.get(p.measurementId) ?? PREDICTION_CLASSES[0];
        let col = byClass.get(k);
        if (!col)
          byClass.set(k, (col = { line: { kind: 'class', classKey: k, color: predictionClassColor(k) }, x: [], y: [], pts: [] }));
        col.x.push(c.x[i]!);
        col.y.push(c.y[i]!);
        col.pts.push(p);
      });
    drawn = PREDICTION_CLASSES.filter((k) => byClass.has(k)).map((k) => byClass.get(k)!);
  }
  if (opts.showNotes && columns.length) {
    const first = columns[0]!;
    const notes: Column = { line: { kind: 'notes', color: NOTE_COLOR }, x: [], y: [], pts: [] };
    first.pts.forEach((p, i) => {
      if (!p.note) return;
      notes.x.push(first.x[i]!);
      notes.y.push(first.y[i]!);
      notes.pts.push(p);
    });
    drawn = [...drawn, notes];
  }
  // A class column gathers several lines: in time order again. Several points of one series at the
  // same instant cannot share an x: the later ones move by 1 ms.
  for (const c of drawn) {
    const order = c.x.map((_, i) => i).sort((a, b) => c.x[a]! - c.x[b]! || a - b);
    c.x = order.map((i) => c.x[i]!);
    c.y = order.map((i) => c.y[i]!);
    c.pts = order.map((i) => c.pts[i]!);
    for (let i = 1; i < c.x.length; i++) if (c.x[i]! <= c.x[i - 1]!) c.x[i] = c.x[i - 1]! + 0.001;
  }
  const data = joinSeries(drawn.map((c) => ({ x: c.x, y: c.y })));
  const xs = data[0] as ArrayLike<number>;
  const at = new Map<number, number>();
  for (let i = 0; i < xs.length; i++) at.set(xs[i]!, i);
  const points = drawn.map((c) => {
    const col = new Array<TrendPoint | null>(xs.length).fill(null);
    c.x.forEach((x, i) => (col[at.get(x)!] = c.pts[i]!));
    return col;
  });
  return { data, lines: drawn.map((c) => c.line), points };
}

/**
 * The point a click at x index `idx` means: among the shown series with a point there, the one
 * drawn nearest to the cursor.
 * @param distance distance of series `s`'s (0-based) value `v` to the cursor (e.g. in pixels, each
 *   series on its own y scale)
 * @param shown whether each series (0-based) is visible
 */
export function pickPoint(
  model: TrendChartModel,
  idx: number | null | undefined,
  distance: (s: number, v: number) => number,
  shown: readonly boolean[],
): TrendPoint | null {
  if (idx === null || idx === undefined || idx < 0) return null;
  let best: TrendPoint | null = null;
  let dist = Infinity;
  model.points.forEach((col, s) => {
    const p = col[idx];
    if (!p || shown[s] === false) return;
    const d = distance(s, p.value);
    if (d < dist) {
      dist = d;
      best = p;
    }
  });
  return best;
}

/** The y scale of each line: `y` for the first unit, `y_<unit>` for each further one (drawn on the right). */
export function scalesOf(lines: readonly TrendLine[]): { keys: string[]; units: string[] } {
  const units: string[] = [];
  const firstLine = lines.find((l) => l.kind === 'line');
  const keys = lines.map((l) => {
    const unit = l.kind === 'line' ? (l.unit ?? '') : (firstLine?.unit ?? '');
    if (!units.includes(unit)) units.push(unit);
    return units.indexOf(unit) === 0 ? 'y' : `y_${unit}`;
  });
  return { keys, units };
}

/**
 * Whether the trend compare is offered (spec 001 §2): exactly two selected measurements, exactly one
 * shown line (telemetry and source), and that telemetry GRMS, VRMS or VRMS_ISO10816.
 * @returns the shown line when compare is allowed, else null
 */
export function compareLine(
  lines: readonly TrendLine[],
  shown: readonly boolean[],
  selected: readonly string[],
): TrendLine | null {
  if (selected.length !== 2) return null;
  const visible = lines.filter((l, i) => l.kind === 'line' && shown[i] !== false);
  if (visible.length !== 1) return null;
  const line = visible[0]!;
  return (TREND_COMPARE_TELEMETRIES as readonly string[]).includes(line.telemetry ?? '') ? line : null;
}

/** Why the compare cannot open yet (the button's tooltip says it), or null when it can. */
export type CompareBlocker = { reason: 'selectTwo' } | { reason: 'oneLine'; shown: number } | { reason: 'telemetry' } | null;

/**
 * What keeps {@link compareLine} from answering a line: fewer than two measurements selected, not
 * exactly one line shown (`shown` lines), or a telemetry the compare does not draw.
 */
export function compareBlocker(
  lines: readonly TrendLine[],
  shown: readonly boolean[],
  selected: readonly string[],
): CompareBlocker {
  if (selected.length !== 2) return { reason: 'selectTwo' };
  const visible = lines.filter((l, i) => l.kind === 'line' && shown[i] !== false);
  if (visible.length !== 1) return { reason: 'oneLine', shown: visible.length };
  return compareLine(lines, shown, selected) ? null : { reason: 'telemetry' };
}

/**
 * One CSV row per value shown: time (ISO 8601), telemetry, source, value, unit, the measurement's page
 * and note. Text cells are quoted and escaped against spreadsheet formulas (contract `csvLine`).
 */
export function trendCsv(series: readonly TrendSeries[], header: readonly string[], origin: string): string {
  const lines = [csvLine(header, 'always')];
  for (const s of series)
    for (const d of s.data)
      lines.push(
        [
          csvCell(d.createdAt),
          csvCell(s.telemetry.name, 'always'),
          csvCell(d.source, 'always'),
          csvCell(d.value),
          csvCell(s.telemetry.unit, 'always'),
          csvCell(`${origin}/measurement/${d.measurement._id}`, 'always'),
          csvCell(d.measurement.note, 'always'),
        ].join(','),
      );
  return lines.join('\n') + '\n';
}
