import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mailer {
  send(msg: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * Mail outbox: each message is rendered by nodemailer to RFC 822 and written to
 * `dataDir/outbox/<time>-<n>.eml` (and logged), directory 0700 and files 0600 (the server's user
 * only); `SMTP_URL` sends through SMTP instead.
 */
export function createMailer(opts: {
  outboxDir: string;
  smtpUrl?: string | null;
  from: string;
  log: (m: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const t = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (m) => void (await t.sendMail({ from: opts.from, ...m })) };
  }
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let n = 0;
  return {
    async send(m) {
      const info = await t.sendMail({ from: opts.from, ...m });
      // private to the server's user: mails carry reset links, codes and personal data
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      await fs.chmod(opts.outboxDir, 0o700);
      const file = path.join(opts.outboxDir, `${Date.now()}-${++n}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      opts.log(`mail to ${m.to} written to ${file}`);
    },
  };
}
