import type { Kysely } from 'kysely';
import type { BrokerPolicy } from '../../infra/broker.ts';
import type { DB } from '../../infra/db/schema.ts';
import { ownsGatewayAndDevice } from './repo.ts';

/**
 * Browser subscriptions allowed on the broker: exactly
 * `<root>/gateway/<GW>/device/<DEV>/measure/<id or +>/<event or +>` where both the gateway and the
 * device belong to the signed URL's customer. Everything else is refused (SUBACK 128).
 */
export function livePolicy(db: Kysely<DB>): BrokerPolicy {
  return {
    async canSubscribe(claims, topic) {
      const p = topic.split('/');
      if (p.length !== 8 || (p[0] !== 'prod' && p[0] !== 'lake') || p[1] !== 'gateway' || p[3] !== 'device' || p[5] !== 'measure')
        return false;
      if ([p[2], p[4]].some((s) => s.includes('+') || s.includes('#'))) return false;
      if (p[6].includes('#') || p[7].includes('#')) return false;
      return ownsGatewayAndDevice(db, claims.customerId, p[2], p[4]);
    },
  };
}
