import dayjs from 'dayjs';

/**
 * File name of a chart export: a date-time (spec 002 §9: DD/MM/YYYY HH:mm:ss, with the
 * characters that file systems refuse replaced) and a suffix.
 */
export const exportFileName = (suffix: string, ext: string) => `${dayjs().format('DD-MM-YYYY_HH-mm-ss')}_${suffix}.${ext}`;

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * CSV text of equally long columns, comma-separated with a header line.
 * @param header column names
 * @param columns one array per column (same length)
 */
export function toCsv(header: readonly string[], columns: readonly ArrayLike<number | null>[]): string {
  const n = columns.length ? columns[0].length : 0;
  const lines = [header.map((h) => `"${h.replace(/"/g, '""')}"`).join(',')];
  for (let i = 0; i < n; i++) lines.push(columns.map((c) => (c[i] === null || c[i] === undefined ? '' : String(c[i]))).join(','));
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
