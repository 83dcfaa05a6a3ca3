import { extractFeatures } from '../features/extract.ts';
import { learnBaseline } from '../baseline.ts';
import { machineRules, unidentifiedRule } from '../rules/machine.ts';
import { checkSensorIntegrity } from '../rules/sensor-integrity.ts';
import type { Baseline, DiagnosisContext, Finding, MeasurementFeatures, MeasurementSignal, PointKinematics } from '../types.ts';

/**
 * Runs the machine part of the diagnosis (sensor integrity, the machine rules, unidentified as
 * diagnose.ts composes them) without the bearing rules (tests only).
 */
export function runMachine(features: MeasurementFeatures, context: DiagnosisContext): Finding[] {
  const integrity = checkSensorIntegrity(features, context);
  let machine: Finding[] = [];
  if (integrity.soundAxes.length) {
    for (const rule of machineRules) machine.push(...rule(features, context, integrity.soundAxes));
    if (!machine.length) machine = unidentifiedRule(features, context, integrity.soundAxes);
  }
  return [...integrity.findings, ...machine];
}

/** Features + machine findings of a signal, with an optional baseline. */
export function diagnoseMachine(
  signal: MeasurementSignal,
  kinematics: PointKinematics,
  baseline: Baseline | null = null,
): { features: MeasurementFeatures; findings: Finding[] } {
  const features = extractFeatures(signal, kinematics);
  return { features, findings: runMachine(features, { kinematics, baseline, falsePositives: [] }) };
}

/** A baseline learned from five copies of the features of a signal. */
export function baselineOfSignal(signal: MeasurementSignal, kinematics: PointKinematics): Baseline {
  const f = extractFeatures(signal, kinematics);
  return learnBaseline([f, f, f, f, f])!;
}

export const faultsOf = (findings: readonly Finding[]) => findings.map((f) => f.fault).sort();
