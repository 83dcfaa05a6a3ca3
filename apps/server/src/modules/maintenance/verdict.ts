import type { EvidenceLine, MaintenanceOutcome, VerdictLine, VerdictQuantity } from '@overtone/contract';
import { SIGNIFICANT_CHANGE_DB, type Axis } from '@overtone/diagnosis';
import { ISO10816_ZONE_BOUNDARIES_MM_PER_S, iso10816Zone, type MachineClass } from '@overtone/dsp';
import { bearingLine, evidenceReader, orderLine, vrmsOf, type Reader, type Reading, type VerdictMeasurement } from './readers.ts';

/**
 * The before/after verdict of a completed maintenance (docs/maintenance.md "Verdict"): pure, no
 * database. The point's measurements before the work are compared with those after it, quantity by
 * quantity, each side summarised by its median (robust to one outlying reading among three).
 *
 * Sources of the thresholds (none is tuned to recordings):
 * - ISO 10816-1:1995 Annex B Table B.1 zones A–D of the broadband velocity r.m.s. for the machine
 *   class (via `ISO10816_ZONE_BOUNDARIES_MM_PER_S`): a zone step is a change of condition.
 * - ISO 10816-1:1995 / ISO 10816-3:2009 evaluation criterion II ("change in vibration magnitude",
 *   carried into ISO 20816-1:2016): an increase or decrease by more than 25 % of the upper value of
 *   zone B (the B/C boundary) is significant, even within a zone: {@link VRMS_SIGNIFICANT_FRACTION_OF_BC}.
 * - Spectral lines (1×, 2×, bearing envelope lines, the reports' evidence): a change by 6 dB is
 *   significant (Randall 2011 "Vibration-based Condition Monitoring" §1.3; Brüel & Kjær BO 0210,
 *   Randall 1987), `SIGNIFICANT_CHANGE_DB` of packages/diagnosis, the same threshold the diagnosis
 *   applies against a point's baseline.
 * - A velocity line (1×, 2×, mm/s) also needs an absolute change of 25 % of the B/C boundary: a
 *   smaller one cannot alone change the overall significantly (criterion II; {@link velocityLineMinChange}).
 * - A line counts only where it is present: at least 10 dB over its local noise floor
 *   ({@link LINE_PRESENT_DB}; packages/diagnosis spectrum-lines.ts LINE_PRESENT_RATIO, Bendat &
 *   Piersol 2010 §8.5). A change between two noise readings is not a change of the machine.
 */

export { evidenceReader, type VerdictMeasurement } from './readers.ts';

/** Measurements compared on each side, and after-measurements that make a verdict final. */
export const VERDICT_MEASUREMENTS = 3;
/** Fraction of the B/C boundary a velocity change must exceed to be significant (ISO 10816 criterion II). */
export const VRMS_SIGNIFICANT_FRACTION_OF_BC = 0.25;
/** Level over the local noise floor at which a line counts as present, dB. */
export const LINE_PRESENT_DB = 10;

/** A fault report open at completion: the work addressed it. */
export interface AddressedReport {
  id: string;
  code: string;
  evidence: readonly EvidenceLine[];
}

export interface VerdictInput {
  machineClass: MachineClass;
  /** The last measurements before the work started (any order). */
  before: readonly VerdictMeasurement[];
  /** The first measurements after it was completed (any order). */
  after: readonly VerdictMeasurement[];
  reports: readonly AddressedReport[];
}

export interface VerdictComparison {
  /** `pending` while fewer than {@link VERDICT_MEASUREMENTS} measurements after exist (the lines are then provisional). */
  outcome: MaintenanceOutcome;
  lines: VerdictLine[];
  /** Addressed reports the repair cured: the diagnosis no longer finds them and each re-measured line of their evidence fell or is gone. */
  cured: string[];
}

const AXES: readonly Axis[] = ['x', 'y', 'z'];

/**
 * Median of a non-empty list.
 * @returns the middle value (mean of the two middle ones for an even count); NaN when empty
 */
