import { describe, expect, it } from 'vitest';
import { colorAt, DB_RANGE, niceTicks, normalise, valueRange } from './heatMap';
import { orbitEllipse, plotRadius, polarToXY } from './polarGeometry';

describe('heat map scale', () => {
  it('maps 0 and 1 to the ends of viridis and clamps outside', () => {
    expect(colorAt(0)).toEqual([68, 1, 84]);
    expect(colorAt(1)).toEqual([253, 231, 37]);
    expect(colorAt(-3)).toEqual(colorAt(0));
    expect(colorAt(Number.NaN)).toEqual(colorAt(0));
  });

  it('uses [0, max] linear and the top 80 dB in log', () => {
    const sxx = [
      [0, 0.5],
      [1, 0.01],
    ];
    expect(valueRange(sxx, 'linear')).toEqual([0, 1]);
    expect(valueRange(sxx, 'log')).toEqual([-DB_RANGE, 0]);
    expect(normalise(0.01, 'log', [-80, 0])).toBeCloseTo(0.5, 12);
    expect(normalise(0.5, 'linear', [0, 1])).toBe(0.5);
  });

  it('gives nice ticks', () => {
    expect(niceTicks(0, 1000, 5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(0.01, 0.16, 3)).toEqual([0.05, 0.1, 0.15]);
    expect(niceTicks(3, 3)).toEqual([3]);
  });
});

describe('polar and orbit geometry', () => {
  it('puts phasors counter-clockwise from +x', () => {
    const [x, y] = polarToXY(2, 90);
    expect(x).toBeCloseTo(0, 12);
    expect(y).toBeCloseTo(2, 12);
  });

  it('draws a circle for equal amplitudes 90° apart and a line for equal phases', () => {
    for (const [x, y] of orbitEllipse(1, 0, 1, -90)) expect(Math.hypot(x, y)).toBeCloseTo(1, 12);
    for (const [x, y] of orbitEllipse(1, 30, 2, 30)) expect(y).toBeCloseTo(2 * x, 12);
  });

  it('rounds the plot radius up to a round number', () => {
    expect(plotRadius(0.37)).toBe(0.4);
    expect(plotRadius(2.2)).toBe(2.5);
    expect(plotRadius(0.0055)).toBe(0.006);
    expect(plotRadius(10)).toBe(10);
    expect(plotRadius(0)).toBe(1);
  });
});
