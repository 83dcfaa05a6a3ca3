import sharp from 'sharp';
import { svgText, textWidthPx } from './svg-text.ts';

/**
 * The fault report's spectrum picture: a line chart of one spectrum (or envelope spectrum) with each
 * line of evidence marked by a dashed vertical line and its label ("BPFI 162.2 Hz"). Drawn as SVG
 * (text as font outlines, svg-text.ts) and rasterised to PNG by sharp, so it serves both the PDF and
 * the report's `image` URL.
 */

/** A marked line: where (Hz) and what (`BPFI 162.2 Hz`). */
export interface SpectrumMark {
  frequencyHz: number;
  label: string;
}

export interface SpectrumImageInput {
  /** Bin frequencies, Hz, increasing; same length as `amplitude`, at least 2. */
  frequencyHz: Float64Array;
  /** Amplitude of each bin, in `unit` (non-finite values are skipped). */
  amplitude: Float64Array;
  /** Amplitude unit shown on the y axis (`g`, `mm/s`…). */
  unit: string;
  /** Title above the plot (any language; '' for none). */
  title: string;
  marks: SpectrumMark[];
  /** Picture size, px, each 200…4000. */
  widthPx: number;
  heightPx: number;
  /** Right end of the frequency axis, Hz. Default: the last bin. */
  xMaxHz?: number;
  /** Axis titles. Defaults: `Frequency (Hz)` and `Amplitude (<unit>)`. */
  xLabel?: string;
  yLabel?: string;
}

/** Where the plot area lies in the picture and the axes' ranges (the test and the renderer share it). */
export interface SpectrumLayout {
  /** Plot area, px from the picture's top left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
  xMaxHz: number;
  /** Top of the amplitude axis, in `unit` (a "nice" number above the highest amplitude shown). */
  yMax: number;
  /** Size factor of strokes and text against a 900 px wide picture. */
  scale: number;
  /** x pixel of a frequency, px (may fall outside the plot for an out-of-range frequency). */
  xOf(frequencyHz: number): number;
  /** y pixel of an amplitude, px. */
  yOf(amplitude: number): number;
}

const MARK_COLOUR = '#d4380d';
const LINE_COLOUR = '#1d39c4';
const AXIS_COLOUR = '#434343';
const GRID_COLOUR = '#e8e8e8';
/** Label rows above the plot for marks whose labels would overlap. */
const MARK_LABEL_ROWS = 3;

/**
 * "Nice" tick step (1, 2 or 5 × 10ⁿ) giving about `count` intervals over `span` (Heckbert 1990,
 * "Nice numbers for graph labels", Graphics Gems).
 */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
}

/**
 * Geometry of the chart for an input (validates it).
 * @throws RangeError when the arrays differ in length or have fewer than 2 bins, or a size is
 *   outside 200…4000 px
 */
export function spectrumLayout(input: SpectrumImageInput): SpectrumLayout {
  const { frequencyHz: f, amplitude: a, widthPx, heightPx } = input;
  if (f.length !== a.length || f.length < 2) throw new RangeError('frequencyHz and amplitude need the same length ≥ 2');
  for (const v of [widthPx, heightPx])
    if (!Number.isInteger(v) || v < 200 || v > 4000) throw new RangeError('widthPx and heightPx must be integers 200…4000');
  const scale = Math.min(3, Math.max(0.5, widthPx / 900));
  const xMaxHz = input.xMaxHz && input.xMaxHz > 0 ? input.xMaxHz : f[f.length - 1];
  let peak = 0;
  for (let i = 0; i < f.length; i++) if (f[i] <= xMaxHz && Number.isFinite(a[i]) && a[i] > peak) peak = a[i];
  const yStep = niceStep(peak > 0 ? peak * 1.08 : 1, 5);
  const yMax = Math.max(yStep, Math.ceil((peak * 1.08) / yStep) * yStep);
  const left = Math.round(78 * scale);
  const top = Math.round((input.title ? 34 : 10) * scale + MARK_LABEL_ROWS * 15 * scale);
  const right = Math.round(22 * scale);
  const bottom = Math.round(52 * scale);
  const width = widthPx - left - right;
  const height = heightPx - top - bottom;
  if (width < 50 || height < 50) throw new RangeError('picture too small for the chart');
  return {
    left,
    top,
    width,
    height,
    xMaxHz,
    yMax,
    scale,
    xOf: (hz) => left + (hz / xMaxHz) * width,
    yOf: (v) => top + height - (Math.max(0, Math.min(v, yMax)) / yMax) * height,
  };
}

/** Tick label of a value on an axis with step `step` (as many decimals as the step needs). */
function tickText(v: number, step: number): string {
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  return v.toFixed(decimals);
}

/**
 * The spectrum as a PNG picture with the evidence marked.
 *
 * Each pixel column draws the minimum and maximum of the bins falling in it (so a narrow line is
 * never lost when thousands of bins share a few hundred pixels). Marks are dashed vertical lines
 * with their labels above the plot, in up to three rows so neighbouring labels do not overlap.
 * @returns PNG bytes, `widthPx` × `heightPx`, white background
 * @throws RangeError on bad input ({@link spectrumLayout})
 */
