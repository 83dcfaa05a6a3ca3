import { FAULT_SEVERITIES, isSensorFault } from '@overtone/contract';
import { applyFeedback } from './feedback.ts';
import { bearingRules } from './rules/bearing.ts';
import { machineRules, unidentifiedRule } from './rules/machine.ts';
import { checkSensorIntegrity } from './rules/sensor-integrity.ts';
import type { DiagnosisContext, Finding, MeasurementFeatures } from './types.ts';

const severityRank = (f: Finding) => FAULT_SEVERITIES.indexOf(f.severity);

/** Orders findings: sensor faults first, then by severity, confidence and score, strongest first. */
function byImportance(a: Finding, b: Finding): number {
  return (
    Number(isSensorFault(b.fault)) - Number(isSensorFault(a.fault)) ||
    severityRank(b) - severityRank(a) ||
    b.confidence - a.confidence ||
    b.score - a.score
  );
}

const BEARING_FAULTS = new Set(['bearing_failure', 'early_stage_bearing_failure']);

/**
 * Impacts that a bearing defect found in the same measurement explains are that defect's, not a
 * second fault: a localised bearing defect is a train of impacts whose rate wanders with slip and
 * load (Randall & Antoni 2011 §2.1–2.2), so the impact-rate test of `impacting_failure` can miss
 * the kinematic line while the envelope finds it. With a bearing finding, `impacting_failure` is
 * dropped.
 */
export function withoutExplainedImpacts(findings: Finding[]): Finding[] {
  if (!findings.some((f) => BEARING_FAULTS.has(f.fault))) return findings;
  return findings.filter((f) => f.fault !== 'impacting_failure');
}

/**
 * Diagnoses one measurement from its features (docs/diagnosis.md "Rules"):
 *
 * 1. sensor integrity first: its findings are sensor faults, and an axis it rejects is read by no
 *    machine rule (a clipped or drifting signal is never evidence of a machine fault);
 * 2. every machine rule on the sound axes;
 * 3. `unidentified_fault` only when no other machine rule found anything; `impacting_failure` not
 *    beside a bearing fault (its impacts are the bearing's: {@link withoutExplainedImpacts});
 * 4. one finding per fault and bearing component (the strongest);
 * 5. patterns an evaluation marked "not confirmed" are dropped unless they grew (feedback.ts).
 *
 * Parameters
 * ----------
 * features : MeasurementFeatures
 * context : DiagnosisContext
 *
 * Returns
 * -------
 * Finding[]
 *     Sensor faults first, then by severity, confidence and score; empty for a healthy measurement.
 */
export function diagnose(features: MeasurementFeatures, context: DiagnosisContext): Finding[] {
  const integrity = checkSensorIntegrity(features, context);
  const axes = integrity.soundAxes;
  let machine: Finding[] = [];
  if (axes.length) {
    for (const rule of [...bearingRules, ...machineRules]) machine.push(...rule(features, context, axes));
    if (!machine.length) machine = unidentifiedRule(features, context, axes);
    machine = withoutExplainedImpacts(machine);
  }
  const strongest = new Map<string, Finding>();
  for (const f of [...integrity.findings, ...machine]) {
    const key = `${f.fault}:${f.bearingComponent ?? ''}`;
    const kept = strongest.get(key);
    if (!kept || byImportance(f, kept) < 0) strongest.set(key, f);
  }
  return applyFeedback([...strongest.values()], context.falsePositives).sort(byImportance);
}
