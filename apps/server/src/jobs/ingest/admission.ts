import { senseway } from '@overtone/contract';
import type { KeyDevice } from './key-lookup.ts';

/**
 * Caps on what may wait for its `done` (chunks stored, measurement not finalized), bytes and
 * counts. Waiting chunks live in the chunk store (disk or database), not in memory; the caps bound
 * that storage and the work a finalization can be asked to do, and the in-memory accounting itself
 * (one entry per waiting measurement, one number per chunk) is bounded by the counts.
 */
export interface IngestLimits {
  /** one measurement we did not request (self-initiated): the largest legal one, 6 065 536 B */
  perMeasurementBytes: number;
  /** one device, every measurement of it together: twice the largest legal measurement, 12 131 072 B */
  perDeviceBytes: number;
  /** one gateway (the devices it carries): 4 devices at their cap, 48 524 288 B */
  perGatewayBytes: number;
  /** everything waiting: 256 MiB */
  totalBytes: number;
  /** measurements of one device waiting at once */
  perDeviceMeasurements: number;
  /** measurements waiting at once */
  totalMeasurements: number;
  /** chunks waiting at once (the accounting keeps one index per chunk) */
  totalChunks: number;
}

export const DEFAULT_INGEST_LIMITS: Readonly<IngestLimits> = Object.freeze({
  perMeasurementBytes: senseway.MAX_MEASUREMENT_BYTES,
  perDeviceBytes: 2 * senseway.MAX_MEASUREMENT_BYTES,
  perGatewayBytes: 8 * senseway.MAX_MEASUREMENT_BYTES,
  totalBytes: 256 * 1024 * 1024,
  perDeviceMeasurements: 64,
  totalMeasurements: 4_096,
  totalChunks: 131_072,
});

/** One waiting measurement's account. */
interface Entry {
  device: string;
  gateway: string;
  /** the most this measurement may hold (6 × the requested sample size, or `perMeasurementBytes`) */
  limit: number;
  bytes: number;
  /** payload length by chunk index: a redelivered chunk is not counted twice */
  chunks: Map<number, number>;
  /** when it was opened or last admitted a chunk, epoch ms */
  touchedAt: number;
  /** the registered device as the account was opened, for a key without a measurement row (else null) */
  keyDevice: KeyDevice | null;
}

/** What is known of a measurement when its first chunk arrives. */
export interface Opening {
  device: string;
  /** the gateway its bytes count against (the measurement's, the device's, the last that heard it, or `-`) */
  gateway: string;
  /** bytes this measurement may hold at most */
  limit: number;
  /** chunks already stored (after a restart), index → length */
  stored?: Map<number, number>;
  /** the registered device, for a key without a measurement row (key-lookup.ts `KeyInfo.device`) */
  keyDevice?: KeyDevice | null;
}

const add = (m: Map<string, number>, k: string, v: number) => {
  const n = (m.get(k) ?? 0) + v;
  if (n) m.set(k, n);
  else m.delete(k);
};

/**
 * Admission of chunks against {@link IngestLimits}, with counters only (nothing is read back from
 * the chunk store to decide). Each measurement key (`device/objectId`) is opened once with what the
 * database knows of it, then each chunk is admitted or refused with a reason. Entries leave by
 * `release` (finalized, cleared) and by `reconcile` against the store's pending list (the
 * sweeper's view), so an account missed by one path is corrected within a sweep.
 */
export class Admission {
  limits: IngestLimits;
  private entries = new Map<string, Entry>();
  private deviceBytes = new Map<string, number>();
  private deviceCount = new Map<string, number>();
  private gatewayBytes = new Map<string, number>();
  private bytes = 0;
  private chunkCount = 0;

  constructor(limits: Partial<IngestLimits> = {}) {
    this.limits = { ...DEFAULT_INGEST_LIMITS, ...limits };
  }

  has(key: string) {
    return this.entries.has(key);
  }

  /** The gateway and byte limit an open account was opened with (what the database said then), or null. */
  accountOf(key: string): { gateway: string; limit: number } | null {
    const e = this.entries.get(key);
    return e ? { gateway: e.gateway, limit: e.limit } : null;
  }

