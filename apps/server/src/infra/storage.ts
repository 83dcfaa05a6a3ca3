import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors.ts';

/**
 * Object storage behind an S3-style interface (keys with `/`). The embedded implementation keeps
 * objects under `dataDir/objects`; an S3-compatible store replaces it at scale (docs/operations.md).
 */
export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  ready(): Promise<boolean>;
  /** Releases the store's connections (S3), when it holds any. */
  close?(): void;
}

/**
 * Whether `key` is a storage key: `/`-separated segments of letters, digits, `.`, `_` and `-`, none
 * empty and none ending in `.` (so no `.` or `..` segment, which would name another directory, and no
 * name that file systems and S3 tools treat differently from what was stored).
 */
export const isSafeKey = (key: string) =>
  key.length <= 1024 && /^[A-Za-z0-9._\-/]+$/.test(key) && key.split('/').every((p) => p !== '' && !p.endsWith('.'));

/** @throws AppError VALIDATION (400 `invalidObjectKey`) for a key that is not `isSafeKey` */
export const safeKey = (key: string) => {
  if (!isSafeKey(key)) throw new AppError('VALIDATION', 'key', 'invalidObjectKey');
  return key;
};

export function createLocalStorage(root: string): ObjectStorage {
  return {
    async put(key, body) {
      const file = path.join(root, safeKey(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      // write-then-rename: a reader never sees a half-written object.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(path.join(root, safeKey(key))));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(path.join(root, safeKey(key)), { force: true });
    },
    async ready() {
      await fs.mkdir(root, { recursive: true });
      return true;
    },
  };
}
