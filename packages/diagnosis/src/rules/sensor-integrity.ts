import type { Axis, DiagnosisContext, Finding, MeasurementFeatures } from '../types.ts';

/**
 * Sensor-integrity check (OWNED BY THE SHAFT/INTEGRITY PART: replace this stub): findings of
 * sensor faults, and the axes whose signal is sound enough for the machine rules.
 */
export function checkSensorIntegrity(
  _features: MeasurementFeatures,
  _context: DiagnosisContext,
): { findings: Finding[]; soundAxes: Axis[] } {
  return { findings: [], soundAxes: ['x', 'y', 'z'] };
}
