import type { BearingComponent, EvidenceKind } from '@overtone/contract';
import { SIGNIFICANT_CHANGE_DB, baselineOf, changeOverBaselineDb } from '../baseline.ts';
import type { BearingFeatures, BearingLineName, LineFeature, SidebandFeature } from '../features/bearing-features.ts';
import {
  MIN_WINDOW_HALF_BINS,
  SLIP_FRACTION,
  falseAlarmProbability,
  slipWindowWidth,
  snrThreshold,
} from '../features/bearing-lines.ts';
import type { Axis, Baseline, Evidence } from '../types.ts';

/**
 * The four bearing-defect patterns of the squared-envelope spectrum and how a line of them is
 * judged present (docs/diagnosis-parts/bearing.md "Patterns").
 */

/**
 * False-alarm probability of one line test. A measurement tests about 100 lines (3 axes × 5 lines
 * × 3 harmonics + sidebands); 10⁻⁴ per line keeps the chance that noise alone shows one line in
 * a measurement near 1 % (Bonferroni bound on the family-wise error rate). The per-bin statistics
 * (χ²₂) are those of Antoni 2007 JSV 304 §4 and Borghesani et al. 2013 (see falseAlarmProbability).
 */
export const LINE_FALSE_ALARM_PROBABILITY = 1e-4;

/** The part of a pattern a line plays. */
export type LineRole = 'carrier' | 'sideband' | 'spectrum';

/** One line of a pattern, judged. */
export interface JudgedLine {
  role: LineRole;
  kind: EvidenceKind;
  /** Feature key under the axis (`bearing.lines.bpfi.h1`), for the baseline. */
  key: string;
  /** The feature line (name, harmonic 1…3). */
  line: BearingLineName;
  harmonic: number;
  hz: number;
  amp: number;
  snr: number;
  /** False-alarm probability of this peak in its slip window. */
  p: number;
  /** snr over the detection threshold at {@link LINE_FALSE_ALARM_PROBABILITY}, dimensionless. */
  margin: number;
  /** Baseline median of the amplitude; null without one. */
  baselineAmp: number | null;
  /** Change over the baseline, dB; null without one. */
  changeDb: number | null;
  /** Significant, not a shaft harmonic, and not already in the baseline. */
  detected: boolean;
}

/** A component's pattern on one axis. */
export interface ComponentPattern {
  component: BearingComponent;
  axis: Axis;
  /** Carrier harmonics that make the pattern, judged. */
  carriers: JudgedLine[];
  /** All sidebands read, judged (those that count: {@link countedSidebands}). */
  sidebands: JudgedLine[];
  /** Fundamentals in the acceleration spectrum (stage 3 of a bearing failure). */
  spectrum: JudgedLine[];
  /** Parts present: detected carriers + sideband pairs with a detected side (around a detected carrier). */
  parts: number;
  /** Parts the full pattern has. */
  totalParts: number;
  /** A fundamental is detected and at least one more part: the pattern identifies the component. */
  identified: boolean;
  /** Largest margin of a detected line (0 when none). */
  score: number;
}

/**
 * A found peak within 1.5 bins of an integer order of the shaft speed is a shaft harmonic (the
 * SES of most machines carries them: Randall & Antoni 2011 §4), not a bearing line.
 */
export function onShaftHarmonic(hz: number, shaftHz: number, resolutionHz: number): boolean {
  const k = Math.round(hz / shaftHz);
  return k >= 1 && Math.abs(hz - k * shaftHz) <= MIN_WINDOW_HALF_BINS * resolutionHz;
}

/**
 * A found peak within 1.5 bins of a harmonic of the mains frequency is an electrical line: motors
 * and their supply modulate the vibration at the line frequency and twice it (Randall 2011 §2.2.6;
 * Scheffer & Girdhar 2004 §6.5), and ground loops put mains harmonics into any acquisition.
 */
export function onMainsHarmonic(hz: number, mainsHz: number | null, resolutionHz: number): boolean {
  return mainsHz !== null && mainsHz > 0 && onShaftHarmonic(hz, mainsHz, resolutionHz);
}

/** What judging a line needs beside the line. */
interface JudgeContext {
  df: number;
  shaftHz: number;
  mainsHz: number | null;
  axis: Axis;
  baseline: Baseline | null;
}

