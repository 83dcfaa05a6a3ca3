import { describe, expect, it } from 'vitest';
import { SKF_6205 } from '../../jobs/seed-demo.ts';
import { CATALOGUE_BRANDS, CATALOGUE_GEOMETRY, catalogueBearings, multipliersOf } from './catalogue.ts';

/** The textbook formulas written out independently of packages/dsp (Randall & Antoni 2011 eq. 1–4). */
function byFormula(z: number, d: number, D: number, phiDeg: number) {
  const rho = (d / D) * Math.cos((phiDeg * Math.PI) / 180);
  return { bpfo: (z / 2) * (1 - rho), bpfi: (z / 2) * (1 + rho), ftf: (1 - rho) / 2, bsf: (D / (2 * d)) * (1 - rho * rho) };
}
const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('bearing catalogue', () => {
  it('every multiplier follows the geometry formulas within the 5-digit rounding (5e-5 relative)', () => {
    for (const g of CATALOGUE_GEOMETRY) {
      const m = multipliersOf(g);
      const f = byFormula(g.rollingElements, g.rollingElementDiameterMm, g.pitchDiameterMm, g.contactAngleDeg);
      for (const k of ['bpfo', 'bpfi', 'ftf', 'bsf'] as const)
        expect(rel(m[k], f[k]), `${g.designation} ${k}`).toBeLessThan(5e-5);
      expect(m.ftfi).toBeCloseTo(1 - f.ftf, 4);
      // BPFO + BPFI = Z, and BPFI = Z·FTFI (the inner ring meets the cage pockets at (1 − FTF)·f_r).
      expect(m.bpfo + m.bpfi).toBeCloseTo(g.rollingElements, 3);
      expect(m.bpfi / g.rollingElements).toBeCloseTo(m.ftfi, 4);
    }
  });

  it('the 6205 (and SKF 6205-2RS) match the CWRU / demo SKF_6205 multipliers within 1 % (0.05 % in fact)', () => {
    const all = catalogueBearings();
    const rows = all.filter((b) => b.bearing_number === '6205' || b.bearing_number === '6205-2RS');
    expect(rows.map((b) => `${b.brand} ${b.bearing_number}`).sort()).toEqual([
      'NTN 6205',
      'SCHAFFLER 6205',
      'SKF 6205',
      'SKF 6205-2RS',
    ]);
    for (const b of rows)
      for (const k of ['bpfo', 'bpfi', 'bsf', 'ftf'] as const)
        expect(rel(b[k], SKF_6205[k]), `${b.brand} ${k}`).toBeLessThan(5e-4);
  });

  it('the nominal approximation D = (bore + OD)/2 applied to the 6205 stays within 0.4 % on BPFO/BPFI/FTF and 1.6 % on BSF (docs/bearings.md)', () => {
    const m = multipliersOf({ ...CATALOGUE_GEOMETRY.find((g) => g.designation === '6205')!, pitchDiameterMm: (25 + 52) / 2 });
    for (const k of ['bpfo', 'bpfi', 'ftf'] as const) expect(rel(m[k], SKF_6205[k])).toBeLessThan(0.004);
    expect(rel(m.bsf, SKF_6205.bsf)).toBeLessThan(0.016);
  });

  it('covers 6000–6010, 6200–6210, 6300–6310 and NU204–NU208 for SKF, NTN and SCHAFFLER, each once', () => {
    const all = catalogueBearings();
    const series = (p: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `${p}${String(from + i).padStart(2, '0')}`);
    const expected = [...series('60', 0, 10), ...series('62', 0, 10), ...series('63', 0, 10), ...series('NU2', 4, 8)];
    for (const brand of CATALOGUE_BRANDS) {
      const numbers = all.filter((b) => b.brand === brand).map((b) => b.bearing_number);
      expect(numbers).toEqual(expect.arrayContaining(expected));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    expect(all.find((b) => b.bearing_number === 'NU205')!.group).toBe('cylindrical roller');
    expect(all.find((b) => b.bearing_number === '6310')!.group).toBe('deep groove ball');
  });

  it('every geometry is physically possible: ball fill Z·d/(π·D) between 0.5 and 0.95, d < (OD − bore)/2', () => {
    for (const g of CATALOGUE_GEOMETRY) {
      const fill = (g.rollingElements * g.rollingElementDiameterMm) / (Math.PI * g.pitchDiameterMm);
      expect(fill, g.designation).toBeGreaterThan(0.5);
      expect(fill, g.designation).toBeLessThan(0.95);
      expect(g.rollingElementDiameterMm, g.designation).toBeLessThan((g.outerMm - g.boreMm) / 2);
    }
  });
});
