/**
 * The two chunk stores (docs/architecture.md "Ingest guarantees") keep the same contract: each
 * message stored once, read back byte for byte, listed while pending, cleared on demand. The
 * database store runs on the embedded database from the test template (its own thread).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/infra/db/database.ts';
import { createDatabaseChunkStore } from '../src/jobs/ingest/chunk-store-database.ts';
import { createFileChunkStore } from '../src/jobs/ingest/chunk-store-files.ts';
import { isStorableChunkKey, type ChunkStore } from '../src/jobs/ingest/chunk-store.ts';
import { TEMPLATE_FILE } from './support/constants.ts';

const DEVICE = 'CA:B8:31:00:00:09';
const ID = '5e0000000000000000000abc';
/** every byte value, so a codec that mangles any of them fails */
const payload = (seed: number) => Uint8Array.from({ length: 20480 }, (_, i) => (i * 7 + seed) & 0xff);

let database: Database;
let dir: string;
const stores: Record<'files' | 'database', () => ChunkStore> = {
  files: () => createFileChunkStore(dir),
  database: () => createDatabaseChunkStore(database.db),
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-chunks-'));
  database = await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(['files', 'database'] as const)('chunk store in %s', (kind) => {
  it('stores each chunk and done once, reads them back exactly, lists them while pending, clears them', async () => {
    const store = stores[kind]();
    expect(store.kind).toBe(kind);
    expect(await store.chunks(DEVICE, ID)).toEqual(new Map());
    expect(await store.done(DEVICE, ID)).toBeUndefined();

    await store.putChunk(DEVICE, ID, 1, payload(1));
    await store.putChunk(DEVICE, ID, 1, payload(99)); // a redelivery with other bytes changes nothing
    await store.putChunk(DEVICE, ID, 0, payload(0).subarray(0, 1000));
    const chunks = await store.chunks(DEVICE, ID);
    expect([...chunks.keys()].sort()).toEqual([0, 1]);
    expect(Buffer.from(chunks.get(1)!).equals(Buffer.from(payload(1)))).toBe(true);
    expect(Buffer.from(chunks.get(0)!).equals(Buffer.from(payload(0).subarray(0, 1000)))).toBe(true);
    // sizes without the payloads (the first copy of an index counts)
    expect(await store.chunkSizes(DEVICE, ID)).toEqual(
      new Map([
        [1, 20480],
        [0, 1000],
      ]),
    );
    expect(await store.chunkSizes(DEVICE, 'nothing')).toEqual(new Map());

    let pending = await store.pending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ device: DEVICE, objectId: ID, hasDone: false });
    expect(Date.now() - pending[0].lastChunkAt!.getTime()).toBeLessThan(60_000);

    const before = Date.now();
    await store.putDone(DEVICE, ID, { gateway_mac: 'CA:B8:28:00:00:01', root: 'prod', payload: { STAT: { CHUNK_COUNT: 2 } } });
    await store.putDone(DEVICE, ID, { gateway_mac: 'CA:B8:28:00:00:02', root: 'lake', payload: {} });
    const done = await store.done(DEVICE, ID);
    expect(done).toMatchObject({ gateway_mac: 'CA:B8:28:00:00:01', root: 'prod', payload: { STAT: { CHUNK_COUNT: 2 } } });
    expect(done!.received_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    pending = await store.pending();
    expect(pending.map((p) => p.hasDone)).toEqual([true]);

    await store.clearDone(DEVICE, ID);
    expect(await store.done(DEVICE, ID)).toBeUndefined();
    await store.putDone(DEVICE, ID, { gateway_mac: 'CA:B8:28:00:00:01', root: 'prod', payload: { STAT: { CHUNK_COUNT: 2 } } });
    await store.clearChunks(DEVICE, ID); // the done stays
    expect(await store.chunks(DEVICE, ID)).toEqual(new Map());
    pending = await store.pending();
    expect(pending).toEqual([{ device: DEVICE, objectId: ID, lastChunkAt: null, hasDone: true, doneAt: expect.any(Date) }]);
    expect(Math.abs(Date.now() - pending[0].doneAt!.getTime())).toBeLessThan(60_000);

    await store.putChunk(DEVICE, ID, 2, payload(2));
    await store.clear(DEVICE, ID);
    expect(await store.chunks(DEVICE, ID)).toEqual(new Map());
    expect(await store.done(DEVICE, ID)).toBeUndefined();
    expect(await store.pending()).toEqual([]);
    await store.clear(DEVICE, ID); // clearing nothing is fine
  });

  it('keeps measurements apart (same object id on two devices)', async () => {
    const store = stores[kind]();
    await store.putChunk(DEVICE, ID, 0, payload(5));
    await store.putChunk('CA:B8:31:00:00:0A', ID, 0, payload(6));
    expect(Buffer.from((await store.chunks('CA:B8:31:00:00:0A', ID)).get(0)!).equals(Buffer.from(payload(6)))).toBe(true);
    expect((await store.pending()).map((p) => p.device).sort()).toEqual([DEVICE, 'CA:B8:31:00:00:0A']);
    await store.clear(DEVICE, ID);
    await store.clear('CA:B8:31:00:00:0A', ID);
    expect(await store.pending()).toEqual([]);
  });
});