function judge(
  f: LineFeature | SidebandFeature,
  role: LineRole,
  kind: EvidenceKind,
  key: string,
  line: BearingLineName,
  harmonic: number,
  nominalHz: number,
  ctx: JudgeContext,
): JudgedLine {
  const { df: resolutionHz, shaftHz, axis, baseline } = ctx;
  const bins = slipWindowWidth(nominalHz, resolutionHz);
  const p = f.amp > 0 ? falseAlarmProbability(f.snr, bins) : 1;
  const margin = f.snr / snrThreshold(LINE_FALSE_ALARM_PROBABILITY, bins);
  const fullKey = `${axis}.${key}.amp`;
  // the floor of a line (amp·√(ln 2 / snr)) bounds the baseline reference from below
  const floor = f.snr > 0 ? f.amp * Math.sqrt(Math.LN2 / f.snr) : f.amp;
  const changeDb = changeOverBaselineDb(baseline, fullKey, f.amp, floor);
  const baselineAmp = baselineOf(baseline, fullKey)?.median ?? null;
  const detected =
    p <= LINE_FALSE_ALARM_PROBABILITY &&
    !onShaftHarmonic(f.hz, shaftHz, resolutionHz) &&
    !onMainsHarmonic(f.hz, ctx.mainsHz, resolutionHz) &&
    (changeDb === null || changeDb >= SIGNIFICANT_CHANGE_DB);
  return { role, kind, key, line, harmonic, hz: f.hz, amp: f.amp, snr: f.snr, p, margin, baselineAmp, changeDb, detected };
}

const KIND: Record<BearingLineName, EvidenceKind> = { bpfo: 'BPFO', bpfi: 'BPFI', bsf: 'BSF', bsf2: 'BSF', ftf: 'FTF' };
const H = ['h1', 'h2', 'h3'] as const;

/** Which feature lines make each component's pattern (Randall & Antoni 2011 §2, Table 1 and Fig. 4). */
const PATTERNS: Record<BearingComponent, { carriers: [BearingLineName, number][]; fundamentals: BearingLineName[] }> = {
  // outer race: BPFO and harmonics, usually no modulation (the defect stays in the load zone)
  outer_race: {
    carriers: [
      ['bpfo', 1],
      ['bpfo', 2],
      ['bpfo', 3],
    ],
    fundamentals: ['bpfo'],
  },
  // inner race: BPFI and harmonics, sidebands at 1× (the defect turns through the load zone)
  inner_race: {
    carriers: [
      ['bpfi', 1],
      ['bpfi', 2],
      ['bpfi', 3],
    ],
    fundamentals: ['bpfi'],
  },
  // rolling element: 2×BSF (strikes both races per spin) and BSF with its odd harmonics, FTF sidebands
  rolling_element: {
    carriers: [
      ['bsf2', 1],
      ['bsf2', 2],
      ['bsf2', 3],
      ['bsf', 1],
      ['bsf', 3],
    ],
    fundamentals: ['bsf2', 'bsf'],
  },
  // cage: FTF and harmonics
  cage: {
    carriers: [
      ['ftf', 1],
      ['ftf', 2],
      ['ftf', 3],
    ],
    fundamentals: ['ftf'],
  },
};

/**
 * Judges the pattern of one bearing component on one axis.
 *
 * A line is detected when its peak's false-alarm probability in the slip window is at most
 * {@link LINE_FALSE_ALARM_PROBABILITY}, it is not a shaft or mains harmonic ({@link onShaftHarmonic},
 * {@link onMainsHarmonic}),
 * and, when the point's baseline has that line, it exceeds the baseline median by
 * SIGNIFICANT_CHANGE_DB (a line already in the baseline is not evidence). Sidebands count only
 * around a detected carrier. The component is identified with a detected fundamental plus at least
 * one more part (a harmonic or a sideband pair): one line alone is no pattern (Randall & Antoni
 * 2011 §4: the diagnosis rests on the family of harmonics and its modulation sidebands).
 *
 * Parameters
 * ----------
 * component : BearingComponent
 * features : BearingFeatures
 *     The axis' bearing features.
 * axis : Axis
 * shaftHz : number
 *     The measurement's shaft speed, Hz > 0.
 * baseline : Baseline | null
 * orders : Record<BearingLineName, number>
 *     Orders of the feature lines' fundamentals (bsf2 = 2·bsf), of shaft speed.
 * mainsHz : number | null
 *     Mains frequency of the customer's grid, Hz; null: no electrical lines excluded.
 *
 * Returns
 * -------
 * ComponentPattern
 */
