import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LANGUAGES, type EvidenceLine, type FaultReport, type ReportLanguage } from '@overtone/contract';
import { faultName, faultQuestions, faultTexts, timeToStopText } from '../catalogue.ts';
import { FONT_CHAIN, missingGlyphs } from './fonts.ts';
import { PDF_LABELS } from './labels.ts';
import { SEVERITY_COLOURS, formatReportDate, renderFaultReportPdf } from './render-pdf.ts';
import { renderSpectrumImage } from './spectrum-image.ts';

/**
 * The fault report PDF read back with poppler (pdftotext, pdfinfo; `npm test` installs
 * poppler-utils): in each of the six languages the texts come back, the pages are 712 × 1150 pt,
 * and the file stays small (fonts subset).
 */

/** Largest PDF accepted, bytes: a report with a spectrum picture and subset CJK fonts. */
const MAX_PDF_BYTES = 600 * 1024;

/** Point paths with the scripts each language needs (Turkish ğüşıöç İ, Cyrillic, Simplified and Traditional Chinese). */
const POINT_PATH: Record<ReportLanguage, string> = {
  tr: 'Fabrika İzmir / Hat 2 / Pompa 3 / Motor ön rulmanı ğüşıöç ĞÜŞÖÇ',
  en: 'Plant Izmir / Line 2 / Pump 3 / Motor drive-end bearing',
  de: 'Werk Köln / Linie 2 / Pumpe 3 / Motorlager antriebsseitig äöüß',
  ru: 'Завод Казань / Линия 2 / Насос 3 / подшипник двигателя',
  zh: '工厂 伊兹密尔 / 2号线 / 3号泵 / 电机驱动端轴承',
  zhTw: '工廠 伊茲密爾 / 2號線 / 3號泵 / 馬達驅動端軸承',
};

const MEASUREMENT = '0123456789abcdef01234567';

function evidence(): EvidenceLine[] {
  const line = (
    kind: EvidenceLine['kind'],
    hz: number | null,
    order: number | null,
    amplitude: number,
    baseline: number | null,
  ) => ({
    kind,
    label: kind === 'TIME' ? 'kurtosis' : null,
    frequencyHz: hz,
    order,
    amplitude,
    unit: kind === 'TIME' ? '' : 'g',
    axis: 'x' as const,
    domain: kind === 'TIME' ? ('time' as const) : ('envelope' as const),
    baselineAmplitude: baseline,
    measurementId: MEASUREMENT,
  });
  return [
    line('BPFI', 162.19, 5.43, 0.0512, 0.0021),
    line('SIDEBAND', 132.3, 4.43, 0.0187, null),
    line('SIDEBAND', 192.1, 6.43, 0.0163, null),
    line('TIME', null, null, 7.9, 3.1),
  ];
}

/** A report whose texts come from the fault catalogue in `language`. */
function report(language: ReportLanguage, severity: FaultReport['severity'] = 'hazard'): FaultReport {
  const texts = faultTexts('bearing_failure', 'inner_race', language);
  const questions = faultQuestions('bearing_failure').map((q) => ({
    code: q.code,
    order: q.order,
    isMandatory: q.isMandatory,
    answerType: q.answerType,
    question: q.question,
    answer: q.code === 'fault_confirmed' ? 'yes' : null,
  }));
  return {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    isAnswered: false,
    createdAt: '2026-11-26T22:30:00.000Z',
    updatedAt: '2026-11-26T22:30:00.000Z',
    customer: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    partner: null,
    point: 'cccccccccccccccccccccccc',
    pointName: 'Motor',
    pointPath: POINT_PATH[language],
    detectionType: 'machine',
    fault: 'bearing_failure',
    code: 'bearing_failure:inner_race',
    name: faultName('bearing_failure', 'inner_race'),
    severity,
    severityHistory: [],
    status: 'open',
    closedAt: null,
    closedReason: null,
    description: texts.description,
    indication: texts.indication,
    cause: texts.cause,
    suggestions: texts.suggestions,
    questions,
    image: null,
    bearingComponent: 'inner_race',
    confidence: 0.82,
    timeToStopMonths: 2,
    timeToStop: timeToStopText(2, language),
    measurementId: MEASUREMENT,
    evidence: evidence(),
    evaluation: null,
  };
}

