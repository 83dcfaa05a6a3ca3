import { amplitudeSpectrum, envelopeSpectrum } from '@overtone/dsp';
import type { FaultReport, ReportLanguage } from '@overtone/contract';
import type { SpectrumMark } from './pdf/spectrum-image.ts';

/** Picture size of the report's spectrum, px (prints sharp across the 712-pt page: docs/fault-report-pdf.md). */
export const SPECTRUM_IMAGE_PX = { width: 1264, height: 520 } as const;

/** The chart a report's spectrum image shows: one axis of one measurement, in the evidence's domain. */
export interface ReportSpectrum {
  /** The axis' samples, g. */
  signal: Float64Array;
  samplingRateHz: number;
  domain: 'spectrum' | 'envelope';
  /** Demodulation band of an envelope (the band the diagnosis chose by spectral kurtosis), Hz. */
  bandHz: [number, number] | null;
  title: string;
  xLabel: string;
  yLabel: string;
  marks: SpectrumMark[];
}

/**
 * A fault report's document, rendered in the DSP pool (a PDF takes 0.1–0.3 s of CPU, the picture
 * about as much: off the API's event loop, like every heavy computation).
 */
export interface ReportDocumentTask {
  kind: 'faultReportDocument';
  /** `pdf`: the whole report; `png`: the spectrum picture alone. */
  output: 'pdf' | 'png';
  report: FaultReport;
  language: ReportLanguage;
  timeZone: string;
  dateFormat: string;
  spectrum: ReportSpectrum | null;
}

/** Right end of the picture's frequency axis: room for the highest mark and its harmonics, within fs/2. */
function xMaxOf(s: ReportSpectrum, lastBinHz: number): number {
  const top = Math.max(0, ...s.marks.map((m) => m.frequencyHz));
  return Math.min(lastBinHz, Math.max(top * 2.5, s.domain === 'envelope' ? 500 : 1000));
}

/**
 * Renders a report's spectrum picture (the evidence marked) and, for `pdf`, the report around it
 * (pdf/render-pdf.ts). Amplitude spectrum: Hann window, acceleration in g (peak); envelope: the
 * envelope spectrum of the chosen band (Randall & Antoni 2011 §3), both from @overtone/dsp.
 *
 * Returns
 * -------
 * Promise<Uint8Array>
 *     PDF or PNG bytes. The PDF has no picture when `spectrum` is null; a PNG needs one (else
 *     RangeError).
 */
export async function runReportDocumentTask(task: ReportDocumentTask): Promise<Uint8Array> {
  const { renderSpectrumImage } = await import('./pdf/spectrum-image.ts');
  let png: Buffer | null = null;
  const s = task.spectrum;
  if (s) {
    const spec =
      s.domain === 'envelope'
        ? envelopeSpectrum({
            signal: s.signal,
            samplingRateHz: s.samplingRateHz,
            bandHz: s.bandHz ?? undefined,
            xlimHz: s.samplingRateHz / 2,
          })
        : amplitudeSpectrum({
            signal: s.signal,
            samplingRateHz: s.samplingRateHz,
            window: 'hanning',
            removeDc: true,
            half: true,
            mode: 'accelerometer',
          });
    const f = Float64Array.from(spec.frequencyHz);
    png = await renderSpectrumImage({
      frequencyHz: f,
      amplitude: Float64Array.from(spec.amplitude),
      unit: 'g',
      title: s.title,
      marks: s.marks,
      widthPx: SPECTRUM_IMAGE_PX.width,
      heightPx: SPECTRUM_IMAGE_PX.height,
      xMaxHz: xMaxOf(s, f[f.length - 1]!),
      xLabel: s.xLabel,
      yLabel: s.yLabel,
    });
  }
  if (task.output === 'png') {
    if (!png) throw new RangeError('the report has no spectrum to draw');
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  }
  const { renderFaultReportPdf } = await import('./pdf/render-pdf.ts');
  const pdf = await renderFaultReportPdf(task.report, {
    language: task.language,
    timeZone: task.timeZone,
    dateFormat: task.dateFormat,
    spectrumPng: png,
  });
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
