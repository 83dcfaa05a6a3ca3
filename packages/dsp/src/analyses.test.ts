/**
 * Properties of the analyses that follow from their definitions (each assertion can fail): known
 * amplitudes and frequencies of synthetic signals, argument errors. Reference comparisons with
 * numpy/scipy are in analyses.reference.test.ts; known physics on real data in known-physics.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { autocorrelation } from './autocorrelation.ts';
import { realCepstrum } from './cepstrum.ts';
import { envelopeSpectrum } from './envelope.ts';
import { orbitAnalysis, polarAnalysis } from './polar.ts';
import { spectrogram } from './spectrogram.ts';
import { WINDOW_NAMES } from './windows.ts';

const wave = (n: number, fn: (t: number, i: number) => number, fs: number) =>
  Float64Array.from({ length: n }, (_, i) => fn(i / fs, i));
const TWO_PI = 2 * Math.PI;

describe('envelopeSpectrum', () => {
  const fs = 25600,
    n = 25600; // 1 Hz lines, every tone periodic in the frame
  const am = wave(n, (t) => (1 + 0.5 * Math.cos(TWO_PI * 100 * t)) * Math.cos(TWO_PI * 3000 * t), fs);
  it('an AM carrier 3 kHz, modulation 100 Hz, depth 0.5: the 100 Hz line reads 0.5/√2 g RMS with every window', () => {
    for (const window of WINDOW_NAMES) {
      const e = envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [2000, 4000], window });
      expect(e.frequencyHz[100]).toBe(100);
      expect(e.amplitude[100]).toBeCloseTo(0.5 / Math.SQRT2, 9);
      expect(e.amplitude[0]).toBeLessThan(1e-12); // envelope mean removed
    }
  });
  it('peak scaling reads 0.5; nominal flat-top correction reads 4.18/4.6387 of the exact value', () => {
    expect(
      envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [2000, 4000], scaling: 'peak' }).amplitude[100],
    ).toBeCloseTo(0.5, 9);
    const exact = envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [2000, 4000], window: 'flattop' }).amplitude[100];
    const nominal = envelopeSpectrum({
      signal: am,
      samplingRateHz: fs,
      bandHz: [2000, 4000],
      window: 'flattop',
      correction: 'nominal',
    }).amplitude[100];
    expect(nominal / exact).toBeCloseTo(4.18 / (1 / 0.21557895), 6);
  });
  it('a band that excludes the carrier removes the envelope line', () => {
    const e = envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [5000, 8000] });
    expect(e.amplitude[100]).toBeLessThan(1e-9);
  });
  it('truncates to xlimHz, clips the band to fs/2 and reports it', () => {
    const e = envelopeSpectrum({ signal: am, samplingRateHz: fs, xlimHz: 500, bandHz: [100, 50000] });
    expect(e.frequencyHz.length).toBe(501);
    expect(e.frequencyHz[500]).toBe(500);
    expect(e.bandHz).toEqual([100, 12800]);
    expect(envelopeSpectrum({ signal: am, samplingRateHz: fs }).frequencyHz.at(-1)).toBe(2500);
  });
  it('throws RangeError for lo ≥ hi, a negative edge, xlim ≤ 0, N < 2', () => {
    expect(() => envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [3000, 3000] })).toThrow(RangeError);
    expect(() => envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [13000, 20000] })).toThrow(RangeError);
    expect(() => envelopeSpectrum({ signal: am, samplingRateHz: fs, bandHz: [-1, 20000] })).toThrow(RangeError);
    expect(() => envelopeSpectrum({ signal: am, samplingRateHz: fs, xlimHz: 0 })).toThrow(RangeError);
    expect(() => envelopeSpectrum({ signal: [1], samplingRateHz: fs })).toThrow(RangeError);
  });
});

describe('realCepstrum', () => {
  it('a 100 Hz impulse train (period 10 ms) shows rahmonics at 10 and 20 ms', () => {
    const fs = 10000,
      n = 10000;
    const x = wave(n, (_t, i) => (i % 100 === 0 ? 1 : 0) + 0.001 * Math.sin(i * 1.3), fs);
    const c = realCepstrum({ signal: x, samplingRateHz: fs, window: 'rectangular' });
    expect(c.quefrencyS.length).toBe(5001);
    expect(c.quefrencyS[100]).toBeCloseTo(0.01, 15);
    let best = 0;
    for (let k = 20; k < 5001; k++) if (c.amplitude[k] > c.amplitude[best] || best === 0) best = k;
    expect(best % 100).toBe(0);
    expect(c.amplitude[100]).toBeGreaterThan(10 * Math.abs(c.amplitude[150]));
  });
  it('is even: half: false returns N values with c[N−n] = c[n]', () => {
    const x = wave(64, (t) => Math.sin(TWO_PI * 5 * t) + 0.3 * Math.cos(TWO_PI * 11 * t), 64);
    const full = realCepstrum({ signal: x, samplingRateHz: 64, half: false }).amplitude;
    expect(full.length).toBe(64);
    for (let k = 1; k < 32; k++) expect(full[64 - k]).toBeCloseTo(full[k], 14);
  });
});

describe('spectrogram', () => {
  it('a stationary 1 g sine on a line reads 1/√2 g in every segment; f and t as documented', () => {
    const fs = 25600;
    const x = wave(50000, (t) => 2 + Math.sin(TWO_PI * 1000 * t), fs); // line 40 at nfft 1024
    const s = spectrogram({ signal: x, samplingRateHz: fs });
    expect(s.frequencyHz.length).toBe(513);
    expect(s.timeS.length).toBe(Math.floor((50000 - 1024) / 512) + 1);
    expect(s.timeS[0]).toBeCloseTo(512 / fs, 15);
    expect(s.timeS[1] - s.timeS[0]).toBeCloseTo(512 / fs, 15);
    expect(s.frequencyHz[40]).toBe(1000);
    for (const v of s.sxx[40]) expect(v).toBeCloseTo(Math.SQRT1_2, 9);
    for (const v of s.sxx[0]) expect(v).toBeLessThan(1e-12); // per-segment mean removed
  });
  it('throws RangeError for nfft outside 256…16384, N < nfft, overlap outside [0, 1)', () => {
    const x = new Float64Array(4096).map((_, i) => Math.sin(i));
    expect(() => spectrogram({ signal: x, samplingRateHz: 1000, nfft: 128 })).toThrow(RangeError);
    expect(() => spectrogram({ signal: x, samplingRateHz: 1000, nfft: 32768 })).toThrow(RangeError);
    expect(() => spectrogram({ signal: x, samplingRateHz: 1000, nfft: 8192 })).toThrow(RangeError);
    expect(() => spectrogram({ signal: x, samplingRateHz: 1000, overlap: 1 })).toThrow(RangeError);
    expect(() => spectrogram({ signal: x, samplingRateHz: 1000, overlap: -0.1 })).toThrow(RangeError);
  });
});

describe('autocorrelation', () => {
  it('a sine of period 128 samples: r[0] = 1, r[64] ≈ −(N−64)/N, r[128] ≈ (N−128)/N (biased estimate)', () => {
    const n = 12800;
    const x = wave(n, (_t, i) => Math.sin((TWO_PI * i) / 128), 1);
    const a = autocorrelation({ signal: x, lagSize: 1024 });
    expect(a.r.length).toBe(1025);
    expect(a.lags[1024]).toBe(1024);
    expect(a.r[0]).toBe(1);
    expect(a.r[64]).toBeCloseTo(-(n - 64) / n, 6);
    expect(a.r[128]).toBeCloseTo((n - 128) / n, 6);
  });
  it('no circular wrap: the last lag of a short record equals the direct sum', () => {
    const x = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i * 0.37) + ((i * 7919) % 13) / 13);
    const a = autocorrelation({ signal: x, lagSize: 256 });
    const mu = x.reduce((s, v) => s + v, 0) / x.length;
    let r0 = 0,
      r256 = 0;
    for (let i = 0; i < 300; i++) r0 += (x[i] - mu) ** 2;
    for (let i = 0; i < 300 - 256; i++) r256 += (x[i] - mu) * (x[i + 256] - mu);
    expect(a.r[256]).toBeCloseTo(r256 / r0, 12);
  });
  it('lagsS with a sampling rate; throws for an unlisted lag size or N ≤ lagSize', () => {
    const x = new Float64Array(2000).map((_, i) => Math.sin(i));
    expect(autocorrelation({ signal: x, lagSize: 256, samplingRateHz: 1000 }).lagsS![256]).toBeCloseTo(0.256, 15);
    expect(() => autocorrelation({ signal: x, lagSize: 300 })).toThrow(RangeError);
    expect(() => autocorrelation({ signal: x, lagSize: 2048 })).toThrow(RangeError);
    expect(() => autocorrelation({ signal: x, lagSize: 9192 })).toThrow(RangeError);
  });
});

describe('polarAnalysis and orbitAnalysis', () => {
  const fs = 12000,
    fr = 30; // 400 samples per revolution exactly
  const n = 12000;
  const x = wave(n, (t) => 0.2 + 0.5 * Math.cos(TWO_PI * fr * t + (40 * Math.PI) / 180) + 0.1 * Math.sin(TWO_PI * 90 * t), fs);
  it('Blackman and flat-top over one revolution mix in the 1× image (documented bias)', () => {
    for (const window of ['blackman', 'flattop'] as const) {
      const p = polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: fr, window });
      expect(Math.abs(p.rMean - 0.5)).toBeGreaterThan(1e-3);
    }
  });
  it('x = 0.2 + 0.5·cos(2π·30t + 40°) + 3×: every revolution reads r 0.5 g (peak), phase 40°', () => {
    for (const window of ['rectangular', 'hanning', 'hamming'] as const) {
      const p = polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: fr, window });
      expect(p.revolutions).toBe(30);
      expect(p.samplesPerRevolution).toBe(400);
      for (let j = 0; j < 30; j++) {
        expect(p.r[j]).toBeCloseTo(0.5, 9);
        expect(p.phase[j]).toBeCloseTo(40, 7);
      }
      expect(p.rMean).toBeCloseTo(0.5, 9);
      expect(p.phaseMean).toBeCloseTo(40, 7);
    }
  });
  it('the vector mean of opposite phasors cancels', () => {
    const x = wave(800, (t, i) => (i < 400 ? 1 : -1) * Math.cos(TWO_PI * fr * t), fs);
    const p = polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: fr, removeDc: false });
    expect(p.r[0]).toBeCloseTo(1, 9);
    expect(p.r[1]).toBeCloseTo(1, 9);
    expect(p.rMean).toBeLessThan(1e-9);
  });
  it('orbit: circle (forward), line at 45°, and a backward ellipse', () => {
    const c = (a: number, deg: number) => wave(n, (t) => a * Math.cos(TWO_PI * fr * t + (deg * Math.PI) / 180), fs);
    const circle = orbitAnalysis({ signal: c(1, 0), signal2: c(1, -90), samplingRateHz: fs, referenceFrequencyHz: fr });
    expect(circle.r[0]).toBeCloseTo(1, 9);
    expect(circle.minor[0]).toBeCloseTo(1, 9);
    expect(circle.x.r[0]).toBeCloseTo(1, 9);
    expect(circle.y.phase[0]).toBeCloseTo(-90, 7);
    const line = orbitAnalysis({ signal: c(1, 10), signal2: c(1, 10), samplingRateHz: fs, referenceFrequencyHz: fr });
    expect(line.rMean).toBeCloseTo(Math.SQRT2, 9);
    expect(line.minorMean).toBeCloseTo(0, 9);
    expect(line.phaseMean).toBeCloseTo(45, 7);
    const back = orbitAnalysis({ signal: c(2, 0), signal2: c(1, 90), samplingRateHz: fs, referenceFrequencyHz: fr });
    expect(back.rMean).toBeCloseTo(2, 9);
    expect(back.minorMean).toBeCloseTo(-1, 9);
    expect(back.phaseMean).toBeCloseTo(0, 7);
  });
  it('throws RangeError for f_ref ≤ 0 or above fs/2, less than one revolution, different lengths', () => {
    const x = new Float64Array(1000).map((_, i) => Math.sin(i));
    expect(() => polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: 0 })).toThrow(RangeError);
    expect(() => polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: -5 })).toThrow(RangeError);
    expect(() => polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: 7000 })).toThrow(RangeError);
    expect(() => polarAnalysis({ signal: x, samplingRateHz: fs, referenceFrequencyHz: 10 })).toThrow(RangeError);
    expect(() => orbitAnalysis({ signal: x, signal2: x.subarray(1), samplingRateHz: fs, referenceFrequencyHz: fr })).toThrow(
      RangeError,
    );
  });
});

describe('reused work buffers and plans', () => {
  it('interleaved analyses of different lengths give the same results as fresh calls', () => {
    const a = Float64Array.from({ length: 6000 }, (_, i) => Math.sin(i * 0.37) + 0.2 * Math.cos(i * 1.91) + 0.5);
    const b = Float64Array.from({ length: 4410 }, (_, i) => Math.cos(i * 0.05) * Math.sin(i * 0.7));
    const fs = 10000;
    const run = (x: Float64Array) => [
      realCepstrum({ signal: x, samplingRateHz: fs }).amplitude,
      autocorrelation({ signal: x, lagSize: 1024 }).r,
      envelopeSpectrum({ signal: x, samplingRateHz: fs }).amplitude,
      ...spectrogram({ signal: x, samplingRateHz: fs, nfft: 512 }).sxx,
    ];
    const first = run(a);
    run(b);
    const again = run(a);
    expect(again.length).toBe(first.length);
    for (let i = 0; i < first.length; i++) expect(Array.from(again[i])).toEqual(Array.from(first[i]));
  });
});
