import { describe, expect, it } from 'vitest';
import type { EvidenceLine } from '@overtone/contract';
import type { MeasurementFeatures } from '@overtone/diagnosis';
import {
  VERDICT_MEASUREMENTS,
  changeDb,
  compareBeforeAfter,
  evidenceReader,
  lineOutcome,
  median,
  type AddressedReport,
  type VerdictMeasurement,
} from './verdict.ts';

/** Synthetic numbers only: the thresholds come from their sources (verdict.ts), never from these. */
const SHAFT_HZ = 30;
const BPFO_ORDER = 3.58;

interface Spec {
  /** velocity r.m.s. per axis (x; y and z are 0.5 mm/s), mm/s */
  vrms?: number;
  /** 1× velocity, mm/s (floor 0.01) */
  o1?: number;
  /** BPFO h1 of the squared envelope on x, g² (floor 1e-6) */
  bpfo?: number;
  codes?: string[];
}

let serial = 0;
function measurement(s: Spec): VerdictMeasurement {
  const line = (amp: number, hz: number) => ({ hz, amp, floor: 1e-6, snr: 1 });
  const bearingLine = (amp: number, order: number) => ({
    h1: line(amp, order * SHAFT_HZ),
    h2: line(1e-6, 2 * order * SHAFT_HZ),
    h3: line(1e-6, 3 * order * SHAFT_HZ),
    spec: { hz: order * SHAFT_HZ, amp: 1e-3, floor: 1e-3, snr: 1 },
  });
  const axis = (bpfo: number) => ({
    spectrum: {
      vrmsIsoMmPerS: 0,
      orders: {
        o1: { hz: SHAFT_HZ, mmPerS: s.o1 ?? 0.5, g: 0.01, floorMmPerS: 0.01 },
        o2: { hz: 2 * SHAFT_HZ, mmPerS: 0.1, g: 0.004, floorMmPerS: 0.01 },
      },
    },
    bearing: {
      lines: {
        bpfo: bearingLine(bpfo, BPFO_ORDER),
        bpfi: bearingLine(1e-6, 5.42),
        bsf: bearingLine(1e-6, 2.36),
        bsf2: bearingLine(1e-6, 4.72),
        ftf: bearingLine(1e-6, 0.4),
      },
    },
  });
  const features = {
    shaft: { hz: SHAFT_HZ, source: 'reference' },
    axes: { x: axis(s.bpfo ?? 1e-6), y: axis(1e-6), z: axis(1e-6) },
  } as unknown as MeasurementFeatures;
  return { id: `m${++serial}`, vrmsMmPerS: { x: s.vrms ?? 1, y: 0.5, z: 0.5 }, features, codes: s.codes ?? [] };
}
const times = (n: number, s: Spec) => Array.from({ length: n }, () => measurement(s));

const OUTER = 'bearing_failure:outer_race';
const outerReport: AddressedReport = {
  id: 'r-outer',
  code: OUTER,
  evidence: [
    {
      kind: 'BPFO',
      label: null,
      frequencyHz: BPFO_ORDER * SHAFT_HZ,
      order: BPFO_ORDER,
      amplitude: 1e-3,
      unit: 'g²',
      axis: 'x',
      domain: 'envelope',
      baselineAmplitude: null,
      measurementId: 'm0',
    } satisfies EvidenceLine,
    {
      kind: 'TIME',
      label: 'kurtosis',
      frequencyHz: null,
      order: null,
      amplitude: 6,
      unit: '',
      axis: 'x',
      domain: 'time',
      baselineAmplitude: null,
      measurementId: 'm0',
    },
  ],
};

const faulty: Spec = { vrms: 3.2, bpfo: 1e-3, codes: [OUTER] }; // class II zone C, BPFO 30 dB over its floor
const repaired: Spec = { vrms: 1.0, bpfo: 2e-6, codes: [] }; // zone A, BPFO gone into the floor

describe('median and changes', () => {
  it('median of odd and even counts; dB of amplitudes and of power quantities', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    expect(changeDb(1, 2, 'mm/s')).toBeCloseTo(6.02, 2);
    expect(changeDb(1, 2, 'g²')).toBeCloseTo(3.01, 2); // twice the power is 3 dB
    expect(changeDb(0, 2, 'mm/s')).toBeNull();
  });

  it('a line changes significantly at 6 dB, only where it is present', () => {
    const floor = 0.01;
    // 1 → 2.1 mm/s: +6.4 dB, present after (46 dB over the floor): worse
    expect(lineOutcome({ value: 1, floor }, { value: 2.1, floor }, 'mm/s').outcome).toBe('worse');
    // +5 dB: unchanged
    expect(lineOutcome({ value: 1, floor }, { value: 1.78, floor }, 'mm/s').outcome).toBe('unchanged');
    expect(lineOutcome({ value: 1, floor }, { value: 0.45, floor }, 'mm/s').outcome).toBe('improved');
    // noise against noise: a 10 dB rise of a line 5 dB over its floor is no change of the machine
    expect(lineOutcome({ value: 0.0056, floor }, { value: 0.0178, floor: 0.01 }, 'mm/s').outcome).toBe('unchanged');
    // power quantity: 6 dB is ×4
    expect(lineOutcome({ value: 1e-4, floor: 1e-7 }, { value: 3e-4, floor: 1e-7 }, 'g²').outcome).toBe('unchanged');
    expect(lineOutcome({ value: 1e-4, floor: 1e-7 }, { value: 4.1e-4, floor: 1e-7 }, 'g²').outcome).toBe('worse');
  });
});

