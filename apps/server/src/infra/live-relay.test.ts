import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveRelay, type LiveRelay } from './live-relay.ts';
import { signLiveQuery } from './live-url.ts';

const KEY = 'live-url-key-for-this-test-0123456789abcdef';
const F = 'prod/gateway/CA:B8:28:00:00:01/device/CA:B8:31:00:00:02/measure/+/+';
const G = 'prod/gateway/CA:B8:28:00:00:01/device/CA:B8:31:00:00:03/measure/+/+';

let relay: LiveRelay | null = null;
let server: http.Server | null = null;
afterEach(async () => {
  await relay?.close();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  relay = null;
  server = null;
});

/**
 * The relay with a recording upstream (the server's client on the external broker) and a policy
 * that allows every filter after `policyDelayMs` (the database query of the real one).
 */
async function startRelay(policyDelayMs = 0) {
  const calls: string[] = [];
  relay = await startLiveRelay({
    upstream: {
      subscribe: async (f) => void calls.push(`subscribe ${f.join()}`),
      unsubscribe: async (f) => void calls.push(`unsubscribe ${f.join()}`),
      onMessage: () => {},
    },
    subscribeUpstream: true,
    liveUrlKey: KEY,
    policy: { canSubscribe: () => new Promise((r) => setTimeout(() => r(true), policyDelayMs)) },
    log: { info: () => {}, warn: () => {} },
  });
  server = http.createServer();
  relay.attachWebSocket(server);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const query = signLiveQuery(KEY, { customerId: 'c1', userId: 'u1', expires: Math.floor(Date.now() / 1000) + 60 });
  const browser = () => mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt?${query}`, { reconnectPeriod: 0 });
  return { calls, browser };
}
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('startLiveRelay: a filter is subscribed upstream while some browser holds it', () => {
  it('once for two browsers, and given up when the last one lets go (unsubscribe or disconnect)', async () => {
    const { calls, browser } = await startRelay();
    const [b1, b2] = [await browser(), await browser()];
    await b1.subscribeAsync(F, { qos: 0 });
    await b2.subscribeAsync(F, { qos: 0 });
    await settle();
    expect(calls).toEqual([`subscribe ${F}`]);
    await b1.endAsync();
    await settle();
    expect(calls).toEqual([`subscribe ${F}`]);
    await b2.unsubscribeAsync(F);
    await settle();
    expect(calls).toEqual([`subscribe ${F}`, `unsubscribe ${F}`]);
    await b2.endAsync();
  });

  it('leaves nothing subscribed for a browser gone while its subscription was being checked', async () => {
    const { calls, browser } = await startRelay(300);
    const b = await browser();
    b.subscribe(G, { qos: 0 });
    await settle(50); // the policy is still deciding
    b.stream.destroy();
    await settle(600);
    const subscribed = calls.filter((c) => c === `subscribe ${G}`).length;
    const unsubscribed = calls.filter((c) => c === `unsubscribe ${G}`).length;
    expect(subscribed).toBe(unsubscribed);
    b.end(true);
  });
});
