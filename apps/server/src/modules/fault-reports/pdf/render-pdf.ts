import PDFDocument from 'pdfkit';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  FAULT_REPORT_PDF_SIZE,
  timeZoneOffsetMinutes,
  type EvidenceLine,
  type FaultReport,
  type FaultSeverity,
  type ReportLanguage,
} from '@overtone/contract';
import { FONT_CHAIN } from './fonts.ts';
import { PDF_LABELS, type PdfLabels } from './labels.ts';
import { Writer, pngSize } from './layout.ts';

dayjs.extend(utc);

/**
 * The fault report as a PDF document (spec 001 §2 "PDF preview sized 712x1150", §3 Fault report,
 * §9 report languages), with pdfkit. Layout and fonts: docs/fault-report-pdf.md.
 */

export interface FaultReportPdfOptions {
  /** Language of the PDF's own labels; the report's texts are expected in the same language. */
  language: ReportLanguage;
  /**
   * The customer's time zone (contract `TIME_ZONES`: a fixed offset such as `GMT+3`, `GMT-4:30`,
   * `GMT`); anything else is taken as UTC.
   */
  timeZone: string;
  /** The customer's date format (dayjs tokens, contract `DATE_FORMATS`, e.g. `DD-MM-YYYY HH:mm:ss`). */
  dateFormat: string;
  /** The spectrum with the evidence marked (spectrum-image.ts), or null to leave the picture out. */
  spectrumPng: Buffer | null;
  /** Labels to use instead of the built-in ones of `language` (labels.ts). */
  labels?: Partial<PdfLabels>;
}

/** Product name in the header (spec: the product is Overtone). */
export const PRODUCT_NAME = 'Overtone';
const MARGIN = { top: 40, bottom: 56, left: 40, right: 40 };
const BRAND = '#1d39c4';
const MUTED = '#8c8c8c';
/** Severity colours (fill, text): critical red, hazard orange, attention yellow, healthy green. */
export const SEVERITY_COLOURS: Record<FaultSeverity, { fill: string; text: string }> = {
  critical: { fill: '#cf1322', text: '#ffffff' },
  hazard: { fill: '#fa8c16', text: '#ffffff' },
  attention: { fill: '#fadb14', text: '#262626' },
  healthy: { fill: '#389e0d', text: '#ffffff' },
};
/** BCP 47 tag of each report language (the PDF's /Lang, number formatting). */
const LOCALE: Record<ReportLanguage, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE', ru: 'ru-RU', zh: 'zh-CN', zhTw: 'zh-TW' };

/**
 * `createdAt` in the customer's zone and format, followed by the zone: `26-11-2026 14:15:11 (GMT+3)`.
 * @param iso an ISO 8601 instant
 */
export function formatReportDate(iso: string, timeZone: string, dateFormat: string): string {
  const offset = timeZoneOffsetMinutes(timeZone);
  const zone = offset === 0 && !/^GMT/.test(timeZone) ? 'UTC' : timeZone;
  return `${dayjs.utc(new Date(iso).getTime() + offset * 60_000).format(dateFormat)} (${zone})`;
}

/**
 * Renders a fault report as a PDF of pages 712 × 1150 pt (spec 001 §9), in `opts.language`.
 *
 * Content, in order: header (product name, report title, point path, date in the customer's zone
 * and format), the fault name, a summary (severity in its colour, confidence, bearing component,
 * time to stop, detection type, status), description, indication, cause, numbered suggestions, the
 * evidence table (kind, frequency Hz, order, amplitude + unit, axis, domain, baseline), the
 * spectrum picture, the questions with their answers ("not answered" when none), and "page n / N"
 * on every page. Text that overflows continues on a new page; table headers repeat.
 * @returns the PDF bytes
 */