describe('compareBeforeAfter', () => {
  it('pending until VERDICT_MEASUREMENTS measurements after exist; the lines are provisional', () => {
    const v = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(VERDICT_MEASUREMENTS - 1, repaired),
      reports: [outerReport],
    });
    expect(v.outcome).toBe('pending');
    expect(v.cured).toEqual([]);
    expect(v.lines.find((l) => l.quantity === 'ISO10816_ZONE' && l.axis === 'x')).toMatchObject({ before: 3, after: 1 });
    expect(compareBeforeAfter({ machineClass: 'II', before: times(3, faulty), after: [], reports: [] }).outcome).toBe('pending');
  });

  it('a repaired outer race: zone C → A, BPFO gone, report cured → improved', () => {
    const v = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(3, repaired),
      reports: [outerReport],
    });
    expect(v.outcome).toBe('improved');
    expect(v.cured).toEqual(['r-outer']);
    expect(v.lines.find((l) => l.quantity === 'ISO10816_ZONE' && l.axis === 'x')).toMatchObject({
      before: 3,
      after: 1,
      change: -2,
      outcome: 'improved',
    });
    const evidence = v.lines.filter((l) => l.quantity === 'EVIDENCE');
    expect(evidence).toHaveLength(2);
    expect(evidence[0]).toMatchObject({
      kind: 'BPFO',
      faultReportId: 'r-outer',
      unit: 'g²',
      before: 1e-3,
      after: 2e-6,
      outcome: 'improved',
    });
    expect(evidence[0]!.change).toBeCloseTo(10 * Math.log10(2e-6 / 1e-3), 6);
    // a statistic is listed with the report's own number, not compared
    expect(evidence[1]).toMatchObject({ kind: 'TIME', before: 6, after: null, change: null, outcome: null });
    expect(v.lines.find((l) => l.quantity === 'BPFO' && l.axis === 'x')?.outcome).toBe('improved');
  });

  it('a line two addressed reports cite is listed once; both reports are weighed (and cured)', () => {
    const again: AddressedReport = { ...outerReport, id: 'r-outer-again' };
    const v = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(3, repaired),
      reports: [outerReport, again],
    });
    const evidence = v.lines.filter((l) => l.quantity === 'EVIDENCE');
    expect(evidence.map((l) => [l.kind, l.faultReportId])).toEqual([
      ['BPFO', 'r-outer'],
      ['TIME', 'r-outer'],
    ]);
    expect(v.cured).toEqual(['r-outer', 'r-outer-again']);
  });

  it('an evidence line under its floor on both sides (another axis) does not keep the report from being cured', () => {
    const zLine = { ...outerReport.evidence[0]!, axis: 'z' as const };
    const report: AddressedReport = { ...outerReport, evidence: [...outerReport.evidence, zLine] };
    const v = compareBeforeAfter({ machineClass: 'II', before: times(3, faulty), after: times(3, repaired), reports: [report] });
    const z = v.lines.find((l) => l.quantity === 'EVIDENCE' && l.axis === 'z');
    expect(z).toMatchObject({ before: 1e-6, after: 1e-6, outcome: 'unchanged' });
    expect(v.cured).toEqual(['r-outer']);
    // still present after and not fallen: not cured
    const still = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(3, { ...repaired, bpfo: 1e-3 }),
      reports: [report],
    });
    expect(still.cured).toEqual([]);
  });

  it('the same fault after: unchanged, the report not cured', () => {
    const v = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(3, faulty),
      reports: [outerReport],
    });
    expect(v.outcome).toBe('unchanged');
    expect(v.cured).toEqual([]);
    expect(v.lines.every((l) => l.outcome === null || l.outcome === 'unchanged')).toBe(true);
  });

  it('a zone that rose makes it worse even when the addressed evidence fell', () => {
    const v = compareBeforeAfter({
      machineClass: 'II',
      before: times(3, faulty),
      after: times(3, { vrms: 7.5, bpfo: 2e-6 }), // zone D
      reports: [outerReport],
    });
    expect(v.outcome).toBe('worse');
  });

  it('a velocity line 6 dB up by more than 25 % of B/C (1× after a bad balancing) is worse; 5 dB or a tiny line is not', () => {
    // class II: B/C = 2.8 mm/s, 25 % = 0.7 mm/s
    const before = times(3, { vrms: 1.5, o1: 1.0 });
    const outcome = (o1: number, from = before) =>
      compareBeforeAfter({ machineClass: 'II', before: from, after: times(3, { vrms: 1.5, o1 }), reports: [] }).outcome;
    expect(outcome(2.0)).toBe('worse'); // +6.0 dB, 1.0 mm/s more
    expect(outcome(1.78)).toBe('unchanged'); // +5 dB
    // +9 dB on a 0.004 → 0.011 mm/s line: nothing the machine's vibration shows
    expect(outcome(0.011, times(3, { vrms: 1.5, o1: 0.004 }))).toBe('unchanged');
    expect(lineOutcome({ value: 0.004, floor: 1e-5 }, { value: 0.011, floor: 1e-5 }, 'mm/s', 0.7).outcome).toBe('unchanged');
  });

  it('velocity: a fall beyond 25 % of the B/C boundary within a zone improves, a smaller one does not', () => {
    // class II: B/C = 2.8 mm/s, 25 % = 0.7 mm/s; 2.7 → 1.9 stays in zone B
    const before = times(3, { vrms: 2.7 });
    const v = compareBeforeAfter({ machineClass: 'II', before, after: times(3, { vrms: 1.9 }), reports: [] });
    expect(v.lines.find((l) => l.quantity === 'ISO10816_ZONE' && l.axis === 'x')?.outcome).toBe('unchanged');
    expect(v.outcome).toBe('improved');
    expect(compareBeforeAfter({ machineClass: 'II', before, after: times(3, { vrms: 2.2 }), reports: [] }).outcome).toBe(
      'unchanged',
    );
    // the same rise: worse
    expect(
      compareBeforeAfter({ machineClass: 'II', before: times(3, { vrms: 1.9 }), after: times(3, { vrms: 2.7 }), reports: [] })
        .outcome,
    ).toBe('worse');
  });

  it('the median survives one outlying reading on either side', () => {
    const after = [...times(2, repaired), measurement({ ...faulty })];
    const v = compareBeforeAfter({ machineClass: 'II', before: times(3, faulty), after, reports: [outerReport] });
    expect(v.outcome).toBe('improved');
    expect(v.cured).toEqual(['r-outer']); // found in 1 of 3 after: gone
  });

  it('a report the diagnosis still finds in most measurements after is not cured', () => {
    const after = times(3, { ...repaired, codes: [OUTER] });
    const v = compareBeforeAfter({ machineClass: 'II', before: times(3, faulty), after, reports: [outerReport] });
    expect(v.cured).toEqual([]);
  });

  it('nothing before: nothing to compare, unchanged', () => {
    const v = compareBeforeAfter({ machineClass: 'II', before: [], after: times(3, repaired), reports: [] });
    expect(v.outcome).toBe('unchanged');
    expect(v.lines.every((l) => l.before === null && l.outcome === null)).toBe(true);
  });
});

