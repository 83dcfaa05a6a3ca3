import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('mail outbox', () => {
  it('is private to the server’s user: directory 0700, files 0600, whatever the umask', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-outbox-'));
    dirs.push(root);
    const outboxDir = path.join(root, 'outbox');
    const before = process.umask(0o000); // the most permissive umask: modes come from the code alone
    try {
      const mailer = createMailer({ outboxDir, from: 'noreply@test', log: () => {} });
      await mailer.send({ to: 'a@b.test', subject: 'Reset', text: 'https://x/reset?token=secret' });
      // an outbox made earlier with looser rights is tightened on the next mail
      fs.chmodSync(outboxDir, 0o755);
      await mailer.send({ to: 'a@b.test', subject: 'Code', text: '123456' });
    } finally {
      process.umask(before);
    }
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    for (const f of files) expect(fs.statSync(path.join(outboxDir, f)).mode & 0o777, f).toBe(0o600);
  });
});
