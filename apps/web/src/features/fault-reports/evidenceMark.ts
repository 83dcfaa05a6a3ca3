/**
 * The measurement page's evidence link (issue 15: "The report page links each evidence line to the
 * measurement's chart with the line marked"): `/measurement/{id}?domain=<spectrum|envelope|time>
 * &axis=<x|y|z>&markHz=<frequency>` opens that analysis domain on that sensor axis and draws a
 * marked vertical line at `markHz`. Building and reading the link live here, beside the page that
 * honours it.
 */
import {
  EVIDENCE_AXES,
  EVIDENCE_DOMAINS,
  type AxisKey,
  type EvidenceAxis,
  type EvidenceDomain,
  type EvidenceLine,
} from '@overtone/contract';
import type { MarkerSet } from '../../charts/spectrumOverlay';

/** The query parameters of the link. */
export const EVIDENCE_PARAMS = { domain: 'domain', axis: 'axis', markHz: 'markHz' } as const;

/** The chart domain (SignalCharts' tab key) of each evidence domain. */
export const CHART_DOMAIN: Record<EvidenceDomain, 'fft' | 'envelope' | 'time'> = {
  spectrum: 'fft',
  envelope: 'envelope',
  time: 'time',
};

/** The sensor axis of the measurement (`accelerometer_x` …) of an evidence axis. */
export const axisKeyOf = (axis: EvidenceAxis): AxisKey => `accelerometer_${axis}`;

/** What the link asks the page to show; every part null when absent or not valid. */
export interface EvidenceMark {
  /** The SignalCharts domain to open. */
  domain: 'fft' | 'envelope' | 'time' | null;
  /** The sensor axis to select. */
  axis: AxisKey | null;
  /** Frequency of the line to mark, Hz (finite, > 0). */
  markHz: number | null;
}

/**
 * Reads the evidence parameters of a location's query string. Anything unknown or malformed is
 * ignored (null): a hand-edited link opens the page as usual.
 * @param search `location.search` (with or without its `?`)
 * @example evidenceMarkFromSearch('?domain=envelope&axis=y&markHz=162.19')
 *   // → { domain: 'envelope', axis: 'accelerometer_y', markHz: 162.19 }
 */
export function evidenceMarkFromSearch(search: string): EvidenceMark {
  const p = new URLSearchParams(search);
  const domain = p.get(EVIDENCE_PARAMS.domain);
  const axis = p.get(EVIDENCE_PARAMS.axis);
  const rawHz = p.get(EVIDENCE_PARAMS.markHz);
  const hz = rawHz !== null && rawHz.trim() !== '' ? Number(rawHz) : NaN;
  return {
    domain: (EVIDENCE_DOMAINS as readonly string[]).includes(domain ?? '') ? CHART_DOMAIN[domain as EvidenceDomain] : null,
    axis: (EVIDENCE_AXES as readonly string[]).includes(axis ?? '') ? axisKeyOf(axis as EvidenceAxis) : null,
    markHz: Number.isFinite(hz) && hz > 0 ? hz : null,
  };
}

/**
 * The measurement page's link of an evidence line: its measurement, domain and axis, and the line's
 * frequency to mark (left out for a statistic without a frequency).
 * @example evidencePath({ measurementId: 'm1', domain: 'envelope', axis: 'y', frequencyHz: 162.19 })
 *   // → '/measurement/m1?domain=envelope&axis=y&markHz=162.19'
 */
export function evidencePath(line: Pick<EvidenceLine, 'measurementId' | 'domain' | 'axis' | 'frequencyHz'>): string {
  const q = new URLSearchParams({ [EVIDENCE_PARAMS.domain]: line.domain });
  if (line.axis) q.set(EVIDENCE_PARAMS.axis, line.axis);
  if (line.frequencyHz !== null && Number.isFinite(line.frequencyHz) && line.frequencyHz > 0)
    q.set(EVIDENCE_PARAMS.markHz, String(Math.round(line.frequencyHz * 1e4) / 1e4));
  return `/measurement/${encodeURIComponent(line.measurementId)}?${q.toString()}`;
}

/** Colour of the evidence marker: distinct from the series, harmonics and bearing-fault markers. */
export const EVIDENCE_MARK_COLOR = '#d4380d';

/**
 * The marker set the spectrum chart draws for the marked line: one vertical line at `markHz`
 * labelled `label`; null without a mark.
 */
export function evidenceMarker(markHz: number | null, label: string): MarkerSet | null {
  return markHz === null ? null : { xs: [markHz], color: EVIDENCE_MARK_COLOR, label: () => label };
}