export function judgePattern(
  component: BearingComponent,
  features: BearingFeatures,
  axis: Axis,
  shaftHz: number,
  baseline: Baseline | null,
  orders: Record<BearingLineName, number>,
  mainsHz: number | null = null,
): ComponentPattern {
  const df = features.resolutionHz;
  const ctx: JudgeContext = { df, shaftHz, mainsHz, axis, baseline };
  const spec = PATTERNS[component];
  const carriers: JudgedLine[] = [];
  const sidebands: JudgedLine[] = [];
  let totalPairs = 0;
  for (const [name, k] of spec.carriers) {
    const h = H[k - 1]!;
    const lf = features.lines[name];
    const nominal = k * orders[name] * shaftHz;
    const c = judge(lf[h], 'carrier', KIND[name], `bearing.lines.${name}.${h}`, name, k, nominal, ctx);
    carriers.push(c);
    if (!lf.sb) continue;
    totalPairs++;
    const spacing = name === 'bpfi' ? shaftHz : orders.ftf * shaftHz;
    const pair = (['lo', 'hi'] as const).map((side) =>
      judge(
        lf.sb![h][side],
        'sideband',
        'SIDEBAND',
        `bearing.lines.${name}.sb.${h}.${side}`,
        name,
        k,
        nominal + (side === 'lo' ? -spacing : spacing),
        ctx,
      ),
    );
    sidebands.push(...pair);
  }
  const spectrum = spec.fundamentals.map((name) =>
    judge(features.lines[name].spec, 'spectrum', KIND[name], `bearing.lines.${name}.spec`, name, 1, orders[name] * shaftHz, ctx),
  );
  return summarize({
    component,
    axis,
    carriers,
    sidebands,
    spectrum,
    parts: 0,
    totalParts: spec.carriers.length + totalPairs,
    identified: false,
    score: 0,
  });
}

/** Sidebands that count: detected, around a detected carrier of the same line and harmonic. */
export function countedSidebands(p: ComponentPattern): JudgedLine[] {
  return p.sidebands.filter(
    (s) => s.detected && p.carriers.some((c) => c.detected && c.line === s.line && c.harmonic === s.harmonic),
  );
}

/** Recomputes parts, identified and score of a pattern from its lines' `detected` flags. */
export function summarize(p: ComponentPattern): ComponentPattern {
  const detectedCarriers = p.carriers.filter((c) => c.detected);
  const sidebands = countedSidebands(p);
  const pairs = new Set(sidebands.map((s) => `${s.line}${s.harmonic}`)).size;
  const parts = detectedCarriers.length + pairs;
  const fundamental = detectedCarriers.some((c) => c.harmonic === 1);
  const score = Math.max(0, ...[...detectedCarriers, ...sidebands].map((l) => l.margin));
  return { ...p, parts, identified: fundamental && parts >= 2, score };
}

/**
 * The lines each component's defect produces, for telling which pattern a found peak belongs to:
 * outer race k·BPFO (every harmonic up to the span read); inner race k·BPFI ± j·1×, k ≤ 3, |j| ≤ 3;
 * rolling element k·BSF ± j·FTF, k ≤ 6, |j| ≤ 1; cage k·FTF up to the span (Randall & Antoni 2011 §2,
 * Fig. 4: the inner-race SES carries several orders of shaft-speed sidebands). Each with the slip
 * half-window of its carrier.
 */
export function componentComb(
  component: BearingComponent,
  orders: Record<BearingLineName, number>,
  shaftHz: number,
  resolutionHz: number,
  spanHz: number,
): { hz: number; half: number }[] {
  const out: { hz: number; half: number }[] = [];
  const add = (carrier: number, offset: number) =>
    out.push({ hz: carrier + offset, half: Math.max(SLIP_FRACTION * carrier, MIN_WINDOW_HALF_BINS * resolutionHz) });
  if (component === 'outer_race')
    for (let k = 1; k * orders.bpfo * shaftHz <= spanHz * 1.1; k++) add(k * orders.bpfo * shaftHz, 0);
  if (component === 'inner_race')
    for (let k = 1; k <= 3; k++) for (let j = -3; j <= 3; j++) add(k * orders.bpfi * shaftHz, j * shaftHz);
  if (component === 'rolling_element')
    for (let k = 1; k <= 6; k++) for (let j = -1; j <= 1; j++) add(k * orders.bsf * shaftHz, j * orders.ftf * shaftHz);
  if (component === 'cage') for (let k = 1; k * orders.ftf * shaftHz <= spanHz * 1.1; k++) add(k * orders.ftf * shaftHz, 0);
  return out;
}

