import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker, type BrokerPolicy, type EdgePolicy, type EmbeddedBroker } from './broker.ts';
import type { ServerMqtt } from './mqtt-client.ts';

/** The live relay: the browser side of the embedded broker, fed from the external one. */
export type LiveRelay = Pick<EmbeddedBroker, 'attachWebSocket' | 'close'>;

/** No gateway connects to the relay (it has no TCP listener): every edge question is answered no. */
const NO_EDGE: EdgePolicy = {
  authenticate: async () => null,
  authenticateCertificate: async () => null,
  mayPublish: async () => false,
  maySubscribe: async () => false,
};

/**
 * Live measurement in the browser with an external broker (`MQTT_URL`; docs/operations.md "Live
 * measurement with an external broker"). The browser keeps connecting to this server's `/mqtt` with
 * the signed URL of `GET /iot/sigv4`; here that WebSocket endpoint is an aedes broker of its own,
 * with no TCP listener, that only browsers reach. It checks the signature and the per-customer
 * subscription policy exactly as the embedded broker does (the same code: infra/broker.ts with
 * modules/iot/live-policy.ts), and delivers the live topics the server's client receives from the
 * external broker. Browsers never get credentials of the external broker, and it needs no plugin.
 *
 * What reaches the relay: every message of the server's client under `<root>/gateway/` (the live
 * topics are `<root>/gateway/<GW>/device/<DEV>/measure/<id>/<event>`); aedes hands each to the
 * browsers subscribed to it and drops the rest. With a shared ingest (`$share`, several instances)
 * this instance's client sees only its share, so each filter a browser is granted is also subscribed
 * on the external broker, plainly, while some browser of this instance holds it (reference counted;
 * Mosquitto delivers a message matching both once to a client, and the ingest is idempotent).
 * @param opts.subscribeUpstream subscribe the granted filters on the external broker (shared ingest)
 */
export async function startLiveRelay(opts: {
  upstream: Pick<ServerMqtt, 'subscribe' | 'unsubscribe' | 'onMessage'>;
  subscribeUpstream: boolean;
  liveUrlKey: string;
  policy: BrokerPolicy;
  log: { info(m: string): void; warn(o: object, m: string): void };
}): Promise<LiveRelay> {
  /** browser connections holding each filter */
  const holders = new Map<string, number>();
  const upstream = (what: 'subscribe' | 'unsubscribe', filter: string) => {
    if (!opts.subscribeUpstream) return;
    opts.upstream[what]([filter]).catch((err: Error) => opts.log.warn({ err: err.message, filter }, `live relay ${what} failed`));
  };
  const broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: null,
    liveUrlKey: opts.liveUrlKey,
    serverPassword: randomBytes(32).toString('hex'), // nobody logs in as the server here
    policy: opts.policy,
    edge: NO_EDGE,
    log: opts.log,
    browserFilters: {
      added(filter) {
        const n = (holders.get(filter) ?? 0) + 1;
        holders.set(filter, n);
        if (n === 1) upstream('subscribe', filter);
      },
      removed(filter) {
        const n = (holders.get(filter) ?? 1) - 1;
        if (n > 0) return void holders.set(filter, n);
        holders.delete(filter);
        upstream('unsubscribe', filter);
      },
    },
  });
  opts.upstream.onMessage((topic, payload) => {
    // chunks (`<root>/device/…`) and everything when nobody watches never reach aedes
    if (holders.size && topic.split('/', 2)[1] === 'gateway') broker.publish(topic, payload);
  });
  return { attachWebSocket: (server) => broker.attachWebSocket(server), close: () => broker.close() };
}
