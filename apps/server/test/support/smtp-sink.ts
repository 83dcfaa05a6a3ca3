import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseMail, type Mail } from './mail.ts';

/** A received SMTP transaction: the envelope and the parsed message. */
export interface SmtpMessage extends Mail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 for tests (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA with
 * dot-unstuffing, RSET, NOOP, QUIT; no TLS, no auth): what the server's mailer sends with SMTP_URL.
 */
export async function startSmtpSink(): Promise<{ url: string; messages: SmtpMessage[]; close(): Promise<void> }> {
  const messages: SmtpMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let mailFrom = '';
    let rcptTo: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const raw = data.join('\r\n');
            messages.push({ ...parseMail(raw), mailFrom, rcptTo, raw });
            data = [];
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          mailFrom = /<([^>]*)>/.exec(line)?.[1] ?? '';
          rcptTo = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          rcptTo.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
