import { FFT_SIMD_WASM_BASE64 } from './wasm/fft-simd.generated.ts';

/**
 * Loader and memory manager of the wasm SIMD FFT module (source: packages/dsp/wasm/, built by
 * `npm run build:wasm` into wasm/fft-simd.generated.ts). Internal module.
 *
 * The module is instantiated synchronously (`new WebAssembly.Module` / `Instance`, fine in Node, in
 * browsers for modules of this size and in workers) on first use. Its memory holds the plans'
 * tables and work buffers, allocated here (first fit, 64-byte aligned, coalescing free list) and
 * grown on demand; Float64Array views of it are detached by a growth, so callers take
 * {@link heapF64} afresh after any call that may allocate.
 *
 * Backend switch: the wasm path is used when WebAssembly with SIMD is available, unless
 * `DSP_NO_WASM=1` is set in the environment (Node) or {@link setFftBackend}('js') was called
 * (tests run the reference comparisons on both paths).
 */

/** The exports of the wasm module (see packages/dsp/wasm/index.ts); pointers are byte offsets. */
export interface FftWasmExports {
  memory: WasmMemory;
  pass2(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass3(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass4(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass5(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass8(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass7(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass11(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass13(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass17(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass19(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  pass23(ido: number, l1: number, cc: number, ch: number, tw: number): void;
  passOdd(p: number, ido: number, l1: number, cc: number, ch: number, tw: number, cs: number, tmp: number): void;
  raderGather(p: number, ido: number, l1: number, cc: number, a: number, gin: number): void;
  raderFirst(p: number, ido: number, l1: number, cc: number, f: number, ch: number): void;
  raderProduct(q: number, b: number, f: number, bw: number): void;
  raderScatter(p: number, ido: number, l1: number, cc: number, f: number, ch: number, gout: number, tw: number): void;
  chirpLoad(n: number, m: number, src: number, w: number, dst: number): void;
  mulConj(m: number, a: number, b: number): void;
  chirpOut(n: number, src: number, w: number, dst: number): void;
  realSplit(m: number, z: number, w: number, xr: number, xi: number): void;
  realSplitMagnitudes(m: number, z: number, w: number, mag: number): void;
  realToComplex(n: number, src: number, dst: number): void;
  interleave(n: number, re: number, im: number, dst: number): void;
  deinterleave(n: number, src: number, re: number, im: number, sign: number): void;
  magnitudes(n: number, z: number, mag: number, realDc: number): void;
  absScaled(n: number, z: number, dst: number, scale: number): void;
  analyticLoad(n: number, kLo: number, kHi: number, xr: number, xi: number, dst: number): void;
  meanOf(n: number, src: number): number;
  centreWindow(n: number, src: number, mean: number, w: number, dst: number): void;
  storeColumn(nb: number, mag: number, out: number, t: number, j: number, scale: number, edge: number): void;
}

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The part of the WebAssembly global we use (typed here: the package compiles without DOM/Node types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  validate(bytes: Uint8Array): boolean;
}

// (module (func (result v128) (v128.const i64x2 0 0)))
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 11,
]);

const PAGE = 65536;
const ALIGN = 64;
const BASE = 1024; // the module has no data segments; keep offset 0 unused (a null pointer)

let backend: 'wasm' | 'js' | null = null;
let ex: FftWasmExports | null = null;
let f64 = new Float64Array(0);
let i32 = new Int32Array(0);
const free: { off: number; size: number }[] = [];
let top = 0; // end of the memory managed so far
const resetHooks: (() => void)[] = [];

function wasmApi(): WasmApi | undefined {
  return (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
}

function envDisabled(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.DSP_NO_WASM;
  return v !== undefined && v !== '' && v !== '0';
}

/** Decodes standard base64 (no Node Buffer or atob needed). */
function decodeBase64(s: string): Uint8Array {
  const map = new Uint8Array(128);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) map[abc.charCodeAt(i)] = i;
  let len = s.length;
  while (len > 0 && s[len - 1] === '=') len--;
  const out = new Uint8Array((len * 3) >> 2);
  let o = 0;
  for (let i = 0; i < len; i += 4) {
    const a = map[s.charCodeAt(i)],
      b = map[s.charCodeAt(i + 1)],
      c = i + 2 < len ? map[s.charCodeAt(i + 2)] : 0,
      d = i + 3 < len ? map[s.charCodeAt(i + 3)] : 0;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    if (o < out.length) out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

function instantiate(): FftWasmExports | null {
  const wa = wasmApi();
  if (!wa || typeof wa.validate !== 'function') return null;
  try {
    if (!wa.validate(SIMD_PROBE)) return null;
    const instance = new wa.Instance(new wa.Module(decodeBase64(FFT_SIMD_WASM_BASE64)), {});
    return instance.exports as FftWasmExports;
  } catch {
    return null;
  }
}

/** True when the FFT runs on the wasm SIMD module (decided on first call; see the module comment). */
export function wasmEnabled(): boolean {
  if (backend === null) {
    if (!envDisabled()) ex = ex ?? instantiate();
    backend = ex ? 'wasm' : 'js';
  }
  return backend === 'wasm';
}

/**
 * Selects the FFT backend and drops every cached plan: 'wasm' (needs WebAssembly SIMD; falls back
 * to 'js' without it), 'js', or 'auto' (the default choice: wasm unless unavailable or
 * `DSP_NO_WASM` is set). Returns the backend in effect. For tests and benchmarks.
 */
export function setFftBackend(which: 'wasm' | 'js' | 'auto'): 'wasm' | 'js' {
  if (which === 'auto') backend = null;
  else {
    if (which === 'wasm') ex = ex ?? instantiate();
    backend = which === 'wasm' && ex ? 'wasm' : 'js';
  }
  for (const h of resetHooks) h();
  wasmEnabled();
  return backend!;
}

/** Registers a function that clears a plan cache when the backend changes. */
export function onBackendReset(hook: () => void): void {
  resetHooks.push(hook);
}

/** The module's exports (only valid when {@link wasmEnabled}). */
export function wasm(): FftWasmExports {
  return ex!;
}

/** A Float64Array over the whole wasm memory (re-created after growth; index = byte offset / 8). */
export function heapF64(): Float64Array {
  const buf = ex!.memory.buffer;
  if (f64.buffer !== buf) {
    f64 = new Float64Array(buf);
    i32 = new Int32Array(buf);
  }
  return f64;
}

/** An Int32Array over the whole wasm memory (index = byte offset / 4). */
export function heapI32(): Int32Array {
  heapF64();
  return i32;
}

/** Allocates `bytes` (rounded up to 64) of wasm memory; throws RangeError when memory cannot grow. */
export function wasmAlloc(bytes: number): number {
  const size = Math.max(ALIGN, Math.ceil(bytes / ALIGN) * ALIGN);
  for (let i = 0; i < free.length; i++) {
    const b = free[i];
    if (b.size >= size) {
      const off = b.off;
      if (b.size === size) free.splice(i, 1);
      else {
        b.off += size;
        b.size -= size;
      }
      return off;
    }
  }
  const mem = ex!.memory;
  if (top === 0) top = Math.max(BASE, mem.buffer.byteLength);
  // grow by what is missing beyond a free block at the end, plus 1/8 of the current size
  const last = free.length ? free[free.length - 1] : null;
  const tail = last && last.off + last.size === top ? last.size : 0;
  const missing = size - tail;
  const have = mem.buffer.byteLength;
  const want = Math.max(top + missing, have) + Math.floor(have / 8);
  const pages = Math.ceil((want - have) / PAGE);
  if (pages > 0) mem.grow(pages); // throws RangeError when the engine refuses
  const end = mem.buffer.byteLength;
  wasmFree(top, end - top);
  top = end;
  return wasmAlloc(bytes);
}

/** Returns a block from {@link wasmAlloc} (size in bytes as requested). */
export function wasmFree(off: number, bytes: number): void {
  const size = Math.max(ALIGN, Math.ceil(bytes / ALIGN) * ALIGN);
  let i = 0;
  while (i < free.length && free[i].off < off) i++;
  free.splice(i, 0, { off, size });
  // coalesce with the next and the previous block
  if (i + 1 < free.length && free[i].off + free[i].size === free[i + 1].off) {
    free[i].size += free[i + 1].size;
    free.splice(i + 1, 1);
  }
  if (i > 0 && free[i - 1].off + free[i - 1].size === free[i].off) {
    free[i - 1].size += free[i].size;
    free.splice(i, 1);
  }
}

/** Bytes of wasm memory currently allocated (for tests). */
export function wasmAllocatedBytes(): number {
  if (top === 0) return 0;
  return top - BASE - free.reduce((s, b) => s + b.size, 0);
}