let spectrumPng: Buffer;
let dir: string;
beforeAll(async () => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('pdftotext (Debian poppler-utils) is missing: `npm test` installs it, or apt-get install poppler-utils');
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-pdf-'));
  const n = 2000;
  const f = new Float64Array(n).map((_, i) => i * 0.25);
  const a = new Float64Array(n).map((_, i) => 0.002 + 0.0005 * Math.sin(i));
  a[Math.round(162.19 / 0.25)] = 0.0512;
  spectrumPng = await renderSpectrumImage({
    frequencyHz: f,
    amplitude: a,
    unit: 'g',
    title: 'Envelope spectrum',
    marks: [{ frequencyHz: 162.19, label: 'BPFI 162.2 Hz' }],
    widthPx: 1264,
    heightPx: 520,
  });
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The PDF's text (`pdftotext -layout`) without the page footers, all white space removed. */
function pdfText(pdf: Buffer, name: string): { raw: string; flat: string } {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const raw = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const body = raw
    .split('\n')
    .filter((l) => !l.includes('Overtone ·'))
    .join('\n');
  return { raw, flat: flat(body) };
}
const flat = (s: string): string => s.replace(/\s+/gu, '');

/** Page sizes, pt, of every page (`pdfinfo -f 1 -l N`). */
function pageSizes(pdf: Buffer, name: string): string[] {
  const file = path.join(dir, `${name}-info.pdf`);
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/g)].map((m) => m[1]);
}

