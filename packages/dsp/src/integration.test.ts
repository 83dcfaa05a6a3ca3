import { describe, expect, it } from 'vitest';
import { VELOCITY_LOW_CUT_HZ, velocityFromAcceleration, velocityOfLine } from './integration.ts';
import { amplitudeSpectrum } from './spectrum.ts';

const G = 9806.65;

describe('velocityFromAcceleration', () => {
  it('integrates g to mm/s per line: v = a·9806.65/(2πf), 0 at DC and below 2 Hz', () => {
    expect(VELOCITY_LOW_CUT_HZ).toBe(2);
    const v = velocityFromAcceleration([0, 1, 2, 100, 159.15494309189535], [1, 1, 1, 1, 1]);
    expect(v).toHaveLength(5);
    expect(v[0]).toBe(0);
    expect(v[1]).toBe(0);
    expect(v[2]).toBeCloseTo(G / (4 * Math.PI), 9);
    expect(v[3]).toBeCloseTo(15.60777, 4);
    expect(v[4]).toBeCloseTo(9.80665, 9); // f = 1000/(2π): v = a·g/1000
  });

  it('takes the low cut, the sign of f away, and the shorter of the two lengths', () => {
    const cut = velocityFromAcceleration([5, 20], [1, 1], 10);
    expect(cut[0]).toBe(0);
    expect(cut[1]).toBeCloseTo(G / (2 * Math.PI * 20), 12);
    expect(velocityOfLine(0.5, -100, 2)).toBe(velocityOfLine(0.5, 100, 2));
    expect(velocityOfLine(1, 0, -1)).toBe(0); // the DC line stays 0 whatever the low cut
    expect(velocityFromAcceleration([0, 10, 20], [1])).toHaveLength(1);
  });

  it("equals amplitudeSpectrum's velocity mode bit for bit, one-sided and two-sided", () => {
    const fs = 6000;
    const signal = Array.from(
      { length: 6000 },
      (_, i) => Math.sin((2 * Math.PI * 100 * i) / fs) + 0.3 * Math.sin((2 * Math.PI * 1.5 * i) / fs),
    );
    for (const half of [true, false]) {
      const a = amplitudeSpectrum({ signal, samplingRateHz: fs, window: 'hanning', half });
      const v = amplitudeSpectrum({ signal, samplingRateHz: fs, window: 'hanning', half, mode: 'velocity' });
      expect(velocityFromAcceleration(a.frequencyHz, a.amplitude)).toEqual(v.amplitude);
    }
    const a = amplitudeSpectrum({ signal, samplingRateHz: fs });
    const v5 = amplitudeSpectrum({ signal, samplingRateHz: fs, mode: 'velocity', velocityLowCutHz: 5 });
    expect(velocityFromAcceleration(a.frequencyHz, a.amplitude, 5)).toEqual(v5.amplitude);
    expect(v5.amplitude[4]).toBe(0); // 4 Hz
    expect(v5.amplitude[100]).toBeCloseTo(((1 / Math.SQRT2) * G) / (2 * Math.PI * 100), 6);
  });
});