export async function renderSpectrumImage(input: SpectrumImageInput): Promise<Buffer> {
  const L = spectrumLayout(input);
  const { widthPx, heightPx } = input;
  const s = L.scale;
  const font = (px: number) => px * s;
  const parts: string[] = [];
  parts.push(`<rect width="${widthPx}" height="${heightPx}" fill="#ffffff"/>`);
  if (input.title) parts.push(svgText(input.title, L.left, font(22), { sizePx: font(15), fill: '#141414', weight: 'bold' }));

  // Grid and ticks.
  const xStep = niceStep(L.xMaxHz, Math.max(4, Math.round(L.width / (90 * s))));
  const yStep = niceStep(L.yMax, 5);
  const bottomY = L.top + L.height;
  for (let hz = 0; hz <= L.xMaxHz + 1e-9; hz += xStep) {
    const x = L.xOf(hz);
    parts.push(line(x, L.top, x, bottomY, GRID_COLOUR, s));
    parts.push(line(x, bottomY, x, bottomY + 5 * s, AXIS_COLOUR, s));
    parts.push(svgText(tickText(hz, xStep), x, bottomY + font(19), { sizePx: font(12), fill: AXIS_COLOUR, anchor: 'middle' }));
  }
  for (let v = 0; v <= L.yMax + yStep * 1e-6; v += yStep) {
    const y = L.yOf(v);
    parts.push(line(L.left, y, L.left + L.width, y, GRID_COLOUR, s));
    parts.push(line(L.left - 5 * s, y, L.left, y, AXIS_COLOUR, s));
    parts.push(svgText(tickText(v, yStep), L.left - 8 * s, y + font(4), { sizePx: font(12), fill: AXIS_COLOUR, anchor: 'end' }));
  }
  parts.push(
    `<rect x="${L.left}" y="${L.top}" width="${L.width}" height="${L.height}" fill="none" stroke="${AXIS_COLOUR}" stroke-width="${s}"/>`,
  );
  parts.push(
    svgText(input.xLabel ?? 'Frequency (Hz)', L.left + L.width / 2, heightPx - font(10), {
      sizePx: font(13),
      fill: AXIS_COLOUR,
      anchor: 'middle',
    }),
  );
  parts.push(
    svgText(input.yLabel ?? `Amplitude (${input.unit})`, font(18), L.top + L.height / 2, {
      sizePx: font(13),
      fill: AXIS_COLOUR,
      anchor: 'middle',
      rotateDeg: -90,
    }),
  );

  // Marks (under the trace), labels placed greedily in the first row where they do not overlap.
  const rowsEnd: number[] = new Array<number>(MARK_LABEL_ROWS).fill(-Infinity);
  const marks = input.marks
    .filter((m) => m.frequencyHz >= 0 && m.frequencyHz <= L.xMaxHz)
    .sort((p, q) => p.frequencyHz - q.frequencyHz);
  for (const m of marks) {
    const x = L.xOf(m.frequencyHz);
    const w = textWidthPx(m.label, font(11));
    const start = Math.min(Math.max(x - w / 2, 2), widthPx - w - 2);
    let row = rowsEnd.findIndex((end) => start > end + 6 * s);
    if (row < 0) row = rowsEnd.indexOf(Math.min(...rowsEnd));
    rowsEnd[row] = start + w;
    const labelY = L.top - (MARK_LABEL_ROWS - row - 1) * 15 * s - 5 * s;
    parts.push(
      `<line x1="${r(x)}" y1="${r(labelY + 3 * s)}" x2="${r(x)}" y2="${r(bottomY)}" stroke="${MARK_COLOUR}" stroke-width="${1.4 * s}" stroke-dasharray="${5 * s} ${3 * s}"/>`,
    );
    parts.push(svgText(m.label, start, labelY, { sizePx: font(11), fill: MARK_COLOUR }));
  }

  // The spectrum: min/max per pixel column.
  parts.push(
    `<path d="${tracePath(input, L)}" fill="none" stroke="${LINE_COLOUR}" stroke-width="${1.2 * s}" stroke-linejoin="round"/>`,
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${widthPx} ${heightPx}">${parts.join('')}</svg>`;
  // Flattened to RGB: pdfkit embeds an opaque PNG's data as it is, but decodes one with alpha in JS.
  return sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#ffffff' }).png({ compressionLevel: 9 }).toBuffer();
}

/** The trace as path data: per pixel column the bins' minimum and maximum, in frequency order. */
function tracePath(input: SpectrumImageInput, L: SpectrumLayout): string {
  const { frequencyHz: f, amplitude: a } = input;
  const cols = Math.max(1, Math.round(L.width));
  const min = new Float64Array(cols).fill(Infinity);
  const max = new Float64Array(cols).fill(-Infinity);
  for (let i = 0; i < f.length; i++) {
    if (!(f[i] >= 0 && f[i] <= L.xMaxHz) || !Number.isFinite(a[i])) continue;
    const c = Math.min(cols - 1, Math.floor((f[i] / L.xMaxHz) * cols));
    if (a[i] < min[c]) min[c] = a[i];
    if (a[i] > max[c]) max[c] = a[i];
  }
  const d: string[] = [];
  for (let c = 0; c < cols; c++) {
    if (max[c] === -Infinity) continue;
    const x = r(L.left + c + 0.5);
    d.push(`${d.length ? 'L' : 'M'}${x} ${r(L.yOf(min[c]))}`);
    if (max[c] !== min[c]) d.push(`L${x} ${r(L.yOf(max[c]))}`);
  }
  return d.join('');
}

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, s: number): string =>
  `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}" stroke="${stroke}" stroke-width="${s}"/>`;
const r = (v: number): string => String(Math.round(v * 100) / 100);
