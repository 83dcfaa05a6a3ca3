import { duckChannelSeries, duckConfigObject, senseway, type DuckConfig } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { newId } from '../../infra/ids.ts';
import { plausibleStart, readCheckedChunks, readCheckedDone, type FinalizeOptions, type FinalizeOutcome } from './finalize.ts';
import { insertTelemetryValues } from './persist-measurement.ts';

/** Object-storage key of a Duck measurement's raw stream: the assembled uint32 little-endian words (§10.1). */
export const duckWaveformKey = (customerId: string, measurementId: string) =>
  `measurements/${customerId}/${measurementId}/raw.duck-u32le`;

/** Telemetry kept for a sensor whose unit is not g: names renamed, units replaced by the sensor's. */
const NON_G_TELEMETRY: Record<string, string> = {
  GRMS: 'RMS',
  PEAK: 'PEAK',
  PEAK_TO_PEAK: 'PEAK_TO_PEAK',
  CREST: 'CREST',
  KURTOSIS: 'KURTOSIS',
  SKEWNESS: 'SKEWNESS',
  SHAPE_FACTOR: 'SHAPE_FACTOR',
  CLEARANCE: 'CLEARANCE',
};

/** The measurement of (duck, objectId); a self-initiated one (periodic from the device) is created from the Duck's config. */
async function duckMeasurementFor(ctx: AppContext, device: string, objectId: string) {
  const find = () =>
    ctx.db
      .selectFrom('measurements')
      .selectAll()
      .where('device_mac', '=', device)
      .where('object_id', '=', objectId)
      .executeTakeFirst();
  const m = await find();
  if (m) return m;
  const duck = await ctx.db.selectFrom('ducks').selectAll().where('mac', '=', device).executeTakeFirst();
  if (!duck) return null;
  const dev = await ctx.db.selectFrom('devices').select('point_id').where('mac', '=', device).executeTakeFirst();
  await ctx.db
    .insertInto('measurements')
    .values({
      id: newId(),
      object_id: objectId,
      customer_id: duck.customer_id,
      point_id: dev?.point_id ?? null,
      device_mac: device,
      gateway_mac: device,
      user_id: null,
      measurement_type: 'PERIODIC',
      state: 'receiving',
      range_index: 0,
      rate_index: 0,
      sample_size: 0,
      duck_config: JSON.stringify(duck.config),
    })
    .onConflict((oc) => oc.columns(['device_mac', 'object_id']).doNothing())
    .execute();
  return find();
}

/**
 * Finalizes a Duck v1 measurement (protocol §10.1; docs/ducks.md): waits for every chunk
 * `CHUNK_COUNT−1 … 0` (up to `chunkWaitMs` after `done`, then `partial`), joins them in descending
 * order, checks 4 bytes × sampleSize × enabled channels, groups the uint32 words by channel id,
 * converts to volts with the reference the measurement was requested with, scales each channel to
 * its sensor's unit (minMaxVoltage → minMaxValue, linear), computes telemetry per channel in the
 * DSP pool (source `channel_{order}`), stores the raw words, and persists in one transaction.
 * Same outcomes and idempotence as `finalizeMeasurement`; an incomplete Duck measurement is closed
 * `partial` without samples (`opts.closeIncomplete`: the chunks stopped).
 */
