/**
 * Test support: a real MQTT broker (aedes) in this process on a random local port, and a client
 * that plays the server side.
 */
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TestBroker {
  /** `mqtt://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts aedes on 127.0.0.1.
 * @param port TCP port; default 0 (chosen by the OS)
 */
export async function startTestBroker(port = 0): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A received message. */
export interface Received {
  topic: string;
  payload: Buffer;
}

/**
 * A connected client that records every message on its subscriptions.
 * `next(predicate)` resolves with the first recorded message (past or future) that matches and
 * has not been taken yet.
 */
export async function connectRecorder(
  url: string,
  filters: string[],
): Promise<{
  client: MqttClient;
  messages: Received[];
  next(pred: (m: Received) => boolean, timeoutMs?: number): Promise<Received>;
}> {
  const client = await mqtt.connectAsync(url, {
    clientId: `test-server-${Math.random().toString(16).slice(2)}`,
    reconnectPeriod: 0,
  });
  const messages: Received[] = [];
  const taken = new Set<Received>();
  const waiters: { pred: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  client.on('message', (topic, payload) => {
    const m = { topic, payload };
    messages.push(m);
    const w = waiters.findIndex((x) => x.pred(m));
    if (w >= 0) {
      taken.add(m);
      waiters.splice(w, 1)[0].resolve(m);
    }
  });
  await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    messages,
    next(pred, timeoutMs = 10_000) {
      const found = messages.find((m) => !taken.has(m) && pred(m));
      if (found) {
        taken.add(found);
        return Promise.resolve(found);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (m: Received) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('timed out waiting for a message'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}
