import { AXIS_KEYS, encodeSignal, isDuckMac, senseway, triaxialCounts, type AxisKey } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { measurementRow } from './detail-repo.ts';
import { readStoredWaveform } from './waveform.ts';

/** A measurement's binary waveform and whether it is final (cacheable). */
export interface MeasurementSignal {
  bytes: Uint8Array;
  /** The stored waveform of a persisted or partial measurement: it never changes. */
  final: boolean;
}

/**
 * `GET /measurement/{id}/signal` and its share-link twin (docs/signals.md): the stored int16 counts
 * of the asked axis (or all three, x, y, z) with their scale (g per count of the measurement's
 * range) and the calibrated sampling rate, in the binary layout of the contract's signal codec.
 *
 * Parameters
 * ----------
 * customerId : the session's (or the share link's) customer; another customer's id answers 404
 *     MEASUREMENT_NOT_FOUND exactly like a missing one (measurementRow)
 * axis : one axis, or undefined for the three
 *
 * Returns
 * -------
 * The encoded signal. No channel (k = 0) while the waveform is not stored yet, for a Duck
 * measurement (its channels come with GET /measurement/{id}), or when the stored bytes are unreadable.
 *
 * Raises
 * ------
 * AppError WAVEFORM_MISSING (500) when the row names a stored waveform the object store does not
 *     hold: never an answer without samples that looks like a measurement without any.
 */
export async function loadMeasurementSignal(
  ctx: AppContext,
  customerId: string,
  id: string,
  axis?: AxisKey,
): Promise<MeasurementSignal> {
  const m = await measurementRow(ctx.db, customerId, id);
  const stored = m.waveform_key && (m.state === 'persisted' || m.state === 'partial') ? m.waveform_key : null;
  const duck = isDuckMac(m.device_mac) || m.duck_config != null;
  const samplingRateHz = m.calibrated_sampling_rate ?? 0;
  const empty = (final: boolean) => ({
    bytes: encodeSignal({ samplingRateHz, scale: 1, sampleType: 'int16', channels: [] }),
    final,
  });
  if (duck || !stored) return empty(duck);
  const bytes = await readStoredWaveform(ctx.storage, stored);
  if (bytes.length % 6 !== 0) return empty(false);
  const keys = axis ? [axis] : [...AXIS_KEYS];
  const counts = triaxialCounts(
    bytes,
    keys.map((k) => AXIS_KEYS.indexOf(k) as 0 | 1 | 2),
  );
  return {
    bytes: encodeSignal({
      samplingRateHz,
      scale: senseway.gPerCount(m.range_index),
      sampleType: 'int16',
      channels: keys.map((key, i) => ({ key, samples: counts[i]! })),
    }),
    final: true,
  };
}

/**
 * The axes of a stored measurement in g (`senseway.decodeTriaxial`, as GET /measurement/{id} and
 * the binary waveform give them), for `POST /vibration/signal/*` with a measurement id and axis
 * instead of the samples.
 *
 * Returns null when the measurement has no stored tri-axial waveform (not yet stored, a Duck's).
 * Raises AppError MEASUREMENT_NOT_FOUND (404) for a missing or another customer's measurement.
 */
export async function loadMeasurementAxes(
  ctx: AppContext,
  customerId: string,
  id: string,
  axes: readonly AxisKey[],
): Promise<{ samplingRateHz: number | null; signals: Float64Array[] } | null> {
  const m = await measurementRow(ctx.db, customerId, id);
  const stored = m.waveform_key && (m.state === 'persisted' || m.state === 'partial') ? m.waveform_key : null;
  if (!stored || isDuckMac(m.device_mac) || m.duck_config != null) return null;
  const bytes = await readStoredWaveform(ctx.storage, stored);
  if (bytes.length % 6 !== 0) return null;
  const w = senseway.decodeTriaxial(bytes, m.range_index);
  const byKey: Record<AxisKey, Float64Array> = { accelerometer_x: w.x, accelerometer_y: w.y, accelerometer_z: w.z };
  return { samplingRateHz: m.calibrated_sampling_rate, signals: axes.map((a) => byKey[a]) };
}
