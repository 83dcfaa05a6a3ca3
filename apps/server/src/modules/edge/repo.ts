import type { Kysely } from 'kysely';
import { deviceKindOf } from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';

/** A stored MQTT identity (migration 0019). */
export interface EdgeCredentialRow {
  mac: string;
  customer_id: string;
  kind: 'GATEWAY' | 'TRIGGER';
  secret_sha256: string | null;
  issued_at: Date | null;
  revoked_at: Date | null;
}

/** The credential row of a MAC, or undefined. */
export const findEdgeCredential = (db: Kysely<DB>, mac: string) =>
  db
    .selectFrom('edge_credentials')
    .select(['mac', 'customer_id', 'kind', 'secret_sha256', 'issued_at', 'revoked_at'])
    .where('mac', '=', mac)
    .executeTakeFirst() as Promise<EdgeCredentialRow | undefined>;

/** Every credential row of a customer (the Gateways tab's view). */
export const listEdgeCredentials = (db: Kysely<DB>, customerId: string) =>
  db
    .selectFrom('edge_credentials')
    .select(['mac', 'customer_id', 'kind', 'secret_sha256', 'issued_at', 'revoked_at'])
    .where('customer_id', '=', customerId)
    .execute() as Promise<EdgeCredentialRow[]>;

/**
 * Stores a newly issued secret (its SHA-256) for a MAC of the customer; a MAC held by another
 * customer is left untouched.
 * @returns true when stored
 */
export async function storeEdgeSecret(
  db: Kysely<DB>,
  row: { mac: string; customerId: string; kind: 'GATEWAY' | 'TRIGGER'; secretSha256: string; userId: string | null },
  now = new Date(),
): Promise<boolean> {
  const res = await db
    .insertInto('edge_credentials')
    .values({
      mac: row.mac,
      customer_id: row.customerId,
      kind: row.kind,
      secret_sha256: row.secretSha256,
      issued_at: now,
      revoked_at: null,
      issued_by: row.userId,
    })
    .onConflict((oc) =>
      oc
        .column('mac')
        .doUpdateSet({ secret_sha256: row.secretSha256, issued_at: now, revoked_at: null, issued_by: row.userId, kind: row.kind })
        .where('edge_credentials.customer_id', '=', row.customerId),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Revokes a MAC's secret (the row stays, with `revoked_at`). @returns true when a row of the customer changed */
export async function revokeEdgeSecret(db: Kysely<DB>, customerId: string, mac: string, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable('edge_credentials')
    .set({ secret_sha256: null, revoked_at: now })
    .where('mac', '=', mac)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes a MAC's identity (its gateway or trigger was removed). */
export const deleteEdgeCredential = (db: Kysely<DB>, customerId: string, mac: string) =>
  db.deleteFrom('edge_credentials').where('mac', '=', mac).where('customer_id', '=', customerId).execute();

/**
 * What a gateway may speak for (modules/edge/edge-rules.ts): its topic root, its customer's devices
 * whose gateway is it or unset, and its customer's triggers.
 * @returns null when no customer registered the gateway
 */
export async function gatewayScope(
  db: Kysely<DB>,
  mac: string,
): Promise<{ customerId: string; root: string; devices: string[]; triggers: string[] } | null> {
  const gw = await db.selectFrom('gateways').select(['customer_id', 'root']).where('mac', '=', mac).executeTakeFirst();
  if (!gw) return null;
  const rows = await db
    .selectFrom('devices')
    .select('mac')
    .where('customer_id', '=', gw.customer_id)
    .where((eb) => eb.or([eb('gateway_mac', 'is', null), eb('gateway_mac', '=', mac)]))
    .execute();
  const devices: string[] = [];
  const triggers: string[] = [];
  for (const r of rows) (deviceKindOf(r.mac) === 'TRIGGER' ? triggers : devices).push(r.mac);
  return { customerId: gw.customer_id, root: gw.root, devices, triggers };
}

/** The customer owning a trigger device, or null. */
export async function triggerOwner(db: Kysely<DB>, mac: string): Promise<string | null> {
  if (deviceKindOf(mac) !== 'TRIGGER') return null;
  const d = await db.selectFrom('devices').select('customer_id').where('mac', '=', mac).executeTakeFirst();
  return d?.customer_id ?? null;
}

/** Every gateway and trigger MAC holding a live secret (the external broker's reconciliation). */
export const liveEdgeCredentials = (db: Kysely<DB>) =>
  db.selectFrom('edge_credentials').select(['mac', 'customer_id', 'kind']).where('secret_sha256', 'is not', null).execute();
