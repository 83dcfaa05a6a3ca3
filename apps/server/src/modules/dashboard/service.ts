import { ISO10816_ZONE_BOUNDARIES_MM_PER_S, type MachineClass } from '@overtone/dsp';
import type { DashboardUnit } from '@overtone/contract';

/**
 * The dashboard's rules (spec 001 §2 "Dashboard tab", §3 Dashboard data, §4, §9; docs/dashboard.md),
 * pure: the point health score, the worst state of a point over a period, the periods of an
 * interval. SQL is in repo.ts, HTTP in routes.ts.
 */

/** Health names by alarm level order (spec 001 §3 Alarm levels: 0 healthy … 3 critical). */
export const HEALTH_NAMES = ['healthy', 'attention', 'hazard', 'critical'] as const;
export type HealthName = (typeof HEALTH_NAMES)[number] | 'unknown';

/**
 * The score band [low, high] (0–1) of each level, on the spec's risk breakpoints 0/70/85/90 (spec
 * 001 §9, contract RISK_BREAKPOINTS): healthy [0.9, 1], attention [0.85, 0.9), hazard [0.7, 0.85),
 * critical [0, 0.7). So the risk colour of a score always agrees with its level's colour.
 */
export const LEVEL_BANDS: readonly (readonly [number, number])[] = [
  [0.9, 1],
  [0.85, 0.9],
  [0.7, 0.85],
  [0, 0.7],
];

/**
 * The score of a level without a velocity to place it in its band: healthy 1 (nothing to do), the
 * others the middle of their band (attention 0.875, hazard 0.775, critical 0.35). Used for system
 * health and health progress, and for a point without an ISO 10816 velocity.
 */
export const LEVEL_SCORES: readonly number[] = [1, 0.875, 0.775, 0.35];

/** A level ≥ attention stays at least this fraction of its band below the band's top (the better level's colour). */
const BAND_TOP_MARGIN = 0.02;

/** Level order of a health name (null for unknown or anything else). */
export function levelOfHealth(name: string | null | undefined): number | null {
  const i = (HEALTH_NAMES as readonly string[]).indexOf(name ?? '');
  return i < 0 ? null : i;
}

/** Level order of a fault report severity (healthy 0 … critical 3; anything else null). */
export const levelOfSeverity = levelOfHealth;

/** The worst of two levels where null means unknown (unknown only when both are). */
export const worstLevel = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * The health score of a point from its current state.
 *
 * Parameters
 * ----------
 * level : number | null
 *     The point's level: the worst of its active alarm levels and its open machine fault reports'
 *     severities (0 healthy … 3 critical); null when neither is known.
 * vrmsMmPerS : number | null
 *     Velocity r.m.s. 10–1000 Hz (VRMS_ISO10816, mm/s) of its latest measurement, the largest over
 *     the axes; null when unknown.
 * machineClass : MachineClass
 *     ISO 10816-1 class of the machine (from its motor power, machineClassOf).
 *
 * Returns
 * -------
 * number | null
 *     0–1, rounded to 3 decimals, inside the level's band (LEVEL_BANDS); null for an unknown level.
 *     Without a velocity: LEVEL_SCORES. With one, the level's band is walked down as the velocity
 *     crosses the level's ISO 10816-1 zone (ISO 10816-1:1995 Annex B Table B.1: zone A 0…A/B →
 *     healthy, B A/B…B/C → attention, C B/C…C/D → hazard, D from C/D → critical, D's far end taken at
 *     2 × C/D): 0 mm/s scores 1, the A/B boundary 0.9. A velocity in a lower zone than the level (a
 *     fault report raised the level) gives the band's top, in a higher zone its bottom.
 *
 * Examples
 * --------
 *     pointHealthScore(0, 0.56, 'II') // 0.95 (half-way through zone A of class II, A/B = 1.12)
 *     pointHealthScore(2, null, 'II') // 0.775
 */
