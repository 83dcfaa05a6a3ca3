import { senseway } from '@overtone/contract';

/** A measurement's `done` message as stored (senseway-gateway.md §5.3). */
export interface StoredDone {
  gateway_mac: string;
  /** topic root it came on (`prod` or `lake`) */
  root: string;
  /** the parsed JSON payload (`{}` when it was not JSON) */
  payload: unknown;
  received_at: Date;
}

/** A measurement with chunks or a `done` stored and not yet cleared. */
export interface PendingInput {
  device: string;
  objectId: string;
  /** when its newest chunk was stored; null with no chunk */
  lastChunkAt: Date | null;
  hasDone: boolean;
  /** when its `done` was stored; null without one */
  doneAt: Date | null;
}

/**
 * Durable storage of what arrives for a measurement (its chunks and its `done`) between arrival
 * and finalization (docs/architecture.md "Ingest guarantees"). Two backends with the same
 * guarantees: `createFileChunkStore` (embedded database: files in the data directory, beside
 * PGlite's own) and `createDatabaseChunkStore` (PostgreSQL: tables `measurement_chunks` and
 * `measurement_done`, shared by every instance). `device` is an upper-case MAC and `objectId` an
 * object id accepted by `isStorableChunkKey`. Every `put` resolves once durable (then its message may
 * be acknowledged) and stores once: a redelivery changes nothing.
 */
export interface ChunkStore {
  readonly kind: 'files' | 'database';
  putChunk(device: string, objectId: string, idx: number, payload: Uint8Array): Promise<void>;
  putDone(device: string, objectId: string, done: Omit<StoredDone, 'received_at'>): Promise<void>;
  /**
   * The index and payload length of each stored chunk of one measurement, without reading the
   * payloads (admission accounting after a restart, and the size check before finalization reads them).
   */
  chunkSizes(device: string, objectId: string): Promise<Map<number, number>>;
  /** The stored chunks of one measurement by index (empty when none). */
  chunks(device: string, objectId: string): Promise<Map<number, Uint8Array>>;
  done(device: string, objectId: string): Promise<StoredDone | undefined>;
  /** Removes the chunks and the `done` of one measurement (finalized, skipped or deleted). */
  clear(device: string, objectId: string): Promise<void>;
  /** Removes only the `done` (one that fails validation, stored by an older server). */
  clearDone(device: string, objectId: string): Promise<void>;
  /** Removes only the chunks (a stalled request whose chunks are dropped). */
  clearChunks(device: string, objectId: string): Promise<void>;
  /**
   * Takes, or renews, the right to finalize one measurement for `ttlMs`: several instances share
   * the input (docs/operations.md "Several instances"), and each measurement is finalized by one.
   * A lease, not a lock: an instance that dies holding it frees it when the time passes. Released
   * by `clear`. The file store belongs to one process: always true, without any I/O.
   * @param owner the instance asking (unique per process)
   * @returns true when no other owner holds an unexpired claim
   */
  claim(device: string, objectId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives up `owner`'s claim (a finalization that found nothing to do; `clear` removes it otherwise). */
  releaseClaim(device: string, objectId: string, owner: string): Promise<void>;
  /** Every measurement with input stored (the sweeper's and the restart's view; small in steady state). */
  pending(): Promise<PendingInput[]>;
}

/**
 * True when a chunk topic's parts can be stored: an upper-case MAC (six hex pairs), an object id of
 * 1–64 letters, digits, `_` or `-` (the protocol's are 24 hex digits, senseway-gateway.md §2), an
 * index 0 … `MAX_CHUNK_COUNT` − 1 (limits.ts). The stores refuse anything else (it could name a path).
 */
export const isStorableChunkKey = (device: string, objectId: string, idx = 0) =>
  senseway.isMac(device) && senseway.isObjectId(objectId) && Number.isInteger(idx) && idx >= 0 && idx < senseway.MAX_CHUNK_COUNT;

/** Throws unless `device` and `objectId` are legal (they name files and rows). */
export function assertStorableKey(device: string, objectId: string, idx = 0) {
  if (!isStorableChunkKey(device, objectId, idx))
    throw new RangeError(`not a storable measurement key: ${JSON.stringify([device, objectId, idx])}`);
}
