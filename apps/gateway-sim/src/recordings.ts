/**
 * Loader for recordings in the `data/vibration` format (shared/data/vibration/README.md):
 * an `index.json` listing records, one JSON sidecar per record, and one headerless little-endian
 * IEEE-754 float32 file (`.f32`) per channel holding acceleration in g.
 *
 * Any directory in that format can be replayed by the simulator without code changes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decimate } from '@overtone/dsp';

/** One entry of `index.json`; `json` is the sidecar path relative to the index's directory. */
export interface RecordingIndexEntry {
  id: string;
  json: string;
  fs_hz: number;
  channels: string[];
  samples: number;
}

/** The parts of a sidecar the simulator relies on (the sidecar holds much more, kept in `sidecar`). */
interface SidecarChannel {
  file: string;
  channel: string;
  n_samples?: number;
  sha256?: string;
  units?: string;
}

/** A loaded record: every channel at the record's true sampling rate, in g. */
export class Recording {
  /** Anti-aliased decimations already computed, keyed by `${channel}/${q}`. */
  readonly #decimated = new Map<string, Float64Array>();

  /**
   * @param id record id from `index.json`, e.g. `cwru-105`
   * @param samplingRateHz true sampling rate of the record, Hz
   * @param channels channel name → samples in g, all of the same length
   * @param sidecar the parsed JSON sidecar, as published with the data (provenance, fault, bearings)
   */
  constructor(
    readonly id: string,
    readonly samplingRateHz: number,
    readonly channels: ReadonlyMap<string, Float32Array>,
    readonly sidecar: Record<string, unknown>,
  ) {}

  /** The fault seeded in the record's machine (the sidecar's `fault.type`, e.g. `inner_race`), or null for a normal baseline. */
  get fault(): string | null {
    const type = (this.sidecar.fault as { type?: unknown } | undefined)?.type;
    return typeof type === 'string' && type !== 'none' ? type : null;
  }

  /** Samples per channel at the record's true rate. */
  get length(): number {
    return this.channels.values().next().value?.length ?? 0;
  }

  /**
   * One channel decimated by an integer factor, in g.
   * @param channel channel name, e.g. `DE`
   * @param q decimation factor ≥ 1; 1 returns the recorded samples unchanged (widened to float64),
   *   otherwise `decimate` from `@overtone/dsp` (anti-aliasing FIR, equal to scipy.signal.decimate
   *   with ftype='fir'), so the result has ceil(length / q) samples at samplingRateHz / q.
   * @throws Error for an unknown channel; RangeError for a non-integer q < 1
   */
  channelAt(channel: string, q: number): Float64Array {
    if (!Number.isInteger(q) || q < 1) throw new RangeError(`decimation factor ${q} is not an integer ≥ 1`);
    const raw = this.channels.get(channel);
    if (!raw) throw new Error(`recording ${this.id} has no channel ${channel} (has ${[...this.channels.keys()].join(', ')})`);
    const key = `${channel}/${q}`;
    let out = this.#decimated.get(key);
    if (!out) {
      out = q === 1 ? Float64Array.from(raw) : decimate(raw, q);
      this.#decimated.set(key, out);
    }
    return out;
  }
}

/**
 * Reads `index.json` of a recordings directory.
 * @param dir directory holding `index.json`
 * @returns the listed records (sidecar paths relative to `dir`)
 * @throws Error when the index is missing or malformed
 */
export async function readRecordingIndex(dir: string): Promise<RecordingIndexEntry[]> {
  const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { records?: RecordingIndexEntry[] };
  if (!Array.isArray(index.records)) throw new Error(`${join(dir, 'index.json')}: no "records" array`);
  return index.records;
}

/**
 * Loads one record with all its channels, checking each file's length and, where the sidecar gives
 * one, its SHA-256.
 * @param dir directory holding `index.json`
 * @param id record id listed in the index
 * @throws Error when the record is not listed, a file is missing, or a check fails
 */
export async function loadRecording(dir: string, id: string): Promise<Recording> {
  const entry = (await readRecordingIndex(dir)).find((r) => r.id === id);
  if (!entry) throw new Error(`recording ${id} is not listed in ${join(dir, 'index.json')}`);
  const sidecarPath = join(dir, entry.json);
  const sidecar = JSON.parse(await readFile(sidecarPath, 'utf8')) as Record<string, unknown>;
  const samplingRateHz = Number(sidecar.sampling_rate_hz ?? entry.fs_hz);
  if (!(samplingRateHz > 0)) throw new Error(`${sidecarPath}: no positive sampling_rate_hz`);
  const sidecarChannels = (sidecar.channels ?? []) as SidecarChannel[];
  const channels = new Map<string, Float32Array>();
  for (const c of sidecarChannels) {
    const path = join(dirname(sidecarPath), c.file);
    const buf = await readFile(path);
    if (buf.byteLength % 4 !== 0) throw new Error(`${path}: ${buf.byteLength} bytes is not a whole number of float32 values`);
    if (c.sha256 && createHash('sha256').update(buf).digest('hex') !== c.sha256)
      throw new Error(`${path}: SHA-256 differs from sidecar`);
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const samples = new Float32Array(buf.byteLength / 4);
    for (let i = 0; i < samples.length; i++) samples[i] = dv.getFloat32(4 * i, true);
    if (c.n_samples !== undefined && c.n_samples !== samples.length)
      throw new Error(`${path}: ${samples.length} samples, sidecar says ${c.n_samples}`);
    channels.set(c.channel, samples);
  }
  if (channels.size === 0) throw new Error(`${sidecarPath}: no channels`);
  const lengths = new Set([...channels.values()].map((a) => a.length));
  if (lengths.size !== 1) throw new Error(`${sidecarPath}: channels differ in length`);
  return new Recording(id, samplingRateHz, channels, sidecar);
}
