import { sql } from 'kysely';
import { isDuckMac } from '@overtone/contract';
import type { AppContext } from '../../context.ts';

/**
 * The registered device of a key as the key's first chunk found it: what finalization creates a
 * self-initiated measurement for (finalize.ts `measurementFor`) without looking the device up again.
 */
export interface KeyDevice {
  customerId: string;
  /** the point the device measures, or null when it is not mounted */
  pointId: string | null;
  /** the device's measurement profile (accelerometer range and sampling rate indexes), unchecked */
  profile: unknown;
}

/** What the database knows of a measurement key when its first chunk or its `done` arrives. */
export interface KeyInfo {
  /** the gateway its bytes count against */
  gateway: string;
  /** bytes it may hold at most */
  limit: number;
  /** whether a measurement row exists for the key (one we requested); false for a self-initiated one */
  known: boolean;
  /** whether it is stored complete already (`persisted`): its chunks now are repeats */
  persisted: boolean;
  /** the registered device, when the key has no measurement row yet (a self-initiated measurement), else null */
  device: KeyDevice | null;
}

/**
 * The device and measurement of a key: registered (a device, a Duck, or a measurement we requested),
 * its gateway and byte limit, and for a key without a measurement row the device it would be created
 * for. One query: each is a round trip to the database's thread.
 */
export async function lookupKey(
  ctx: AppContext,
  device: string,
  objectId: string,
  perMeasurementBytes: number,
): Promise<KeyInfo | null> {
  const row = (
    await sql<{
      dev: string | null;
      dev_gateway: string | null;
      dev_customer: string | null;
      dev_point: string | null;
      dev_profile: unknown;
      duck: string | null;
      scan_gateway: string | null;
      m_id: string | null;
      m_gateway: string | null;
      m_state: string | null;
      sample_size: number | null;
    }>`
      SELECT d.mac AS dev, d.gateway_mac AS dev_gateway, d.customer_id AS dev_customer, d.point_id AS dev_point,
             d.profile AS dev_profile, k.mac AS duck,
             (SELECT s.gateway_mac FROM device_scans s WHERE s.device_mac = ${device} ORDER BY s.scanned_at DESC LIMIT 1) AS scan_gateway,
             m.id AS m_id, m.gateway_mac AS m_gateway, m.state AS m_state, m.sample_size
        FROM (SELECT 1) AS one
        LEFT JOIN devices d ON d.mac = ${device}
        LEFT JOIN ducks k ON k.mac = ${device}
        LEFT JOIN measurements m ON m.device_mac = ${device} AND m.object_id = ${objectId}`.execute(ctx.db)
  ).rows[0];
  if (!row || (!row.dev && !row.duck && !row.m_id)) return null;
  const requested = row.m_id && row.sample_size && !isDuckMac(device) ? 6 * row.sample_size : Infinity;
  return {
    gateway: row.m_gateway ?? row.dev_gateway ?? row.scan_gateway ?? (row.duck ? device : '-'),
    limit: Math.min(perMeasurementBytes, requested),
    known: row.m_id !== null,
    persisted: row.m_state === 'persisted',
    device:
      row.dev && row.dev_customer && !row.m_id
        ? { customerId: row.dev_customer, pointId: row.dev_point, profile: row.dev_profile }
        : null,
  };
}
