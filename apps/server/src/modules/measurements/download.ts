import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import { Zip, ZipDeflate } from 'fflate';
import {
  ENDPOINTS,
  csvLine,
  duckChannelSeries,
  duckConfigObject,
  isDuckMac,
  senseway,
  type MeasurementListQuery,
} from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import type { ObjectStorage } from '../../infra/storage.ts';
import { nodePaths } from '../points/repo.ts';
import { applyFilters, type ListScope } from './repo.ts';

/** Lifetime of a download URL (s): long enough to start it, short enough not to be shared. */
export const DOWNLOAD_URL_TTL_S = 300;
/** Path of the archive behind the signed URL (under /api). */
export const ARCHIVE_PATH = ENDPOINTS.downloadMeasurementArchive.path;

export interface DownloadClaims {
  customerId: string;
  userId: string;
  /** Unix seconds. */
  expires: number;
  /** The validated list query, JSON, base64url. */
  q: string;
}

const mac = (key: string, c: DownloadClaims) =>
  createHmac('sha256', key).update(`download\n${c.customerId}\n${c.userId}\n${c.expires}\n${c.q}`).digest('base64url');

/** The query string of a signed archive URL for `query`, valid {@link DOWNLOAD_URL_TTL_S} s. */
export function signDownload(key: string, customerId: string, userId: string, query: object, now = Date.now()) {
  const claims: DownloadClaims = {
    customerId,
    userId,
    expires: Math.floor(now / 1000) + DOWNLOAD_URL_TTL_S,
    q: Buffer.from(JSON.stringify(query)).toString('base64url'),
  };
  const search = new URLSearchParams({ q: claims.q, user: userId, expires: String(claims.expires), signature: mac(key, claims) });
  return { search: search.toString(), expires: claims.expires };
}

