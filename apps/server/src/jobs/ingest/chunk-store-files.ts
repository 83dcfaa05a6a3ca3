import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { senseway } from '@overtone/contract';
import { assertStorableKey, isStorableChunkKey, type ChunkStore, type PendingInput, type StoredDone } from './chunk-store.ts';

const LOG = '.chunks';
const DONE = '.done';
const HEADER = 8; // u32 LE chunk index, u32 LE payload length
/** Files of measurements nobody finalized (left by a crash mid-write) are removed after this long. */
const STALE_TMP_MS = 60 * 60 * 1000;
/** Append handles kept open at once (one per measurement being received). */
const MAX_OPEN = 128;
/** A stored `done` file larger than this is not read: the payload is at most 16 KiB (limits.ts), plus our fields. */
const MAX_STORED_DONE_BYTES = 4 * senseway.MAX_DONE_BYTES;
/** Payload bytes the in-memory copy of the logs may hold in all (beyond it, finalization reads the files). */
export const MIRROR_MAX_BYTES = 64 * 1024 * 1024;

/** What this process wrote to one measurement's log since it created it, and its `done`. */
interface Mirrored {
  chunks: Map<number, Uint8Array>;
  bytes: number;
  done?: StoredDone;
}

/**
 * Chunks and `done` as files in the data directory, beside the embedded database:
 * `<root>/<MAC without colons>/<objectId>.chunks`, an append-only log of records (u32 LE index,
 * u32 LE length, payload), and `<objectId>.done` (JSON, written under a temporary name and renamed).
 *
 * Why files: the embedded database runs PostgreSQL in WebAssembly, where a 20 KB bytea row costs
 * ~2 ms to insert, read back and delete (bench/ingest.bench.ts); why one log per measurement: on
 * this VM creating a file costs ~0.3 ms, appending a record a few µs. Writes are synchronous (into
 * the page cache): mqtt.js hands the server one message at a time, and an asynchronous write would
 * cost that message several event-loop turns. A record is acknowledged once written, so it survives
 * a crash of the process (no fsync, like PGlite's own files in the same directory). A crash in the
 * middle of an append leaves a torn last record, which readers ignore (its chunk is redelivered: it
 * was not acknowledged). A repeated chunk is appended again and ignored by readers (the first
 * record of an index wins), so storing stays idempotent. A chunk's time is the log's modification
 * time.
 *
 * The files are for a restart; finalization reads memory. A log this process created is mirrored in
 * memory as it is written (the record buffers the writes already made, at most
 * {@link MIRROR_MAX_BYTES} in all), with its `done`: `chunkSizes`, `chunks` and `done` answer from
 * the copy without a system call, where reading a measurement back cost 16 of them at 3 × 12 000
 * samples and 27 at 3 × 50 000 (the headers one by one, the log, the `done`'s stat and read). A log
 * found on disk at start, or one whose copy was dropped at the cap, is read from its file.
 * @param root directory of the store (created when missing)
 * @param opts.reset start empty (the database is in memory: nothing can refer to older input)
 * @param opts.mirrorMaxBytes payload bytes the in-memory copy holds at most (default {@link MIRROR_MAX_BYTES})
 */
