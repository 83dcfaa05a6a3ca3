import type { EvidenceLine, FaultReport, ReportLanguage } from '@overtone/contract';
import type { MeasurementFeatures } from '@overtone/diagnosis';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { loadWaveformG } from '../measurements/waveform.ts';
import type { ReportDocumentTask, ReportSpectrum } from './document-task.ts';
import { PDF_LABELS } from './pdf/labels.ts';
import { decodeFeatures } from './features-codec.ts';

/**
 * The measurement, axis and domain a report's picture shows: those of its first evidence line with
 * a frequency in the spectrum or the envelope (the rules list the strongest first); null when the
 * report has none (statistics only, e.g. a sensor fault).
 */
export function pictureEvidence(report: Pick<FaultReport, 'evidence'>): EvidenceLine | null {
  return report.evidence.find((e) => e.frequencyHz !== null && e.axis !== null && e.domain !== 'time') ?? null;
}

/** `/api/fault-reports/{id}/spectrum.png` when the report has a line to draw, else null (the report's `image`). */
export const reportImagePath = (report: Pick<FaultReport, 'id' | 'evidence'>, apiPrefix = '/api') =>
  pictureEvidence(report) ? `${apiPrefix}/fault-reports/${report.id}/spectrum.png` : null;

/**
 * The spectrum a report's picture draws, with every evidence line of the same measurement, axis and
 * domain marked (`BPFI 162.2 Hz`). Reads the measurement's waveform from storage and, for an
 * envelope, the band its features chose (docs/diagnosis-parts/bearing.md); null when the report has
 * no line to draw or its waveform is gone.
 */
export async function reportSpectrum(
  ctx: AppContext,
  customerId: string,
  report: FaultReport,
  language: ReportLanguage,
): Promise<ReportSpectrum | null> {
  const first = pictureEvidence(report);
  if (!first || !first.axis || (first.domain !== 'spectrum' && first.domain !== 'envelope')) return null;
  const m = await ctx.db
    .selectFrom('measurements')
    .leftJoin('measurement_features', 'measurement_features.measurement_id', 'measurements.id')
    .select([
      'measurements.waveform_key',
      'measurements.range_index',
      'measurements.calibrated_sampling_rate',
      'measurement_features.features',
    ])
    .where('measurements.id', '=', first.measurementId)
    .where('measurements.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!m?.waveform_key || !m.calibrated_sampling_rate) return null;
  const wave = await loadWaveformG(ctx.storage, m.waveform_key, m.range_index);
  if (!wave) return null;
  const features: MeasurementFeatures | null = m.features ? decodeFeatures(m.features) : null;
  const band = first.domain === 'envelope' ? features?.axes?.[first.axis]?.bearing?.band : undefined;
  const labels = PDF_LABELS[language];
  const same = report.evidence.filter(
    (e) =>
      e.measurementId === first.measurementId && e.axis === first.axis && e.domain === first.domain && e.frequencyHz !== null,
  );
  return {
    signal: wave[first.axis],
    samplingRateHz: m.calibrated_sampling_rate,
    domain: first.domain,
    bandHz: band ? [band.loHz, band.hiHz] : null,
    title: `${labels.domains[first.domain]} · ${first.axis.toUpperCase()}`,
    xLabel: labels.frequencyAxis,
    yLabel: `${labels.amplitudeAxis} (g)`,
    marks: same.map((e) => ({ frequencyHz: e.frequencyHz!, label: `${e.kind} ${e.frequencyHz!.toFixed(1)} Hz` })),
  };
}

/**
 * Renders a report's PDF or its spectrum picture in the DSP pool (document-task.ts).
 *
 * Raises
 * ------
 * AppError FAULT_REPORT_NOT_FOUND (404)
 *     A picture asked of a report without a line to draw (or whose waveform is gone).
 */
export async function renderReportDocument(
  ctx: AppContext,
  customerId: string,
  report: FaultReport,
  opts: { output: 'pdf' | 'png'; language: ReportLanguage; timeZone: string; dateFormat: string },
): Promise<Buffer> {
  const spectrum = await reportSpectrum(ctx, customerId, report, opts.language);
  if (opts.output === 'png' && !spectrum) throw new AppError('FAULT_REPORT_NOT_FOUND');
  const task: ReportDocumentTask = { kind: 'faultReportDocument', ...opts, report, spectrum };
  const bytes = await ctx.dsp.run<Uint8Array>(task);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
