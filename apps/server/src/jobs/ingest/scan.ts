import type { Kysely } from 'kysely';
import { senseway } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { learnScannedDevices } from '../../modules/devices/repo.ts';

/**
 * Records a `scanDevice` report (senseway-gateway.md §7): the latest rssi and status of each device
 * the gateway sees. Malformed payloads are ignored (the vendor's own example is not valid JSON).
 * @returns number of entries stored
 */
export async function recordScan(db: Kysely<DB>, gatewayMac: string, payload: Buffer, now = new Date()): Promise<number> {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return 0;
  }
  const parsed = senseway.scanPayload.safeParse(json);
  if (!parsed.success) return 0;
  const rows = Object.entries(parsed.data)
    .filter(([mac]) => /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/.test(mac))
    .map(([mac, e]) => ({
      gateway_mac: gatewayMac,
      device_mac: mac.toUpperCase(),
      rssi: e.rssi !== null && Number.isFinite(e.rssi) ? e.rssi : null,
      status: e.status ?? 'unknown',
      scanned_at: now,
    }));
  if (rows.length)
    await db
      .insertInto('device_scans')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['gateway_mac', 'device_mac']).doUpdateSet((eb) => ({
          rssi: eb.ref('excluded.rssi'),
          status: eb.ref('excluded.status'),
          scanned_at: eb.ref('excluded.scanned_at'),
        })),
      )
      .execute();
  await db.updateTable('gateways').set({ last_seen_at: now }).where('mac', '=', gatewayMac).execute();
  // Devices heard by a customer's gateway join that customer's registry (modules/devices, docs/devices.md).
  await learnScannedDevices(
    db,
    gatewayMac,
    rows.map((r) => r.device_mac),
  );
  return rows.length;
}
