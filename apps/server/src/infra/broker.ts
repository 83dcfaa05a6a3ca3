import net from 'node:net';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type Client, type Subscription } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { verifyLiveQuery, type LiveUrlClaims } from './live-url.ts';

export const SERVER_MQTT_USER = 'overtone-server';

export interface EmbeddedBroker {
  /** Attaches MQTT over WebSocket at `/mqtt` to the HTTP server (signed URLs only). */
  attachWebSocket(server: HttpServer): void;
  tcpPort(): number;
  close(): Promise<void>;
}

export interface BrokerPolicy {
  /** May this browser session subscribe to this topic filter? (tenant isolation) */
  canSubscribe(claims: LiveUrlClaims, topic: string): Promise<boolean>;
}

/**
 * The embedded aedes broker: plain MQTT on TCP for gateways and the server's own client, MQTT
 * over WebSocket at `/mqtt` for browsers. Browser connections must carry a valid signed query
 * (else the upgrade is refused with 401); they may only subscribe to topics the policy allows and
 * never publish. The server's own client authenticates with its secret password.
 */
export async function startEmbeddedBroker(opts: {
  host: string;
  port: number;
  liveUrlKey: string;
  serverPassword: string;
  policy: BrokerPolicy;
  log: { info(m: string): void; warn(o: object, m: string): void };
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker();
  const browserClaims = new WeakMap<IncomingMessage, LiveUrlClaims>();
  const claimsOf = (client: Client | null): LiveUrlClaims | undefined => {
    const req = (client as unknown as { req?: IncomingMessage } | null)?.req;
    return req ? browserClaims.get(req) : undefined;
  };

  broker.authenticate = (client, username, password, cb) => {
    if (claimsOf(client)) return cb(null, true);
    if (username === SERVER_MQTT_USER) return cb(null, password?.toString() === opts.serverPassword);
    cb(null, true); // gateways on the plant network (docs/operations.md: TLS and per-gateway credentials)
  };
  broker.authorizePublish = (client, packet, cb) => {
    if (packet.topic.startsWith('$SYS')) return cb(new Error('reserved topic'));
    if (claimsOf(client)) return cb(new Error('browsers may not publish'));
    cb(null);
  };
  broker.authorizeSubscribe = (client, sub: Subscription, cb) => {
    const claims = claimsOf(client);
    if (!claims) return cb(null, sub);
    opts.policy.canSubscribe(claims, sub.topic).then(
      (ok) => cb(null, ok ? sub : null),
      () => cb(null, null),
    );
  };
  broker.on('clientError', (client, err) => opts.log.warn({ client: client?.id, err: err.message }, 'mqtt client error'));

  const sockets = new Set<Duplex>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(opts.port, opts.host, () => resolve());
  });
  const wss = new WebSocketServer({ noServer: true });

  return {
    attachWebSocket(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname !== '/mqtt') return;
        const claims = verifyLiveQuery(opts.liveUrlKey, url.searchParams);
        if (!claims) {
          socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          socket.destroy();
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          browserClaims.set(req, claims);
          const stream = createWebSocketStream(ws);
          sockets.add(stream);
          stream.on('close', () => sockets.delete(stream));
          stream.on('error', () => ws.terminate());
          broker.handle(stream as unknown as net.Socket, req);
        });
      });
    },
    tcpPort: () => (tcp.address() as net.AddressInfo).port,
    async close() {
      const closed = new Promise<void>((r) => tcp.close(() => r()));
      await new Promise<void>((r) => broker.close(() => r()));
      for (const c of wss.clients) c.terminate();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
