import { describe, expect, it } from 'vitest';
import { ZONE_COLORS, zoneScale } from './zoneScale';
import { HEALTH_COLORS } from '../../ui/health';

describe('zoneScale', () => {
  it('places the class II boundaries (1.12 / 2.8 / 7.1 mm/s) on a log axis from 0.28 to 28.4 mm/s', () => {
    const s = zoneScale([1.12, 2.8, 7.1]);
    expect(s.min).toBeCloseTo(0.28, 10);
    expect(s.max).toBeCloseTo(28.4, 10);
    expect(s.bands.map((b) => [b.zone, b.from, b.to, +b.x0.toFixed(4), +b.x1.toFixed(4)])).toEqual([
      ['A', 0, 1.12, 0, 0.3001],
      ['B', 1.12, 2.8, 0.3001, 0.4985],
      ['C', 2.8, 7.1, 0.4985, 0.6999],
      ['D', 7.1, null, 0.6999, 1],
    ]);
    expect(s.position(4.5)).toBeCloseTo(0.6012, 4);
    expect(s.position(1)).toBeCloseTo(0.2756, 4);
    expect(s.position(0.5)).toBeCloseTo(0.1255, 4);
  });

  it('clamps below a quarter of A/B and above four times C/D', () => {
    const s = zoneScale([1.12, 2.8, 7.1]);
    expect(s.position(0)).toBe(0);
    expect(s.position(0.28)).toBe(0);
    expect(s.position(28.4)).toBe(1);
    expect(s.position(500)).toBe(1);
  });

  it('keeps B and C about equally wide for class I (0.71 / 1.8 / 4.5)', () => {
    const s = zoneScale([0.71, 1.8, 4.5]);
    expect(s.position(1.8)).toBeCloseTo(0.5015, 4);
    expect(s.position(4.5)).toBeCloseTo(0.6999, 4);
    expect(s.position(1)).toBeCloseTo(0.3743, 4);
  });

  it('colours A green, B yellow-green, C orange, D red with the health colours where they exist', () => {
    expect(ZONE_COLORS).toEqual({ A: HEALTH_COLORS.healthy, B: '#a0d911', C: HEALTH_COLORS.hazard, D: HEALTH_COLORS.critical });
  });
});
