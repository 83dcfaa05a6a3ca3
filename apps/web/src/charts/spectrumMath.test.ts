import { describe, expect, it } from 'vitest';
import { clampIndex, highestPeakBelow, toDb, zoomRange } from './spectrumMath';
import { MM_PER_S2_PER_G, removeMean, timeAxisS } from './timeSignal';

describe('highestPeakBelow', () => {
  it('returns the highest line strictly between 0 Hz and the limit', () => {
    const x = [0, 100, 200, 300, 499.9, 500, 600];
    const y = [50, 1, 3, 2, 2.5, 9, 8];
    expect(highestPeakBelow(x, y, 500)).toEqual({ index: 2, frequencyHz: 200, amplitude: 3 });
  });

  it('keeps the first of equal lines, skips non-finite values, and is null when no line is in range', () => {
    expect(highestPeakBelow([1, 2, 3], [5, 5, Number.NaN], 10)?.index).toBe(0);
    expect(highestPeakBelow([0, 600], [1, 2], 500)).toBeNull();
    expect(highestPeakBelow([], [], 500)).toBeNull();
  });
});

describe('toDb', () => {
  it('is 20·log10 and null for non-positive amplitudes', () => {
    expect(toDb(1)).toBe(0);
    expect(toDb(10)).toBeCloseTo(20, 12);
    expect(toDb(0.001)).toBeCloseTo(-60, 12);
    expect(toDb(0)).toBeNull();
    expect(toDb(-1)).toBeNull();
  });
});

describe('zoomRange', () => {
  it('halves the span per level around the centre', () => {
    expect(zoomRange(0, 1000, 0, 300)).toEqual({ min: 0, max: 1000 });
    expect(zoomRange(0, 1000, 1, 300)).toEqual({ min: 50, max: 550 });
    expect(zoomRange(0, 1000, 2, 300)).toEqual({ min: 175, max: 425 });
  });

  it('stays inside the data and clamps the level to 0..10', () => {
    expect(zoomRange(0, 1000, 1, 10)).toEqual({ min: 0, max: 500 });
    expect(zoomRange(0, 1000, 1, 990)).toEqual({ min: 500, max: 1000 });
    const r = zoomRange(0, 1024, 15, 512);
    expect(r.max - r.min).toBe(1);
  });

  it('clamps indices to the data', () => {
    expect(clampIndex(-3, 10)).toBe(0);
    expect(clampIndex(12, 10)).toBe(9);
    expect(clampIndex(4, 0)).toBe(0);
  });
});

describe('time signal', () => {
  it('removes the mean and builds the time axis in seconds', () => {
    expect([...removeMean([1, 2, 3, 6])]).toEqual([-2, -1, 0, 3]);
    expect([...timeAxisS(4, 2)]).toEqual([0, 0.5, 1, 1.5]);
    expect(MM_PER_S2_PER_G).toBe(9806.65);
  });
});
