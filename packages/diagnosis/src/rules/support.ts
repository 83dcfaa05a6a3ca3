import type { EvidenceKind, FaultName } from '@overtone/contract';
import { ISO10816_ZONE_BOUNDARIES_MM_PER_S, type Iso10816Zone } from '@overtone/dsp';
import { baselineOf, changeOverBaselineDb, SIGNIFICANT_CHANGE_DB } from '../baseline.ts';
import type { SpectrumLine } from '../features/spectrum-lines.ts';
import type { Axis, DiagnosisContext, Evidence, Finding, MeasurementFeatures } from '../types.ts';
import { severityOf } from './severity.ts';

/**
 * Shared pieces of the machine rules (docs/diagnosis-parts/machine.md "Abnormal"): the evidence
 * line builders and the one gate every machine pattern passes before it is reported.
 */

/**
 * Change of a vibration value that is significant under ISO 20816-1:2016 §6.3 ("criterion II":
 * a change of more than 25 % of the upper value of zone B, whether up or down, is significant
 * even inside zones A/B; likewise ISO 10816-1:1995 §5.3.2): 0.25 × the B/C boundary of the
 * point's machine class, mm/s.
 */
export function criterionTwoMmPerS(context: DiagnosisContext): number {
  return 0.25 * ISO10816_ZONE_BOUNDARIES_MM_PER_S[context.kinematics.machineClass][1];
}

/** What made a pattern abnormal, and the change the severity grades. */
export interface Abnormality {
  /** The ISO 10816 zone of the axis. */
  zone: Iso10816Zone;
  /** Change of the pattern's key value over its baseline, dB; null without a baseline. */
  changeDb: number | null;
  /** The baseline median of that value; null without. */
  baseline: number | null;
}

/**
 * The gate of every machine pattern: a pattern that every healthy machine carries to some degree
 * (1×, 2×, harmonics) is a fault only when the machine vibrates too much or the pattern grew:
 *
 * - the axis is in ISO 10816-1 zone C or D (ISO 10816-1:1995 §5.3.1, ISO 20816-1:2016 Annex B); or
 * - with a baseline, the key value rose by ≥ {@link SIGNIFICANT_CHANGE_DB} (6 dB, Randall 2011
 *   §1.3, B&K BO 0210) and, for a velocity (mm/s), also by ≥ {@link criterionTwoMmPerS} (ISO
 *   20816-1 criterion II), so that a doubling of a negligible line is not a fault.
 *
 * Parameters
 * ----------
 * zone : the axis' ISO zone; key : the flattened feature key of the pattern's value (baseline.ts);
 * value : its value now; floor : the floor of its change (noise floor or resolution);
 * velocity : true when the value is in mm/s.
 *
 * Returns
 * -------
 * Abnormality | null
 *     null when the pattern is not abnormal.
 */
export function abnormal(
  context: DiagnosisContext,
  zone: Iso10816Zone,
  key: string,
  value: number,
  floor: number,
  velocity: boolean,
): Abnormality | null {
  const stat = baselineOf(context.baseline, key);
  const changeDb = stat ? changeOverBaselineDb(context.baseline, key, value, floor) : null;
  const grew =
    stat !== null &&
    changeDb !== null &&
    changeDb >= SIGNIFICANT_CHANGE_DB &&
    (!velocity || value - stat.median >= criterionTwoMmPerS(context));
  if (zone === 'C' || zone === 'D' || grew) return { zone, changeDb, baseline: stat?.median ?? null };
  return null;
}

/** An evidence line of a spectral line (velocity, mm/s). */
export function lineEvidence(
  kind: EvidenceKind,
  axis: Axis,
  line: SpectrumLine,
  shaftHz: number | null,
  context: DiagnosisContext,
  key: string | null,
  label: string | null = null,
): Evidence {
  return {
    kind,
    label,
    frequencyHz: line.hz,
    order: shaftHz ? line.hz / shaftHz : null,
    amplitude: line.mmPerS,
    unit: 'mm/s',
    axis,
    domain: 'spectrum',
    baselineAmplitude: key ? (baselineOf(context.baseline, key)?.median ?? null) : null,
  };
}

/** An evidence line of the axis' ISO 10816 overall velocity. */
export function isoEvidence(axis: Axis, features: MeasurementFeatures, context: DiagnosisContext): Evidence {
  return {
    kind: 'ISO10816',
    label: `zone:${features.axes[axis].spectrum.isoZone}`,
    frequencyHz: null,
    order: null,
    amplitude: features.axes[axis].spectrum.vrmsIsoMmPerS,
    unit: 'mm/s',
    axis,
    domain: 'spectrum',
    baselineAmplitude: baselineOf(context.baseline, `${axis}.spectrum.vrmsIsoMmPerS`)?.median ?? null,
  };
}

/** A statistic's evidence line (time domain or a band). */
export function statEvidence(
  kind: EvidenceKind,
  axis: Axis | null,
  label: string,
  amplitude: number,
  unit: string,
  domain: Evidence['domain'],
  baselineAmplitude: number | null,
): Evidence {
  return { kind, label, frequencyHz: null, order: null, amplitude, unit, axis, domain, baselineAmplitude };
}

/** A finding of a machine rule, its severity from {@link severityOf}. */
export function finding(
  fault: FaultName,
  rule: string,
  gate: Abnormality,
  confidence: number,
  score: number,
  evidence: Evidence[],
): Finding {
  return {
    fault,
    bearingComponent: null,
    severity: severityOf(gate.zone, gate.changeDb),
    confidence: Math.max(0, Math.min(1, confidence)),
    score,
    evidence,
    rule,
  };
}

/** The strongest finding (by score) of per-axis candidates; empty when none. */
export function strongest(candidates: Finding[]): Finding[] {
  if (!candidates.length) return [];
  return [candidates.reduce((a, b) => (b.score > a.score ? b : a))];
}

/** The radial sound axes: all sound axes but the axial one. */
export const radialAxes = (axes: readonly Axis[], context: DiagnosisContext): Axis[] =>
  axes.filter((a) => a !== context.kinematics.axialAxis);
