import { z } from 'zod';
import { REPORT_LANGUAGES } from '../fault-reports.ts';
import { NOT_FOUND_DOC } from './fault-reports.ts';
import { endpoint, idParams } from './endpoint.ts';

const documentQuery = z.object({
  language: z.enum(REPORT_LANGUAGES).optional(),
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

/**
 * A fault report as a file: its PDF and its spectrum picture (docs/fault-report-pdf.md). Server: modules/fault-reports.
 */
export const FAULT_REPORT_FILE_ENDPOINTS = {
  getFaultReportPdf: endpoint({
    method: 'GET',
    path: '/fault-reports/:id/pdf',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: 'The fault report as a PDF',
    description: `A PDF of 712 × 1150 pt (spec 001 §9) in \`language\` (tr, en, de, ru, zh, zhTw; default the \`language\` header's): point, dates in the customer's time zone and format, severity, the fault's texts, the evidence table, the spectrum with the evidence marked, the questions and answers (docs/fault-report-pdf.md). Inline; \`download=1\` answers it as an attachment. Rendered in the DSP pool. ${NOT_FOUND_DOC}`,
    params: idParams,
    query: documentQuery,
    errors: [400, 404],
  }),
  getFaultReportSpectrumPng: endpoint({
    method: 'GET',
    path: '/fault-reports/:id/spectrum.png',
    access: { permission: ['readFaultReport'] },
    tags: ['fault-reports'],
    summary: "The report's spectrum picture with the evidence marked (PNG)",
    description: `The spectrum or envelope spectrum of the axis and measurement of the report's first evidence line with a frequency, every line of it marked (the report's \`image\`); labels in \`language\`. 404 when the report has no such line. ${NOT_FOUND_DOC}`,
    params: idParams,
    query: documentQuery,
    errors: [400, 404],
  }),
};
