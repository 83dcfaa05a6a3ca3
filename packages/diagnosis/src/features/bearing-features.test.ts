import { rfft } from '@overtone/dsp';
import { describe, expect, it } from 'vitest';
import { flattenFeatures } from '../baseline.ts';
import { bearingFaultSignal, bearingMeasurement, gaussianNoise } from '../test-support/bearing-signals.ts';
import { BEARING_LINE_NAMES, extractBearingFeatures, sesSpanOrder } from './bearing-features.ts';
import { falseAlarmProbability, measureLine, slipWindowBins, snrThreshold } from './bearing-lines.ts';
import { squaredEnvelopeSpectrum } from './envelope-ses.ts';

const B = { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39828 };
const FR = 29.95;
const FS = 12000;
const N = 24000;
const H = ['h1', 'h2', 'h3'] as const;

describe('squaredEnvelopeSpectrum', () => {
  it('reads the squared envelope of an amplitude-modulated carrier in g² (RMS lines)', () => {
    // x = (1 + 0.5 cos 2π·50t) cos 2π·3000t: |z|² = 1.125 + cos 2π·50t + 0.125 cos 2π·100t
    const x = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const t = i / FS;
      x[i] = (1 + 0.5 * Math.cos(2 * Math.PI * 50 * t)) * Math.cos(2 * Math.PI * 3000 * t);
    }
    const ses = squaredEnvelopeSpectrum(rfft(x), N, FS, 5000, 7000, 400, false); // 2500 … 3500 Hz
    expect(ses.resolutionHz).toBe(0.5);
    expect(ses.amplitude).toHaveLength(400);
    expect(ses.amplitude[100]).toBeCloseTo(Math.SQRT1_2, 6); // 50 Hz: peak 1 g²
    expect(ses.amplitude[200]).toBeCloseTo(0.125 * Math.SQRT1_2, 6); // 100 Hz
    expect(ses.amplitude[150]).toBeLessThan(1e-9);
    expect(ses.meanSquaredEnvelope).toBeCloseTo(1.125, 9);
  });

  it('pre-whitened, keeps the band power and the periodic modulation of impacts', () => {
    const x = bearingFaultSignal({ samples: N, samplingRateHz: FS, faultHz: 107.3, resonanceHz: 3000, impulseG: 1, noiseG: 0.1 });
    const X = rfft(x);
    let power = 0;
    for (let k = 4000; k < 8000; k++) power += (2 * (X.re[k]! ** 2 + X.im[k]! ** 2)) / (N * N);
    const ses = squaredEnvelopeSpectrum(X, N, FS, 4000, 8000, 1200);
    expect(ses.meanSquaredEnvelope).toBeCloseTo(2 * power, 6); // |z|² averages twice the band's mean square
    const line = measureLine(ses.amplitude, ses.resolutionHz, 107.3)!;
    expect(line.snr).toBeGreaterThan(snrThreshold(1e-4, 9));
  });
});

describe('line statistics', () => {
  it('snrThreshold inverts falseAlarmProbability', () => {
    for (const bins of [1, 5, 20])
      for (const alpha of [1e-2, 1e-4]) expect(falseAlarmProbability(snrThreshold(alpha, bins), bins)).toBeCloseTo(alpha, 10);
    expect(falseAlarmProbability(0, 3)).toBe(1);
  });

  it('the slip window is ±2 % of the frequency, never narrower than ±1.5 bins', () => {
    expect(slipWindowBins(1000, 1)).toEqual([980, 1020]);
    expect(slipWindowBins(10, 1)).toEqual([9, 11]); // ±0.2 Hz widened to ±1.5 bins
  });

  it('measures peak, local floor (median) and SNR; the noise floor of exponential power gives SNR ≈ 1 at the median', () => {
    const a = new Float64Array(200).fill(1);
    a[100] = 4;
    const l = measureLine(a, 1, 100)!;
    expect(l).toMatchObject({ hz: 100, amp: 4, floor: 1 });
    expect(l.snr).toBeCloseTo(16 * Math.LN2, 12);
    expect(measureLine(a, 1, 500)).toBeNull();
  });

  it('gives false alarms at the stated rate on Gaussian noise (chi-square statistics of the SES)', () => {
    let tests = 0,
      alarms = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const f = extractBearingFeatures(gaussianNoise(N, 0.1, seed), FS, FR, B);
      for (const name of BEARING_LINE_NAMES)
        for (const h of H) {
          const l = f.lines[name][h];
          const bins = slipWindowBins(l.hz, f.resolutionHz);
          tests++;
          if (falseAlarmProbability(l.snr, bins[1] - bins[0] + 1) <= 0.05) alarms++;
        }
    }
    // 120 tests at a 5 % level: about 6 alarms; more than 18 would say the statistics are wrong
    expect(alarms).toBeLessThanOrEqual(18);
    expect(tests).toBe(120);
  });
});