// Font loading and rendering take 0.3–2 s per report on the shared 2-core machine.
describe('renderFaultReportPdf', { timeout: 30_000 }, () => {
  const measured: string[] = [];
  afterAll(() => console.log(`fault report PDF per language: ${measured.join('; ')}`));

  it.each(REPORT_LANGUAGES)(
    '%s: the catalogue texts, labels, answers and evidence come back from pdftotext',
    async (language) => {
      const r = report(language);
      const started = performance.now();
      const pdf = await renderFaultReportPdf(r, { language, timeZone: 'GMT+3', dateFormat: 'YYYY/MM/DD HH:mm:ss', spectrumPng });
      const ms = performance.now() - started;
      const { raw, flat: text } = pdfText(pdf, language);
      const L = PDF_LABELS[language];
      measured.push(`${language} ${(pdf.length / 1024).toFixed(0)} KB ${ms.toFixed(0)} ms`);

      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(MAX_PDF_BYTES);
      const sizes = pageSizes(pdf, language);
      expect(sizes.length).toBeGreaterThanOrEqual(1);
      for (const s of sizes) expect(s).toBe('712 x 1150');

      const expected = [
        'Overtone',
        r.pointPath,
        r.name[language],
        r.description,
        r.indication,
        r.cause,
        ...r.suggestions,
        ...r.questions.map((q) => q.question[language]),
        r.timeToStop ?? '',
        // 22:30 UTC is 01:30 the next day in GMT+3, in the customer's format.
        '2026/11/27 01:30:00 (GMT+3)',
        L.reportTitle,
        L.severity,
        L.severities.hazard,
        L.components.inner_race,
        L.evidence,
        ...Object.values(L.columns),
        L.domains.envelope,
        L.questions,
        L.yes,
        L.notAnswered,
        L.spectrum,
        'BPFI',
        'kurtosis',
      ];
      for (const t of expected) expect(text, `"${t}" in the ${language} PDF`).toContain(flat(t));
      // Numbers in the language's own notation (decimal comma in tr, de, ru).
      const decimal = ['tr', 'de', 'ru'].includes(language) ? ',' : '.';
      expect(text).toContain(`162${decimal}2`);
      expect(text).toContain(`5${decimal}43`);
      expect(raw).toContain(L.page(1, sizes.length));
      expect(missingGlyphs(expected.join(' '), FONT_CHAIN[language])).toEqual([]);
    },
  );

  it('continues on more pages with the page count in every footer, table header repeated', async () => {
    const r = report('en', 'critical');
    r.evidence = Array.from({ length: 60 }, (_, i) => ({ ...evidence()[0], frequencyHz: 100 + i, order: i + 1 }));
    const pdf = await renderFaultReportPdf(r, {
      language: 'en',
      timeZone: 'GMT',
      dateFormat: 'DD-MM-YYYY HH:mm:ss',
      spectrumPng,
    });
    const pages = pageSizes(pdf, 'long');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const { raw } = pdfText(pdf, 'long');
    for (let p = 1; p <= pages.length; p++) expect(raw).toContain(`Page ${p} / ${pages.length}`);
    expect(raw.split('Frequency (Hz)').length - 1).toBeGreaterThanOrEqual(2);
    expect(raw).toContain('Critical');
    expect(raw).toContain('26-11-2026 22:30:00 (GMT)');
  });

  it('leaves the picture out when there is none, and says "not answered" for every open question', async () => {
    const r = report('de');
    r.questions = r.questions.map((q) => ({ ...q, answer: null }));
    const withImage = await renderFaultReportPdf(r, { language: 'de', timeZone: 'GMT+1', dateFormat: 'DD.MM.YYYY', spectrumPng });
    const without = await renderFaultReportPdf(r, {
      language: 'de',
      timeZone: 'GMT+1',
      dateFormat: 'DD.MM.YYYY',
      spectrumPng: null,
    });
    expect(without.length).toBeLessThan(withImage.length - 10_000);
    const { raw } = pdfText(without, 'no-image');
    expect(raw).not.toContain(PDF_LABELS.de.spectrum);
    expect(raw.split(PDF_LABELS.de.notAnswered).length - 1).toBe(r.questions.length);
  });

  it('keeps every letter extractable in a document rendered after one whose composites (ğ İ Ş Ç) use those letters', async () => {
    const opts = { timeZone: 'GMT+3', dateFormat: 'DD-MM-YYYY HH:mm:ss', spectrumPng: null };
    const tr = report('tr');
    tr.pointPath = 'ğ İ Ş Ç Ğ';
    await renderFaultReportPdf(tr, { ...opts, language: 'tr' });
    const en = report('en');
    en.pointPath = 'gig IGLOO SCG';
    expect(pdfText(await renderFaultReportPdf(en, { ...opts, language: 'en' }), 'after-tr').raw).toContain('gig IGLOO SCG');
  });

  it('colours the severity: critical red, hazard orange, attention yellow (page 1 rasterised by pdftoppm)', async () => {
    const counts: Record<string, Record<string, number>> = {};
    for (const severity of ['critical', 'hazard', 'attention'] as const) {
      const pdf = await renderFaultReportPdf(report('en', severity), {
        language: 'en',
        timeZone: 'GMT',
        dateFormat: 'DD-MM-YYYY',
        spectrumPng: null,
      });
      const file = path.join(dir, `severity-${severity}.pdf`);
      fs.writeFileSync(file, pdf);
      const png = execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-png', file]);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      counts[severity] = {};
      for (const [name, { fill }] of Object.entries(SEVERITY_COLOURS)) {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
        let n = 0;
        for (let i = 0; i < data.length; i += info.channels)
          if (Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8) n++;
        counts[severity][name] = n;
      }
    }
    for (const severity of ['critical', 'hazard', 'attention'] as const) {
      expect(counts[severity][severity], severity).toBeGreaterThan(200);
      for (const other of ['critical', 'hazard', 'attention'].filter((s) => s !== severity))
        expect(counts[severity][other], `${other} in a ${severity} report`).toBeLessThan(20);
    }
  });

  it('takes labels given by the caller over the built-in ones', async () => {
    const pdf = await renderFaultReportPdf(report('en'), {
      language: 'en',
      timeZone: 'GMT+3',
      dateFormat: 'DD-MM-YYYY HH:mm:ss',
      spectrumPng: null,
      labels: { evidence: 'Lines of evidence seen' },
    });
    expect(pdfText(pdf, 'labels').raw).toContain('Lines of evidence seen');
  });
});

describe('formatReportDate', () => {
  it('shifts to the customer zone (half-hour offsets too) and formats with dayjs tokens', () => {
    expect(formatReportDate('2026-11-26T22:30:00Z', 'GMT+3', 'DD-MM-YYYY HH:mm:ss')).toBe('27-11-2026 01:30:00 (GMT+3)');
    expect(formatReportDate('2026-11-26T02:00:00Z', 'GMT-4:30', 'MM/DD/YYYY HH:mm')).toBe('11/25/2026 21:30 (GMT-4:30)');
    expect(formatReportDate('2026-11-26T02:00:00Z', 'Mars/Olympus', 'YYYY-MM-DD HH:mm')).toBe('2026-11-26 02:00 (UTC)');
  });
});
