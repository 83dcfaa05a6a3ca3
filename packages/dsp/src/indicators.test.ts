/**
 * The telemetry indicators added to computeTelemetry (CREST_STAR, AUTO_CORRELATION, ISO 10816
 * zones) and the amplitudeSpectrum options (scaling, nominal correction, mm/s², dB, order axis).
 * Reference values for CREST_STAR and AUTO_CORRELATION on real and synthetic records are in the
 * numpy fixtures (scipy.reference.test.ts, telemetry).
 */
import { describe, expect, it } from 'vitest';
import { amplitudeSpectrum, frequencyToOrder, frequencyToRpm, toDecibels } from './spectrum.ts';
import { autoCorrelationIndex, computeTelemetry, crestStar, iso10816Zone } from './telemetry.ts';
import { lcgNoise } from './test-signals.ts';

const tone = (n: number, fs: number, a: number, f: number, dc = 0) =>
  Float64Array.from({ length: n }, (_, i) => dc + a * Math.sin((2 * Math.PI * f * i) / fs));

describe('crestStar', () => {
  it('a 3 kHz sine of 1 g at fs 12 kHz (samples 0, 1, 0, −1): P 1, G 1/√2, Crest* = 1 + 0.7071 + 1.4142', () => {
    expect(crestStar(tone(12000, 12000, 1, 3000, 1), 12000)).toBeCloseTo(1 + Math.SQRT1_2 + Math.SQRT2, 9);
  });
  it('removes everything below 1000 Hz (a 100 Hz tone of 5 g changes nothing)', () => {
    const hi = tone(12000, 12000, 1, 2000);
    const both = hi.map((v, i) => v + 5 * Math.sin((2 * Math.PI * 100 * i) / 12000));
    expect(crestStar(both, 12000)).toBeCloseTo(crestStar(hi, 12000)!, 9);
  });
  it('uses the absolute peak (a negative impulse counts), undefined below fs 3000 Hz', () => {
    const x = new Float64Array(12000);
    x[6000] = -1;
    const pos = x.map((v) => -v);
    expect(crestStar(x, 12000)).toBeCloseTo(crestStar(pos, 12000)!, 12);
    expect(crestStar(x, 2999)).toBeUndefined();
  });
});

describe('autoCorrelationIndex', () => {
  it('≈ 1 for a periodic signal, ≈ 0 for noise, 0 without a zero crossing in the window', () => {
    expect(autoCorrelationIndex(tone(12800, 12800, 1, 100))).toBeGreaterThan(0.9);
    expect(Math.abs(autoCorrelationIndex(lcgNoise(20000, 3)))).toBeLessThan(0.05);
    expect(autoCorrelationIndex(tone(12800, 12800, 1, 1))).toBe(0); // period 12800 > 1024 lags
  });
});

describe('iso10816Zone', () => {
  it('class boundaries of ISO 10816-1 Annex B (boundary value in the lower zone)', () => {
    expect(iso10816Zone(0.71, 'I')).toBe('A');
    expect(iso10816Zone(0.72, 'I')).toBe('B');
    expect(iso10816Zone(4.5, 'I')).toBe('C');
    expect(iso10816Zone(4.6, 'I')).toBe('D');
    expect(iso10816Zone(2.0, 'II')).toBe('B');
    expect(iso10816Zone(7.1, 'II')).toBe('C');
    expect(iso10816Zone(11.3, 'III')).toBe('D');
    expect(iso10816Zone(17.9, 'IV')).toBe('C');
    expect(iso10816Zone(18.1, 'IV')).toBe('D');
    expect(() => iso10816Zone(-1, 'I')).toThrow(RangeError);
    expect(() => iso10816Zone(1, 'V' as never)).toThrow(RangeError);
  });
  it('computeTelemetry adds the zone to VRMS_ISO10816 when a machine class is given', () => {
    const x = tone(12000, 6000, 1, 100);
    const iso = computeTelemetry(x, 6000, { machineClass: 'IV' }).find((t) => t.name === 'VRMS_ISO10816')!;
    expect(iso.value).toBeCloseTo(11.036, 3);
    expect(iso.zone).toBe('C');
    expect(computeTelemetry(x, 6000).find((t) => t.name === 'VRMS_ISO10816')!.zone).toBeUndefined();
  });
});

describe('amplitudeSpectrum options', () => {
  const x = tone(12000, 6000, 1, 100, 1);
  it('peak scaling reads A, mm/s² multiplies by 9806.65, nominal Blackman reads 2.8·0.42 = 1.176 of A', () => {
    expect(amplitudeSpectrum({ signal: x, samplingRateHz: 6000, scaling: 'peak' }).amplitude[200]).toBeCloseTo(1, 12);
    const a = amplitudeSpectrum({ signal: x, samplingRateHz: 6000, accelerationUnit: 'mm/s2' });
    expect(a.unit).toBe('mm/s²');
    expect(a.amplitude[200]).toBeCloseTo(9806.65 / Math.SQRT2, 8);
    const nb = amplitudeSpectrum({ signal: x, samplingRateHz: 6000, window: 'blackman', correction: 'nominal', scaling: 'peak' });
    expect(nb.amplitude[200]).toBeCloseTo(2.8 * 0.42, 10);
    expect(nb.amplitudeCorrection).toBe(2.8);
    expect(() => amplitudeSpectrum({ signal: x, samplingRateHz: 6000, correction: 'legacy' as never })).toThrow(RangeError);
    expect(() => amplitudeSpectrum({ signal: x, samplingRateHz: 6000, scaling: 'pp' as never })).toThrow(RangeError);
  });
  it('dB = 20·log10(y/ref) with a floor for zeros; orders and RPM axes', () => {
    expect(Array.from(toDecibels([1, 0.1, 0, 10], 1))).toEqual([0, -20, -240, 20].map((v) => expect.closeTo(v, 12)));
    expect(toDecibels([2], 2)[0]).toBe(0);
    expect(() => toDecibels([1], 0)).toThrow(RangeError);
    expect(frequencyToOrder([29.95, 59.9], 29.95)[1]).toBeCloseTo(2, 14);
    expect(frequencyToRpm([29.95])[0]).toBeCloseTo(1797, 10);
  });
});