describe('extractBearingFeatures', () => {
  const outer = () =>
    bearingFaultSignal({ samples: N, samplingRateHz: FS, faultHz: B.bpfo * FR, resonanceHz: 3000, impulseG: 0.2, noiseG: 0.1 });

  it('demodulates the resonance band and finds BPFO and its harmonics of an outer-race impact train', () => {
    const f = extractBearingFeatures(outer(), FS, FR, B);
    expect(f.band.loHz).toBeLessThanOrEqual(3000);
    expect(f.band.hiHz).toBeGreaterThanOrEqual(3000);
    expect(f.band.loHz).toBeGreaterThanOrEqual(sesSpanOrder(B) * FR);
    expect(f.band.sk).toBeGreaterThan(3.72 * f.band.skStd);
    expect(f.band.kurtosis).toBeCloseTo(1.5 * (f.band.sk + 2), 2);
    for (const h of H) {
      const l = f.lines.bpfo[h];
      const k = Number(h[1]);
      expect(Math.abs(l.hz - k * B.bpfo * FR)).toBeLessThanOrEqual(0.02 * k * B.bpfo * FR);
      expect(l.snr).toBeGreaterThan(snrThreshold(1e-4, 10));
      expect(l.amp).toBeGreaterThan(l.floor);
    }
    expect(f.lines.bpfi.h1.snr).toBeLessThan(snrThreshold(1e-4, 10));
    expect(f.lines.bpfo.sb).toBeUndefined();
    expect(f.lines.bpfi.sb!.h1.lo.hz).toBeCloseTo(B.bpfi * FR - FR, -1);
    expect(f.lines.bsf2.sb!.h2.hi.hz).toBeCloseTo(4 * B.bsf * FR + B.ftf * FR, -1);
  });

  it('is compact, JSON-safe and has the same keys for any signal (baseline comparison)', () => {
    const a = extractBearingFeatures(outer(), FS, FR, B);
    const b = extractBearingFeatures(gaussianNoise(N, 0.1, 3), FS, FR, B);
    expect(JSON.stringify(a).length).toBeLessThan(2300);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    const keys = (f: typeof a) => [...flattenFeatures(bearingMeasurement(FS, N, FR, { x: f })).keys()].sort();
    expect(keys(a)).toEqual(keys(b));
    expect(keys(a)).toContain('x.bearing.lines.bpfi.h1.amp');
    expect(keys(a)).toContain('x.bearing.hfRmsG');
  });

  it('measures the overall velocity (ISO 10816 band) and the high-frequency r.m.s.', () => {
    // 1 g peak at 100 Hz: 11.04 mm/s r.m.s.; 0.1 g peak at 2 kHz: 0.0707 g r.m.s. above 1 kHz
    const x = new Float64Array(N);
    for (let i = 0; i < N; i++) x[i] = Math.sin((2 * Math.PI * 100 * i) / FS) + 0.1 * Math.sin((2 * Math.PI * 2000 * i) / FS);
    const f = extractBearingFeatures(x, FS, FR, B);
    expect(f.vrmsIsoMmPerS).toBeCloseTo(11.036, 2); // 2 kHz lies outside 10 … 1000 Hz
    expect(f.hfRmsG).toBeCloseTo(0.0707, 4);
  });

  it('rejects short records and non-positive speeds or orders', () => {
    expect(() => extractBearingFeatures(new Float64Array(100), FS, FR, B)).toThrow(RangeError);
    expect(() => extractBearingFeatures(new Float64Array(N), FS, 0, B)).toThrow(RangeError);
    expect(() => extractBearingFeatures(new Float64Array(N), FS, FR, { ...B, ftf: Number.NaN })).toThrow(RangeError);
    expect(() => extractBearingFeatures(new Float64Array(N), -1, FR, B)).toThrow(RangeError);
  });

  it('falls back to the usable band when no band is wide enough above the span (low sampling rate)', () => {
    const f = extractBearingFeatures(gaussianNoise(4096, 0.1, 9), 2048, FR, B);
    expect(f.band.hiHz).toBeGreaterThan(f.band.loHz);
    expect(f.band.hiHz).toBeLessThanOrEqual(1024);
  });
});
