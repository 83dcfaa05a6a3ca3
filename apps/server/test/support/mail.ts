import fs from 'node:fs';
import path from 'node:path';

/** A mail as the tests read it: decoded headers and text body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  file?: string;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`) → text. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Quoted-printable body → text (soft line breaks removed, `=XX` bytes decoded as UTF-8). */
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses one RFC 822 message with a single text part (what the server's mailer writes). */
export function parseMail(raw: string): Mail {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, sep).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    cte === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : cte === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { to: decodeWords(header('To')), subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}

/** Every mail in `dataDir/outbox`, oldest first. */
export function readOutbox(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => {
      const [ta, na] = a.split(/[-.]/).map(Number);
      const [tb, nb] = b.split(/[-.]/).map(Number);
      return ta! - tb! || na! - nb!;
    })
    .map((f) => ({ ...parseMail(fs.readFileSync(path.join(dir, f), 'utf8')), file: f }));
}

/**
 * Waits until a mail to `to` that the mails before it (`after`: how many there were) did not hold
 * arrives in the outbox; returns the newest such mail.
 */
export async function waitForMail(dataDir: string, to: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<Mail> {
  const end = Date.now() + (opts.timeoutMs ?? 10000);
  for (;;) {
    const mails = readOutbox(dataDir)
      .slice(opts.after ?? 0)
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > end) throw new Error(`no mail to ${to} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Number of mails in the outbox now (pass as `after` to `waitForMail`). */
export const outboxCount = (dataDir: string) => readOutbox(dataDir).length;

/** The 6-digit code of a second-step mail. */
export function codeOf(mail: Mail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
}

/** The reset token of a forgot-password mail's link. */
export function resetTokenOf(mail: Mail): { link: string; token: string } {
  const m = /(https?:\/\/\S+\/forgotpassword\?token=([A-Za-z0-9_%-]+))/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail: ${mail.text}`);
  return { link: m[1]!, token: decodeURIComponent(m[2]!) };
}
