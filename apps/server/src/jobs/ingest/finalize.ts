import { sql, type Selectable } from 'kysely';
import { AXIS_KEYS, senseway } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import type { AppContext } from '../../context.ts';
import { newId } from '../../infra/ids.ts';
import { waveformKey } from '../../modules/measurements/waveform.ts';
import { deviceTelemetryRows } from './device-telemetry.ts';
import { persistFinalMeasurement, type FinalMeasurementColumns } from './persist-measurement.ts';
import { createFinalMeasurementWriter, type FinalMeasurementWriter } from './persist-batch.ts';
import { measurementProfile } from '@overtone/contract';
import type { StoredDone } from './chunk-store.ts';
import type { KeyDevice } from './key-lookup.ts';
import type { MeasurementAnalysis } from '../dsp/dsp-tasks.ts';

export type FinalizeOutcome = 'persisted' | 'partial' | 'waiting' | 'skipped';

/** Options of a finalization. */
export interface FinalizeOptions {
  /** close now even without `done` or with chunks missing (the chunks stopped) */
  closeIncomplete?: boolean;
  /** records stored input that fails validation (it is dropped) */
  reject?: (reason: string) => void;
  /**
   * The registered device of a key that had no measurement row when its first chunk came, as that
   * chunk's lookup found it (ingest's admission account): a self-initiated measurement is then
   * created for it without a second lookup. Only given while nobody else can have created the row
   * (one instance, its account still open).
   */
  keyDevice?: KeyDevice | null;
}

/** A stored `done` that passed validation again, with its parsed payload. */
export type CheckedDone = StoredDone & { parsed: senseway.DonePayload };

/**
 * The `done` of a measurement as stored, checked again against the protocol (`senseway.checkDone`):
 * an older server stored `done` messages unchecked, and one declaring an absurd chunk count or size
 * must not drive a loop or an allocation at every start. One that fails, or cannot be read, is
 * removed and reported through `reject`; the measurement then goes on as if no `done` had come.
 */
export async function readCheckedDone(
  ctx: AppContext,
  device: string,
  objectId: string,
  reject: (reason: string) => void = () => {},
): Promise<CheckedDone | undefined> {
  let stored: StoredDone | undefined;
  try {
    stored = await ctx.chunks.done(device, objectId);
  } catch (err) {
    reject(`STORED_DONE_UNREADABLE ${String(err).slice(0, 100)}`);
    await ctx.chunks.clearDone(device, objectId);
    return undefined;
  }
  if (!stored) return undefined;
  const checked = senseway.checkDone(stored.payload);
  if (checked.ok && !Number.isNaN(new Date(stored.received_at).getTime())) return { ...stored, parsed: checked.done };
  reject(`STORED_${checked.ok ? 'DONE_TIME' : checked.reason}`);
  await ctx.chunks.clearDone(device, objectId);
  return undefined;
}

/**
 * The stored chunks of a measurement, read only once their sizes are known to be legal: every index
 * below `MAX_CHUNK_COUNT`, every payload at most `MAX_CHUNK_BYTES`, together at most
 * `MAX_MEASUREMENT_BYTES` (limits.ts). Chunks an older server stored beyond that are removed and
 * reported through `reject` (the measurement then closes as partial without them).
 * @param sizes the store's `chunkSizes` when already read
 */
export async function readCheckedChunks(
  ctx: AppContext,
  device: string,
  objectId: string,
  reject: (reason: string) => void = () => {},
  sizes?: Map<number, number>,
): Promise<Map<number, Uint8Array>> {
  sizes ??= await ctx.chunks.chunkSizes(device, objectId);
  let total = 0;
  let bad: string | null = null;
  for (const [idx, len] of sizes) {
    total += len;
    if (idx >= senseway.MAX_CHUNK_COUNT) bad = `STORED_CHUNK_INDEX ${idx}`;
    else if (len > senseway.MAX_CHUNK_BYTES) bad = `STORED_CHUNK_TOO_LARGE ${len}`;
  }
  if (!bad && total > senseway.MAX_MEASUREMENT_BYTES) bad = `STORED_CHUNKS_TOO_LARGE ${total}`;
  if (!bad) return ctx.chunks.chunks(device, objectId);
  reject(bad);
  await ctx.chunks.clearChunks(device, objectId);
  return new Map();
}

/** The measurement's time from a `done`'s start time when plausible (limits.ts), else null (the arrival time is used). */
export const plausibleStart = (unixtime: number | undefined) =>
  unixtime !== undefined && senseway.plausibleStartUnixtime(unixtime) ? new Date(unixtime * 1000) : null;

