import { describe, expect, it } from 'vitest';
import { RISK_BREAKPOINTS } from '@overtone/contract';
import {
  LEVEL_BANDS,
  periodsOf,
  pointHealthScore,
  systemHealth,
  unitStart,
  worstLevelPerPeriod,
  type LevelHistory,
  type Period,
} from './service.ts';

const at = (s: string) => new Date(s);
const H = 3_600_000;

describe('pointHealthScore', () => {
  it('places each level in its risk band (breakpoints 0/70/85/90), so the colour agrees with the level', () => {
    expect(LEVEL_BANDS.map(([lo]) => lo * 100).sort((a, b) => a - b)).toEqual([...RISK_BREAKPOINTS]);
    for (const v of [null, 0, 0.5, 1.12, 2, 2.8, 5, 7.1, 10, 14.2, 50]) {
      expect(pointHealthScore(0, v, 'II')!).toBeGreaterThanOrEqual(0.9);
      const a = pointHealthScore(1, v, 'II')!;
      expect(a >= 0.85 && a < 0.9).toBe(true);
      const h = pointHealthScore(2, v, 'II')!;
      expect(h >= 0.7 && h < 0.85).toBe(true);
      const c = pointHealthScore(3, v, 'II')!;
      expect(c >= 0 && c < 0.7).toBe(true);
    }
  });

  it('walks down the band as the ISO 10816-1 velocity crosses the level’s zone (class II: 1.12 / 2.8 / 7.1 mm/s)', () => {
    expect(pointHealthScore(0, 0, 'II')).toBe(1);
    expect(pointHealthScore(0, 0.56, 'II')).toBe(0.95);
    expect(pointHealthScore(0, 1.12, 'II')).toBe(0.9);
    expect(pointHealthScore(1, 1.96, 'II')).toBe(0.875); // middle of zone B
    expect(pointHealthScore(2, 7.1, 'II')).toBe(0.7);
    expect(pointHealthScore(3, 14.2, 'II')).toBe(0);
    // class I boundaries are lower: the same velocity scores worse
    expect(pointHealthScore(0, 0.5, 'I')!).toBeLessThan(pointHealthScore(0, 0.5, 'II')!);
    // a velocity below the level's zone (a fault report raised the level) stays in the level's band
    expect(pointHealthScore(3, 0.2, 'II')).toBeCloseTo(0.686, 3);
  });

  it('uses the middle of the band without a velocity and answers null for an unknown level', () => {
    expect([0, 1, 2, 3].map((l) => pointHealthScore(l, null, 'II'))).toEqual([1, 0.875, 0.775, 0.35]);
    expect(pointHealthScore(null, 1, 'II')).toBeNull();
  });
});

describe('systemHealth', () => {
  it('is the mean level score × 100 over the known points', () => {
    expect(systemHealth([0, 0, 2, null])).toEqual({ health: 92.5, points: 3 });
    expect(systemHealth([null])).toEqual({ health: null, points: 0 });
  });
});

describe('periods', () => {
  it('starts units in the customer’s time zone: hour, day, Monday weeks, months', () => {
    const t = at('2026-11-26T01:30:00Z'); // Thursday; 04:30 at GMT+03:00
    expect(unitStart(t, 'day', 180).toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(unitStart(t, 'day', 0).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(unitStart(t, 'week', 180).toISOString()).toBe('2026-11-22T21:00:00.000Z'); // Monday 23rd local
    expect(unitStart(t, 'month', -300).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(unitStart(t, 'hour', 330).toISOString()).toBe('2026-11-26T01:30:00.000Z'); // GMT+05:30
  });

  it('gives the 7-day interval (144 h) seven day periods, clipped to the interval', () => {
    const end = at('2026-11-26T15:00:00Z');
    const p = periodsOf(new Date(end.getTime() - 144 * H), end, 'day', 0)!;
    expect(p).toHaveLength(7);
    expect(p[0]!.start.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(p[1]!.start.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(p[6]!.end.getTime()).toBe(end.getTime() + 1);
    expect(periodsOf(at('2026-01-01T00:00:00Z'), at('2026-12-31T23:59:59Z'), 'month', 0)).toHaveLength(12);
    expect(periodsOf(at('2025-01-01T00:00:00Z'), at('2026-12-31T23:59:59Z'), 'hour', 0)).toBeNull();
  });
});

describe('worstLevelPerPeriod', () => {
  const periods: Period[] = [
    { start: at('2026-01-01T00:00:00Z'), end: at('2026-01-02T00:00:00Z') },
    { start: at('2026-01-02T00:00:00Z'), end: at('2026-01-03T00:00:00Z') },
    { start: at('2026-01-03T00:00:00Z'), end: at('2026-01-04T00:00:00Z') },
  ];
  const monitored = at('2025-12-01T00:00:00Z');

  it('takes the level held at the start and every level reached in the period', () => {
    const alarm: LevelHistory = {
      initial: 1,
      from: null,
      to: null,
      changes: [
        { at: at('2026-01-01T06:00:00Z'), level: 0 },
        { at: at('2026-01-02T12:00:00Z'), level: 3 },
        { at: at('2026-01-02T13:00:00Z'), level: 0 },
      ],
    };
    expect(worstLevelPerPeriod(periods, [alarm], monitored)).toEqual([1, 3, 0]);
  });

  it('counts a fault report only while it is open', () => {
    const report: LevelHistory = {
      initial: null,
      from: at('2026-01-02T10:00:00Z'),
      to: at('2026-01-02T20:00:00Z'),
      changes: [{ at: at('2026-01-02T10:00:00Z'), level: 2 }],
    };
    const healthy: LevelHistory = { initial: 0, from: null, to: null, changes: [] };
    expect(worstLevelPerPeriod(periods, [healthy, report], monitored)).toEqual([0, 2, 0]);
    const noHistory: LevelHistory = { initial: 3, from: at('2026-01-03T10:00:00Z'), to: null, changes: [] };
    expect(worstLevelPerPeriod(periods, [noHistory], monitored)).toEqual([null, null, 3]);
  });

  it('is unknown before the point’s first measurement', () => {
    const healthy: LevelHistory = { initial: 0, from: null, to: null, changes: [] };
    expect(worstLevelPerPeriod(periods, [healthy], at('2026-01-02T05:00:00Z'))).toEqual([null, 0, 0]);
    expect(worstLevelPerPeriod(periods, [healthy], null)).toEqual([null, null, null]);
  });
});
