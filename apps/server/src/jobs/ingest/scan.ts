import { sql, type Kysely } from 'kysely';
import { senseway } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { IngestRejected } from '../../modules/iot/rejections.ts';

/**
 * Scan rows of devices registered to nobody kept per gateway (the newest): the available devices
 * an admin may claim. A faulty or hostile gateway naming new MACs in every report (256 at most
 * each) cannot grow `device_scans` past this; registered devices' rows are never pruned here.
 */
export const MAX_UNCLAIMED_SCANS_PER_GATEWAY = 512;

/**
 * Records a `scanDevice` report (senseway-gateway.md §7): the latest rssi and status of each device
 * the gateway sees, and its battery voltage when the entry carries a plausible one (`battery`, V,
 * contract `scanBatteryVolts`: 0 < v ≤ 5; an entry without one keeps the previous voltage, an
 * implausible one is dropped from its entry and never refuses the report). A scan registers nothing (docs/devices.md "Ownership"): a device heard here and
 * registered to nobody is offered in the gateway's available devices for the customer's admin to
 * claim. Only a registered gateway's report is kept (a Duck is registered as its own gateway), and
 * only one within the protocol's limits (limits.ts: at most 32 KiB, 256 entries keyed by MAC, rssi
 * −150 … 20 dBm, short printable words).
 * @param gatewayMac the upper-case MAC of the topic
 * @returns number of entries stored
 * @throws IngestRejected with the reason when the report is refused
 */
export async function recordScan(db: Kysely<DB>, gatewayMac: string, payload: Buffer, now = new Date()): Promise<number> {
  if (payload.byteLength > senseway.MAX_SCAN_BYTES)
    throw new IngestRejected(`SCAN_TOO_LARGE ${payload.byteLength} > ${senseway.MAX_SCAN_BYTES}`, gatewayMac);
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new IngestRejected('SCAN_NOT_JSON', gatewayMac);
  }
  const parsed = senseway.scanPayload.safeParse(json);
  if (!parsed.success) throw new IngestRejected(`SCAN_INVALID ${senseway.issueText(parsed.error)}`, gatewayMac);
  const gateway = await db.selectFrom('gateways').select('id').where('mac', '=', gatewayMac).executeTakeFirst();
  if (!gateway) throw new IngestRejected('UNREGISTERED_GATEWAY', gatewayMac);
  const rows = Object.entries(parsed.data).map(([mac, e]) => ({
    gateway_mac: gatewayMac,
    device_mac: mac.toUpperCase(),
    rssi: e.rssi,
    status: e.status ?? 'unknown',
    battery_v: e.battery,
    scanned_at: now,
  }));
  // the same MAC in two cases would make one INSERT conflict with itself
  const unique = [...new Map(rows.map((r) => [r.device_mac, r])).values()];
  if (unique.length)
    await db
      .insertInto('device_scans')
      .values(unique)
      .onConflict((oc) =>
        oc.columns(['gateway_mac', 'device_mac']).doUpdateSet((eb) => ({
          rssi: eb.ref('excluded.rssi'),
          status: eb.ref('excluded.status'),
          scanned_at: eb.ref('excluded.scanned_at'),
          // an entry without a (plausible) battery keeps the voltage an earlier scan reported
          battery_v: eb.fn.coalesce('excluded.battery_v', 'device_scans.battery_v'),
        })),
      )
      .execute();
  if (unique.length)
    await sql`
      DELETE FROM device_scans s
       WHERE s.gateway_mac = ${gatewayMac}
         AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.mac = s.device_mac)
         AND s.device_mac NOT IN (
               SELECT k.device_mac FROM device_scans k
                WHERE k.gateway_mac = ${gatewayMac}
                  AND NOT EXISTS (SELECT 1 FROM devices d2 WHERE d2.mac = k.device_mac)
                ORDER BY k.scanned_at DESC, k.device_mac
                LIMIT ${MAX_UNCLAIMED_SCANS_PER_GATEWAY})`.execute(db);
  await db.updateTable('gateways').set({ last_seen_at: now }).where('mac', '=', gatewayMac).execute();
  return unique.length;
}