describe('evidenceReader', () => {
  const base = { label: null, amplitude: 1, baselineAmplitude: null, measurementId: 'm', axis: 'x' as const };
  it('reads orders, bearing lines and the overall velocity again; not statistics or sidebands', () => {
    const m = measurement({ o1: 0.7, bpfo: 5e-4, vrms: 2 });
    expect(evidenceReader({ ...base, kind: '1X', frequencyHz: 30, order: 1, unit: 'mm/s', domain: 'spectrum' })!(m)).toEqual({
      value: 0.7,
      floor: 0.01,
    });
    expect(
      evidenceReader({ ...base, kind: 'BPFO', frequencyHz: 107.4, order: BPFO_ORDER, unit: 'g²', domain: 'envelope' })!(m)?.value,
    ).toBe(5e-4);
    // the second harmonic is found by its order
    expect(
      evidenceReader({ ...base, kind: 'BPFO', frequencyHz: 214.8, order: 2 * BPFO_ORDER, unit: 'g²', domain: 'envelope' })!(m)
        ?.value,
    ).toBe(1e-6);
    expect(
      evidenceReader({ ...base, kind: 'ISO10816', frequencyHz: null, order: null, unit: 'mm/s', domain: 'spectrum' })!(m)?.value,
    ).toBe(2);
    expect(evidenceReader({ ...base, kind: 'TIME', frequencyHz: null, order: null, unit: '', domain: 'time' })).toBeNull();
    expect(evidenceReader({ ...base, kind: 'SIDEBAND', frequencyHz: 150, order: 5, unit: 'g²', domain: 'envelope' })).toBeNull();
  });
});