export async function renderFaultReportPdf(report: FaultReport, opts: FaultReportPdfOptions): Promise<Buffer> {
  const L: PdfLabels = { ...PDF_LABELS[opts.language], ...opts.labels };
  const locale = LOCALE[opts.language];
  const faultName = report.name[opts.language] || report.name.en;
  const doc = new PDFDocument({
    size: [FAULT_REPORT_PDF_SIZE.width, FAULT_REPORT_PDF_SIZE.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    lang: locale,
    displayTitle: true,
    info: { Title: `${faultName} — ${report.pointPath}`, Author: PRODUCT_NAME, Creator: PRODUCT_NAME, Subject: L.reportTitle },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc, FONT_CHAIN[opts.language]);

  header(w, report, opts, L);
  summary(w, report, L, locale);
  for (const [title, body] of [
    [L.description, report.description],
    [L.indication, report.indication],
    [L.cause, report.cause],
  ] as const) {
    if (!body.trim()) continue;
    w.heading(title);
    w.paragraph(body, { size: 10.5, lineGap: 2 });
  }
  if (report.suggestions.length) {
    w.heading(L.suggestions);
    report.suggestions.forEach((s, i) => numbered(w, i + 1, s, { size: 10.5, lineGap: 2 }));
  }
  if (report.evidence.length) {
    w.heading(L.evidence, 60);
    evidenceTable(w, report.evidence, L, locale);
  }
  if (opts.spectrumPng) spectrum(w, opts.spectrumPng, L);
  questions(w, report, opts.language, L);
  footers(w, L);
  doc.end();
  return done;
}

function header(w: Writer, report: FaultReport, opts: FaultReportPdfOptions, L: PdfLabels): void {
  const { doc } = w;
  const top = doc.page.margins.top;
  w.text(PRODUCT_NAME, w.left, top, 200, { size: 22, weight: 'bold', color: BRAND, noWrap: true });
  const rightX = w.left + 200;
  const rightW = w.contentWidth - 200;
  w.text(L.reportTitle, rightX, top + 2, rightW, { size: 11, weight: 'bold', align: 'right' });
  w.text(`${L.date}: ${formatReportDate(report.createdAt, opts.timeZone, opts.dateFormat)}`, rightX, doc.y + 1, rightW, {
    size: 9.5,
    color: MUTED,
    align: 'right',
  });
  let y = Math.max(doc.y, top + 30) + 6;
  doc.rect(w.left, y, w.contentWidth, 2).fill(BRAND);
  y += 10;
  w.text(`${L.point}: `, w.left, y, w.contentWidth, { size: 9.5, color: MUTED });
  w.text(report.pointPath, w.left, doc.y, w.contentWidth, { size: 11, weight: 'bold' });
  w.text(report.name[opts.language] || report.name.en, w.left, doc.y + 8, w.contentWidth, {
    size: 20,
    weight: 'bold',
    lineGap: 2,
  });
  doc.y += 6;
}

function summary(w: Writer, report: FaultReport, L: PdfLabels, locale: string): void {
  const { doc } = w;
  // The report carries its time-to-stop text in its language (catalogue.ts timeToStopText).
  const timeToStop = report.timeToStop ?? '—';
  const cells: [string, string][] = [
    [L.severity, ''],
    [L.confidence, new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(report.confidence)],
    [L.bearingComponent, report.bearingComponent ? L.components[report.bearingComponent] : '—'],
    [L.timeToStop, timeToStop || '—'],
    [L.detectionType, L.detectionTypes[report.detectionType]],
    [L.status, L.statuses[report.status]],
  ];
  const colW = w.contentWidth / 2;
  const valueStyle = { size: 11, weight: 'bold' as const, lineGap: 1 };
  // Each row as high as its taller value (a long time-to-stop text wraps).
  const rowH = [0, 2, 4].map(
    (i) => 14 + Math.max(20, ...[cells[i], cells[i + 1]].map(([, v]) => w.heightOf(v || ' ', colW - 20, valueStyle))),
  );
  const boxH = rowH.reduce((a, b) => a + b, 0) + 8;
  const y0 = w.ensureSpace(boxH + 6);
  doc.roundedRect(w.left, y0, w.contentWidth, boxH, 4).fill('#f5f7ff');
  cells.forEach(([label, value], i) => {
    const row = Math.floor(i / 2);
    const x = w.left + 10 + (i % 2) * colW;
    const y = y0 + 6 + rowH.slice(0, row).reduce((a, b) => a + b, 0);
    w.text(label, x, y, colW - 20, { size: 8.5, color: MUTED, noWrap: true });
    if (i === 0) {
      const colours = SEVERITY_COLOURS[report.severity];
      const text = L.severities[report.severity];
      const pillW = w.widthOf(text, { size: 10.5, weight: 'bold' }) + 16;
      doc.roundedRect(x, y + 12, pillW, 17, 8).fill(colours.fill);
      w.text(text, x + 8, y + 14, pillW, { size: 10.5, weight: 'bold', color: colours.text, noWrap: true });
    } else {
      w.text(value, x, y + 13, colW - 20, valueStyle);
    }
  });
  doc.y = y0 + boxH + 6;
}

function numbered(w: Writer, n: number, text: string, style: { size: number; lineGap: number }): void {
  const indent = 20;
  const y = w.ensureSpace(Math.min(w.heightOf(text, w.contentWidth - indent, style), 40));
  w.text(`${n}.`, w.left, y, indent, { ...style, weight: 'bold', noWrap: true });
  w.text(text, w.left + indent, y, w.contentWidth - indent, style);
  w.doc.y += 3;
}

/** Column widths of the evidence table, pt (sum = 632, the content width). */
const EVIDENCE_COLUMNS = [118, 78, 56, 100, 44, 120, 116] as const;

function evidenceTable(w: Writer, evidence: EvidenceLine[], L: PdfLabels, locale: string): void {
  const { doc } = w;
  const num = (v: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits, useGrouping: false }).format(v);
  const amp = (v: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumSignificantDigits: 3, useGrouping: false }).format(v)} ${unit}`;
  const head = [
    L.columns.kind,
    L.columns.frequencyHz,
    L.columns.order,
    L.columns.amplitude,
    L.columns.axis,
    L.columns.domain,
    L.columns.baseline,
  ];
  const rows = evidence.map((e) => [
    e.label ? `${e.kind} · ${e.label}` : e.kind,
    e.frequencyHz != null ? num(e.frequencyHz, e.frequencyHz < 100 ? 2 : 1) : '—',
    e.order != null ? num(e.order, 2) : '—',
    amp(e.amplitude, e.unit),
    e.axis ?? '—',
    L.domains[e.domain],
    e.baselineAmplitude != null ? amp(e.baselineAmplitude, e.unit) : '—',
  ]);
  const style = { size: 9, lineGap: 1 };
  const pad = 4;
  const rowHeight = (cells: string[], bold: boolean) =>
    Math.max(
      ...cells.map((c, i) => w.heightOf(c, EVIDENCE_COLUMNS[i] - 2 * pad, { ...style, weight: bold ? 'bold' : 'regular' })),
    ) +
    2 * pad;
  const drawRow = (cells: string[], y: number, h: number, kind: 'head' | 'odd' | 'even') => {
    if (kind !== 'even') doc.rect(w.left, y, w.contentWidth, h).fill(kind === 'head' ? '#e6ebff' : '#fafafa');
    let x = w.left;
    cells.forEach((c, i) => {
      w.text(c, x + pad, y + pad, EVIDENCE_COLUMNS[i] - 2 * pad, {
        ...style,
        weight: kind === 'head' ? 'bold' : 'regular',
        align: i === 0 || i >= 4 ? 'left' : 'right',
      });
      x += EVIDENCE_COLUMNS[i];
    });
    doc
      .moveTo(w.left, y + h)
      .lineTo(w.left + w.contentWidth, y + h)
      .lineWidth(0.4)
      .strokeColor('#d9d9d9')
      .stroke();
  };
  const headH = rowHeight(head, true);
  let y = w.ensureSpace(headH * 2);
  drawRow(head, y, headH, 'head');
  y += headH;
  rows.forEach((cells, r) => {
    const h = rowHeight(cells, false);
    if (y + h > w.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(head, y, headH, 'head');
      y += headH;
    }
    drawRow(cells, y, h, r % 2 ? 'odd' : 'even');
    y += h;
  });
  doc.y = y + 8;
}

function spectrum(w: Writer, png: Buffer, L: PdfLabels): void {
  const size = pngSize(png);
  const width = w.contentWidth;
  const height = Math.min((size.height / size.width) * width, 560);
  w.heading(L.spectrum, height);
  const y = w.ensureSpace(height);
  w.doc.image(png, w.left, y, { fit: [width, height], align: 'center' });
  w.doc.y = y + height + 8;
}

function questions(w: Writer, report: FaultReport, language: ReportLanguage, L: PdfLabels): void {
  if (!report.questions.length) return;
  w.heading(L.questions);
  const sorted = [...report.questions].sort((a, b) => a.order - b.order);
  sorted.forEach((q, i) => {
    const text = q.question[language] || q.question.en;
    const answer =
      q.answer == null || q.answer === ''
        ? null
        : q.answerType === 'yesNo'
          ? q.answer === 'yes'
            ? L.yes
            : q.answer === 'no'
              ? L.no
              : q.answer
          : q.answer;
    numbered(w, i + 1, q.isMandatory ? `${text} *` : text, { size: 10.5, lineGap: 2 });
    const y = w.ensureSpace(16);
    w.text(answer ?? L.notAnswered, w.left + 20, y, w.contentWidth - 20, {
      size: 10.5,
      weight: answer ? 'bold' : 'regular',
      color: answer ? '#262626' : MUTED,
      lineGap: 2,
    });
    w.doc.y += 6;
  });
}

function footers(w: Writer, L: PdfLabels): void {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open a new page
    const y = doc.page.height - 34;
    doc
      .moveTo(w.left, y - 6)
      .lineTo(w.left + w.contentWidth, y - 6)
      .lineWidth(0.4)
      .strokeColor('#d9d9d9')
      .stroke();
    w.text(`${PRODUCT_NAME} · ${L.reportTitle}`, w.left, y, w.contentWidth / 2, { size: 8.5, color: MUTED, noWrap: true });
    w.text(L.page(i + 1, range.count), w.left + w.contentWidth / 2, y, w.contentWidth / 2, {
      size: 8.5,
      color: MUTED,
      align: 'right',
      noWrap: true,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
