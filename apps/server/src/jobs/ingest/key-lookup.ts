import { sql } from 'kysely';
import { isDuckMac } from '@overtone/contract';
import type { AppContext } from '../../context.ts';

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
}

/** The device and measurement of a key: registered (a device, a Duck, or a measurement we requested), its gateway and byte limit. */
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
      duck: string | null;
      scan_gateway: string | null;
      m_id: string | null;
      m_gateway: string | null;
      m_state: string | null;
      sample_size: number | null;
    }>`
      SELECT d.mac AS dev, d.gateway_mac AS dev_gateway, k.mac AS duck,
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
  };
}
