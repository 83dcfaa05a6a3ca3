import type { EdgePolicy, EmbeddedBroker } from '../../infra/broker.ts';
import type { EdgeAccess } from '../../infra/edge-access.ts';
import type { EdgeDirectory } from './edge-directory.ts';
import { edgeMayPublish, edgeMaySubscribe } from './edge-rules.ts';

/**
 * The embedded broker's edge policy: identities from the directory, topics by the deny-by-default
 * rules (edge-rules.ts). A refused publish reloads the scope once before it is final, so a device
 * registered a moment ago is not refused for the cache's lifetime.
 */
export function embeddedEdgePolicy(directory: EdgeDirectory): EdgePolicy {
  return {
    authenticate: async (username, password) => (await directory.authenticate(username, password))?.mac ?? null,
    authenticateCertificate: async (cn) => (await directory.authenticateCertificate(cn))?.mac ?? null,
    async mayPublish(mac, topic) {
      const id = await directory.identity(mac);
      if (id && edgeMayPublish(id, topic)) return true;
      const fresh = await directory.identity(mac, { refresh: true });
      return Boolean(fresh && edgeMayPublish(fresh, topic));
    },
    async maySubscribe(mac, filter) {
      const id = await directory.identity(mac);
      return Boolean(id && edgeMaySubscribe(id, filter));
    },
  };
}

/**
 * {@link EdgeAccess} for the embedded broker: it reads credentials and scopes from the database, so
 * a change only drops the cache, and issued or revoked secrets end the MAC's open connections.
 */
export function embeddedEdgeAccess(directory: EdgeDirectory, broker: () => EmbeddedBroker | null): EdgeAccess {
  return {
    async credentialsIssued(identity) {
      directory.invalidate(identity.mac);
      broker()?.disconnectEdge(identity.mac);
    },
    async credentialsRevoked(mac) {
      directory.invalidate(mac);
      broker()?.disconnectEdge(mac);
    },
    async scopeChanged() {
      directory.invalidate();
    },
  };
}
