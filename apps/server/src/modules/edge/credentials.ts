import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EdgeCredentialsIssued, EdgeCredentialState } from '@overtone/contract';
import type { Config } from '../../infra/config.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { EdgeAccess } from '../../infra/edge-access.ts';
import { AppError } from '../../infra/errors.ts';
import { edgeSecretSha256 } from './edge-directory.ts';
import { deleteEdgeCredential, listEdgeCredentials, revokeEdgeSecret, storeEdgeSecret } from './repo.ts';

/** A new edge secret: 256 random bits, base64url (43 characters, no padding; fits any MQTT password field). */
export const newEdgeSecret = () => randomBytes(32).toString('base64url');

/**
 * Where a device connects, as the credentials dialog shows it: `MQTT_PUBLIC_HOST` or else the host
 * the admin reached the server on (the customer's own host: tenant resolution accepted it), the plain
 * port and the TLS port when the operator configured TLS.
 */
export function brokerEndpoint(config: Config, requestHostname: string): EdgeCredentialsIssued['broker'] {
  return {
    host: config.mqttPublicHost ?? requestHostname,
    port: config.mqttPublicPort ?? config.mqttPort,
    tlsPort: config.mqttTls ? config.mqttTls.port : null,
    clientCertificates: Boolean(config.mqttTls?.caFile),
  };
}

/**
 * Issues (or rotates) the MQTT secret of one of the customer's gateways or triggers: stores its
 * SHA-256, tells the broker (older connections of the MAC are closed), and answers the plaintext,
 * which is never stored or shown again.
 * @throws AppError GATEWAY_NOT_FOUND when the MAC's identity belongs to another customer
 */
export async function issueEdgeCredentials(
  deps: { db: Kysely<DB>; edge: EdgeAccess; config: Config },
  req: { customerId: string; mac: string; kind: 'GATEWAY' | 'TRIGGER'; userId: string | null; hostname: string },
  now = new Date(),
): Promise<EdgeCredentialsIssued> {
  const secret = newEdgeSecret();
  const stored = await storeEdgeSecret(
    deps.db,
    { mac: req.mac, customerId: req.customerId, kind: req.kind, secretSha256: edgeSecretSha256(secret), userId: req.userId },
    now,
  );
  if (!stored) throw new AppError(req.kind === 'TRIGGER' ? 'TRIGGER_NOT_FOUND' : 'GATEWAY_NOT_FOUND');
  await deps.edge.credentialsIssued({ mac: req.mac, kind: req.kind, customerId: req.customerId }, secret);
  return {
    macAddress: req.mac,
    username: req.mac,
    password: secret,
    issuedAt: now.toISOString(),
    broker: brokerEndpoint(deps.config, req.hostname),
  };
}

/** Revokes a MAC's secret: the broker refuses it from now on and closes its connections. Idempotent. */
export async function revokeEdgeCredentials(deps: { db: Kysely<DB>; edge: EdgeAccess }, customerId: string, mac: string) {
  await revokeEdgeSecret(deps.db, customerId, mac);
  await deps.edge.credentialsRevoked(mac);
}

/** Forgets a removed gateway's or trigger's identity altogether (and disconnects it). */
export async function forgetEdgeCredentials(deps: { db: Kysely<DB>; edge: EdgeAccess }, customerId: string, mac: string) {
  await deleteEdgeCredential(deps.db, customerId, mac);
  await deps.edge.credentialsRevoked(mac);
}

/** The credential state of each of the customer's MACs that has one (list views). */
export async function credentialStates(db: Kysely<DB>, customerId: string): Promise<Map<string, EdgeCredentialState>> {
  const rows = await listEdgeCredentials(db, customerId);
  return new Map(
    rows.map((r) => [r.mac, { issuedAt: r.issued_at?.toISOString() ?? null, revokedAt: r.revoked_at?.toISOString() ?? null }]),
  );
}
