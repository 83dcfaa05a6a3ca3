import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type Subscription } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { createBrokerPersistence } from './broker-persistence.ts';
import { verifyLiveQuery, type LiveUrlClaims } from './live-url.ts';
import { MqttPacketLimit } from './mqtt-packet-limit.ts';

/** Username of the server's own client; client ids with {@link SERVER_CLIENT_ID_PREFIX} are reserved to it. */
export const SERVER_MQTT_USER = 'overtone-server';
export const SERVER_CLIENT_ID_PREFIX = 'overtone-';
/**
 * Largest MQTT packet accepted (bytes of the remaining length). A legacy chunk is 20 480 bytes
 * (senseway-gateway.md §5.2); 256 KiB leaves room for other firmware's chunks and any JSON we take.
 */
export const MAX_MQTT_PACKET_BYTES = 256 * 1024;

export interface EmbeddedBroker {
  /** Attaches MQTT over WebSocket at `/mqtt` to the HTTP server (signed URLs only). */
  attachWebSocket(server: HttpServer): void;
  tcpPort(): number;
  /** Port of the TLS listener, or null without one. */
  tlsPort(): number | null;
  /** Disconnects every client authenticated as this edge MAC (revoked or rotated credentials). */
  disconnectEdge(mac: string): number;
  /** Delivers a message to this broker's subscribers, as if published here (QoS 0; the live relay). */
  publish(topic: string, payload: Buffer): void;
  close(): Promise<void>;
}

/** Browser subscriptions (tenant isolation of live measurements). */
export interface BrokerPolicy {
  /** May this browser session subscribe to this topic filter? */
  canSubscribe(claims: LiveUrlClaims, topic: string): Promise<boolean>;
}

/** Gateways and triggers (modules/edge): who they are, and the deny-by-default topic rules. */
export interface EdgePolicy {
  /** @returns the edge MAC for a valid username and secret, else null */
  authenticate(username: string, password: Buffer | undefined): Promise<string | null>;
  /** @returns the edge MAC named by a client certificate the operator's CA verified, else null */
  authenticateCertificate(commonName: string): Promise<string | null>;
  mayPublish(mac: string, topic: string): Promise<boolean>;
  maySubscribe(mac: string, filter: string): Promise<boolean>;
}

/** Who a connection is, fixed when it authenticates. */
type Identity = { kind: 'server' } | { kind: 'browser'; claims: LiveUrlClaims } | { kind: 'edge'; mac: string };
const identityKey = (i: Identity) =>
  i.kind === 'server' ? 'server' : i.kind === 'edge' ? `edge:${i.mac}` : `browser:${i.claims.customerId}:${i.claims.userId}`;

