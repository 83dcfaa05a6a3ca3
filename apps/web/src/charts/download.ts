import { csvCell, csvLine } from '@overtone/contract';
import { customerClock } from '../ui/customerTime';
import { saveBlob } from '../ui/saveBlob';

/**
 * File name of a chart export: a date-time on the customer's clock (spec 002 §9: DD/MM/YYYY
 * HH:mm:ss, with the characters that file systems refuse replaced) and a suffix.
 * @param offsetMinutes the customer's zone, minutes east of UTC (`useCustomerZone`)
 */
export const exportFileName = (suffix: string, ext: string, offsetMinutes: number, at: Date = new Date()) =>
  `${customerClock(at, offsetMinutes).format('DD-MM-YYYY_HH-mm-ss')}_${suffix}.${ext}`;

/**
 * CSV text of equally long columns, comma-separated with a header line (cells escaped against
 * spreadsheet formulas, contract `csvLine`; non-finite numbers give empty cells).
 * @param header column names
 * @param columns one array per column (same length)
 */
export function toCsv(header: readonly string[], columns: readonly ArrayLike<number | null>[]): string {
  const n = columns.length ? columns[0].length : 0;
  const lines = [csvLine(header, 'always')];
  for (let i = 0; i < n; i++) lines.push(columns.map((c) => csvCell(c[i])).join(','));
  return lines.join('\n') + '\n';
}

export function downloadCsv(fileName: string, header: readonly string[], columns: readonly ArrayLike<number | null>[]) {
  saveBlob(new Blob([toCsv(header, columns)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Saves a canvas as PNG on a solid background (the chart canvas itself is transparent). */
export function downloadCanvasPng(canvas: HTMLCanvasElement, fileName: string, background: string) {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  out.toBlob((blob) => blob && saveBlob(blob, fileName), 'image/png');
}

/** One series of an SVG export: points in data units (nulls and non-finite values break the line). */
export interface SvgSeries {
  x: ArrayLike<number>;
  y: ArrayLike<number | null>;
  color: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * SVG text of a line chart: one `<polyline>` per run of finite points inside the x range, scaled
 * into a `width` × `height` plot with a frame, min/max tick labels and axis titles.
 */
export function toSvg(o: {
  series: SvgSeries[];
  xRange: [number, number];
  yRange: [number, number];
  xLabel: string;
  yLabel: string;
  title?: string;
  width?: number;
  height?: number;
  background?: string;
  textColor?: string;
}): string {
  const { series, xLabel, yLabel, title = '', width = 900, height = 360, background = '#ffffff', textColor = '#000000' } = o;
  const [x0, x1] = o.xRange;
  const [y0, y1] = o.yRange;
  const m = { left: 70, right: 16, top: title ? 28 : 12, bottom: 44 };
  const pw = width - m.left - m.right;
  const ph = height - m.top - m.bottom;
  const sx = (x: number) => m.left + ((x - x0) / (x1 - x0 || 1)) * pw;
  const sy = (y: number) => m.top + ph - ((y - y0) / (y1 - y0 || 1)) * ph;
  const lines: string[] = [];
  for (const s of series) {
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1)
        lines.push(`<polyline fill="none" stroke="${esc(s.color)}" stroke-width="1" points="${run.join(' ')}"/>`);
      run = [];
    };
    const n = Math.min(s.x.length, s.y.length);
    for (let i = 0; i < n; i++) {
      const x = s.x[i];
      const y = s.y[i];
      if (y === null || !Number.isFinite(y) || x < x0 || x > x1) {
        flush();
        continue;
      }
      run.push(`${sx(x).toFixed(2)},${sy(Math.min(y1, Math.max(y0, y))).toFixed(2)}`);
    }
    flush();
  }
  const fmt = (v: number) => (Math.abs(v) >= 1000 || v === Math.round(v) ? v.toFixed(0) : v.toPrecision(4));
  const text = (x: number, y: number, s: string, anchor = 'middle', extra = '') =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" ${extra}>${esc(s)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11" fill="${esc(textColor)}">`,
    `<rect width="100%" height="100%" fill="${esc(background)}"/>`,
    title ? text(width / 2, 18, title, 'middle', 'font-weight="bold"') : '',
    `<rect x="${m.left}" y="${m.top}" width="${pw}" height="${ph}" fill="none" stroke="${esc(textColor)}" stroke-opacity="0.4"/>`,
    ...lines,
    text(m.left, m.top + ph + 14, fmt(x0), 'start'),
    text(m.left + pw, m.top + ph + 14, fmt(x1), 'end'),
    text(m.left - 4, m.top + ph, fmt(y0), 'end'),
    text(m.left - 4, m.top + 10, fmt(y1), 'end'),
    text(m.left + pw / 2, height - 8, xLabel),
    text(14, m.top + ph / 2, yLabel, 'middle', `transform="rotate(-90 14 ${m.top + ph / 2})"`),
    '</svg>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function downloadSvg(fileName: string, svg: string) {
  saveBlob(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), fileName);
}
