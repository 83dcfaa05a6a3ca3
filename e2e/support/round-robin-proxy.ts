import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A load balancer in front of several instances, for the scale-out tests. */
export interface RoundRobinProxy {
  /** `http://localhost:<port>`: the one address users reach */
  url: string;
  /** requests and WebSocket upgrades each target served, in the order of `targets` */
  counts: number[];
  close(): Promise<void>;
}

/**
 * The simplest load balancer: each HTTP request and each WebSocket upgrade goes to the next target
 * in turn (no stickiness), with its method, path and headers unchanged (the Host header names the
 * customer). WebSocket upgrades are piped as raw TCP once the target is connected.
 * @param targets the instances' base URLs (`http://localhost:<port>`)
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const ports = targets.map((t) => Number(new URL(t).port));
  const counts = ports.map(() => 0);
  let next = 0;
  const pick = () => {
    const i = next++ % ports.length;
    counts[i]++;
    return ports[i];
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: pick(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    counts,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