/** A CONNACK refusal: 4 bad username or password, 5 not authorized, 2 identifier rejected (MQTT 3.1.1 §3.2.2.3). */
const refuse = (returnCode: 2 | 4 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * The embedded aedes broker (docs/security.md "The device edge"):
 * - plain MQTT on TCP and, with `tls`, MQTT over TLS (8883 by convention) with the operator's key and
 *   certificate; with `tls.ca`, clients may authenticate by a certificate that CA signed, whose
 *   common name is their MAC (senseway-gateway.md §2 "Connection");
 * - MQTT over WebSocket at `/mqtt` for browsers, with a valid signed query only (else the upgrade is
 *   refused with 401); browsers subscribe where the policy allows and never publish;
 * - no anonymous client: a gateway or trigger authenticates with its MAC and the secret issued in the
 *   Gateways tab, the server's own client with its secret; `overtone-*` client ids are the server's,
 *   and a client id held by one identity cannot be taken over by another;
 * - every PUBLISH and SUBSCRIBE of an edge client goes through the deny-by-default rules; `$SYS` is
 *   closed to everyone but the server;
 * - packets over {@link MAX_MQTT_PACKET_BYTES} close the connection before they are buffered.
 */
export async function startEmbeddedBroker(opts: {
  host: string;
  /** TCP port, 0 for a free one, null for no TCP listener (the live relay: browsers only, over WebSocket) */
  port: number | null;
  tls?: { port: number; key: Buffer; cert: Buffer; ca?: Buffer } | null;
  liveUrlKey: string;
  serverPassword: string;
  policy: BrokerPolicy;
  edge: EdgePolicy;
  log: { info(m: string): void; warn(o: object, m: string): void };
  /**
   * Told of each topic filter a browser connection was granted (once per connection and filter) and
   * of each it gave up (UNSUBSCRIBE or disconnect): what the live relay fetches from the external broker.
   */
  browserFilters?: { added(filter: string): void; removed(filter: string): void };
  /** Told when a gateway's or trigger's connection ends, for whatever reason (its MAC). */
  edgeDisconnected?: (mac: string) => void;
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({ connectTimeout: 10_000, persistence: createBrokerPersistence() });
  /** connected clients by id (aedes keeps them; its types do not declare the map) */
  const clients = () => (broker as unknown as { clients: Record<string, Client> }).clients;
  const browserClaims = new WeakMap<IncomingMessage, LiveUrlClaims>();
  const identities = new WeakMap<Client, Identity>();
  /**
   * Who last held each client id, connected or not: a persistent session (clean: false) keeps its
   * subscriptions and queued messages under its id while away, so another identity must not claim
   * it then either. Bounded (oldest forgotten first).
   */
  const sessionOwners = new Map<string, string>();
  const MAX_SESSION_OWNERS = 100_000;
  const requestOf = (client: Client) => (client as unknown as { req?: IncomingMessage }).req;
  /** The verified client certificate's common name of a TLS connection, or null. */
  const certificateName = (client: Client): string | null => {
    const socket = (client as unknown as { conn?: { tlsSocket?: tls.TLSSocket } }).conn?.tlsSocket;
    if (!socket?.authorized) return null;
    const cn = socket.getPeerCertificate()?.subject?.CN;
    return typeof cn === 'string' ? cn : null;
  };

  broker.authenticate = (client, username, password, cb) => {
    const decide = async (): Promise<Identity> => {
      const req = requestOf(client);
      const claims = req ? browserClaims.get(req) : undefined;
      const reservedId = client.id.startsWith(SERVER_CLIENT_ID_PREFIX);
      if (claims) {
        if (reservedId) throw refuse(2, 'reserved client id');
        return { kind: 'browser', claims };
      }
      if (username === SERVER_MQTT_USER) {
        if (!sameSecret(password, opts.serverPassword)) throw refuse(4, 'bad server credentials');
        return { kind: 'server' };
      }
      if (reservedId) throw refuse(2, 'reserved client id');
      const cn = certificateName(client);
      if (cn) {
        const mac = await opts.edge.authenticateCertificate(cn);
        if (mac && (!username || username.toUpperCase() === mac)) return { kind: 'edge', mac };
      }
      if (!username) throw refuse(5, 'anonymous clients are not accepted');
      const mac = await opts.edge.authenticate(username, password);
      if (!mac) throw refuse(4, 'bad username or password');
      return { kind: 'edge', mac };
    };
    decide().then(
      (identity) => {
        // A connected client with this id and another identity keeps it (no takeover, MQTT-3.1.4-2
        // would otherwise disconnect it); the same identity reconnecting replaces its old session.
        const key = identityKey(identity);
        const holder = clients()[client.id];
        const held = holder && holder !== client ? identities.get(holder) : undefined;
        const owner = held ? identityKey(held) : sessionOwners.get(client.id);
        if (owner && owner !== key) return cb(refuse(2, 'client id in use'), false);
        identities.set(client, identity);
        sessionOwners.delete(client.id);
        sessionOwners.set(client.id, key);
        if (sessionOwners.size > MAX_SESSION_OWNERS) sessionOwners.delete(sessionOwners.keys().next().value!);
        cb(null, true);
      },
      (err: AuthenticateError) => {
        opts.log.warn({ client: client.id, reason: err.message }, 'mqtt connection refused');
        cb(err.returnCode ? err : refuse(5, 'not authorized'), false);
      },
    );
  };

  broker.authorizePublish = (client, packet, cb) => {
    const identity = client ? identities.get(client) : undefined;
    if (!identity) return cb(new Error('not authenticated'));
    if (identity.kind === 'server') return cb(null);
    if (identity.kind === 'browser') return cb(new Error('browsers may not publish'));
    opts.edge.mayPublish(identity.mac, packet.topic).then(
      (ok) => {
        if (!ok)
          opts.log.warn({ client: client!.id, mac: identity.mac, topic: packet.topic.slice(0, 200) }, 'mqtt publish refused');
        cb(ok ? null : new Error('topic not allowed'));
      },
      () => cb(new Error('topic not allowed')),
    );
  };

  broker.authorizeSubscribe = (client, sub: Subscription, cb) => {
    const identity = client ? identities.get(client) : undefined;
    if (!identity) return cb(null, null);
    if (identity.kind === 'server') return cb(null, sub);
    if (sub.topic.startsWith('$')) return cb(null, null); // $SYS and the like: the server's only
    const allowed =
      identity.kind === 'browser'
        ? opts.policy.canSubscribe(identity.claims, sub.topic)
        : opts.edge.maySubscribe(identity.mac, sub.topic);
    allowed.then(
      (ok) => {
        if (ok && identity.kind === 'browser' && client) grantedFilter(client, sub.topic);
        cb(null, ok ? sub : null);
      },
      () => cb(null, null),
    );
  };
  /** the filters each browser connection holds (for `opts.browserFilters`) */
  const browserSubscriptions = new Map<Client, Set<string>>();
  /** connections gone: a subscription still being checked when its client left grants nothing */
  const disconnected = new WeakSet<Client>();
  const grantedFilter = (client: Client, filter: string) => {
    if (!opts.browserFilters || disconnected.has(client)) return;
    let held = browserSubscriptions.get(client);
    if (!held) browserSubscriptions.set(client, (held = new Set()));
    if (held.has(filter)) return;
    held.add(filter);
    opts.browserFilters.added(filter);
  };
  const droppedFilters = (client: Client, filters: string[] | 'all') => {
    const held = browserSubscriptions.get(client);
    if (!held || !opts.browserFilters) return;
    for (const f of filters === 'all' ? [...held] : filters) if (held.delete(f)) opts.browserFilters.removed(f);
    if (!held.size) browserSubscriptions.delete(client);
  };
  broker.on('unsubscribe', (filters, client) => client && droppedFilters(client, filters));
  broker.on('clientDisconnect', (client) => {
    disconnected.add(client);
    droppedFilters(client, 'all');
    const identity = identities.get(client);
    if (identity?.kind === 'edge') opts.edgeDisconnected?.(identity.mac);
  });
  broker.on('clientError', (client, err) => opts.log.warn({ client: client?.id, err: err.message }, 'mqtt client error'));

  const sockets = new Set<Duplex>();
  /** Hands a connection to the broker, its incoming bytes through the packet-size limit. */
  const handle = (socket: Duplex, req?: IncomingMessage, tlsSocket?: tls.TLSSocket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const limited = new MqttPacketLimit(MAX_MQTT_PACKET_BYTES);
    socket.on('error', () => socket.destroy());
    limited.on('error', (err) => {
      opts.log.warn({ err: err.message }, 'mqtt connection closed');
      socket.destroy();
    });
    socket.pipe(limited);
    const stream = Duplex.from({ readable: limited, writable: socket });
    stream.on('error', () => socket.destroy());
    socket.on('close', () => stream.destroy());
    if (tlsSocket) Object.assign(stream, { tlsSocket });
    broker.handle(stream as unknown as net.Socket, req);
  };

  const tcp = opts.port === null ? null : net.createServer((socket) => handle(socket));
  if (tcp) await listen(tcp, opts.port!, opts.host);
  let tlsServer: tls.Server | null = null;
  if (opts.tls) {
    tlsServer = tls.createServer(
      { key: opts.tls.key, cert: opts.tls.cert, ca: opts.tls.ca, requestCert: Boolean(opts.tls.ca), rejectUnauthorized: false },
      (socket) => handle(socket, undefined, socket),
    );
    await listen(tlsServer, opts.tls.port, opts.host);
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MQTT_PACKET_BYTES + 16 });

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
          stream.on('error', () => ws.terminate());
          handle(stream, req);
        });
      });
    },
    tcpPort: () => (tcp ? (tcp.address() as net.AddressInfo).port : 0),
    tlsPort: () => (tlsServer ? (tlsServer.address() as net.AddressInfo).port : null),
    disconnectEdge(mac) {
      let n = 0;
      for (const c of Object.values(clients())) {
        const i = identities.get(c);
        if (i?.kind === 'edge' && i.mac === mac) {
          c.close();
          n++;
        }
      }
      return n;
    },
    publish(topic, payload) {
      broker.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {});
    },
    async close() {
      const closed = [tcp, tlsServer]
        .filter((s): s is net.Server => !!s)
        .map((s) => new Promise<void>((r) => s.close(() => r())));
      await new Promise<void>((r) => broker.close(() => r()));
      for (const c of wss.clients) c.terminate();
      for (const s of sockets) s.destroy();
      await Promise.all(closed);
    },
  };
}

/** Constant-time comparison of a CONNECT password with a secret. */
function sameSecret(password: Buffer | undefined, secret: string): boolean {
  if (!password) return false;
  const a = createHash('sha256').update(password).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