export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Whether a unit is a power quantity (squared amplitude: its dB are 10·log10). */
const isPower = (unit: string) => unit.endsWith('²');

/**
 * Change of an amplitude, dB: 20·log10(after / before) for amplitudes, 10·log10 for power
 * quantities (g², the squared-envelope spectrum), so that 6 dB means the same physical change.
 * @returns null when either side is not > 0
 */
export function changeDb(before: number, after: number, unit: string): number | null {
  if (!(before > 0) || !(after > 0)) return null;
  return (isPower(unit) ? 10 : 20) * Math.log10(after / before);
}

/** Whether a (median) reading is present: at least LINE_PRESENT_DB over its floor (always, without a floor). */
export function isPresentReading(r: Reading, unit: string): boolean {
  if (r.floor === null) return true;
  return r.value >= r.floor * 10 ** (LINE_PRESENT_DB / (isPower(unit) ? 10 : 20)) && r.value > 0;
}

/** The medians of one quantity over a side's measurements; null when no measurement has it. */
function side(ms: readonly VerdictMeasurement[], read: Reader): Reading | null {
  const rs = ms.map(read).filter((r): r is Reading => r !== null && Number.isFinite(r.value));
  if (!rs.length) return null;
  const floors = rs.map((r) => r.floor).filter((f): f is number => f !== null);
  return { value: median(rs.map((r) => r.value)), floor: floors.length ? median(floors) : null };
}

/**
 * Outcome of an amplitude line from its two medians: worse when it rose by SIGNIFICANT_CHANGE_DB
 * and is present after, improved when it fell by as much and was present before, else unchanged.
 *
 * Parameters
 * ----------
 * before, after : Reading
 *     Medians of the line's value and local floor on each side, in `unit`.
 * unit : string
 *     `g²` (power: 10·log10) or an amplitude unit (20·log10).
 * minChange : number, default 0
 *     Smallest absolute change (in `unit`) that counts besides the 6 dB. Velocity lines (mm/s) get
 *     {@link velocityLineMinChange}: a line whose change is smaller cannot by itself move the overall
 *     velocity by a significant amount under criterion II, whatever its dB (a 0.004 → 0.011 mm/s
 *     line on a quiet machine is +9 dB and nothing).
 *
 * Returns
 * -------
 * {change, outcome}
 *     `change` in dB (null when a side is not > 0, then `outcome` null too).
 */
export function lineOutcome(
  before: Reading,
  after: Reading,
  unit: string,
  minChange = 0,
): { change: number | null; outcome: VerdictLine['outcome'] } {
  const change = changeDb(before.value, after.value, unit);
  if (change === null) return { change: null, outcome: null };
  const large = Math.abs(after.value - before.value) >= minChange;
  if (change >= SIGNIFICANT_CHANGE_DB && large && isPresentReading(after, unit)) return { change, outcome: 'worse' };
  if (change <= -SIGNIFICANT_CHANGE_DB && large && isPresentReading(before, unit)) return { change, outcome: 'improved' };
  return { change, outcome: 'unchanged' };
}

/**
 * Smallest change of a velocity line (mm/s) that counts: 25 % of the machine class' B/C boundary
 * (criterion II). The overall velocity is the r.m.s. sum of its lines, so a line that changes by Δ
 * changes the overall by at most Δ: a smaller change cannot alone be a significant change of the
 * machine's vibration (ISO 10816-1 / -3 criterion II). Lines in other units (g, g²) have no such
 * magnitude criterion: their presence over the floor is required instead.
 */
export const velocityLineMinChange = (machineClass: MachineClass) =>
  VRMS_SIGNIFICANT_FRACTION_OF_BC * ISO10816_ZONE_BOUNDARIES_MM_PER_S[machineClass][1];

/** Zone A…D as 1…4. */
const ZONE_NUMBER = { A: 1, B: 2, C: 3, D: 4 } as const;

interface BuiltLine {
  line: VerdictLine;
  /** present before / after (amplitude lines), for "gone" */
  presentBefore: boolean;
  presentAfter: boolean;
}