export async function finalizeDuckMeasurement(
  ctx: AppContext,
  device: string,
  objectId: string,
  opts: FinalizeOptions = {},
): Promise<{ outcome: FinalizeOutcome; retryInMs?: number; measurementId?: string; gateway?: string; root?: string }> {
  const stored = await readCheckedDone(ctx, device, objectId, opts.reject);
  if (!stored && !opts.closeIncomplete) return { outcome: 'skipped' };
  const done = stored ?? {
    gateway_mac: device,
    root: ctx.config.sensewayRoot,
    payload: null,
    received_at: new Date(0),
    parsed: { STAT: {}, TELEMETRY: [] },
  };
  const m = await duckMeasurementFor(ctx, device, objectId);
  if (!m || m.state === 'persisted' || m.state === 'partial') {
    await ctx.chunks.clear(device, objectId);
    return { outcome: 'skipped' };
  }
  const parsedCfg = duckConfigObject.safeParse(m.duck_config);
  const base = { measurementId: m.id, gateway: done.gateway_mac, root: done.root };
  const markPartial = async (reason: string) => {
    await ctx.db
      .updateTable('measurements')
      .set({ state: 'partial', error: reason, gateway_mac: m.gateway_mac ?? done.gateway_mac })
      .where('id', '=', m.id)
      .where('state', 'not in', ['persisted', 'partial'])
      .execute();
    await ctx.chunks.clear(device, objectId);
    return { outcome: 'partial' as const, ...base };
  };
  if (!parsedCfg.success) return markPartial('NO_DUCK_CONFIG');
  const cfg: DuckConfig = parsedCfg.data;
  const stat = done.parsed.STAT;
  const chunks = await readCheckedChunks(ctx, device, objectId, opts.reject);
  const count = stat.CHUNK_COUNT ?? (chunks.size ? Math.max(...chunks.keys()) + 1 : 0);
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !chunks.has(i));
  if (count === 0 || missing.length || !stored) {
    if (!stored) return markPartial(`NO_DONE ${chunks.size}/${count}`);
    const waited = Date.now() - done.received_at.getTime();
    if (waited < ctx.config.chunkWaitMs) return { outcome: 'waiting', retryInMs: ctx.config.chunkWaitMs - waited, ...base };
    return markPartial(count === 0 ? 'NO_CHUNKS' : `MISSING_CHUNKS ${missing.length}/${count}`);
  }
  const bytes = senseway.assembleChunks(chunks, count);
  const orders = [...new Set(cfg.sensors.flatMap((s) => s.channels.map((c) => c.order)))];
  const expectedBytes = 4 * m.sample_size * orders.length;
  if (bytes.length % 4 !== 0 || (m.sample_size > 0 && bytes.length !== expectedBytes))
    return markPartial(`LENGTH_MISMATCH ${bytes.length}/${expectedBytes}`);
  const fs = stat.CALIBRATED_SAMPLINGRATE ?? cfg.samplingRate;
  const channels = duckChannelSeries(bytes, cfg);
  const channelRows = await Promise.all(
    channels
      .filter((c) => c.values.length >= 2)
      .map(async ({ key: source, unit, sensor, values }) => {
        const list = await ctx.dsp.telemetry(values, fs);
        // an accelerometer (unit g) gets the full vibration telemetry; other sensors their levels
        if (sensor === 'accelerometer') return list.map((t) => ({ telemetry: t.name, source, value: t.value, unit: t.unit }));
        return list
          .filter((t) => t.name in NON_G_TELEMETRY)
          .map((t) => ({ telemetry: NON_G_TELEMETRY[t.name]!, source, value: t.value, unit: t.unit === 'g' ? unit : t.unit }));
      }),
  );
  const rows = channelRows.flat().filter((r) => Number.isFinite(r.value));
  const sampleSize = Math.max(0, ...channels.map((c) => c.values.length));
  const key = duckWaveformKey(m.customer_id, m.id);
  await ctx.storage.put(key, bytes, 'application/octet-stream');
  const startedAt = plausibleStart(stat.MEASUREMENT_START_UNIXTIME);
  const measuredAt = startedAt ?? m.created_at;
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
        device_telemetry: JSON.stringify(done.parsed.TELEMETRY),
        persisted_at: new Date(),
      })
      .where('id', '=', m.id)
      .where('state', 'not in', ['persisted', 'partial'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await insertTelemetryValues(
      trx,
      m,
      measuredAt,
      rows.map((r) => ({ ...r, device_reported: false })),
    );
    return true;
  });
  await ctx.chunks.clear(device, objectId);
  return { outcome: persisted ? 'persisted' : 'skipped', ...base };
}