  /**
   * The registered device an open account was opened with, for a key that had no measurement row
   * then; null otherwise (no account, or a row existed). Valid while the account is open: only
   * finalization creates the row of such a key, and it closes the account when it does.
   */
  keyDeviceOf(key: string): KeyDevice | null {
    return this.entries.get(key)?.keyDevice ?? null;
  }

  /**
   * Opens the account of a measurement (its first chunk, or a pending one after a restart).
   * @returns null when opened, else why not (a count cap is reached)
   */
  open(key: string, o: Opening): string | null {
    if (this.entries.has(key)) return null;
    if ((this.deviceCount.get(o.device) ?? 0) >= this.limits.perDeviceMeasurements)
      return `DEVICE_MEASUREMENTS_CAP ${this.limits.perDeviceMeasurements}`;
    if (this.entries.size >= this.limits.totalMeasurements) return `TOTAL_MEASUREMENTS_CAP ${this.limits.totalMeasurements}`;
    const e: Entry = {
      device: o.device,
      gateway: o.gateway,
      limit: o.limit,
      bytes: 0,
      chunks: new Map(),
      touchedAt: Date.now(),
      keyDevice: o.keyDevice ?? null,
    };
    this.entries.set(key, e);
    add(this.deviceCount, o.device, 1);
    // chunks stored before a restart count, whatever the caps say now: they are on disk already
    for (const [idx, len] of o.stored ?? []) this.count(e, idx, len);
    return null;
  }

  private count(e: Entry, idx: number, len: number) {
    e.chunks.set(idx, len);
    e.bytes += len;
    this.bytes += len;
    this.chunkCount++;
    add(this.deviceBytes, e.device, len);
    add(this.gatewayBytes, e.gateway, len);
  }

  /**
   * Admits one chunk of an opened measurement. A chunk index already admitted is a redelivery:
   * admitted without counting (the store keeps the first copy).
   * @returns null when admitted (and counted), else the cap it would exceed
   */
  admit(key: string, idx: number, len: number): string | null {
    const e = this.entries.get(key);
    if (!e) return 'NOT_OPEN';
    e.touchedAt = Date.now();
    if (e.chunks.has(idx)) return null;
    const L = this.limits;
    if (e.bytes + len > e.limit) return `MEASUREMENT_BYTES_CAP ${e.bytes + len} > ${e.limit}`;
    if ((this.deviceBytes.get(e.device) ?? 0) + len > L.perDeviceBytes) return `DEVICE_BYTES_CAP ${L.perDeviceBytes}`;
    if ((this.gatewayBytes.get(e.gateway) ?? 0) + len > L.perGatewayBytes) return `GATEWAY_BYTES_CAP ${L.perGatewayBytes}`;
    if (this.bytes + len > L.totalBytes) return `TOTAL_BYTES_CAP ${L.totalBytes}`;
    if (this.chunkCount + 1 > L.totalChunks) return `TOTAL_CHUNKS_CAP ${L.totalChunks}`;
    this.count(e, idx, len);
    return null;
  }

  /** Closes a measurement's account (its input was finalized or cleared). */
  release(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    add(this.deviceCount, e.device, -1);
    add(this.deviceBytes, e.device, -e.bytes);
    add(this.gatewayBytes, e.gateway, -e.bytes);
    this.bytes -= e.bytes;
    this.chunkCount -= e.chunks.size;
  }

  /**
   * Closes every account whose key the store no longer lists as pending, among those untouched since
   * `before` (epoch ms; a newer one may have a chunk being written while the list was read). A chunk
   * arriving later for a released key reopens it from what the store holds.
   */
  reconcile(pendingKeys: Set<string>, before: number) {
    for (const [key, e] of [...this.entries]) if (!pendingKeys.has(key) && e.touchedAt < before) this.release(key);
  }

  /** Totals (health, bench, tests). */
  stats() {
    return { measurements: this.entries.size, bytes: this.bytes, chunks: this.chunkCount };
  }
}
