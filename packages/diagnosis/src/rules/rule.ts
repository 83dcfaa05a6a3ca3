import type { Axis, DiagnosisContext, Finding, MeasurementFeatures } from '../types.ts';

/**
 * A diagnosis rule: the features of one measurement and its context in, findings out. `axes` are
 * the axes whose signal is sound (the sensor-integrity rules removed the others); a machine rule
 * reads no other axis.
 */
export type Rule = (features: MeasurementFeatures, context: DiagnosisContext, axes: readonly Axis[]) => Finding[];
