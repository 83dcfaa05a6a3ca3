/**
 * CSV cells safe to open in a spreadsheet (OWASP "CSV Injection"): a text cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms `＝ ＋ － ＠`, which some
 * spreadsheets also read as a formula) is prefixed with a single quote, so Excel, LibreOffice and
 * Google Sheets show it as text instead of running it as a formula (`=HYPERLINK(...)`, `@SUM(...)`,
 * DDE). Numbers stay numbers: a number, or a text that is a plain decimal number such as `-12.5` or
 * `1e-3`, is written as it is. Used by every CSV the server and the web app write.
 */

const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * @param text a cell's text
 * @returns `text`, or `'` + `text` when a spreadsheet would read it as a formula (a plain decimal
 *   number such as `-3.5` is left alone)
 * @example csvSafeText('=1+2') // "'=1+2"
 * @example csvSafeText('-3.5') // '-3.5'
 */
export function csvSafeText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180): formula-escaped (`csvSafeText`), then quoted with `"` doubled.
 * @param value a number (written as is; null, undefined and non-finite numbers give an empty cell)
 *   or a text
 * @param quote 'needed' (default): quotes only a text holding `"`, `,`, `;`, CR or LF; 'always':
 *   quotes every text cell
 */
export function csvCell(value: string | number | null | undefined, quote: 'needed' | 'always' = 'needed'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = csvSafeText(value);
  return quote === 'always' || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV line of `cells` joined with `,` (no line end).
 * @param quote as csvCell's
 */
export const csvLine = (cells: readonly (string | number | null | undefined)[], quote: 'needed' | 'always' = 'needed') =>
  cells.map((c) => csvCell(c, quote)).join(',');
