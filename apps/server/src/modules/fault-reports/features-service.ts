import type { MeasurementFeatures } from '@overtone/diagnosis';
import type { AppContext } from '../../context.ts';
import type { MeasurementFeaturesTask, MeasurementAnalysis } from '../../infra/dsp-tasks.ts';
import { featuresSourceOf, saveFeatures } from './diagnosis-repo.ts';
import { decodeFeatures, encodeFeatures } from './features-codec.ts';
import { pointKinematics } from './kinematics.ts';

type Log = { warn(o: object, m?: string): void };

/**
 * The sensor's temperature the device reported with a measurement (`measurements.device_telemetry`:
 * its `done` TELEMETRY, senseway-gateway.md §6.3), °C; null unknown.
 */
function reportedTemperature(deviceTelemetry: unknown): number | null {
  if (!Array.isArray(deviceTelemetry)) return null;
  for (const t of deviceTelemetry as { NAME?: unknown; VALUE?: unknown }[]) {
    if (
      typeof t?.NAME === 'string' &&
      t.NAME.toUpperCase() === 'TEMPERATURE' &&
      typeof t.VALUE === 'number' &&
      Number.isFinite(t.VALUE)
    )
      return t.VALUE;
  }
  return null;
}

/**
 * The diagnosis' features of a stored measurement (docs/fault-reports.md "A measurement, end to
 * end"): read when stored (the demo history stores them), else computed from the stored waveform in
 * the DSP pool (`measurementFeatures`, with the kinematics of the measurement's point) and stored.
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * measurementId : string
 * log : { warn }
 *     Told when extraction fails (the measurement is then not diagnosed).
 *
 * Returns
 * -------
 * MeasurementFeatures | null
 *     null for a measurement without a point or a waveform, or whose extraction failed.
 */
export async function featuresOfMeasurement(
  ctx: AppContext,
  measurementId: string,
  log: Log,
): Promise<MeasurementFeatures | null> {
  const src = await featuresSourceOf(ctx.db, measurementId);
  if (!src?.pointId) return null;
  if (src.features) {
    try {
      return decodeFeatures(src.features);
    } catch {
      // a corrupt row: computed again below
    }
  }
  if (!src.waveformKey || !src.samplingRateHz) return null;
  const bytes = await ctx.storage.get(src.waveformKey);
  if (!bytes || bytes.length < 12) return null;
  const task: MeasurementFeaturesTask = {
    kind: 'measurementFeatures',
    bytes,
    rangeIndex: src.rangeIndex,
    samplingRateHz: src.samplingRateHz,
    kinematics: pointKinematics(src.point, src.bearing, src.mainsHz, src.rangeIndex),
    temperatureC: reportedTemperature(src.deviceTelemetry),
  };
  const r = await ctx.dsp.run<Pick<MeasurementAnalysis, 'features' | 'featuresError'>>(task);
  if (!r.features) {
    if (r.featuresError) log.warn({ measurement: measurementId, err: r.featuresError }, 'diagnosis features not extracted');
    return null;
  }
  await saveFeatures(ctx.db, {
    measurementId,
    customerId: src.customerId,
    pointId: src.pointId,
    measuredAt: src.measuredAt,
    version: r.features.version,
    features: encodeFeatures(r.features),
  });
  return r.features;
}
