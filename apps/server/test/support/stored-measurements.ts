import type { AppContext } from '../../src/context.ts';
import { newId } from '../../src/infra/ids.ts';
import { insertTelemetryValues, type TelemetryRow } from '../../src/jobs/ingest/persist-measurement.ts';
import { waveformKey } from '../../src/modules/measurements/waveform.ts';
import { recordingBytes } from './recordings.ts';

/** ±4 g, the range the tests' recordings are quantised in (senseway range index 2). */
export const STORED_RANGE_INDEX = 2;
const AXES = ['accelerometer_x', 'accelerometer_y', 'accelerometer_z'];

/** Where a stored measurement goes: its customer, point and device. */
export interface StoredTarget {
  customerId: string;
  pointId: string;
  deviceMac: string;
  gatewayMac?: string | null;
  type?: 'PERIODIC' | 'MANUAL';
}

/**
 * Inserts a persisted measurement row (created and persisted at `at`), without telemetry.
 * @param key its waveform's storage key (null: none); `fsHz` and `n` its rate (Hz) and samples
 * @returns its id
 */
export async function insertPersistedMeasurement(
  ctx: AppContext,
  t: StoredTarget,
  at: Date,
  wave: { key: string | null; fsHz: number; n: number },
  id = newId(),
): Promise<string> {
  await ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: t.customerId,
      object_id: id,
      point_id: t.pointId,
      device_mac: t.deviceMac,
      gateway_mac: t.gatewayMac ?? null,
      user_id: null,
      measurement_type: t.type ?? 'PERIODIC',
      state: 'persisted',
      range_index: STORED_RANGE_INDEX,
      rate_index: 9,
      sample_size: wave.n,
      calibrated_sampling_rate: wave.fsHz,
      waveform_key: wave.key,
      created_at: at,
      persisted_at: at,
    })
    .execute();
  return id;
}

/**
 * Stores 0.5 s of a real recording (`stem` at `fsHz`, X = drive end, Y = fan end, Z silent) as a
 * persisted measurement at `at`: its int16 waveform in storage and the per-axis telemetry ingest
 * computes (the DSP pool's `measurementTelemetry`, as jobs/ingest/finalize.ts), plus `extra` rows.
 * Not evaluated, not diagnosed.
 * @returns its id
 */
export async function storeRecordingMeasurement(
  ctx: AppContext,
  t: StoredTarget,
  stem: string,
  fsHz: number,
  at: Date,
  extra: TelemetryRow[] = [],
): Promise<string> {
  const id = newId();
  const bytes = recordingBytes(stem, fsHz, 0, 0.5, STORED_RANGE_INDEX);
  const key = waveformKey(t.customerId, id);
  await ctx.storage.put(key, bytes);
  const computed = await ctx.dsp.run<{ name: string; value: number; unit: string }[][]>({
    kind: 'measurementTelemetry',
    bytes: bytes.slice(),
    rangeIndex: STORED_RANGE_INDEX,
    samplingRateHz: fsHz,
  });
  await insertPersistedMeasurement(ctx, t, at, { key, fsHz, n: Math.round(0.5 * fsHz) }, id);
  await insertTelemetryValues(ctx.db, { id, customer_id: t.customerId, point_id: t.pointId }, at, [
    ...computed.flatMap((list, i) =>
      list.map((v) => ({ telemetry: v.name, source: AXES[i]!, value: v.value, unit: v.unit, device_reported: false })),
    ),
    ...extra,
  ]);
  return id;
}
