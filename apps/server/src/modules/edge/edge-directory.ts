import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import type { EdgeIdentity } from './edge-rules.ts';
import { findEdgeCredential, gatewayScope, triggerOwner } from './repo.ts';

/** SHA-256 (hex) of an edge secret, as stored (migration 0019 says why not a slow hash). */
export const edgeSecretSha256 = (secret: string | Buffer) => createHash('sha256').update(secret).digest('hex');

const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

/**
 * Who an edge client is and what it may speak for, from the database, cached per MAC so that the
 * broker's check of every PUBLISH (chunks arrive by the hundred per second) is a set lookup.
 * A cached scope lives `ttlMs`; a refused publish reloads it once (at most every `refreshMs`), so a
 * device registered a moment ago is accepted without waiting for the TTL.
 */
export interface EdgeDirectory {
  /**
   * Checks a CONNECT's username (the MAC, any case) and password against the stored secret.
   * @returns the identity, or null (unknown, never issued, revoked, wrong secret, no owner)
   */
  authenticate(username: string, password: Buffer | string | undefined): Promise<EdgeIdentity | null>;
  /** The identity of a client whose TLS certificate (verified by the operator's CA) names this MAC; null when not registered or revoked. */
  authenticateCertificate(mac: string): Promise<EdgeIdentity | null>;
  /** The current scope of an authenticated MAC (cached); null once its gateway or credential is gone. */
  identity(mac: string, opts?: { refresh?: boolean }): Promise<EdgeIdentity | null>;
  /** Drops cached scopes: one MAC, or every MAC (devices or gateways changed). */
  invalidate(mac?: string): void;
}

export function createEdgeDirectory(
  db: Kysely<DB>,
  opts: { roots: readonly string[]; ttlMs?: number; refreshMs?: number },
): EdgeDirectory {
  const ttlMs = opts.ttlMs ?? 10_000;
  const refreshMs = opts.refreshMs ?? 1_000;
  const cache = new Map<string, { at: number; identity: Promise<EdgeIdentity | null> }>();

  /** Loads the scope of a MAC holding a live (issued, not revoked) credential. */
  const load = async (mac: string): Promise<EdgeIdentity | null> => {
    const cred = await findEdgeCredential(db, mac);
    if (!cred || !cred.secret_sha256) return null;
    if (cred.kind === 'TRIGGER') {
      if ((await triggerOwner(db, mac)) !== cred.customer_id) return null;
      return { kind: 'TRIGGER', mac, customerId: cred.customer_id, roots: opts.roots, devices: new Set(), triggers: new Set() };
    }
    const scope = await gatewayScope(db, mac);
    if (!scope || scope.customerId !== cred.customer_id) return null;
    return {
      kind: 'GATEWAY',
      mac,
      customerId: scope.customerId,
      roots: opts.roots,
      devices: new Set(scope.devices),
      triggers: new Set(scope.triggers),
    };
  };

  const identity: EdgeDirectory['identity'] = (mac, o = {}) => {
    const hit = cache.get(mac);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < ttlMs && !(o.refresh && age >= refreshMs)) return hit.identity;
    const p = load(mac).catch(() => null);
    cache.set(mac, { at: Date.now(), identity: p });
    if (cache.size > 50_000) cache.delete(cache.keys().next().value!); // bounded: oldest first
    return p;
  };

  return {
    async authenticate(username, password) {
      const mac = username.trim().toUpperCase();
      if (!MAC.test(mac) || password === undefined || password.length === 0 || password.length > 256) return null;
      const cred = await findEdgeCredential(db, mac);
      if (!cred?.secret_sha256) return null;
      const want = Buffer.from(cred.secret_sha256, 'hex');
      const got = Buffer.from(edgeSecretSha256(password), 'hex');
      if (!timingSafeEqual(want, got)) return null;
      return identity(mac, { refresh: true });
    },
    async authenticateCertificate(mac) {
      const m = mac.trim().toUpperCase();
      if (!MAC.test(m)) return null;
      return identity(m, { refresh: true });
    },
    identity,
    invalidate(mac) {
      if (mac) cache.delete(mac);
      else cache.clear();
    },
  };
}