const alreadyFinal = new Error('measurement already final');

/** One group-commit writer per database (persist-batch.ts): self-initiated measurements finalized together share a statement. */
const writers = new WeakMap<AppContext['db'], FinalMeasurementWriter>();
const writerOf = (db: AppContext['db']) => {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = createFinalMeasurementWriter(db)));
  return w;
};

type MeasurementRow = Selectable<DB['measurements']>;
/** What finalization reads of a measurement. */
type Target = Pick<
  MeasurementRow,
  | 'id'
  | 'object_id'
  | 'device_mac'
  | 'customer_id'
  | 'point_id'
  | 'gateway_mac'
  | 'state'
  | 'sample_size'
  | 'range_index'
  | 'rate_index'
  | 'created_at'
>;

/**
 * The measurement of (device, objectId), or for a self-initiated one (the device measured on its
 * own) of a known device the measurement to create (`create: true`, created final by
 * `createFinalMeasurementWriter`, several in one statement). One query finds the measurement and
 * the device together: each query is a round trip to the database's thread.
 * @returns null for an unknown device without a measurement
 */
async function measurementFor(
  ctx: AppContext,
  device: string,
  objectId: string,
  gateway: string | null,
): Promise<{ m: Target; create: boolean } | null> {
  const found = (
    await sql<
      MeasurementRow & {
        dev_mac: string | null;
        dev_customer_id: string;
        dev_point_id: string | null;
        dev_profile: unknown;
      }
    >`
      SELECT m.*, d.mac AS dev_mac, d.customer_id AS dev_customer_id, d.point_id AS dev_point_id, d.profile AS dev_profile
        FROM (SELECT 1) AS one
        LEFT JOIN measurements m ON m.device_mac = ${device} AND m.object_id = ${objectId}
        LEFT JOIN devices d ON d.mac = ${device}`.execute(ctx.db)
  ).rows[0];
  const { dev_mac, dev_customer_id, dev_point_id, dev_profile, ...m } = found;
  if (m.id) return { m, create: false };
  if (!dev_mac) return null;
  return {
    create: true,
    m: newMeasurement(device, objectId, gateway, { customerId: dev_customer_id, pointId: dev_point_id, profile: dev_profile }),
  };
}

/** The self-initiated measurement of a key to create for its registered device (not yet written). */
function newMeasurement(device: string, objectId: string, gateway: string | null, d: KeyDevice): Target {
  const profile = measurementProfile.safeParse(d.profile);
  const p = profile.success ? profile.data : { accelerometerRange: 4, samplingRate: 9 };
  return {
    id: newId(), // the device's objectId may repeat (C1 always sends 24 zeros): ours is unique
    object_id: objectId,
    device_mac: device,
    customer_id: d.customerId,
    point_id: d.pointId,
    gateway_mac: gateway,
    state: 'receiving',
    sample_size: 0, // self-initiated: accept the size the device sent
    range_index: p.accelerometerRange,
    rate_index: p.samplingRate,
    created_at: new Date(),
  };
}

/**
 * The samples an incomplete measurement still has: the longest run of consecutive chunks, placed by
 * the fixed chunk size (every chunk but 0 has it, senseway-gateway.md §5.2), cut to whole X,Y,Z
 * samples. Nothing is guessed across a gap.
 * @param chunks payloads by index
 * @param count CHUNK_COUNT (or highest index + 1)
 * @param expectedBytes 6 × requested sample size, 0 when unknown (places a lone chunk 0)
 * @returns the bytes of whole samples (length a multiple of 6, possibly 0)
 */
export function longestWholeRun(chunks: Map<number, Uint8Array>, count: number, expectedBytes: number): Uint8Array {
  const full =
    [...chunks].find(([i]) => i > 0)?.[1].length ??
    (count > 1 && expectedBytes ? (expectedBytes - (chunks.get(0)?.length ?? 0)) / (count - 1) : 0);
  if (!full && count > 1) return new Uint8Array(0);
  let best: [number, number] = [0, -1]; // [highest index, lowest index] of the longest run
  for (let hi = count - 1; hi >= 0; hi--) {
    if (!chunks.has(hi) || chunks.has(hi + 1)) continue;
    let lo = hi;
    while (lo > 0 && chunks.has(lo - 1)) lo--;
    const size = (i: number) => chunks.get(i)!.length;
    const len = (a: [number, number]) => (a[1] < 0 ? -1 : (a[0] - a[1]) * full + size(a[1]));
    if (len([hi, lo]) > len(best)) best = [hi, lo];
  }
  if (best[1] < 0) return new Uint8Array(0);
  const [hi, lo] = best;
  const start = (count - 1 - hi) * full; // byte offset of the run in the whole stream
  let runBytes = 0; // what the run's chunks hold (never more than was stored)
  for (let i = lo; i <= hi; i++) runBytes += chunks.get(i)!.length;
  const bytes = new Uint8Array(runBytes);
  for (let i = hi, off = 0; i >= lo; i--) {
    bytes.set(chunks.get(i)!, off);
    off += chunks.get(i)!.length;
  }
  const skip = (6 - (start % 6)) % 6; // the run may begin inside a sample
  const whole = Math.max(0, Math.floor((bytes.length - skip) / 6));
  return bytes.subarray(skip, skip + 6 * whole);
}

