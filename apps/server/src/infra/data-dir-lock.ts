import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is single-process and does not itself refuse a second process on the same data directory
 * (both would write it and corrupt it). The server and the tenant CLI therefore hold this lock file,
 * `DATA_DIR/db.lock` (pid, host, holder), while they have the embedded database open.
 */
export const LOCK_FILE = 'db.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  holder: string;
  since: string;
}

/** The data directory's database is open in another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(`the embedded database in ${path.dirname(lockFile)} is in use by ${holder.holder} (pid ${holder.pid})`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether a lock file's holder may still be running (same machine, live pid other than ours). */
function holds(h: LockHolder): boolean {
  if (h.hostname !== os.hostname()) return true; // another machine sharing the directory: cannot tell, assume yes
  return h.pid !== process.pid && alive(h.pid);
}

/** Reads the holder of `dataDir`'s lock, or null when it is free (no file, or a stale one). */
export function lockHolder(dataDir: string): LockHolder | null {
  try {
    const h = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockHolder;
    return holds(h) ? h : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dataDir` for this process, replacing a stale one (its process is gone).
 * @param holder who holds it, for the message another process prints (e.g. 'the Overtone server')
 * @returns release(): removes the lock file if it is still ours
 * @throws DataDirLockedError when a live process holds it
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, hostname: os.hostname(), holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o644 });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      const current = lockHolder(dataDir);
      if (current) throw new DataDirLockedError(file, current);
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      const h = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
      if (h.pid === me.pid && h.since === me.since) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}
