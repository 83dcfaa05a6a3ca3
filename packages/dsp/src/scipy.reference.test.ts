/// <reference types="node" />
/**
 * Comparison with numpy / scipy reference outputs (packages/dsp/test/reference/generate.py,
 * fixtures in packages/dsp/test/fixtures/). Tolerance: 1e-9 relative to the largest magnitude
 * of each reference array (scalars: 1e-9 relative). Real signal: the first N samples of
 * ../shared/data/vibration/cwru/cwru_105_IR007_0HP_DE.f32 (override the directory with
 * OVERTONE_VIBRATION_DATA).
 */
// eslint-disable-next-line no-restricted-imports -- test-only: reads fixtures and the shared recording
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeBackends } from '../test/backends.ts';
import { decimate } from './decimate.ts';
import { fft, rfft } from './fft/fft.ts';
import { amplitudeSpectrum, type SpectrumMode } from './spectrum.ts';
import { computeTelemetry } from './telemetry.ts';
import { complexTestInput, syntheticSignal } from './test-signals.ts';
import { windowCorrection, windowSamples, type WindowName } from './windows.ts';

const FIXTURES = new URL('../test/fixtures/', import.meta.url);
const VIBRATION_DATA = process.env.OVERTONE_VIBRATION_DATA
  ? new URL(`file://${process.env.OVERTONE_VIBRATION_DATA.replace(/\/?$/, '/')}`)
  : new URL('../../../../shared/data/vibration/', import.meta.url);
const TOL = 1e-9;

interface ArrayRef {
  file: string;
  offset: number;
  length: number;
}
interface Manifest {
  cwru: { file: string; samplingRateHz: number };
  syntheticSamplingRateHz: number;
  syntheticHead: { n: number; head: number[]; sum: number };
  fft: { n: number; rfftRe: ArrayRef; rfftIm: ArrayRef; fftRe?: ArrayRef; fftIm?: ArrayRef }[];
  windows: { window: WindowName; n: number; samples: ArrayRef; amplitude: number; energy: number }[];
  spectrum: {
    signal: 'synthetic' | 'cwru';
    n: number;
    samplingRateHz: number;
    window: WindowName;
    removeDc: boolean;
    half: boolean;
    mode: SpectrumMode;
    amplitude: ArrayRef;
    frequencyHz?: ArrayRef;
  }[];
  telemetry: { signal: 'synthetic' | 'cwru'; n: number; samplingRateHz: number; values: Record<string, number> }[];
  decimate: { signal: 'synthetic' | 'cwru'; n: number; factor: number; output: ArrayRef }[];
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as Manifest;
const blobs = new Map<string, Float64Array>();
function load(ref: ArrayRef): Float64Array {
  let blob = blobs.get(ref.file);
  if (!blob) {
    const buf = readFileSync(new URL(ref.file, FIXTURES)); // little-endian float64
    blob = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    blobs.set(ref.file, blob);
  }
  return blob.subarray(ref.offset, ref.offset + ref.length);
}

let cwruAll: Float64Array | undefined;
function signalOf(kind: 'synthetic' | 'cwru', n: number): Float64Array {
  if (kind === 'synthetic') return syntheticSignal(n, manifest.syntheticSamplingRateHz);
  if (!cwruAll) {
    const buf = readFileSync(new URL(manifest.cwru.file, VIBRATION_DATA));
    cwruAll = Float64Array.from(new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)));
  }
  return cwruAll.subarray(0, n);
}

