import { AXES, type MeasurementFeatures, type MeasurementSignal, type PointKinematics } from '../types.ts';
import { BEARING_MIN_SAMPLES, extractBearingFeatures } from './bearing-features.ts';
import { estimateShaftSpeed } from './shaft-speed.ts';
import { extractSpectrumFeatures } from './spectrum-features.ts';
import { extractTimeFeatures } from './time-features.ts';

/** Version of {@link MeasurementFeatures} this code writes (bump on any change of shape or definition). */
export const FEATURES_VERSION = 1;

/**
 * The features of one measurement: the diagnosis' heavy stage, run once per measurement in the
 * DSP pool from the decoded waveform (docs/diagnosis.md "Features").
 *
 * Parameters
 * ----------
 * signal : MeasurementSignal
 *     The three axes, g, equal lengths ≥ 2, at `samplingRateHz` > 0.
 * kinematics : PointKinematics
 *
 * Returns
 * -------
 * MeasurementFeatures
 *     Compact and JSON-serialisable.
 *
 * Raises
 * ------
 * RangeError
 *     Axes of different lengths, fewer than 2 samples, or a rate that is not finite and > 0.
 */
export function extractFeatures(signal: MeasurementSignal, kinematics: PointKinematics): MeasurementFeatures {
  const n = signal.x.length;
  if (n < 2 || signal.y.length !== n || signal.z.length !== n) throw new RangeError('axes must have equal lengths ≥ 2');
  if (!(signal.samplingRateHz > 0) || !Number.isFinite(signal.samplingRateHz))
    throw new RangeError(`samplingRateHz must be finite and > 0, got ${signal.samplingRateHz}`);
  const shaft = estimateShaftSpeed(signal, kinematics);
  const b = kinematics.bearing;
  const bearingReadable =
    !!shaft.hz && !!b && n >= BEARING_MIN_SAMPLES && [b.bpfo, b.bpfi, b.bsf, b.ftf].every((o) => Number.isFinite(o) && o > 0);
  const axes = {} as MeasurementFeatures['axes'];
  for (const axis of AXES) {
    const samples = signal[axis];
    axes[axis] = {
      time: extractTimeFeatures(samples, signal.samplingRateHz, kinematics.rangeG),
      spectrum: extractSpectrumFeatures(samples, signal.samplingRateHz, shaft.hz, kinematics),
      bearing: bearingReadable ? extractBearingFeatures(samples, signal.samplingRateHz, shaft.hz!, b!) : null,
    };
  }
  return {
    version: FEATURES_VERSION,
    samplingRateHz: signal.samplingRateHz,
    samples: n,
    shaft,
    temperatureC: signal.temperatureC,
    axes,
  };
}
