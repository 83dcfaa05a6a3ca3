import { describe, expect, it } from 'vitest';
import { amplitudeSpectrum, iso10816Zone, type MachineClass } from '@overtone/dsp';
import { defaultThresholds } from '@overtone/contract';
import {
  bandPeak,
  iso10816Thresholds,
  levelOfPeak,
  levelOfValue,
  machineClassOf,
  nextAlarmState,
  type AlarmLevelState,
} from './levels.ts';

const TOP = defaultThresholds(1); // [null, 2], [null, 5], [null, 8]
const BOTTOM = defaultThresholds(-1); // [-2, null], [-5, null], [-8, null]
const BAND = defaultThresholds(0); // [-2, 2], [-5, 5], [-8, 8]

describe('levelOfValue (spec 001 §3 thresholdDirection)', () => {
  it('top limit: the highest upper threshold exceeded, a value equal to a threshold stays below it', () => {
    expect([0, 2, 2.0001, 5, 5.5, 8, 8.1].map((v) => levelOfValue(v, 1, TOP))).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(levelOfValue(-100, 1, TOP)).toBe(0);
  });
  it('bottom limit: the lowest lower threshold undershot', () => {
    expect([0, -2, -2.5, -6, -9].map((v) => levelOfValue(v, -1, BOTTOM))).toEqual([0, 0, 1, 2, 3]);
    expect(levelOfValue(100, -1, BOTTOM)).toBe(0);
  });
  it('band: leaving the band on either side', () => {
    expect([0, 3, -3, 6, -6, 9, -9].map((v) => levelOfValue(v, 0, BAND))).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
  it('the unused side is ignored even when it holds values', () => {
    const t = { attention: [0, 2], hazard: [0, 5], critical: [0, 8] } as const;
    expect(levelOfValue(-50, 1, { attention: [...t.attention], hazard: [...t.hazard], critical: [...t.critical] })).toBe(0);
  });
  it('a margin moves the thresholds toward the safe side (hysteresis)', () => {
    expect(levelOfValue(1.8, 1, TOP)).toBe(0);
    expect(levelOfValue(1.8, 1, TOP, 0.5)).toBe(1);
    expect(levelOfValue(-1.8, -1, BOTTOM, 0.5)).toBe(1);
    expect(levelOfValue(1.4, 1, TOP, 0.5)).toBe(0);
  });
});

describe('nextAlarmState: delay before raising, hysteresis before clearing', () => {
  const healthy: AlarmLevelState = { level: 0, pendingLevel: null, pendingCount: 0 };
  const run = (steps: [raw: number, clear: number][], delay: number) => {
    const levels: number[] = [];
    let s = healthy;
    for (const [raw, clear] of steps) {
      s = nextAlarmState(s, raw, clear, delay);
      levels.push(s.level);
    }
    return levels;
  };
  it('delay 1 raises at once', () => {
    expect(run([[2, 2]], 1)).toEqual([2]);
  });
  it('delay 3 raises on the third consecutive measurement above, to the lowest level of the three', () => {
    expect(
      run(
        [
          [3, 3],
          [1, 1],
          [2, 2],
        ],
        3,
      ),
    ).toEqual([0, 0, 1]);
  });
  it('a measurement back at the active level restarts the count', () => {
    expect(
      run(
        [
          [2, 2],
          [2, 2],
          [0, 0],
          [2, 2],
          [2, 2],
          [2, 2],
        ],
        3,
      ),
    ).toEqual([0, 0, 0, 0, 0, 2]);
  });
  it('falls at once, but only to the level the hysteresis margin allows', () => {
    const s = { level: 2, pendingLevel: null, pendingCount: 0 };
    expect(nextAlarmState(s, 0, 1, 1).level).toBe(1);
    expect(nextAlarmState(s, 0, 0, 1).level).toBe(0);
    expect(nextAlarmState(s, 1, 2, 1).level).toBe(2);
  });
});

describe('levelOfPeak', () => {
  it('orders attention < hazard < critical in g, strictly above', () => {
    const t = { attention: 0.1, hazard: 0.2, critical: 0.3 };
    expect([0.05, 0.1, 0.15, 0.25, 0.31].map((p) => levelOfPeak(p, t))).toEqual([0, 0, 1, 2, 3]);
  });
});

describe('bandPeak on a real amplitude spectrum (packages/dsp amplitudeSpectrum)', () => {
  // 0.3 g RMS at 1000 Hz and 0.1 g RMS at 1100 Hz, fs 12800 Hz, 1 s: lines every 1 Hz.
  const fs = 12800;
  const signal = Float64Array.from({ length: fs }, (_, i) => {
    const t = i / fs;
    return 0.3 * Math.SQRT2 * Math.sin(2 * Math.PI * 1000 * t) + 0.1 * Math.SQRT2 * Math.sin(2 * Math.PI * 1100 * t);
  });
  const s = amplitudeSpectrum({ signal, samplingRateHz: fs, window: 'hanning' });
  it('finds the tone inside ±half band with its RMS amplitude', () => {
    const p = bandPeak(s.frequencyHz, s.amplitude, 1001, 1)!;
    expect(p.frequencyHz).toBe(1000);
    expect(p.peak).toBeCloseTo(0.3, 3);
    expect(bandPeak(s.frequencyHz, s.amplitude, 1100, 50)!.peak).toBeCloseTo(0.1, 3);
  });
  it('misses a tone outside the band', () => {
    expect(bandPeak(s.frequencyHz, s.amplitude, 1050, 20)!.peak).toBeLessThan(0.001);
  });
  it('uses the nearest line when the band is narrower than the resolution; null above the last line', () => {
    expect(bandPeak([0, 4, 8, 12], [0, 1, 5, 2], 7, 0.5)).toEqual({ peak: 5, frequencyHz: 8 });
    expect(bandPeak([0, 4, 8, 12], [0, 1, 5, 2], 20, 1)).toBeNull();
  });
});

describe('ISO 10816-1 defaults', () => {
  it('machine class from motor power (Annex B): ≤15 kW I, ≤75 kW II, larger III, unknown II', () => {
    expect([5, 15, 15.1, 75, 200, null, 0].map(machineClassOf)).toEqual(['I', 'I', 'II', 'II', 'III', 'II', 'II']);
  });
  it.each(['I', 'II', 'III', 'IV'] as MachineClass[])('class %s: zone B → attention, C → hazard, D → critical', (c) => {
    const t = iso10816Thresholds(c);
    for (const v of [0, 0.5, 0.71, 1, 1.12, 2, 2.8, 3, 4.5, 6, 7.1, 10, 11.2, 15, 18, 25]) {
      const zone = iso10816Zone(v, c);
      expect(levelOfValue(v, 1, t), `${v} mm/s class ${c}`).toBe({ A: 0, B: 1, C: 2, D: 3 }[zone]);
    }
  });
});
