import type { MeasurementSignal, PointKinematics, ShaftSpeed } from '../types.ts';

/** The measurement's running speed (OWNED BY THE SHAFT/INTEGRITY PART: replace this stub). */
export function estimateShaftSpeed(_signal: MeasurementSignal, kinematics: PointKinematics): ShaftSpeed {
  return kinematics.shaftHz ? { hz: kinematics.shaftHz, source: 'reference' } : { hz: null, source: 'none' };
}
