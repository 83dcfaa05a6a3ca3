import type { Kysely } from 'kysely';
import type { senseway, WlanConfig } from '@overtone/contract';

type SensewayRoot = senseway.SensewayRoot;
import type { DB } from '../../infra/db/schema.ts';
import type { ServerMqtt } from '../../infra/mqtt-client.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';

/**
 * WLAN configuration topics. The vendor documents no MQTT transport for Wi-Fi credentials
 * (senseway-gateway.md §13), so we define one beside the generation-1 command topics (§3):
 * - gateway: `<root>/gateway/<GW>/config/wlan`
 * - trigger (reached through a gateway like any end node): `<root>/gateway/<GW>/device/<TRIGGER>/config/wlan`
 * Payload: JSON `{"ssid": "...", "password": "..."}`, QoS 1. The device tries the new credentials
 * 3 times and falls back to its defaults, taking up to 2 minutes (spec 002 §9); no answer is defined.
 */
export const wlanTopics = {
  gateway: (root: SensewayRoot, gw: string) => `${root}/gateway/${gw}/config/wlan`,
  device: (root: SensewayRoot, gw: string, dev: string) => `${root}/gateway/${gw}/device/${dev}/config/wlan`,
};

/**
 * Publishes a WLAN configuration and records the request without the password (who, which SSID,
 * when). The password leaves the server only inside the MQTT payload; it is never logged or stored.
 * @throws AppError BROKER_UNAVAILABLE when the publish fails
 */
export async function sendWlanConfig(
  deps: { db: Kysely<DB>; mqtt: ServerMqtt },
  target: { customerId: string; userId: string | null; mac: string; kind: 'GATEWAY' | 'TRIGGER'; topic: string },
  config: WlanConfig,
) {
  try {
    await deps.mqtt.publish(target.topic, JSON.stringify({ ssid: config.ssid, password: config.password }));
  } catch {
    throw new AppError('BROKER_UNAVAILABLE');
  }
  const row = await deps.db
    .insertInto('wlan_requests')
    .values({
      id: newId(),
      customer_id: target.customerId,
      target_mac: target.mac,
      target_kind: target.kind,
      ssid: config.ssid,
      user_id: target.userId,
    })
    .returning('requested_at')
    .executeTakeFirstOrThrow();
  return { topic: target.topic, ssid: config.ssid, requestedAt: new Date(row.requested_at).toISOString() };
}
