/**
 * The analyses (envelope, cepstrum, spectrogram, autocorrelation, polar, orbit) against numpy /
 * scipy reference outputs (packages/dsp/test/reference/generate.py) at N = 10, 1000, 1024, 4096,
 * 12000, 49990, 50000, 65536 and 1 000 000 on the synthetic signal and the real CWRU and IMS
 * recordings (repeated cyclically beyond their length, see generate.py). Tolerance: 1e-9 relative
 * to the largest magnitude of each reference array (FFT-based results); phases within 1e-9 of 180°.
 * Large outputs are compared on a strided subset plus their sum (test/reference/fixtures.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeBackends } from '../test/backends.ts';
import { angleError, compareStored, manifest, signalOf, type SignalKind, type StoredArray } from '../test/reference/fixtures.ts';
import { autocorrelation } from './autocorrelation.ts';
import { realCepstrum } from './cepstrum.ts';
import { envelopeSpectrum, type EnvelopeOptions } from './envelope.ts';
import { orbitAnalysis, polarAnalysis } from './polar.ts';
import { spectrogram } from './spectrogram.ts';

const TOL = 1e-9;
const PHASE_TOL_DEG = 180 * TOL;

interface Case {
  signal: SignalKind;
  n: number;
  samplingRateHz: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- options are passed through as stored
  options: Record<string, any>;
  error?: boolean;
}
const label = (c: Case) => `${c.signal} N=${c.n}${Object.keys(c.options).length ? ' ' + JSON.stringify(c.options) : ''}`;

describeBackends('envelopeSpectrum equals rfft → mask → irfft → scipy.signal.hilbert → |z| → spectrum', () => {
  for (const c of manifest.envelope as (Case & { lines: number; amplitude: StoredArray })[]) {
    it(label(c), () => {
      const e = envelopeSpectrum({
        signal: signalOf(c.signal, c.n),
        samplingRateHz: c.samplingRateHz,
        ...(c.options as Partial<EnvelopeOptions>),
      });
      expect(e.frequencyHz.length).toBe(c.lines);
      expect(e.unit).toBe('g');
      expect(compareStored(e.amplitude, c.amplitude, TOL)).toBeLessThan(TOL);
      const k = c.lines - 1;
      expect(e.frequencyHz[k]).toBeCloseTo((k * c.samplingRateHz) / c.n, 9);
    });
  }
});

describeBackends('realCepstrum equals numpy.fft.ifft(log(|fft(x·w)| + eps)).real', () => {
  for (const c of manifest.cepstrum as (Case & { amplitude: StoredArray })[]) {
    it(label(c), () => {
      const q = realCepstrum({ signal: signalOf(c.signal, c.n), samplingRateHz: c.samplingRateHz, ...c.options });
      expect(compareStored(q.amplitude, c.amplitude, TOL)).toBeLessThan(TOL);
      expect(q.quefrencyS[1]).toBeCloseTo(1 / c.samplingRateHz, 15);
    });
  }
});

describeBackends('spectrogram equals scipy.signal.spectrogram(mode="magnitude") × √2 (interior lines)', () => {
  for (const c of manifest.spectrogram as (Case & { segments: number; timeS: StoredArray; sxx: StoredArray })[]) {
    it(label(c) + (c.error ? ' throws (N < nfft)' : ''), () => {
      const run = () => spectrogram({ signal: signalOf(c.signal, c.n), samplingRateHz: c.samplingRateHz, ...c.options });
      if (c.error) {
        expect(run).toThrow(RangeError);
        return;
      }
      const s = run();
      expect(s.timeS.length).toBe(c.segments);
      expect(compareStored(s.timeS, c.timeS, 1e-12)).toBeLessThan(1e-12);
      // scipy's Sxx is (frequency, segment) in C order: flatten ours the same way
      const flat = new Float64Array(s.sxx.length * c.segments);
      s.sxx.forEach((row, i) => flat.set(row, i * c.segments));
      expect(compareStored(flat, c.sxx, TOL)).toBeLessThan(TOL);
    });
  }
});

describeBackends('autocorrelation (FFT, zero-padded) equals the direct sums', () => {
  for (const c of manifest.autocorrelation as (Case & { r: StoredArray })[]) {
    it(label(c) + (c.error ? ' throws (N ≤ lagSize)' : ''), () => {
      const run = () => autocorrelation({ signal: signalOf(c.signal, c.n), ...c.options });
      if (c.error) {
        expect(run).toThrow(RangeError);
        return;
      }
      const a = run();
      expect(a.r[0]).toBe(1);
      expect(a.lags[c.options.lagSize]).toBe(c.options.lagSize);
      expect(compareStored(a.r, c.r, TOL)).toBeLessThan(TOL);
    });
  }
});

type PolarCase = Case & { referenceFrequencyHz: number; r: StoredArray; phase: StoredArray; rMean: number; phaseMean: number };

describe('polarAnalysis equals the numpy single-bin DFT per revolution', () => {
  for (const c of manifest.polar as PolarCase[]) {
    it(label(c) + (c.error ? ' throws (< 1 revolution)' : ''), () => {
      const run = () =>
        polarAnalysis({
          signal: signalOf(c.signal, c.n),
          samplingRateHz: c.samplingRateHz,
          referenceFrequencyHz: c.referenceFrequencyHz,
          ...c.options,
        });
      if (c.error) {
        expect(run).toThrow(RangeError);
        return;
      }
      const p = run();
      expect(compareStored(p.r, c.r, TOL)).toBeLessThan(TOL);
      expect(angleError(p.phase, c.phase, 360)).toBeLessThan(PHASE_TOL_DEG);
      expect(Math.abs(p.rMean - c.rMean) / c.rMean).toBeLessThan(TOL);
      expect(Math.min(Math.abs(p.phaseMean - c.phaseMean), 360 - Math.abs(p.phaseMean - c.phaseMean))).toBeLessThan(
        PHASE_TOL_DEG,
      );
    });
  }
});

describe('orbitAnalysis equals the numpy forward/backward-component ellipse per revolution', () => {
  for (const c of manifest.orbit as (PolarCase & { signal2: SignalKind; minor: StoredArray; minorMean: number })[]) {
    it(label(c) + (c.error ? ' throws (< 1 revolution)' : ''), () => {
      const run = () =>
        orbitAnalysis({
          signal: signalOf(c.signal, c.n),
          signal2: signalOf(c.signal2 ?? c.signal, c.n),
          samplingRateHz: c.samplingRateHz,
          referenceFrequencyHz: c.referenceFrequencyHz,
          ...c.options,
        });
      if (c.error) {
        expect(run).toThrow(RangeError);
        return;
      }
      const o = run();
      expect(compareStored(o.r, c.r, TOL)).toBeLessThan(TOL);
      expect(compareStored(o.minor, c.minor, TOL)).toBeLessThan(TOL);
      expect(angleError(o.phase, c.phase, 180)).toBeLessThan(1e-6); // orientation: ill-conditioned for near-circular orbits
      expect(Math.abs(o.rMean - c.rMean) / c.rMean).toBeLessThan(TOL);
      expect(Math.abs(o.minorMean - c.minorMean) / c.rMean).toBeLessThan(TOL);
      const d = Math.abs(o.phaseMean - c.phaseMean) % 180;
      expect(Math.min(d, 180 - d)).toBeLessThan(1e-6);
    });
  }
});