function amplitudeLine(
  input: VerdictInput,
  quantity: VerdictQuantity,
  axis: Axis | null,
  unit: string,
  read: Reader,
  extra: { kind: string | null; faultReportId: string | null } = { kind: null, faultReportId: null },
): BuiltLine | null {
  const b = side(input.before, read);
  const a = side(input.after, read);
  if (!b && !a) return null;
  const minChange = unit === 'mm/s' ? velocityLineMinChange(input.machineClass) : 0;
  const judged = b && a ? lineOutcome(b, a, unit, minChange) : { change: null, outcome: null };
  return {
    line: { quantity, axis, unit, before: b?.value ?? null, after: a?.value ?? null, ...extra, ...judged },
    presentBefore: b ? isPresentReading(b, unit) : false,
    presentAfter: a ? isPresentReading(a, unit) : false,
  };
}

/**
 * Velocity and zone lines of one axis: the median VRMS_ISO10816 before and after; its outcome by
 * criterion II (a change beyond 25 % of the B/C boundary), the zone's by its step.
 */
function velocityLines(input: VerdictInput, axis: Axis): VerdictLine[] {
  const b = side(input.before, vrmsOf(axis));
  const a = side(input.after, vrmsOf(axis));
  if (!b && !a) return [];
  const bc = ISO10816_ZONE_BOUNDARIES_MM_PER_S[input.machineClass][1];
  const zone = (r: Reading | null) => (r ? ZONE_NUMBER[iso10816Zone(r.value, input.machineClass)] : null);
  const zb = zone(b);
  const za = zone(a);
  const step = zb !== null && za !== null ? za - zb : null;
  const delta = b && a ? a.value - b.value : null;
  const base = { axis, kind: null, faultReportId: null };
  return [
    {
      ...base,
      quantity: 'ISO10816_ZONE',
      unit: 'zone',
      before: zb,
      after: za,
      change: step,
      outcome: step === null ? null : step > 0 ? 'worse' : step < 0 ? 'improved' : 'unchanged',
    },
    {
      ...base,
      quantity: 'VRMS_ISO10816',
      unit: 'mm/s',
      before: b?.value ?? null,
      after: a?.value ?? null,
      change: b && a ? changeDb(b.value, a.value, 'mm/s') : null,
      outcome:
        delta === null
          ? null
          : delta > VRMS_SIGNIFICANT_FRACTION_OF_BC * bc
            ? 'worse'
            : delta < -VRMS_SIGNIFICANT_FRACTION_OF_BC * bc
              ? 'improved'
              : 'unchanged',
    },
  ];
}

