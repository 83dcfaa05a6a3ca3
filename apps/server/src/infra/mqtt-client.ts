import mqtt, { type MqttClient } from 'mqtt';

export type MessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The server's own MQTT client (ingest subscriptions, commands, `persisted` events), connected to
 * the embedded broker or to `MQTT_URL`. QoS 1 throughout (senseway-gateway.md §2).
 */
export interface ServerMqtt {
  client: MqttClient;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  subscribe(filters: string[]): Promise<void>;
  onMessage(handler: MessageHandler): void;
  connected(): boolean;
  close(): Promise<void>;
}

export async function connectServerMqtt(url: string, options: mqtt.IClientOptions = {}): Promise<ServerMqtt> {
  const client = await mqtt.connectAsync(url, {
    clientId: `overtone-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 1000,
    connectTimeout: 10000,
    ...options,
  });
  const filters = new Set<string>();
  // mqtt.js re-subscribes on reconnect only with resubscribe (default true) for a clean session.
  return {
    client,
    publish: async (topic, payload) => void (await client.publishAsync(topic, payload, { qos: 1 })),
    subscribe: async (f) => {
      f.forEach((x) => filters.add(x));
      await client.subscribeAsync(f, { qos: 1 });
    },
    onMessage: (h) => void client.on('message', (t, p) => h(t, p)),
    connected: () => client.connected,
    close: async () => void (await client.endAsync()),
  };
}