export function pointHealthScore(level: number | null, vrmsMmPerS: number | null, machineClass: MachineClass): number | null {
  if (level === null || level < 0) return null;
  const l = Math.min(3, Math.round(level));
  if (vrmsMmPerS === null || !Number.isFinite(vrmsMmPerS) || vrmsMmPerS < 0) return LEVEL_SCORES[l]!;
  const [ab, bc, cd] = ISO10816_ZONE_BOUNDARIES_MM_PER_S[machineClass];
  const edges = [0, ab, bc, cd, 2 * cd];
  const [low, high] = LEVEL_BANDS[l]!;
  let f = (vrmsMmPerS - edges[l]!) / (edges[l + 1]! - edges[l]!);
  f = Math.min(1, Math.max(l === 0 ? 0 : BAND_TOP_MARGIN, f));
  return Math.round((high - f * (high - low)) * 1000) / 1000;
}

/** The health name of a level (unknown for null). */
export const healthNameOf = (level: number | null): HealthName =>
  level === null ? 'unknown' : HEALTH_NAMES[Math.min(3, level)]!;

/** A level change at an instant (an alarm transaction, a fault report's severity change). */
export interface LevelChange {
  at: Date;
  level: number;
}

/**
 * The history of one alarm or one fault report of a point, as the periods need it.
 * `initial`: its level before the first period (null: none yet); `from`/`to`: when it exists
 * (a report from its creation to its closing; an alarm always: null, null);
 * `changes`: its level changes in the interval, oldest first.
 */
export interface LevelHistory {
  initial: number | null;
  from: Date | null;
  to: Date | null;
  changes: LevelChange[];
}

/**
 * The level history of a machine fault report: its severity changes (severity_history, oldest first;
 * entries with an unknown severity or date dropped) while it exists, from its creation to its closing;
 * a report without a history holds its severity throughout.
 */
export function reportLevelHistory(r: {
  severity: string;
  severityHistory: unknown;
  createdAt: Date;
  closedAt: Date | null;
}): LevelHistory {
  const history = Array.isArray(r.severityHistory) ? (r.severityHistory as { severity?: unknown; at?: unknown }[]) : [];
  const changes = history
    .map((c) => ({
      at: new Date(typeof c?.at === 'string' ? c.at : NaN),
      level: levelOfSeverity(typeof c?.severity === 'string' ? c.severity : null),
    }))
    .filter((c): c is LevelChange => c.level !== null && !Number.isNaN(c.at.getTime()))
    .sort((x, y) => x.at.getTime() - y.at.getTime());
  return { initial: changes.length ? null : levelOfSeverity(r.severity), from: r.createdAt, to: r.closedAt, changes };
}

/** A period [start, end): one bucket of an interval. */
export interface Period {
  start: Date;
  end: Date;
}

/**
 * The worst level of one point in each period: for every history, the level it holds at the
 * period's start and every level it reaches during it (while it exists), the worst of all.
 *
 * Parameters
 * ----------
 * periods : Period[]
 *     Consecutive, oldest first.
 * histories : LevelHistory[]
 *     The point's alarms and fault reports.
 * monitoredFrom : Date | null
 *     Its first measurement; a period ending before it (or null) is unknown for the point.
 *
 * Returns
 * -------
 * (number | null)[]
 *     One level per period, null when the point was not monitored yet or nothing is known.
 */
