import mqtt, { type MqttClient } from 'mqtt';

export type MessageHandler = (topic: string, payload: Buffer) => void;
/**
 * A handler whose promise must settle before the message is acknowledged (PUBACK). It must not
 * wait for a publish of this client: acknowledgements arrive on the same connection, one message
 * at a time, so waiting for one inside a handler would deadlock.
 */
export type DurableMessageHandler = (topic: string, payload: Buffer) => Promise<void>;

/**
 * The server's own MQTT client (ingest subscriptions, commands, `persisted` events), connected to
 * the embedded broker or to `MQTT_URL`. QoS 1 throughout (senseway-gateway.md §2).
 */
export interface ServerMqtt {
  client: MqttClient;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  subscribe(filters: string[]): Promise<void>;
  unsubscribe(filters: string[]): Promise<void>;
  /** Sees every message as it arrives (before acknowledgement); for work that may be lost. */
  onMessage(handler: MessageHandler): void;
  /**
   * Sees every message; the broker gets the PUBACK only once every such handler has resolved (after
   * the database commit). A handler that rejects leaves the message unacknowledged: the broker
   * delivers it again when the persistent session resumes (docs/architecture.md "Ingest guarantees").
   */
  onMessageDurable(handler: DurableMessageHandler): void;
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Connects the server's client with a persistent session (clean: false) under a stable client id,
 * so that QoS 1 messages published while it is away are kept by the broker and delivered when it
 * comes back; messages are acknowledged one at a time after the durable handlers (mqtt.js
 * `handleMessage`, which holds the PUBACK until its callback, for MQTT 3.1.1 and 5 alike).
 * @param options.clientId the session's identity: one per server instance and data directory
 * @param behaviour.holdUntilDurable hold the first message (unacknowledged) until a durable handler
 *   is registered, instead of acknowledging it unread (the server: its ingest starts after the connection)
 */
export async function connectServerMqtt(
  url: string,
  options: mqtt.IClientOptions = {},
  behaviour: { holdUntilDurable?: boolean } = {},
): Promise<ServerMqtt> {
  const durable: DurableMessageHandler[] = [];
  const client = mqtt.connect(url, {
    clientId: `overtone-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    clean: false,
    reconnectPeriod: 1000,
    connectTimeout: 10000,
    manualConnect: true,
    ...options,
  });
  /** Counts connections: a message's PUBACK belongs to the connection it arrived on. */
  let connection = 0;
  client.on('connect', () => connection++);
  /**
   * A message that came before any durable handler was registered: a resumed session delivers what
   * the broker kept as soon as the connection is up, before ingest has started. It waits (not
   * acknowledged, and mqtt.js reads no further packet meanwhile) instead of being acknowledged unread.
   * Broker replies (`$CONTROL/…`, which the server awaits while it starts) are not held.
   */
  let early: (() => void) | null = null;
  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== 'publish') return callback();
    if (behaviour.holdUntilDurable && !durable.length && !packet.topic.startsWith('$')) {
      early = () => client.handleMessage(packet, callback);
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const arrivedOn = connection;
    Promise.all(durable.map((h) => h(packet.topic, payload))).then(
      () => {
        // Handled after the connection it came on was lost: its message id means nothing on the
        // new connection (the broker closes a connection that acknowledges an id it does not hold,
        // which would start a loop), and the resumed session delivers it again (ingest is idempotent).
        if (arrivedOn !== connection) return;
        callback();
      },
      (err: Error) => callback(err), // no PUBACK: redelivered when the session resumes
    );
  };
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
    client.connect();
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
    unsubscribe: async (f) => {
      f.forEach((x) => filters.delete(x));
      await client.unsubscribeAsync(f);
    },
    onMessage: (h) => void client.on('message', (t, p) => h(t, p)),
    onMessageDurable: (h) => {
      durable.push(h);
      const resume = early;
      early = null;
      resume?.();
    },
    connected: () => client.connected,
    // Without a connection there is nothing to flush: a graceful end would wait for it forever.
    close: async () => void (await client.endAsync(!client.connected)),
  };
}