/** @returns the signed query (parsed JSON) or null when the signature is wrong or expired. */
export function verifyDownload(
  key: string,
  customerId: string,
  p: { q: string; user: string; expires: number; signature: string },
  nowS = Date.now() / 1000,
): unknown {
  if (!Number.isFinite(p.expires) || p.expires < nowS) return null;
  const want = Buffer.from(mac(key, { customerId, userId: p.user, expires: p.expires, q: p.q }));
  const got = Buffer.from(p.signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    return JSON.parse(Buffer.from(p.q, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const BATCH = 100;
const SENSOR_AXES = ['x', 'y', 'z'] as const;

/** Rows of the download, newest first, read in keyset batches (memory stays one batch). */
async function* matchingRows(db: Kysely<DB>, scope: ListScope, f: Partial<MeasurementListQuery>) {
  let after: { created_at: Date; id: string } | null = null;
  for (;;) {
    let q = applyFilters(db.selectFrom('measurements as m'), scope, f)
      .leftJoin('tree_nodes as p', 'p.id', 'm.point_id')
      .selectAll('m')
      .select('p.point as point_data');
    if (after) {
      const a: { created_at: Date; id: string } = after;
      q = q.where((eb) =>
        eb.or([eb('m.created_at', '<', a.created_at), eb.and([eb('m.created_at', '=', a.created_at), eb('m.id', '<', a.id)])]),
      );
    }
    const rows = await q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(BATCH).execute();
    for (const r of rows) yield r;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!;
  }
}

type Row = { device_mac: string; duck_config: unknown; range_index: number };

/** A Duck's measurement (MAC prefix CA:B8:DA, or one taken with a stored `duck_config`): channels, not tri-axial g. */
const isDuckRow = (r: Row) => isDuckMac(r.device_mac) || r.duck_config != null;

/**
 * The waveform file of one measurement: columns and rows, or why there is none.
 * - tri-axial: `time_s` and `accelerometer_{x,y,z}_g` (int16 X,Y,Z decoded with its range);
 * - Duck: `time_s` and `channel_{order}_{unit}` per configured channel, in its sensor's unit
 *   (the stored uint32 stream decoded with the configuration it was taken with, as GET /measurement/{id}).
 * A stream that cannot be decoded answers an `error` instead: the archive goes on without its file.
 */
function waveformTable(
  r: Row,
  bytes: Uint8Array,
): { header: string[]; columns: ArrayLike<number>[]; units: Record<string, string> } | { error: string } {
  try {
    if (isDuckRow(r)) {
      const cfg = duckConfigObject.safeParse(r.duck_config);
      if (!cfg.success) return { error: 'DUCK_CONFIG_MISSING' };
      const series = duckChannelSeries(bytes, cfg.data);
      return {
        header: series.map((c) => `${c.key}_${c.unit}`),
        columns: series.map((c) => c.values),
        units: Object.fromEntries(series.map((c) => [c.key, c.unit])),
      };
    }
    const w = senseway.decodeTriaxial(bytes, r.range_index);
    return {
      header: SENSOR_AXES.map((a) => `accelerometer_${a}_g`),
      columns: [w.x, w.y, w.z],
      units: Object.fromEntries(SENSOR_AXES.map((a) => [`accelerometer_${a}`, 'g'])),
    };
  } catch (err) {
    return { error: `WAVEFORM_UNREADABLE ${String(err).slice(0, 120)}` };
  }
}

/**
 * Streams a zip archive of the measurements matching `f` (`GET /measurement/download/archive`):
 * - `index.csv`: one line per measurement (id, createdAt UTC ISO 8601, point path, gateway, MAC,
 *   type, state, tags `;`-separated, samplingRateHz, sampleSize, rangeG (empty for a Duck), file: the
 *   waveform file a stored waveform gets);
 * - `{id}.json`: metadata with units (`time: s`, `acceleration: g`), sampling rate (calibrated, else
 *   nominal, Hz), full scale (g), g per count, the axis mapping (CSV column → sensor axis → point
 *   axis of the point form) and the telemetry values with their units;
 * - `{id}.csv`: `time_s` and one column per axis in g, or per channel in its unit for a Duck
 *   (absent when no waveform was stored; when it cannot be decoded, `waveformError` in its JSON says
 *   why and the archive goes on).
 * Rows are read in batches of 100 and each measurement is written before the next is read, waiting
 * for the client when the socket buffer is full: memory stays a batch plus one waveform.
 */
export function streamArchive(
  db: Kysely<DB>,
  storage: ObjectStorage,
  scope: ListScope,
  f: Partial<MeasurementListQuery>,
  onError: (err: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const file = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 1 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  const drained = async () => {
    if (out.writableLength > out.writableHighWaterMark && !out.destroyed) await once(out, 'drain');
  };
  (async () => {
    const paths = await nodePaths(db, scope.customerId);
    const rate = (r: { calibrated_sampling_rate: number | null; rate_index: number }) =>
      r.calibrated_sampling_rate ?? senseway.nominalSamplingRateHz(r.rate_index);
    // Pass 1: the index, streamed as one entry.
    const index = new ZipDeflate('index.csv', { level: 1 });
    zip.add(index);
    const enc = new TextEncoder();
    index.push(
      enc.encode('id,createdAt,point,gateway,macAddress,measurementType,state,tags,samplingRateHz,sampleSize,rangeG,file\n'),
    );
    for await (const r of matchingRows(db, scope, f)) {
      if (out.destroyed) return;
      const path = r.point_id ? (paths.get(r.point_id) ?? []).join(' / ') : '';
      const cells = [r.id, r.created_at.toISOString(), path, r.gateway_mac ?? '', r.device_mac, r.measurement_type, r.state,
        r.tags.join(';'), String(rate(r)), String(r.sample_size), isDuckRow(r) ? '' : String(senseway.rangeFullScaleG(r.range_index)),
        r.waveform_key ? `${r.id}.csv` : '']; // prettier-ignore
      // formula-escaped cells (point paths, tags and gateways are user text): contract csv.ts
      index.push(enc.encode(csvLine(cells) + '\n'));
      await drained();
    }
    index.push(new Uint8Array(0), true);
    // Pass 2: one metadata file and one waveform file per measurement.
    for await (const r of matchingRows(db, scope, f)) {
      if (out.destroyed) return;
      const point = (r.point_data ?? {}) as { coordinateXAxis?: string; coordinateYAxis?: string; coordinateZAxis?: string };
      const pointAxes = [point.coordinateXAxis, point.coordinateYAxis, point.coordinateZAxis];
      const telemetry = await db
        .selectFrom('telemetry_values')
        .select(['telemetry', 'source', 'value', 'unit', 'device_reported'])
        .where('measurement_id', '=', r.id)
        .where('customer_id', '=', scope.customerId)
        .orderBy('telemetry')
        .orderBy('source')
        .execute();
      const bytes = r.waveform_key ? await storage.get(r.waveform_key) : null;
      const duck = isDuckRow(r);
      const table = bytes ? waveformTable(r, bytes) : null;
      const wave = table && 'header' in table ? table : null;
      const meta = {
        id: r.id,
        createdAt: r.created_at.toISOString(),
        startedAt: r.started_at?.toISOString() ?? null,
        point: r.point_id ? { id: r.point_id, path: paths.get(r.point_id) ?? [] } : null,
        gateway: r.gateway_mac,
        macAddress: r.device_mac,
        measurementType: r.measurement_type,
        state: r.state,
        error: r.error,
        tags: r.tags,
        device: duck ? 'DUCKV1' : 'SENSEWAY',
        units: duck ? { time: 's', ...wave?.units } : { time: 's', acceleration: 'g' },
        samplingRateHz: rate(r),
        calibratedSamplingRateHz: r.calibrated_sampling_rate,
        nominalSamplingRateHz: duck ? null : senseway.nominalSamplingRateHz(r.rate_index),
        sampleSize: r.sample_size,
        accelerometerRangeG: duck ? null : senseway.rangeFullScaleG(r.range_index),
        gPerCount: duck ? null : senseway.gPerCount(r.range_index),
        axes: duck
          ? []
          : SENSOR_AXES.map((a, i) => ({
              column: `accelerometer_${a}_g`,
              sensorAxis: a,
              pointAxis: pointAxes[i] ?? `${a}Axis`,
            })),
        channels: duck ? (wave?.header ?? []).map((column) => ({ column })) : undefined,
        waveformFile: wave ? `${r.id}.csv` : null,
        waveformError: table && 'error' in table ? table.error : null,
        telemetry: telemetry.map((t) => ({
          telemetry: t.telemetry,
          source: t.source,
          value: t.value,
          unit: t.unit,
          deviceReported: t.device_reported,
        })),
      };
      file(`${r.id}.json`, JSON.stringify(meta, null, 2));
      if (wave) {
        const fs = meta.samplingRateHz;
        const lines = [['time_s', ...wave.header].join(',')];
        const n = Math.max(0, ...wave.columns.map((c) => c.length));
        for (let i = 0; i < n; i++) lines.push([i / fs, ...wave.columns.map((c) => c[i] ?? '')].join(','));
        file(`${r.id}.csv`, lines.join('\n') + '\n');
      }
      await drained();
    }
    zip.end();
  })().catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
