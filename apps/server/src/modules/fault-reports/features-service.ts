import type { MeasurementFeatures } from '@overtone/diagnosis';
import type { AppContext } from '../../context.ts';
import type { MeasurementFeaturesTask, MeasurementAnalysis } from '../../jobs/dsp/dsp-tasks.ts';
import { featuresSourceOf, saveFeatures, type DiagnosisInput, type FeaturesSource } from './diagnosis-repo.ts';
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
 * What the diagnosis of a stored measurement reads (docs/fault-reports.md "A measurement, end to
 * end"), in one query: its point's form, bearing and mains frequency, and its features: those handed
 * over, else the stored ones, else computed from the stored waveform in the DSP pool
 * (`measurementFeatures`, with the point's kinematics) and stored.
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * measurementId : string
 * log : { warn }
 *     Told when extraction fails (the measurement is then not diagnosed).
 * known : MeasurementFeatures, optional
 *     The measurement's features when the caller has them (the demo history hands them over).
 *
 * Returns
 * -------
 * DiagnosisInput | null
 *     null for a measurement without a point or a waveform, or whose extraction failed.
 *
 * Raises
 * ------
 * What the database, the storage or the DSP pool throw (the measurement stays queued).
 */
export async function diagnosisInputOf(
  ctx: AppContext,
  measurementId: string,
  log: Log,
  known?: MeasurementFeatures,
): Promise<DiagnosisInput | null> {
  const src = await featuresSourceOf(ctx.db, measurementId);
  const pointId = src?.pointId;
  if (!src || !pointId) return null;
  const features = known ?? storedFeatures(src) ?? (await computeFeatures(ctx, measurementId, pointId, src, log));
  if (!features) return null;
  return {
    measurementId,
    customerId: src.customerId,
    pointId,
    measuredAt: src.measuredAt,
    features,
    rangeIndex: src.rangeIndex,
    point: src.point,
    bearing: src.bearing,
    mainsHz: src.mainsHz,
  };
}

/** The stored features; null when none or corrupt (computed again then). */
function storedFeatures(src: FeaturesSource): MeasurementFeatures | null {
  if (!src.features) return null;
  try {
    return decodeFeatures(src.features);
  } catch {
    return null;
  }
}

/** Computes a measurement's features from its stored waveform (DSP pool) and stores them; null when it cannot. */
async function computeFeatures(
  ctx: AppContext,
  measurementId: string,
  pointId: string,
  src: FeaturesSource,
  log: Log,
): Promise<MeasurementFeatures | null> {
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
    pointId,
    measuredAt: src.measuredAt,
    version: r.features.version,
    features: encodeFeatures(r.features),
  });
  return r.features;
}
