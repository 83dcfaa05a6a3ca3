import type { Kysely } from 'kysely';
import {
  AXIS_KEYS,
  ENDPOINTS,
  duckChannelSeries,
  measurementJsonFromDetail,
  duckConfigObject,
  isDuckMac,
  senseway,
  type DeleteMeasurementResponse,
  type DuckConfig,
  type MeasurementDetail,
  type MeasurementPhoto,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { ObjectStorage } from '../../infra/storage.ts';
import { AppError } from '../../infra/errors.ts';
import { signObjectUrl, verifyObjectUrl } from '../../infra/signed-object-url.ts';
import { nodePath } from '../points/repo.ts';
import { deleteMeasurements } from './delete.ts';
import { toListItem } from './repo.ts';
import { readStoredWaveform } from './waveform.ts';

/** A measurement row of the customer, or 404 MEASUREMENT_NOT_FOUND (also for another customer's id). */
export async function measurementRow(db: Kysely<DB>, customerId: string, id: string) {
  const m = await db
    .selectFrom('measurements as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select(['u.name as user_name', 'u.surname as user_surname'])
    .where('m.id', '=', id)
    .where('m.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!m) throw new AppError('MEASUREMENT_NOT_FOUND');
  return m;
}

type Series = Pick<MeasurementDetail, 'measurementData' | 'data'>;
const NO_SERIES: Series = { measurementData: [], data: {} };

/**
 * The series of a Duck measurement (docs/ducks.md "Measurement"): its stored uint32 stream decoded
 * with the voltage reference it was taken with, each configured channel scaled linearly
 * (minMaxVoltage → minMaxValue) to its sensor type's unit as the ingest did for the telemetry, as
 * `channel_{order}` in the configuration's sensor and channel order. A channel missing from the
 * stream is left out.
 */
async function duckSeries(storage: ObjectStorage, key: string, cfg: DuckConfig): Promise<Series> {
  const bytes = await storage.get(key);
  if (!bytes || bytes.length % 4 !== 0) return NO_SERIES;
  const out: Series = { measurementData: [], data: {} };
  for (const c of duckChannelSeries(bytes, cfg)) {
    out.measurementData.push({ key: c.key, unit: c.unit });
    out.data[c.key] = Array.from(c.values);
  }
  return out;
}

/**
 * GET /measurement/{id} and its share-link twin: the measurement of the customer (404
 * MEASUREMENT_NOT_FOUND otherwise) with its samples and telemetry. A tri-axial measurement's
 * `data` holds the three axes in g; a Duck's (MAC prefix CA:B8:DA, or a stored `duck_config`) the
 * `channel_{order}` series in its sensors' units, with `config` the configuration it was taken with.
 * `samples: false` leaves a tri-axial measurement's `data` empty (the page reads them in binary from
 * GET /measurement/{id}/signal, docs/signals.md); a Duck's channels are always answered.
 */
export async function loadMeasurementDetail(
  ctx: AppContext,
  customerId: string,
  id: string,
  opts: { samples?: boolean } = {},
): Promise<MeasurementDetail> {
  const m = await measurementRow(ctx.db, customerId, id);
  const stored = m.waveform_key && (m.state === 'persisted' || m.state === 'partial') ? m.waveform_key : null;
  const duck = isDuckMac(m.device_mac) || m.duck_config != null;
  const parsedDuckConfig = duck ? duckConfigObject.safeParse(m.duck_config) : null;
  const duckConfig = parsedDuckConfig?.success ? parsedDuckConfig.data : null;
  let series = NO_SERIES;
  if (duck) {
    if (stored && duckConfig) series = await duckSeries(ctx.storage, stored, duckConfig);
  } else if (stored && opts.samples === false) {
    series = { measurementData: AXIS_KEYS.map((key) => ({ key, unit: 'g' })), data: {} };
  } else if (stored) {
    const wave = senseway.decodeTriaxial(await readStoredWaveform(ctx.storage, stored), m.range_index);
    series = {
      measurementData: AXIS_KEYS.map((key) => ({ key, unit: 'g' })),
      data: { accelerometer_x: Array.from(wave.x), accelerometer_y: Array.from(wave.y), accelerometer_z: Array.from(wave.z) },
    };
  }
  const telemetry = await ctx.db
    .selectFrom('telemetry_values')
    .select(['telemetry', 'source', 'value', 'unit', 'device_reported'])
    .where('measurement_id', '=', m.id)
    .where('customer_id', '=', customerId)
    .orderBy('telemetry')
    .orderBy('source')
    .execute();
  const path = m.point_id ? await nodePath(ctx.db, customerId, m.point_id) : [];
  const device = await ctx.db.selectFrom('devices').select('type').where('mac', '=', m.device_mac).executeTakeFirst();
  return {
    ...toListItem(m, m.point_id ? path : null),
    note: m.note,
    device: { type: device?.type ?? (duck ? 'DUCKV1' : 'SENSEWAY') },
    calibratedSamplingRate: m.calibrated_sampling_rate,
    startedAt: m.started_at ? m.started_at.toISOString() : null,
    profile: {
      sampleSize: m.sample_size,
      samplingRate: m.rate_index,
      accelerometerRange: { index: m.range_index, value: senseway.rangeFullScaleG(m.range_index) },
    },
    ...series,
    telemetry: telemetry.map((t) => ({
      name: t.telemetry,
      telemetry: t.telemetry,
      source: t.source,
      sensor: t.source,
      value: t.value,
      unit: t.unit,
      deviceReported: t.device_reported,
    })),
    ...(duck ? { config: duckConfig } : {}),
  };
}

/** One measurement as the JSON file of the tools menu's download (404 like the detail). */
export const measurementJson = async (ctx: AppContext, customerId: string, id: string, now = new Date()) =>
  measurementJsonFromDetail(await loadMeasurementDetail(ctx, customerId, id), now);

/** Trims, drops empty tags and duplicates, keeps the order. */
export const cleanTags = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

// ---- photos ----

/** Lifetime of a photo's signed GET URL. */
export const PHOTO_URL_TTL_S = 60 * 60;
/** The route serving measurement photos by signed URL (under /api). */
export const PHOTO_OBJECT_PATH = ENDPOINTS.getMeasurementPhotoObject.path;
/** Storage prefix of a measurement's photos. */
export const photoPrefix = (customerId: string, measurementId: string) => `measurement-photos/${customerId}/${measurementId}/`;
/** A URL an `<img src>` can GET a photo with (no token): key, expiry (Unix s) and their HMAC. */
export const signedPhotoUrl = (secret: string, key: string, now = Date.now()): string =>
  signObjectUrl(secret, 'PHOTO GET', `/api${PHOTO_OBJECT_PATH}`, key, PHOTO_URL_TTL_S, now);
/** Whether a photo URL's query is genuine and not expired. */
export const verifyPhotoUrl = (secret: string, q: { key: string; expires: number; signature: string }, now = Date.now()) =>
  verifyObjectUrl(secret, 'PHOTO GET', q, now);

/** The photos of a measurement of the customer (404 when the measurement is not theirs). */
export async function listPhotos(ctx: AppContext, customerId: string, measurementId: string): Promise<MeasurementPhoto[]> {
  await measurementRow(ctx.db, customerId, measurementId);
  const rows = await ctx.db
    .selectFrom('measurement_photos')
    .select(['key', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('measurement_id', '=', measurementId)
    .orderBy('created_at')
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, url: signedPhotoUrl(ctx.secrets.storageKey, r.key), date: r.created_at.toISOString() }));
}

/** Deletes one photo (`photoKeyPart`: the last segment of its key); 404 PHOTO_NOT_FOUND when none. */
export async function deletePhoto(ctx: AppContext, customerId: string, measurementId: string, photoKeyPart: string) {
  await measurementRow(ctx.db, customerId, measurementId);
  const key = photoPrefix(customerId, measurementId) + photoKeyPart;
  const gone = await ctx.db
    .deleteFrom('measurement_photos')
    .where('customer_id', '=', customerId)
    .where('measurement_id', '=', measurementId)
    .where('key', '=', key)
    .returning('key')
    .executeTakeFirst();
  if (!gone) throw new AppError('PHOTO_NOT_FOUND');
  await ctx.storage.delete(key).catch(() => {});
}

// ---- delete with the adjacent measurement ----

/**
 * Deletes one measurement (rows, telemetry, waveform, photos; share links go with it) and answers the
 * measurement the page opens next: the next newer one of the same point, else the next older one.
 */
export async function deleteOne(ctx: AppContext, customerId: string, id: string, log?: Parameters<typeof deleteMeasurements>[5]) {
  const m = await measurementRow(ctx.db, customerId, id);
  let adjacent: DeleteMeasurementResponse['adjacent'] = null;
  if (m.point_id) {
    const base = ctx.db
      .selectFrom('measurements')
      .select(['id', 'created_at'])
      .where('customer_id', '=', customerId)
      .where('point_id', '=', m.point_id)
      .where('id', '!=', m.id);
    const newer = await base
      .where((eb) =>
        eb.or([eb('created_at', '>', m.created_at), eb.and([eb('created_at', '=', m.created_at), eb('id', '>', m.id)])]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const row =
      newer ??
      (await base
        .where((eb) =>
          eb.or([eb('created_at', '<', m.created_at), eb.and([eb('created_at', '=', m.created_at), eb('id', '<', m.id)])]),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst());
    if (row) adjacent = { _id: row.id, createdAt: row.created_at.toISOString() };
  }
  const photos = await ctx.db
    .selectFrom('measurement_photos')
    .select('key')
    .where('customer_id', '=', customerId)
    .where('measurement_id', '=', id)
    .execute();
  const deleted = await deleteMeasurements(ctx.db, ctx.storage, ctx.chunks, customerId, [id], log);
  if (!deleted) throw new AppError('MEASUREMENT_NOT_FOUND');
  for (const p of photos) await ctx.storage.delete(p.key).catch(() => {});
  return { deleted: true as const, pointId: m.point_id, adjacent };
}

/**
 * Sets the favorite star, the note or the tags of one of the customer's measurements.
 * @returns the row's new values of those columns, or undefined for an unknown id or another
 *   customer's measurement
 */
export async function setMeasurementField(
  db: Kysely<DB>,
  customerId: string,
  measurementId: string,
  set: { favorite: boolean } | { note: string } | { tags: string[] },
) {
  return db
    .updateTable('measurements')
    .set(set)
    .where('id', '=', measurementId)
    .where('customer_id', '=', customerId)
    .returning(['favorite', 'note', 'tags'])
    .executeTakeFirst();
}

/** A photo of one of the customer's measurements by its storage key (its content type), or undefined. */
export async function findPhoto(db: Kysely<DB>, customerId: string, key: string) {
  return db
    .selectFrom('measurement_photos')
    .select(['content_type'])
    .where('key', '=', key)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}
