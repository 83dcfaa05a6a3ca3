import { describe, expect, it } from 'vitest';
import { RISK_BREAKPOINTS } from '@overtone/contract';
import { NO_DATA_COLOUR, RISK_STOPS, riskColour } from './riskColour';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('riskColour', () => {
  it('is red at 0, orange at 70, yellow at 85 and green from 90 (the contract breakpoints)', () => {
    expect(RISK_STOPS.map((s) => s.score)).toEqual([...RISK_BREAKPOINTS]);
    expect(riskColour(0)).toBe('#f5222d');
    expect(riskColour(70)).toBe('#fa8c16');
    expect(riskColour(85)).toBe('#d4b106');
    expect(riskColour(90)).toBe('#389e0d');
    expect(riskColour(100)).toBe('#389e0d');
  });

  it('interpolates linearly between two breakpoints', () => {
    // 35 is halfway between red (0) and orange (70)
    expect(rgb(riskColour(35))).toEqual([0xf8, Math.round((0x22 + 0x8c) / 2), Math.round((0x2d + 0x16) / 2)]);
    // 87.5 is halfway between yellow (85) and green (90)
    expect(rgb(riskColour(87.5))).toEqual([
      Math.round((0xd4 + 0x38) / 2),
      Math.round((0xb1 + 0x9e) / 2),
      Math.round((0x06 + 0x0d) / 2),
    ]);
    // the green channel rises monotonically from red to yellow
    const greens = [0, 20, 40, 60, 70, 75, 80, 85].map((s) => rgb(riskColour(s))[1]!);
    expect([...greens].sort((a, b) => a - b)).toEqual(greens);
  });

  it('clamps scores outside 0–100 and has a grey for no data', () => {
    expect(riskColour(-5)).toBe(riskColour(0));
    expect(riskColour(140)).toBe(riskColour(100));
    expect(riskColour(null)).toBe(NO_DATA_COLOUR);
    expect(riskColour(undefined)).toBe(NO_DATA_COLOUR);
    expect(riskColour(Number.NaN)).toBe(NO_DATA_COLOUR);
  });
});
