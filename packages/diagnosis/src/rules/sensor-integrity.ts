import type { SensorFaultName } from '@overtone/contract';
import { baselineOf } from '../baseline.ts';
import { AXES, type Axis, type DiagnosisContext, type Evidence, type Finding, type MeasurementFeatures } from '../types.ts';
import { statEvidence } from './support.ts';

/**
 * Sensor integrity (docs/diagnosis-parts/machine.md "Sensor integrity"): a signal the sensor or
 * its chain corrupted is reported as a sensor fault and read by no machine rule. Data validation
 * before diagnosis: ISO 13374-2:2007 §6 (data acquisition and manipulation: validity checks);
 * Bendat & Piersol, *Random Data* 4th ed. 2010 §10.4 (clipping, drop-outs, drift of measured data).
 */

/** Samples at the full scale that make an axis clipped: 3 (a repeated saturation, not one stray sample). */
export const CLIPPED_MIN_SAMPLES = 3;
/**
 * Drift over the record relative to the axis' r.m.s. that is a DC drift: 1. A stationary
 * vibration above 1/T has a fitted trend far below its r.m.s.; a trend as large as the whole
 * signal's r.m.s. is the sensor's bias moving (a failing IEPE bias, thermal drift of a MEMS, a
 * piezo settling after a shock).
 */
export const DRIFT_RMS_RATIO = 1;
/**
 * Share of the record in stuck runs or repeated blocks that makes a flat signal: 10 %. A live
 * sensor produces neither (time-features STUCK_RUN_SAMPLES, REPEAT_BLOCK_SAMPLES); a tenth of
 * the record frozen or duplicated biases every band level by ≥ 0.4 dB and adds artefact lines.
 */
export const FLAT_MIN_FRACTION = 0.1;
/**
 * Rotation of the gravity vector (the three axes' means of a DC-coupled sensor) against the
 * baseline that says the sensor moved: 10°. Reading the same spot is the premise of trending
 * (ISO 13373-1:2002 §6.3: transducer location and orientation must be repeatable); a 10° turn
 * mixes 17 % (sin 10°) of one axis into another, well past mounting repeatability.
 */
export const PLACEMENT_ANGLE_DEG = 10;
/** Gravity magnitude, g, above which the means are taken for gravity (a DC-coupled sensor reads ≈ 1 g). */
export const GRAVITY_MIN_G = 0.5;
/**
 * Temperature drop against the baseline median that says the sensor left the warm housing: 10 °C,
 * and at least 5 robust standard deviations (1.4826 × MAD). Only a drop counts: a rise is the
 * machine's business (a hot bearing).
 */
export const TEMPERATURE_DROP_C = 10;

function sensorFinding(fault: SensorFaultName, rule: string, evidence: Evidence[], score: number): Finding {
  return { fault, bearingComponent: null, severity: 'attention', confidence: 0.9, score, evidence, rule };
}

/**
 * Checks the sensor's signal before the machine rules.
 *
 * - sensor_clipping: ≥ {@link CLIPPED_MIN_SAMPLES} samples within 1 % of the range;
 * - sensor_dc_drift: |drift over the record| ≥ {@link DRIFT_RMS_RATIO} × r.m.s.;
 * - sensor_flat_signal: a constant axis, or ≥ {@link FLAT_MIN_FRACTION} of it stuck or repeated;
 * - sensor_placement_failure: the gravity vector turned by > {@link PLACEMENT_ANGLE_DEG}° from the
 *   baseline's, or the temperature dropped by ≥ {@link TEMPERATURE_DROP_C} °C (needs a baseline).
 *
 * Parameters
 * ----------
 * features : MeasurementFeatures
 * context : DiagnosisContext
 *
 * Returns
 * -------
 * { findings, soundAxes }
 *     Sensor-fault findings (one per fault, axes listed in the evidence) and the axes without
 *     clipping, drift or a flat signal (placement does not remove an axis: its signal is valid).
 */
export function checkSensorIntegrity(
  features: MeasurementFeatures,
  context: DiagnosisContext,
): { findings: Finding[]; soundAxes: Axis[] } {
  const clipped: Evidence[] = [],
    drift: Evidence[] = [],
    flat: Evidence[] = [];
  const soundAxes: Axis[] = [];
  for (const axis of AXES) {
    const t = features.axes[axis].time;
    let sound = true;
    if (t.clippedFraction * features.samples >= CLIPPED_MIN_SAMPLES - 1e-9) {
      clipped.push(statEvidence('TIME', axis, 'clipping', t.clippedFraction, '', 'time', null));
      sound = false;
    }
    if (t.rmsG === 0 || Math.max(t.stuckFraction, t.repeatedFraction) >= FLAT_MIN_FRACTION) {
      const label = t.rmsG === 0 ? 'constant' : t.stuckFraction >= t.repeatedFraction ? 'stuck' : 'repeated';
      flat.push(
        statEvidence('TIME', axis, label, Math.max(t.stuckFraction, t.repeatedFraction, t.rmsG === 0 ? 1 : 0), '', 'time', null),
      );
      sound = false;
    } else if (Math.abs(t.driftG) >= DRIFT_RMS_RATIO * t.rmsG) {
      drift.push(statEvidence('TIME', axis, 'dc-drift', t.driftG, 'g', 'time', null));
      sound = false;
    }
    if (sound) soundAxes.push(axis);
  }
  const findings: Finding[] = [];
  if (clipped.length)
    findings.push(sensorFinding('sensor_clipping', 'sensor.clipping', clipped, Math.max(...clipped.map((e) => e.amplitude))));
  if (drift.length)
    findings.push(
      sensorFinding('sensor_dc_drift', 'sensor.dc_drift', drift, Math.max(...drift.map((e) => Math.abs(e.amplitude)))),
    );
  if (flat.length)
    findings.push(sensorFinding('sensor_flat_signal', 'sensor.flat', flat, Math.max(...flat.map((e) => e.amplitude))));
  const placement = placementEvidence(features, context);
  if (placement.length)
    findings.push(sensorFinding('sensor_placement_failure', 'sensor.placement', placement, placement[0]!.amplitude));
  return { findings, soundAxes };
}

/** Evidence that the sensor moved: gravity-vector rotation and temperature drop against the baseline. */
function placementEvidence(features: MeasurementFeatures, context: DiagnosisContext): Evidence[] {
  const out: Evidence[] = [];
  const base = AXES.map((a) => baselineOf(context.baseline, `${a}.time.meanG`)?.median ?? null);
  if (base.every((v) => v !== null)) {
    const b = base as number[];
    const now = AXES.map((a) => features.axes[a].time.meanG);
    const nb = Math.hypot(...b),
      nn = Math.hypot(...now);
    if (nb >= GRAVITY_MIN_G && nn >= GRAVITY_MIN_G) {
      const cos = (b[0]! * now[0]! + b[1]! * now[1]! + b[2]! * now[2]!) / (nb * nn);
      const angle = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
      if (angle > PLACEMENT_ANGLE_DEG) out.push(statEvidence('BASELINE', null, 'gravity-angle', angle, '°', 'time', 0));
    }
  }
  const temp = baselineOf(context.baseline, 'temperatureC');
  if (temp && features.temperatureC !== null) {
    const drop = temp.median - features.temperatureC;
    if (drop >= TEMPERATURE_DROP_C && drop >= 5 * 1.4826 * temp.mad)
      out.push(statEvidence('BASELINE', null, 'temperature', features.temperatureC, '°C', 'time', temp.median));
  }
  return out;
}