describe('finalization claims (several instances share the database store)', () => {
  it('one owner at a time, renewed by its owner, taken over once the lease passed, gone with the input', async () => {
    const store = stores.database();
    const other = 'CA:B8:31:00:00:0B';
    expect(await store.claim(DEVICE, ID, 'a', 60_000)).toBe(true);
    expect(await store.claim(DEVICE, ID, 'b', 60_000)).toBe(false); // a holds it
    expect(await store.claim(DEVICE, ID, 'a', 60_000)).toBe(true); // renewed
    expect(await store.claim(other, ID, 'b', 60_000)).toBe(true); // another measurement: its own claim
    await store.releaseClaim(DEVICE, ID, 'b'); // not b's: nothing changes
    expect(await store.claim(DEVICE, ID, 'b', 60_000)).toBe(false);
    await store.releaseClaim(DEVICE, ID, 'a');
    expect(await store.claim(DEVICE, ID, 'b', 0)).toBe(true); // free; b's lease ends at once
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.claim(DEVICE, ID, 'a', 60_000)).toBe(true); // b's lease passed (b died)
    expect(await store.claim(DEVICE, ID, 'b', 60_000)).toBe(false);
    await store.putChunk(DEVICE, ID, 0, payload(1));
    await store.clear(DEVICE, ID); // the chunks, the done and the claim
    expect(await store.claim(DEVICE, ID, 'b', 60_000)).toBe(true);
    await store.clear(DEVICE, ID);
    await store.clear(other, ID);
    expect(await database.db.selectFrom('measurement_claims').selectAll().execute()).toEqual([]);
  });

  it("the file store is one process's: every claim succeeds, without I/O", async () => {
    const store = stores.files();
    expect(await store.claim(DEVICE, ID, 'a', 60_000)).toBe(true);
    expect(await store.claim(DEVICE, ID, 'b', 60_000)).toBe(true);
    await store.releaseClaim(DEVICE, ID, 'a');
  });
});

