import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on the loopback interface (bound, read, released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port; rejects after `ms` or when the process exits. */
export async function waitForListener(
  name: string,
  port: number,
  proc: ChildProcess,
  ms: number,
  log: () => string,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`${name} did not listen on ${port} within ${ms} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