/** Evidence lines of one report, once per (kind, axis, domain, frequency): re-measured on both sides. */
function evidenceLines(input: VerdictInput, report: AddressedReport): BuiltLine[] {
  const seen = new Set<string>();
  const out: BuiltLine[] = [];
  for (const e of report.evidence) {
    const key = `${e.kind}|${e.axis}|${e.domain}|${e.label}|${e.order?.toFixed(2) ?? e.frequencyHz?.toFixed(1) ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const read = evidenceReader(e);
    const extra = { kind: e.kind, faultReportId: report.id };
    const built = read ? amplitudeLine(input, 'EVIDENCE', e.axis, e.unit, read, extra) : null;
    // a line that cannot be measured again is listed with the report's own amplitude, not compared
    out.push(
      built ?? {
        line: {
          quantity: 'EVIDENCE',
          axis: e.axis,
          unit: e.unit,
          before: e.amplitude,
          after: null,
          change: null,
          outcome: null,
          ...extra,
        },
        presentBefore: true,
        presentAfter: false,
      },
    );
  }
  return out;
}

/**
 * The evidence lines to list: one per reading. Two addressed reports citing the same line (a fault
 * re-reported after a first report, both closed by one repair) would list it twice with the same
 * numbers; the first report's line is kept. The verdict itself still weighs every report's lines.
 */
function distinctEvidence(lines: VerdictLine[]): VerdictLine[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const key = `${l.kind}|${l.axis}|${l.unit}|${l.before}|${l.after}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether the diagnosis no longer finds a code: absent from more than half of the measurements after. */
const codeGone = (after: readonly VerdictMeasurement[], code: string) =>
  after.length > 0 && after.filter((m) => m.codes.includes(code)).length * 2 < after.length;

/**
 * Compares the point's measurements before and after a maintenance.
 *
 * Parameters
 * ----------
 * input : VerdictInput
 *     The machine class (ISO 10816-1 zones), up to VERDICT_MEASUREMENTS measurements on each side,
 *     the fault reports open at completion.
 *
 * Returns
 * -------
 * VerdictComparison
 *     `lines`: per axis the ISO 10816 zone (1–4 for A–D; change in zone steps) and velocity r.m.s.
 *     (mm/s), the 1× and 2× running-speed lines (mm/s), the BPFO, BPFI, BSF (2×BSF, the dominant
 *     ball line) and FTF fundamentals of the squared-envelope spectrum (g²), each where measured;
 *     then every addressed report's evidence lines (EVIDENCE, its kind and report id). `change` is
 *     in dB for amplitudes. `outcome`:
 *     - `pending` while fewer than VERDICT_MEASUREMENTS measurements after exist;
 *     - `worse` when a zone rose or any line got significantly worse;
 *     - `improved` when nothing got worse and a zone fell, an addressed report's evidence fell
 *       significantly (or a report was cured), or the velocity of the axis worst before fell
 *       significantly;
 *     - `unchanged` otherwise (also when there is nothing before to compare with).
 *     `cured`: addressed reports whose code the diagnosis no longer finds (in most measurements
 *     after) and whose every re-measured evidence line improved or is no longer present.
 */
export function compareBeforeAfter(input: VerdictInput): VerdictComparison {
  const lines: VerdictLine[] = [];
  const compared: BuiltLine[] = [];
  for (const axis of AXES) lines.push(...velocityLines(input, axis));
  for (const axis of AXES) {
    for (const [quantity, order] of [
      ['1X', 1],
      ['2X', 2],
    ] as const) {
      const built = amplitudeLine(input, quantity, axis, 'mm/s', orderLine(axis, order, 'mm/s'));
      if (built) compared.push(built);
    }
    for (const [quantity, family] of [
      ['BPFO', ['bpfo']],
      ['BPFI', ['bpfi']],
      ['BSF', ['bsf2']],
      ['FTF', ['ftf']],
    ] as const) {
      const built = amplitudeLine(input, quantity, axis, 'g²', bearingLine(axis, [...family], 'envelope', null));
      if (built) compared.push(built);
    }
  }
  const cured: string[] = [];
  const evidence: BuiltLine[] = [];
  for (const r of input.reports) {
    const own = evidenceLines(input, r);
    evidence.push(...own);
    const measured = own.filter((l) => l.line.outcome !== null);
    // a line that fell, or that is not over its floor after (a line of the report's evidence not over
    // its floor on either side, e.g. on another axis, says nothing against the cure)
    const linesGone = measured.every((l) => l.line.outcome === 'improved' || !l.presentAfter);
    if (codeGone(input.after, r.code) && linesGone) cured.push(r.id);
  }
  lines.push(...compared.map((l) => l.line), ...distinctEvidence(evidence.map((l) => l.line)));

  if (input.after.length < VERDICT_MEASUREMENTS) return { outcome: 'pending', lines, cured: [] };
  const zones = lines.filter((l) => l.quantity === 'ISO10816_ZONE');
  const worse = lines.some((l) => l.outcome === 'worse');
  const zoneFell = zones.some((l) => l.outcome === 'improved');
  const evidenceFell = evidence.some((l) => l.line.outcome === 'improved') || cured.length > 0;
  const vrms = lines.filter((l) => l.quantity === 'VRMS_ISO10816' && l.before !== null);
  const worstAxis = vrms.reduce<VerdictLine | null>((w, l) => (!w || l.before! > w.before! ? l : w), null);
  const improved = zoneFell || evidenceFell || worstAxis?.outcome === 'improved';
  return { outcome: worse ? 'worse' : improved ? 'improved' : 'unchanged', lines, cured };
}