/**
 * Turns the stored chunks and `done` of one measurement into a stored measurement
 * (ARCHITECTURE.md "A measurement, end to end", step 4):
 * waits for every chunk `CHUNK_COUNT−1 … 0` (up to `chunkWaitMs` after `done`), joins them in
 * descending index order, checks the byte count against the requested sample size, and in the DSP
 * pool decodes int16 LE X,Y,Z with the range index that was sent and computes telemetry per axis;
 * writes the raw stream to object storage and in ONE statement marks the measurement persisted,
 * replaces its telemetry and queues its diagnosis (which computes the diagnosis' features in the
 * background: docs/fault-reports.md). A measurement that stays incomplete is stored as `partial` with the
 * samples it has (`longestWholeRun`); a later complete delivery still upgrades it to `persisted`.
 * Idempotent: a persisted measurement is never touched again, a partial one only by complete data,
 * and the guarded update makes a concurrent second run insert nothing.
 * The stored `done` and chunks are checked again before they are used (`readCheckedDone`,
 * `readCheckedChunks`): what fails is dropped and reported through `opts.reject`.
 * @param opts.closeIncomplete close now even without `done` or with chunks missing (the chunks stopped)
 * @returns what happened, and for `waiting` how long to wait before trying again
 */
export async function finalizeMeasurement(
  ctx: AppContext,
  device: string,
  objectId: string,
  opts: FinalizeOptions = {},
): Promise<{ outcome: FinalizeOutcome; retryInMs?: number; measurementId?: string; gateway?: string; root?: string }> {
  const done = await readCheckedDone(ctx, device, objectId, opts.reject);
  if (!done && !opts.closeIncomplete) return { outcome: 'skipped' };
  const doneGateway = done?.gateway_mac ?? null;
  const target = opts.keyDevice
    ? { create: true, m: newMeasurement(device, objectId, doneGateway, opts.keyDevice) }
    : await measurementFor(ctx, device, objectId, doneGateway);
  if (!target || target.m.state === 'persisted') {
    await ctx.chunks.clear(device, objectId);
    return { outcome: 'skipped' };
  }
  const { m, create } = target;
  const stat = done?.parsed.STAT ?? {};
  const sizes = await ctx.chunks.chunkSizes(device, objectId);
  if (done && !opts.closeIncomplete && m.state !== 'partial') {
    // Chunks still missing are waited for without reading the payloads that did arrive (with several
    // instances, the one holding the `done` looks again every few tens of ms while they come in).
    const expected = stat.CHUNK_COUNT ?? (sizes.size ? Math.max(...sizes.keys()) + 1 : 0);
    const waited = Date.now() - done.received_at.getTime();
    let incomplete = expected === 0;
    for (let i = 0; i < expected && !incomplete; i++) incomplete = !sizes.has(i);
    if (incomplete && waited < ctx.config.chunkWaitMs)
      return {
        outcome: 'waiting',
        retryInMs: ctx.config.chunkWaitMs - waited,
        measurementId: m.id,
        gateway: m.gateway_mac ?? done.gateway_mac,
        root: done.root,
      };
  }
  const chunks = await readCheckedChunks(ctx, device, objectId, opts.reject, sizes);
  const count = stat.CHUNK_COUNT ?? (chunks.size ? Math.max(...chunks.keys()) + 1 : 0);
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !chunks.has(i));
  const gateway = m.gateway_mac ?? done?.gateway_mac ?? null;
  const base = { measurementId: m.id, gateway: gateway ?? undefined, root: done?.root ?? ctx.config.sensewayRoot };
  const expectedBytes = 6 * m.sample_size;

  let bytes: Uint8Array;
  let reason: string | null = null;
  if (count === 0 || missing.length || !done) {
    if (m.state === 'partial') {
      // already closed with what it had: an incomplete repeat changes nothing
      await ctx.chunks.clear(device, objectId);
      return { outcome: 'skipped' };
    }
    if (done && !opts.closeIncomplete) {
      const waited = Date.now() - done.received_at.getTime();
      if (waited < ctx.config.chunkWaitMs) return { outcome: 'waiting', retryInMs: ctx.config.chunkWaitMs - waited, ...base };
    }
    reason = count === 0 ? 'NO_CHUNKS' : !done ? `NO_DONE ${chunks.size}/${count}` : `MISSING_CHUNKS ${missing.length}/${count}`;
    bytes = longestWholeRun(chunks, count, expectedBytes);
  } else {
    bytes = senseway.assembleChunks(chunks, count);
    if (bytes.length % 6 !== 0 || (m.sample_size > 0 && bytes.length !== expectedBytes)) {
      if (m.state === 'partial') {
        await ctx.chunks.clear(device, objectId);
        return { outcome: 'skipped' };
      }
      reason = `LENGTH_MISMATCH ${bytes.length}/${expectedBytes}`;
      bytes = bytes.subarray(0, bytes.length - (bytes.length % 6));
    }
  }
  if (bytes.length === 6) {
    // one sample is no signal (telemetry needs two): kept as a partial measurement without samples
    reason ??= 'TOO_FEW_SAMPLES 1';
    bytes = bytes.subarray(0, 0);
  }
  const state = reason ? ('partial' as const) : ('persisted' as const);
  const sampleSize = bytes.length / 6;
  const fs =
    stat.CALIBRATED_SAMPLINGRATE ?? stat.ACCELEROMETER_CALIBRATED_SAMPLINGRATE ?? senseway.nominalSamplingRateHz(m.rate_index);
  const deviceTelemetry = done?.parsed.TELEMETRY ?? [];
  const deviceRows = deviceTelemetryRows(deviceTelemetry);
  // Telemetry in the DSP pool (the API's event loop only moves bytes). The diagnosis' features are
  // not computed here: the diagnosis computes them in the background from the stored waveform
  // (jobs/diagnosis), so a burst of measurements is stored at ingest's own pace.
  const computed: MeasurementAnalysis['telemetry'] = sampleSize
    ? await ctx.dsp.run<MeasurementAnalysis['telemetry']>({
        kind: 'measurementTelemetry',
        bytes: bytes.slice(), // moved to the worker; `bytes` is stored below
        rangeIndex: m.range_index,
        samplingRateHz: fs,
      })
    : [];
  const key = sampleSize ? waveformKey(m.customer_id, m.id) : null;
  if (key) await ctx.storage.put(key, bytes, 'application/octet-stream');
  const startedAt = plausibleStart(stat.MEASUREMENT_START_UNIXTIME);
  const measuredAt = startedAt ?? m.created_at;
  const rows = [
    ...computed.flatMap((list, i) =>
      list.map((t) => ({ telemetry: t.name, source: AXIS_KEYS[i], value: t.value, unit: t.unit, device_reported: false })),
    ),
    ...deviceRows.map((t) => ({ ...t, device_reported: true })),
  ].filter((r) => Number.isFinite(r.value));

  const columns: FinalMeasurementColumns = {
    state,
    error: reason,
    sample_size: sampleSize,
    calibrated_sampling_rate: fs,
    started_at: startedAt,
    waveform_key: key,
    gateway_mac: gateway,
    device_telemetry: deviceTelemetry,
  };
  const unless = state === 'persisted' ? ['persisted'] : ['persisted', 'partial'];
  const stored = create
    ? await writerOf(ctx.db).insert({ m: { ...m, device_mac: device }, set: columns, measuredAt, rows })
    : m.state === 'partial'
      ? // a partial measurement completed later: its telemetry is replaced, in one transaction
        await ctx.db
          .transaction()
          .execute(async (trx) => {
            await trx.deleteFrom('telemetry_values').where('measurement_id', '=', m.id).execute();
            if (await persistFinalMeasurement(trx, m, columns, unless, measuredAt, rows)) return true;
            throw alreadyFinal; // rolls the delete back
          })
          .catch((err: unknown) => {
            if (err === alreadyFinal) return false;
            throw err;
          })
      : await persistFinalMeasurement(ctx.db, m, columns, unless, measuredAt, rows);
  // created meanwhile by another finalization: the waveform stored under our id is nobody's
  if (create && !stored && key) await ctx.storage.delete(key).catch(() => {});
  await ctx.chunks.clear(device, objectId);
  // its diagnosis, queued by the statement above (jobs/diagnosis; the sweep catches it too, should this be lost)
  if (stored && sampleSize >= 2 && m.point_id) ctx.diagnosis?.notify(m.id);
  return { outcome: stored ? state : 'skipped', ...base };
}
