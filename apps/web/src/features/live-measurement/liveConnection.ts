import type { MqttClient } from 'mqtt';
import { senseway } from '@overtone/contract';
import type { LiveMessage } from './liveReducer';

/** Topic root of the Senseway protocol used by the product. */
export const TOPIC_ROOT = 'prod' as const;

export interface LiveConnectionHandlers {
  onMessage(m: LiveMessage): void;
  /** The connection failed or closed before it was ended on purpose. */
  onLost(reason: string | undefined): void;
}

export interface LiveConnection {
  /** Closes the connection; no handler is called afterwards. */
  close(): void;
}

const decoder = new TextDecoder();

/**
 * Opens the signed WebSocket connection to the broker and subscribes to the device's live topic
 * `prod/gateway/{gateway}/device/{mac}/measure/+/+` (spec 000 §7). Resolves once the subscription
 * is granted, so that no event of the measurement requested next can be missed.
 * @param url the signed URL of `GET /iot/sigv4`
 * @param gateway gateway MAC address (upper case, colons)
 * @param mac device MAC address (upper case, colons)
 */
export async function openLiveConnection(
  url: string,
  gateway: string,
  mac: string,
  handlers: LiveConnectionHandlers,
): Promise<LiveConnection> {
  // mqtt.js is only needed once a measurement starts: loaded on demand.
  const { default: mqtt } = await import('mqtt');
  let closing = false;
  const client: MqttClient = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 15_000, clean: true, keepalive: 30 });
  const close = () => {
    if (closing) return;
    closing = true;
    client.end(true);
  };

  client.on('message', (topic, payload) => {
    if (closing) return;
    const t = senseway.parseTopic(topic);
    if (t.kind === 'measureEvent') handlers.onMessage({ id: t.id, event: t.event, payload: decoder.decode(payload) });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.once('close', () => reject(new Error('closed before connecting')));
    });
    const grants = await client.subscribeAsync(senseway.topics.liveFilter(TOPIC_ROOT, gateway.toUpperCase(), mac.toUpperCase()), {
      qos: 1,
    });
    if (grants.some((g) => g.qos === 128)) throw new Error('subscription refused');
  } catch (e) {
    close();
    throw e;
  }

  client.on('error', (err) => {
    if (!closing) handlers.onLost(err.message);
  });
  client.on('close', () => {
    if (!closing) handlers.onLost(undefined);
  });
  return { close };
}
