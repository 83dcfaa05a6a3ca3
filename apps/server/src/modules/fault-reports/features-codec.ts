import { gunzipSync, gzipSync } from 'node:zlib';
import type { MeasurementFeatures } from '@overtone/diagnosis';

/**
 * Storage form of a measurement's diagnosis features (`measurement_features.features`, bytea,
 * migration 0023): their JSON, gzip-compressed at level 1 (≈ 15 kB → ≈ 5 kB in about 0.2 ms).
 * @returns the gzip member (RFC 1952)
 */
export function encodeFeatures(features: MeasurementFeatures): Buffer {
  return gzipSync(JSON.stringify(features), { level: 1 });
}

/**
 * Inverse of {@link encodeFeatures}; also reads rows written before migration 0023 (plain JSON text
 * as UTF-8 bytes).
 * @throws Error when the bytes are neither (corrupt row): the caller treats the measurement as
 *   having no features
 */
export function decodeFeatures(bytes: Uint8Array): MeasurementFeatures {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = b[0] === 0x1f && b[1] === 0x8b ? gunzipSync(b).toString('utf8') : b.toString('utf8');
  return JSON.parse(text) as MeasurementFeatures;
}
