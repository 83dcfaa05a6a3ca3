/// <reference types="node" />
/**
 * Test support: loads the numpy/scipy reference fixtures (packages/dsp/test/fixtures, written by
 * generate.py in this folder) and the real recordings they were computed from. Mirrors the
 * signal definitions of generate.py (`signal_of`): synthetic, synthetic2 (delayed by
 * `synthetic2Shift` samples), cwru / cwru2 (six 12 kHz CWRU records concatenated and repeated
 * cyclically to N) and ims / ims2 (IMS test 1 channels 1 and 2, repeated cyclically).
 */
// eslint-disable-next-line no-restricted-imports -- test-only: reads fixtures and the shared recordings
import { readFileSync } from 'node:fs';
import { syntheticSignal } from '../../src/test-signals.ts';

export const FIXTURES = new URL('../fixtures/', import.meta.url);
const VIBRATION_DATA = process.env.OVERTONE_VIBRATION_DATA
  ? new URL(`file://${process.env.OVERTONE_VIBRATION_DATA.replace(/\/?$/, '/')}`)
  : new URL('../../../../../shared/data/vibration/', import.meta.url);

export interface ArrayRef {
  file: string;
  offset: number;
  length: number;
}
/** An output stored whole (`values`) or as every `stride`-th value plus summary statistics. */
export interface StoredArray {
  values: ArrayRef;
  stride?: number;
  length?: number;
  maxAbs?: number;
  sum?: number;
  sumAbs?: number;
}

export type SignalKind = 'synthetic' | 'synthetic2' | 'cwru' | 'cwru2' | 'ims' | 'ims2';

export const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8'));

const blobs = new Map<string, Float64Array>();
export function load(ref: ArrayRef): Float64Array {
  let blob = blobs.get(ref.file);
  if (!blob) {
    const buf = readFileSync(new URL(ref.file, FIXTURES)); // little-endian float64
    blob = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    blobs.set(ref.file, blob);
  }
  return blob.subarray(ref.offset, ref.offset + ref.length);
}

/** Reads a little-endian float32 channel of the shared recordings as float64. */
export function readF32(sub: string, stem: string): Float64Array {
  const buf = readFileSync(new URL(`${sub}/${stem}.f32`, VIBRATION_DATA));
  return Float64Array.from(new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)));
}

const sources = new Map<string, Float64Array>();
function source(kind: 'cwru' | 'cwru2' | 'ims' | 'ims2'): Float64Array {
  let s = sources.get(kind);
  if (!s) {
    const a = manifest.analysisSignals;
    if (kind === 'ims' || kind === 'ims2') s = readF32('ims', a[kind]);
    else {
      const parts = (a[kind] as string[]).map((stem) => readF32('cwru', stem));
      s = new Float64Array(parts.reduce((t, p) => t + p.length, 0));
      let o = 0;
      for (const p of parts) {
        s.set(p, o);
        o += p.length;
      }
    }
    sources.set(kind, s);
  }
  return s;
}

/** numpy.resize: the source repeated cyclically to n samples. */
function cyclic(src: Float64Array, n: number): Float64Array {
  if (n <= src.length) return src.subarray(0, n);
  const out = new Float64Array(n);
  for (let o = 0; o < n; o += src.length) out.set(src.subarray(0, Math.min(src.length, n - o)), o);
  return out;
}

/** The input signal of a fixture case, as generate.py's signal_of(kind, n). */
export function signalOf(kind: SignalKind, n: number): Float64Array {
  const fs = manifest.syntheticSamplingRateHz as number;
  if (kind === 'synthetic') return syntheticSignal(n, fs);
  if (kind === 'synthetic2') {
    const shift = manifest.analysisSignals.synthetic2Shift as number;
    return syntheticSignal(n + shift, fs).subarray(shift);
  }
  return cyclic(source(kind), n);
}

/**
 * Compares `ours` (the full output) with a stored reference: at every stored index,
 * |ours − ref| ≤ tol·max|ref| (max over the whole reference array); for strided subsets also the
 * length and the sum (within tol·Σ|ref|). Returns the worst relative error found.
 */
export function compareStored(ours: ArrayLike<number>, stored: StoredArray, tol: number): number {
  const ref = load(stored.values);
  const stride = stored.stride ?? 1;
  const len = stored.length ?? ref.length;
  if (ours.length !== len) throw new Error(`length ${ours.length}, reference ${len}`);
  let maxAbs = stored.maxAbs ?? 0;
  if (stored.maxAbs === undefined) for (let i = 0; i < ref.length; i++) maxAbs = Math.max(maxAbs, Math.abs(ref[i]));
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    const e = Math.abs(ours[i * stride] - ref[i]) / (maxAbs || 1);
    if (!(e <= worst)) worst = e; // NaN propagates as failure
  }
  if (stored.sum !== undefined && stored.sumAbs !== undefined) {
    let s = 0;
    for (let i = 0; i < ours.length; i++) s += ours[i];
    const e = Math.abs(s - stored.sum) / (stored.sumAbs || 1);
    if (!(e <= tol)) throw new Error(`sum ${s} vs reference ${stored.sum}`);
  }
  return worst;
}

/** Largest difference of two angle arrays in degrees, modulo `period` (360 for phases, 180 for orientations). */
export function angleError(ours: ArrayLike<number>, stored: StoredArray, period: number): number {
  const ref = load(stored.values);
  const stride = stored.stride ?? 1;
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    let d = Math.abs(ours[i * stride] - ref[i]) % period;
    d = Math.min(d, period - d);
    if (!(d <= worst)) worst = d;
  }
  return worst;
}