export function worstLevelPerPeriod(periods: Period[], histories: LevelHistory[], monitoredFrom: Date | null): (number | null)[] {
  const n = periods.length;
  const starts = periods.map((p) => p.start.getTime());
  const ends = periods.map((p) => p.end.getTime());
  const out: (number | null)[] = new Array<number | null>(n).fill(null);
  const first = monitoredFrom?.getTime() ?? Infinity;
  for (const h of histories) {
    const from = h.from?.getTime() ?? -Infinity;
    const to = h.to?.getTime() ?? Infinity;
    if (!h.changes.length && from === -Infinity && to === Infinity) {
      // an alarm that did not change in the interval holds its level throughout
      if (h.initial !== null) for (let k = 0; k < n; k++) out[k] = out[k] === null ? h.initial : Math.max(out[k]!, h.initial);
      continue;
    }
    let level = h.initial;
    let i = 0;
    for (let k = 0; k < n; k++) {
      const start = starts[k]!;
      const end = ends[k]!;
      let worst: number | null = null;
      // the level it holds at the start
      while (i < h.changes.length && h.changes[i]!.at.getTime() <= start) level = h.changes[i++]!.level;
      if (level !== null && from <= start && to >= start) worst = level;
      // every level reached during it
      while (i < h.changes.length) {
        const at = h.changes[i]!.at.getTime();
        if (at >= end) break;
        level = h.changes[i++]!.level;
        if (from <= at && to >= at) worst = worst === null ? level : Math.max(worst, level);
      }
      // a report created during the period with no change recorded in it
      if (worst === null && level !== null && from >= start && from < end) worst = level;
      if (worst !== null) out[k] = out[k] === null ? worst : Math.max(out[k]!, worst);
    }
  }
  for (let k = 0; k < n; k++) if (!(first < ends[k]!)) out[k] = null;
  return out;
}

/**
 * System health of a period: the mean of the points' level scores (LEVEL_SCORES) × 100, over the
 * points whose level is known; null when none is. One decimal.
 */
export function systemHealth(levels: (number | null)[]): { health: number | null; points: number } {
  const known = levels.filter((l): l is number => l !== null);
  if (!known.length) return { health: null, points: 0 };
  const mean = known.reduce((s, l) => s + LEVEL_SCORES[Math.min(3, l)]!, 0) / known.length;
  return { health: Math.round(mean * 1000) / 10, points: known.length };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The start of the unit (hour, day, ISO week from Monday, month) holding `at`, in a time zone of a
 * fixed offset (the customer's `GMT±hh:mm`).
 * @param offsetMinutes minutes east of UTC
 */
export function unitStart(at: Date, unit: DashboardUnit, offsetMinutes: number): Date {
  const off = offsetMinutes * 60_000;
  const local = new Date(at.getTime() + off);
  let t: number;
  if (unit === 'hour') t = Math.floor(local.getTime() / HOUR) * HOUR;
  else if (unit === 'month') t = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  else {
    t = Math.floor(local.getTime() / DAY) * DAY;
    if (unit === 'week') t -= ((new Date(t).getUTCDay() + 6) % 7) * DAY;
  }
  return new Date(t - off);
}

/** The start of the next unit after a unit start. */
export function nextUnit(start: Date, unit: DashboardUnit, offsetMinutes: number): Date {
  if (unit === 'hour') return new Date(start.getTime() + HOUR);
  if (unit === 'day') return new Date(start.getTime() + DAY);
  if (unit === 'week') return new Date(start.getTime() + 7 * DAY);
  const off = offsetMinutes * 60_000;
  const local = new Date(start.getTime() + off);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - off);
}

/** At most this many periods in one interval (a year by day is 366). */
export const MAX_PERIODS = 400;

/**
 * The periods of an interval: one per unit (in the customer's time zone) that the interval
 * touches, oldest first, each clipped to the interval ([start, end], end inclusive: the last period
 * ends 1 ms after `end`).
 * @returns null when the interval would have more than MAX_PERIODS periods
 */
export function periodsOf(start: Date, end: Date, unit: DashboardUnit, offsetMinutes: number): Period[] | null {
  const out: Period[] = [];
  const stop = end.getTime() + 1;
  for (let u = unitStart(start, unit, offsetMinutes); u.getTime() < stop; u = nextUnit(u, unit, offsetMinutes)) {
    if (out.length >= MAX_PERIODS) return null;
    const next = nextUnit(u, unit, offsetMinutes);
    out.push({ start: new Date(Math.max(u.getTime(), start.getTime())), end: new Date(Math.min(next.getTime(), stop)) });
  }
  return out;
}