export function createFileChunkStore(root: string, opts: { reset?: boolean; mirrorMaxBytes?: number } = {}): ChunkStore {
  const mirrorMaxBytes = opts.mirrorMaxBytes ?? MIRROR_MAX_BYTES;
  if (opts.reset) fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const deviceDir = (device: string) => path.join(root, device.replaceAll(':', ''));
  /** The file of a measurement; only legal keys name files (a MAC directory, an id file name). */
  const fileOf = (device: string, objectId: string, ext: string) => {
    assertStorableKey(device, objectId);
    return path.join(deviceDir(device), objectId + ext);
  };
  const madeDirs = new Set<string>();
  /** open append handles by log path, oldest first (Map order), with the log's length */
  const open = new Map<string, { fd: number; size: number }>();
  let seq = 0;
  /** the in-memory copies, by `device/objectId` */
  const mirror = new Map<string, Mirrored>();
  let mirrorBytes = 0;
  const keyOf = (device: string, objectId: string) => `${device}/${objectId}`;
  const dropMirror = (key: string) => {
    const m = mirror.get(key);
    if (!m) return;
    mirrorBytes -= m.bytes;
    mirror.delete(key);
  };

  /** The whole records of a log, first record of each index, and where the whole records end. */
  const parseLog = (buf: Buffer) => {
    const chunks = new Map<number, Uint8Array>();
    let off = 0;
    while (off + HEADER <= buf.length) {
      const idx = buf.readUInt32LE(off);
      const len = buf.readUInt32LE(off + 4);
      if (off + HEADER + len > buf.length) break;
      if (!chunks.has(idx)) chunks.set(idx, new Uint8Array(buf.buffer, buf.byteOffset + off + HEADER, len));
      off += HEADER + len;
    }
    return { chunks, wholeLength: off };
  };
  const makeDeviceDir = (device: string) => {
    const dir = deviceDir(device);
    if (madeDirs.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  };
  const closeLog = (file: string) => {
    const h = open.get(file);
    if (!h) return;
    open.delete(file);
    fs.closeSync(h.fd);
  };
  /**
   * The append handle of a log. Opening an existing log (after a restart) first cuts off a torn
   * last record, so that the next record starts on a record boundary.
   */
  const appendHandle = (device: string, file: string, key: string) => {
    const known = open.get(file);
    if (known) return known;
    makeDeviceDir(device);
    const fd = fs.openSync(file, 'a+');
    let size = fs.fstatSync(fd).size;
    if (size > 0) {
      const whole = parseLog(fs.readFileSync(file)).wholeLength;
      if (whole < size) fs.ftruncateSync(fd, (size = whole));
    } else if (!mirror.has(key)) mirror.set(key, { chunks: new Map(), bytes: 0 }); // a new log: mirrored from its first record
    const h = { fd, size };
    open.set(file, h);
    if (open.size > MAX_OPEN) closeLog(open.keys().next().value!);
    return h;
  };
  const ignoreMissing = (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  };
  /** Removes a file, already gone or not (`unlink`: `fs.rm` would stat it first, through its rimraf). */
  const removeFile = (file: string) => fsp.unlink(file).catch(ignoreMissing);

  return {
    kind: 'files',
    // one process owns the directory (infra/data-dir-lock.ts): nobody else finalizes
    claim: async () => true,
    releaseClaim: async () => {},
    async putChunk(device, objectId, idx, payload) {
      assertStorableKey(device, objectId, idx);
      const file = fileOf(device, objectId, LOG);
      const record = Buffer.allocUnsafe(HEADER + payload.byteLength);
      record.writeUInt32LE(idx, 0);
      record.writeUInt32LE(payload.byteLength, 4);
      record.set(payload, HEADER);
      const key = keyOf(device, objectId);
      for (let attempt = 0; ; attempt++) {
        let h: { fd: number; size: number } | undefined;
        try {
          h = appendHandle(device, file, key);
          fs.writeSync(h.fd, record);
          h.size += record.length;
          const m = mirror.get(key);
          if (m && !m.chunks.has(idx)) {
            // the first record of an index wins, as readers of the file take it
            if (mirrorBytes + payload.byteLength > mirrorMaxBytes) dropMirror(key);
            else {
              m.chunks.set(idx, new Uint8Array(record.buffer, record.byteOffset + HEADER, payload.byteLength));
              m.bytes += payload.byteLength;
              mirrorBytes += payload.byteLength;
            }
          }
          return;
        } catch (e) {
          // a partial write (disk full…) must not stay in front of the next record
          if (h) fs.ftruncateSync(h.fd, h.size);
          // the device directory was removed (a reset, a manual clean-up): make it again
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 2) throw e;
          closeLog(file);
          dropMirror(key); // its log is gone: a new one starts its own copy
          madeDirs.delete(deviceDir(device));
        }
      }
    },
    async putDone(device, objectId, d) {
      const file = fileOf(device, objectId, DONE);
      if (fs.existsSync(file)) return;
      makeDeviceDir(device);
      const tmp = `${file}.${process.pid}-${seq++}.tmp`;
      const receivedAt = new Date();
      fs.writeFileSync(tmp, JSON.stringify({ ...d, received_at: receivedAt.toISOString() }));
      fs.renameSync(tmp, file);
      const m = mirror.get(keyOf(device, objectId));
      if (m) m.done = { ...d, received_at: receivedAt };
    },
    async chunkSizes(device, objectId) {
      const m = mirror.get(keyOf(device, objectId));
      if (m) return new Map([...m.chunks].map(([idx, c]) => [idx, c.byteLength]));
      const sizes = new Map<number, number>();
      let fd: number;
      try {
        fd = fs.openSync(fileOf(device, objectId, LOG), 'r');
      } catch (e) {
        ignoreMissing(e as NodeJS.ErrnoException);
        return sizes;
      }
      try {
        const size = fs.fstatSync(fd).size;
        const header = Buffer.alloc(HEADER);
        // headers only: each record's payload is skipped, not read
        for (let off = 0; off + HEADER <= size;) {
          fs.readSync(fd, header, 0, HEADER, off);
          const idx = header.readUInt32LE(0);
          const len = header.readUInt32LE(4);
          if (off + HEADER + len > size) break; // torn last record
          if (!sizes.has(idx)) sizes.set(idx, len);
          off += HEADER + len;
        }
      } finally {
        fs.closeSync(fd);
      }
      return sizes;
    },
    async chunks(device, objectId) {
      const m = mirror.get(keyOf(device, objectId));
      if (m) return new Map(m.chunks);
      const buf = await fsp.readFile(fileOf(device, objectId, LOG)).catch((e: NodeJS.ErrnoException) => (ignoreMissing(e), null));
      return buf ? parseLog(buf).chunks : new Map<number, Uint8Array>();
    },
    async done(device, objectId) {
      const file = fileOf(device, objectId, DONE);
      const mirrored = mirror.get(keyOf(device, objectId))?.done;
      if (mirrored) return mirrored;
      const st = await fsp.stat(file).catch((e: NodeJS.ErrnoException) => (ignoreMissing(e), null));
      if (!st) return undefined;
      // an older server stored any size: such a file is not read into memory (finalization drops it)
      if (st.size > MAX_STORED_DONE_BYTES) throw new RangeError(`stored done of ${st.size} bytes`);
      const text = await fsp.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => (ignoreMissing(e), null));
      if (text === null) return undefined;
      const d = JSON.parse(text) as Omit<StoredDone, 'received_at'> & { received_at: string };
      return { ...d, received_at: new Date(d.received_at) };
    },
    async clear(device, objectId) {
      const log = fileOf(device, objectId, LOG);
      closeLog(log);
      dropMirror(keyOf(device, objectId));
      await removeFile(log);
      await removeFile(fileOf(device, objectId, DONE));
    },
    async clearDone(device, objectId) {
      const m = mirror.get(keyOf(device, objectId));
      if (m) delete m.done;
      await removeFile(fileOf(device, objectId, DONE));
    },
    async clearChunks(device, objectId) {
      const log = fileOf(device, objectId, LOG);
      closeLog(log);
      dropMirror(keyOf(device, objectId)); // its `done`, if any, is read from its file
      await removeFile(log);
    },
    async pending() {
      const byKey = new Map<string, PendingInput>();
      const readdir = (d: string) => fsp.readdir(d).catch((e: NodeJS.ErrnoException) => (ignoreMissing(e), [] as string[]));
      for (const d of await readdir(root)) {
        if (!/^[0-9A-F]{12}$/.test(d)) continue;
        const device = d.match(/../g)!.join(':');
        for (const name of await readdir(path.join(root, d))) {
          const file = path.join(root, d, name);
          if (name.endsWith('.tmp')) {
            // a `done` whose rename never happened: its message was not acknowledged
            const st = await fsp.stat(file).catch(() => null);
            if (st && Date.now() - st.mtimeMs > STALE_TMP_MS) await removeFile(file);
            continue;
          }
          const ext = name.endsWith(LOG) ? LOG : name.endsWith(DONE) ? DONE : null;
          if (!ext) continue;
          const objectId = name.slice(0, -ext.length);
          // a name no legal message makes (left by an older server): never finalized, removed
          if (!isStorableChunkKey(device, objectId)) {
            await removeFile(file);
            continue;
          }
          const key = `${device}/${objectId}`;
          const p = byKey.get(key) ?? { device, objectId, lastChunkAt: null, hasDone: false, doneAt: null };
          const st = await fsp.stat(file).catch(() => null);
          if (!st) continue;
          if (ext === DONE) Object.assign(p, { hasDone: true, doneAt: st.mtime });
          else p.lastChunkAt = st.mtime;
          byKey.set(key, p);
        }
      }
      return [...byKey.values()];
    },
  };
}
