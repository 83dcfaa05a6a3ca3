import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolder } from './data-dir-lock.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const writeLock = (dir: string, pid: number) =>
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, hostname: os.hostname(), holder: 'the Overtone server', since: 'x' }),
  );

describe('data directory lock (PGlite is single-process)', () => {
  it('is taken and released', () => {
    const dir = tmp();
    const release = lockDataDir(dir, 'test');
    expect(lockHolder(dir)).toBeNull(); // held by this very process: not "another" holder
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, holder: 'test' });
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while another live process holds it, naming the holder', () => {
    const dir = tmp();
    writeLock(dir, process.ppid);
    expect(lockHolder(dir)).toMatchObject({ pid: process.ppid, holder: 'the Overtone server' });
    expect(() => lockDataDir(dir, 'the tenant command')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'the tenant command')).toThrow(/in use by the Overtone server/);
  });

  it('replaces a stale lock whose process is gone', () => {
    const dir = tmp();
    writeLock(dir, 2 ** 22 + 12345); // above Linux's pid_max: no such process
    const release = lockDataDir(dir, 'test');
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