describe.each(['files', 'database'] as const)('chunk store in %s refuses keys that could name a path', (kind) => {
  it('putChunk and putDone throw for a bad MAC, object id or index; nothing is written', async () => {
    const root = path.join(dir, 'paths', 'store');
    const store = kind === 'files' ? createFileChunkStore(root) : stores[kind]();
    for (const [device, id, idx] of [
      ['..', ID, 0],
      ['ca:b8:31:00:00:09', ID, 0],
      [DEVICE, '..', 0],
      [DEVICE, '../../etc', 0],
      [DEVICE, 'a.b', 0],
      [DEVICE, ID, 8192],
      [DEVICE, ID, -1],
    ] as const) {
      await expect(store.putChunk(device, id, idx, payload(0))).rejects.toThrow(RangeError);
      if (idx === 0)
        await expect(store.putDone(device, id, { gateway_mac: DEVICE, root: 'prod', payload: {} })).rejects.toThrow(RangeError);
    }
    expect(await store.pending()).toEqual([]);
    if (kind === 'files') expect([fs.readdirSync(root), fs.readdirSync(path.dirname(root))]).toEqual([[], ['store']]);
  });
});

describe('file chunk store specifics', () => {
  it('a record torn by a crash is cut off before the next append; the redelivered chunk is read whole', async () => {
    const root = path.join(dir, 'torn');
    await createFileChunkStore(root).putChunk(DEVICE, ID, 3, payload(3));
    const log = path.join(root, 'CAB831000009', `${ID}.chunks`);
    const header = Buffer.alloc(8);
    header.writeUInt32LE(2, 0);
    header.writeUInt32LE(20480, 4);
    fs.appendFileSync(log, Buffer.concat([header, Buffer.from(payload(2).subarray(0, 5000))])); // the crash
    const store = createFileChunkStore(root); // the restarted server
    expect([...(await store.chunks(DEVICE, ID)).keys()]).toEqual([3]); // the torn record is not a chunk
    await store.putChunk(DEVICE, ID, 2, payload(2)); // the gateway resends what was not acknowledged
    const chunks = await store.chunks(DEVICE, ID);
    expect(Buffer.from(chunks.get(2)!).equals(Buffer.from(payload(2)))).toBe(true);
    expect(Buffer.from(chunks.get(3)!).equals(Buffer.from(payload(3)))).toBe(true);
    expect(fs.statSync(log).size).toBe(2 * (8 + 20480));
  });

  it('answers finalization from memory what it wrote; a restart reads the same from the files; past its cap, the files', async () => {
    const root = path.join(dir, 'mirror');
    const store = createFileChunkStore(root, { mirrorMaxBytes: 3 * 20480 });
    const OTHER = '5e0000000000000000000abd';
    await store.putChunk(DEVICE, ID, 1, payload(1));
    await store.putChunk(DEVICE, ID, 1, payload(99)); // the first record of an index wins, in memory as on disk
    await store.putChunk(DEVICE, ID, 0, payload(0));
    await store.putDone(DEVICE, ID, { gateway_mac: 'CA:B8:28:00:00:01', root: 'prod', payload: { CHUNK_COUNT: 2 } });
    const fromMemory = {
      sizes: await store.chunkSizes(DEVICE, ID),
      chunks: await store.chunks(DEVICE, ID),
      done: await store.done(DEVICE, ID),
    };
    const restarted = createFileChunkStore(root);
    const fromFiles = {
      sizes: await restarted.chunkSizes(DEVICE, ID),
      chunks: await restarted.chunks(DEVICE, ID),
      done: await restarted.done(DEVICE, ID),
    };
    expect(fromMemory).toEqual(fromFiles);
    expect(Buffer.from(fromMemory.chunks.get(1)!).equals(Buffer.from(payload(1)))).toBe(true);
    expect(fromMemory.done).toMatchObject({ payload: { CHUNK_COUNT: 2 }, received_at: expect.any(Date) });

    // from memory: the files can go (a clean-up behind its back) and finalization still has its input
    fs.rmSync(path.join(root, 'CAB831000009', `${ID}.chunks`));
    fs.rmSync(path.join(root, 'CAB831000009', `${ID}.done`));
    expect((await store.chunks(DEVICE, ID)).size).toBe(2);
    expect(await store.done(DEVICE, ID)).toEqual(fromFiles.done);
    await store.clear(DEVICE, ID);
    expect(await store.chunks(DEVICE, ID)).toEqual(new Map());
    expect(await store.done(DEVICE, ID)).toBeUndefined();

    // past the cap (three chunks' worth here) the copy is dropped: read from the file, whole
    for (let idx = 0; idx < 4; idx++) await store.putChunk(DEVICE, OTHER, idx, payload(idx));
    fs.appendFileSync(path.join(root, 'CAB831000009', `${OTHER}.chunks`), Buffer.alloc(3)); // seen only by a reader of the file
    const chunks = await store.chunks(DEVICE, OTHER);
    expect([...chunks.keys()]).toEqual([0, 1, 2, 3]);
    expect(Buffer.from(chunks.get(3)!).equals(Buffer.from(payload(3)))).toBe(true);
    expect(await store.chunkSizes(DEVICE, OTHER)).toEqual(new Map([0, 1, 2, 3].map((i) => [i, 20480])));
    // a log found on disk (another process wrote it) is read from its file as well
    await createFileChunkStore(root).putChunk(DEVICE, ID, 5, payload(5));
    expect([...(await store.chunks(DEVICE, ID)).keys()]).toEqual([5]);
  });

  it('removes a `done` left half-written for an hour, survives a restart, resets on demand', async () => {
    const root = path.join(dir, 'specifics');
    const store = createFileChunkStore(root);
    await store.putChunk(DEVICE, ID, 0, payload(0));
    const tmp = path.join(root, 'CAB831000009', `${ID}.done.1-0.tmp`);
    fs.writeFileSync(tmp, '{"gateway_');
    expect((await store.pending()).map((p) => p.hasDone)).toEqual([false]);
    expect(fs.existsSync(tmp)).toBe(true); // young: left alone
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(tmp, old, old);
    await store.pending();
    expect(fs.existsSync(tmp)).toBe(false);

    // a file no legal key names (left by an older server) is removed, never listed
    fs.writeFileSync(path.join(root, 'CAB831000009', 'a b.done'), '{}');
    expect((await store.pending()).map((p) => p.objectId)).toEqual([ID]);
    expect(fs.existsSync(path.join(root, 'CAB831000009', 'a b.done'))).toBe(false);
    // a stored done too large to be one is not read into memory
    fs.writeFileSync(path.join(root, 'CAB831000009', `${ID}.done`), 'x'.repeat(100_000));
    await expect(store.done(DEVICE, ID)).rejects.toThrow(RangeError);
    await store.clearDone(DEVICE, ID);

    expect((await createFileChunkStore(root).chunks(DEVICE, ID)).size).toBe(1); // survives a restart
    expect(await createFileChunkStore(root, { reset: true }).pending()).toEqual([]);
  });
});

describe('isStorableChunkKey', () => {
  it('accepts protocol keys and refuses anything that could not name a measurement (or a path)', () => {
    expect(isStorableChunkKey(DEVICE, ID, 0)).toBe(true);
    expect(isStorableChunkKey(DEVICE, ID, 8191)).toBe(true);
    expect(isStorableChunkKey(DEVICE, ID, 8192)).toBe(false); // senseway.MAX_CHUNK_COUNT
    expect(isStorableChunkKey(DEVICE, ID, -1)).toBe(false);
    expect(isStorableChunkKey(DEVICE, ID, 1.5)).toBe(false);
    expect(isStorableChunkKey('ca:b8:31:00:00:09', ID, 0)).toBe(false);
    expect(isStorableChunkKey('CA:B8:31:00:00', ID, 0)).toBe(false);
    expect(isStorableChunkKey(DEVICE, '..', 0)).toBe(false);
    expect(isStorableChunkKey(DEVICE, 'a/b', 0)).toBe(false);
    expect(isStorableChunkKey(DEVICE, '', 0)).toBe(false);
    expect(isStorableChunkKey(DEVICE, 'x'.repeat(65), 0)).toBe(false);
  });
});