/** max |a − b| / max |b| (b the reference). */
function relErr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let e = 0,
    m = 0;
  for (let i = 0; i < b.length; i++) {
    e = Math.max(e, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return m === 0 ? e : e / m;
}

/** Complex version: max |a − b| / max |b|. */
function relErrComplex(ar: ArrayLike<number>, ai: ArrayLike<number>, br: ArrayLike<number>, bi: ArrayLike<number>): number {
  let e = 0,
    m = 0;
  for (let i = 0; i < br.length; i++) {
    e = Math.max(e, Math.hypot(ar[i] - br[i], ai[i] - bi[i]));
    m = Math.max(m, Math.hypot(br[i], bi[i]));
  }
  return e / m;
}

describe('test signals match the Python generator', () => {
  it('synthetic signal head and sum', () => {
    const { n, head, sum } = manifest.syntheticHead;
    const x = syntheticSignal(n, manifest.syntheticSamplingRateHz);
    expect(relErr(x.subarray(0, head.length), head)).toBeLessThan(1e-14);
    expect(Math.abs(x.reduce((s, v) => s + v, 0) - sum)).toBeLessThan(1e-10);
  });
});

describeBackends('fft / rfft equal numpy.fft within 1e-9 relative', () => {
  for (const c of manifest.fft) {
    if (c.fftRe && c.fftIm) {
      it(`fft N=${c.n}`, () => {
        const { re, im } = complexTestInput(c.n);
        const X = fft(re, im);
        expect(relErrComplex(X.re, X.im, load(c.fftRe!), load(c.fftIm!))).toBeLessThan(TOL);
      });
    }
    it(`rfft N=${c.n}`, () => {
      const R = rfft(syntheticSignal(c.n, manifest.syntheticSamplingRateHz));
      expect(relErrComplex(R.re, R.im, load(c.rfftRe), load(c.rfftIm))).toBeLessThan(TOL);
    });
  }
});

describe('windows equal scipy.signal.get_window(fftbins=True)', () => {
  for (const c of manifest.windows) {
    it(`${c.window} N=${c.n}`, () => {
      expect(relErr(windowSamples(c.window, c.n), load(c.samples))).toBeLessThan(1e-14);
      const k = windowCorrection(c.window, c.n);
      expect(k.amplitude).toBeCloseTo(c.amplitude, 12);
      expect(k.energy).toBeCloseTo(c.energy, 12);
    });
  }
});

describeBackends('amplitudeSpectrum equals the numpy reference within 1e-9 relative', () => {
  for (const c of manifest.spectrum) {
    const label = `${c.signal} N=${c.n} ${c.window} ${c.mode}${c.half ? '' : ' two-sided'}${c.removeDc ? '' : ' with DC'}`;
    it(label, () => {
      const s = amplitudeSpectrum({
        signal: signalOf(c.signal, c.n),
        samplingRateHz: c.samplingRateHz,
        window: c.window,
        removeDc: c.removeDc,
        half: c.half,
        mode: c.mode,
      });
      expect(s.unit).toBe(c.mode === 'velocity' ? 'mm/s' : 'g');
      expect(relErr(s.amplitude, load(c.amplitude))).toBeLessThan(TOL);
      if (c.frequencyHz) {
        expect(relErr(s.frequencyHz, load(c.frequencyHz))).toBeLessThan(1e-14);
      } else {
        expect(s.frequencyHz.length).toBe((c.n >> 1) + 1);
        for (const k of [0, 1, c.n >> 2, c.n >> 1]) expect(s.frequencyHz[k]).toBeCloseTo((k * c.samplingRateHz) / c.n, 9);
      }
    });
  }
});

describeBackends('computeTelemetry equals numpy / scipy.stats within 1e-9 relative', () => {
  for (const c of manifest.telemetry) {
    it(`${c.signal} N=${c.n}`, () => {
      const t = computeTelemetry(signalOf(c.signal, c.n), c.samplingRateHz);
      expect(t.map((v) => v.name).sort()).toEqual(Object.keys(c.values).sort());
      for (const { name, value } of t) {
        const ref = c.values[name];
        expect(Math.abs(value - ref) / Math.abs(ref), name).toBeLessThan(TOL);
      }
    });
  }
});

describe('decimate equals scipy.signal.decimate(ftype="fir", zero_phase=True)', () => {
  for (const c of manifest.decimate) {
    it(`${c.signal} N=${c.n} q=${c.factor}`, () => {
      const y = decimate(signalOf(c.signal, c.n), c.factor);
      expect(relErr(y, load(c.output))).toBeLessThan(TOL);
    });
  }
});
