import { AXIS_KEYS, senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { newId } from '../../infra/ids.ts';
import { waveformKey } from '../../modules/measurements/waveform.ts';
import { chunkStore } from './chunk-store.ts';
import { deviceTelemetryRows } from './device-telemetry.ts';
import { measurementProfile } from '@overtone/contract';

export type FinalizeOutcome = 'persisted' | 'partial' | 'waiting' | 'skipped';

/** Finds the measurement of (device, objectId), creating it for a self-initiated one of a known device. */
async function measurementFor(ctx: AppContext, device: string, objectId: string, gateway: string) {
  const m = await ctx.db
    .selectFrom('measurements')
    .selectAll()
    .where('device_mac', '=', device)
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  if (m) return m;
  const dev = await ctx.db.selectFrom('devices').selectAll().where('mac', '=', device).executeTakeFirst();
  if (!dev) return null;
  const profile = measurementProfile.safeParse(dev.profile);
  const p = profile.success ? profile.data : { accelerometerRange: 4, samplingRate: 9 };
  await ctx.db
    .insertInto('measurements')
    .values({
      id: newId(), // the device's objectId may repeat (C1 always sends 24 zeros): ours is unique
      object_id: objectId,
      customer_id: dev.customer_id,
      point_id: dev.point_id,
      device_mac: device,
      gateway_mac: gateway,
      user_id: null,
      measurement_type: 'PERIODIC',
      state: 'receiving',
      range_index: p.accelerometerRange,
      rate_index: p.samplingRate,
      sample_size: 0, // self-initiated: accept the size the device sent
    })
    .onConflict((oc) => oc.columns(['device_mac', 'object_id']).doNothing())
    .execute();
  return ctx.db
    .selectFrom('measurements')
    .selectAll()
    .where('device_mac', '=', device)
    .where('object_id', '=', objectId)
    .executeTakeFirst();
}

/**
 * Turns the stored chunks and `done` of one measurement into a persisted measurement
 * (ARCHITECTURE.md "A measurement, end to end", step 4):
 * waits for every chunk `CHUNK_COUNT−1 … 0` (up to `chunkWaitMs` after `done`, then `partial`),
 * joins them in descending index order, checks the byte count against the requested sample size,
 * decodes int16 LE X,Y,Z with the range index that was sent, writes the raw stream to object
 * storage, computes telemetry per axis, and in ONE transaction marks the measurement persisted and
 * inserts its telemetry. Idempotent: a measurement already persisted is skipped, and the guarded
 * update makes a concurrent second run insert nothing.
 * @returns what happened, and for `waiting` how long to wait before trying again
 */
export async function finalizeMeasurement(
  ctx: AppContext,
  device: string,
  objectId: string,
): Promise<{ outcome: FinalizeOutcome; retryInMs?: number; measurementId?: string; gateway?: string; root?: string }> {
  const done = await chunkStore.done(ctx.db, device, objectId);
  if (!done) return { outcome: 'skipped' };
  const m = await measurementFor(ctx, device, objectId, done.gateway_mac);
  if (!m) {
    await chunkStore.clear(ctx.db, device, objectId);
    return { outcome: 'skipped' };
  }
  if (m.state === 'persisted' || m.state === 'partial') {
    await chunkStore.clear(ctx.db, device, objectId);
    return { outcome: 'skipped' };
  }
  const parsed = senseway.donePayload.safeParse(done.payload);
  const stat = parsed.success ? parsed.data.STAT : {};
  const chunks = await chunkStore.chunks(ctx.db, device, objectId);
  const count = stat.CHUNK_COUNT ?? (chunks.size ? Math.max(...chunks.keys()) + 1 : 0);
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !chunks.has(i));
  const base = { measurementId: m.id, gateway: done.gateway_mac, root: done.root };
  const markPartial = async (reason: string) => {
    await ctx.db
      .updateTable('measurements')
      .set({ state: 'partial', error: reason, gateway_mac: m.gateway_mac ?? done.gateway_mac })
      .where('id', '=', m.id)
      .where('state', 'not in', ['persisted', 'partial'])
      .execute();
    await chunkStore.clear(ctx.db, device, objectId);
    return { outcome: 'partial' as const, ...base };
  };
  if (count === 0 || missing.length) {
    const waited = Date.now() - done.received_at.getTime();
    if (waited < ctx.config.chunkWaitMs) return { outcome: 'waiting', retryInMs: ctx.config.chunkWaitMs - waited, ...base };
    return markPartial(count === 0 ? 'NO_CHUNKS' : `MISSING_CHUNKS ${missing.length}/${count}`);
  }
  const bytes = senseway.assembleChunks(chunks, count);
  const expectedBytes = 6 * m.sample_size;
  if (bytes.length % 6 !== 0 || (m.sample_size > 0 && bytes.length !== expectedBytes))
    return markPartial(`LENGTH_MISMATCH ${bytes.length}/${expectedBytes}`);
  const sampleSize = bytes.length / 6;
  const fs =
    stat.CALIBRATED_SAMPLINGRATE ?? stat.ACCELEROMETER_CALIBRATED_SAMPLINGRATE ?? senseway.nominalSamplingRateHz(m.rate_index);
  const wave = senseway.decodeTriaxial(bytes, m.range_index);
  const axes = [wave.x, wave.y, wave.z];
  const computed = await Promise.all(axes.map((a) => ctx.dsp.telemetry(a, fs)));
  const key = waveformKey(m.customer_id, m.id);
  await ctx.storage.put(key, bytes, 'application/octet-stream');
  const startedAt = stat.MEASUREMENT_START_UNIXTIME ? new Date(stat.MEASUREMENT_START_UNIXTIME * 1000) : null;
  const measuredAt = startedAt ?? m.created_at;
  const rows = [
    ...computed.flatMap((list, i) =>
      list.map((t) => ({ telemetry: t.name, source: AXIS_KEYS[i], value: t.value, unit: t.unit, device_reported: false })),
    ),
    ...deviceTelemetryRows(parsed.success ? parsed.data.TELEMETRY : []).map((t) => ({ ...t, device_reported: true })),
  ].filter((r) => Number.isFinite(r.value));

  const persisted = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('measurements')
      .set({
        state: 'persisted',
        error: null,
        sample_size: sampleSize,
        calibrated_sampling_rate: fs,
        started_at: startedAt,
        waveform_key: key,
        gateway_mac: m.gateway_mac ?? done.gateway_mac,
        device_telemetry: JSON.stringify(parsed.success ? parsed.data.TELEMETRY : []),
        persisted_at: new Date(),
      })
      .where('id', '=', m.id)
      .where('state', 'not in', ['persisted', 'partial'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    if (rows.length)
      await trx
        .insertInto('telemetry_values')
        .values(
          rows.map((r) => ({
            ...r,
            measurement_id: m.id,
            customer_id: m.customer_id,
            point_id: m.point_id,
            measured_at: measuredAt,
          })),
        )
        .onConflict((oc) => oc.columns(['measurement_id', 'telemetry', 'source', 'device_reported']).doNothing())
        .execute();
    return true;
  });
  await chunkStore.clear(ctx.db, device, objectId);
  return { outcome: persisted ? 'persisted' : 'skipped', ...base };
}