/** Smallest distance of `hz` to a comb's lines, Hz. */
export function combOffsetHz(hz: number, comb: readonly { hz: number; half: number }[]): number {
  let best = Infinity;
  for (const c of comb) best = Math.min(best, Math.abs(hz - c.hz));
  return best;
}

/** Smallest distance of `hz` to a comb's lines, in units of their slip half-windows. */
export function combDistance(hz: number, comb: readonly { hz: number; half: number }[]): number {
  let best = Infinity;
  for (const c of comb) best = Math.min(best, Math.abs(hz - c.hz) / c.half);
  return best;
}

/** The detected lines of a pattern that count (carriers and counted sidebands). */
export function countedLines(p: ComponentPattern): JudgedLine[] {
  return [...p.carriers.filter((l) => l.detected), ...countedSidebands(p)];
}

/**
 * True when pattern `a` is a part of pattern `b`: every counted line of `a` lies as close to `b`'s
 * comb as to its own (within half a bin, the resolution), while `b` has lines `a`'s comb does not
 * explain. Kinematics makes
 * such pairs: BPFO = Z·FTF and BPFI = Z·(1× − FTF) (Z rolling elements), so an impulse train at
 * FTF (a cage defect) carries BPFO and its harmonics as its own Z-th harmonics (Randall 2011 §2.2.5).
 */
export function isPartOf(
  a: ComponentPattern,
  aComb: readonly { hz: number; half: number }[],
  b: ComponentPattern,
  bComb: readonly { hz: number; half: number }[],
  resolutionHz: number,
): boolean {
  const aLines = countedLines(a);
  const bLines = countedLines(b);
  return (
    aLines.length > 0 &&
    aLines.every((l) => combOffsetHz(l.hz, bComb) <= combOffsetHz(l.hz, aComb) + resolutionHz / 2) &&
    bLines.some((l) => combDistance(l.hz, aComb) > 1)
  );
}

/**
 * A pattern without the lines another, already accepted pattern explains better: a detected line
 * closer (in slip half-windows) to a line of an accepted component's comb ({@link componentComb})
 * than to its own comb is that component's, not independent evidence of this one (e.g. 2×BPFO
 * falls within the slip window of 3×BSF of the CWRU bearing).
 */
export function withoutExplained(
  p: ComponentPattern,
  ownComb: readonly { hz: number; half: number }[],
  acceptedCombs: readonly (readonly { hz: number; half: number }[])[],
): ComponentPattern {
  const keep = (l: JudgedLine): JudgedLine => {
    if (!l.detected) return l;
    const own = combDistance(l.hz, ownComb);
    return acceptedCombs.some((c) => combDistance(l.hz, c) < own) ? { ...l, detected: false } : l;
  };
  return summarize({ ...p, carriers: p.carriers.map(keep), sidebands: p.sidebands.map(keep), spectrum: p.spectrum.map(keep) });
}

/** Evidence lines of a pattern: detected carriers, sidebands and spectrum fundamentals, strongest first. */
export function patternEvidence(p: ComponentPattern, shaftHz: number): Evidence[] {
  const lines = [...p.carriers.filter((l) => l.detected), ...countedSidebands(p), ...p.spectrum.filter((l) => l.detected)];
  lines.sort((a, b) => b.margin - a.margin);
  return lines.map((l) => ({
    kind: l.kind,
    label: null,
    frequencyHz: l.hz,
    order: Number((l.hz / shaftHz).toFixed(4)),
    amplitude: l.amp,
    unit: l.role === 'spectrum' ? 'g' : 'g²',
    axis: p.axis,
    domain: l.role === 'spectrum' ? 'spectrum' : 'envelope',
    baselineAmplitude: l.baselineAmp,
  }));
}
