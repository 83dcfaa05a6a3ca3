import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { historyVersion, levelHistorySince, loadLevelHistory, type ReportLevelRow } from './history-repo.ts';
import { reportLevelHistory, worstLevelPerPeriod, type LevelHistory, type Period } from './service.ts';

/**
 * The dashboard's level history cache (docs/dashboard.md "The level history cache").
 *
 * System health and health progress need every alarm's and machine report's level history of the
 * customer over up to two years. Read from the tables on every call that is ~50,000 rows a year for a
 * plant of 1,000 points (0.4–0.7 s on the embedded database). The history only grows at its end,
 * so it is loaded once per customer and kept in memory; each call then reads what arrived since the
 * kept part ends (`settled`, SETTLE_MS before the last call: a few rows) and works on both.
 *
 * A write that changes the kept part (a transaction stamped over an hour back, an alarm added or
 * deleted, a report closed or re-rated in the past, a first measurement deleted…) raises the
 * customer's version in `dashboard_history_versions` (database triggers, migration 0026): every call
 * reads the version first and reloads on a change. So the answer is always the one computed from
 * the tables, in every server process, whatever wrote.
 */

/**
 * How far behind the database's clock the kept part ends. The triggers treat a write stamped more
 * than 1 h back as a change of the past; the 10 min more cover a transaction that wrote a row
 * before the call read and committed after it, and clock differences between servers.
 */
export const SETTLE_MS = 70 * 60_000;
/** A reload for an earlier interval starts this much earlier again, so neighbouring intervals reuse it. */
const SPAN_SLACK_MS = 31 * 86_400_000;
/** Customers kept at most (least recently used dropped). */
const MAX_CUSTOMERS = 16;

interface KeptAlarm {
  alarmId: string;
  pointId: string;
  history: LevelHistory;
}
interface Kept {
  version: string;
  /** ms: every history is complete from here (its `initial` is its level here) */
  spanStart: number;
  /** ms: every alarm transaction stamped before it is in the histories */
  settled: number;
  firstMeasured: Map<string, Date | null>;
  alarms: Map<string, KeptAlarm>;
  alarmsOfPoint: Map<string, KeptAlarm[]>;
  reports: Map<string, { pointId: string; history: LevelHistory }>;
}

const reportEntry = (r: ReportLevelRow) => ({ pointId: r.pointId, history: reportLevelHistory(r) });

async function load(db: Kysely<DB>, customerId: string, version: string, spanStart: number, settled: number): Promise<Kept> {
  const h = await loadLevelHistory(db, customerId, new Date(spanStart), new Date(settled));
  const kept: Kept = {
    version,
    spanStart,
    settled,
    firstMeasured: new Map(h.points.map((p) => [p.id, p.firstAt])),
    alarms: new Map(),
    alarmsOfPoint: new Map(),
    reports: new Map(h.reports.map((r) => [r.id, reportEntry(r)])),
  };
  for (const a of h.alarms) {
    const entry: KeptAlarm = {
      alarmId: a.alarmId,
      pointId: a.pointId,
      history: { initial: a.initial, from: null, to: null, changes: a.changes },
    };
    kept.alarms.set(a.alarmId, entry);
    const list = kept.alarmsOfPoint.get(a.pointId);
    if (list) list.push(entry);
    else kept.alarmsOfPoint.set(a.pointId, [entry]);
  }
  return kept;
}

/** One database's cache (a server process holds one; tests run several databases in one process). */
export class LevelHistoryCache {
  private readonly kept = new Map<string, Kept>();
  private readonly loading = new Map<string, Promise<Kept>>();
  /** Reloads so far (tests and the bench read it). */
  loads = 0;

  /**
   * @param settleMs how far behind the database's clock the kept part ends (SETTLE_MS; tests pass 0 to
   *     see arrivals rolled into it at once)
   */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /**
   * The worst level of each point in each period (service.ts worstLevelPerPeriod), exactly as from
   * the tables.
   *
   * Parameters
   * ----------
   * customerId : string
   * points : string[] | null
   *     The customer's points of the call (already checked to be its), null for all of them.
   * periods : Period[]
   *     Consecutive, oldest first.
   *
   * Returns
   * -------
   * (number | null)[][]
   *     One row per point (in no particular order), one level per period (null: unknown).
   */
  async levels(customerId: string, points: string[] | null, periods: Period[]): Promise<(number | null)[][]> {
    const need = periods[0]!.start.getTime();
    const { version, now } = await historyVersion(this.db, customerId);
    const kept = await this.keptFor(customerId, version, need, now.getTime() - this.settleMs);
    const since = kept.settled;
    const delta = await levelHistorySince(this.db, customerId, new Date(since));

    // what arrived since, over the kept part (another call may have moved `settled` meanwhile)
    const fresh = delta.changes.filter((c) => c.at.getTime() >= kept.settled);
    const grown = new Map<string, LevelHistory>();
    for (const c of fresh) {
      const a = kept.alarms.get(c.alarmId);
      if (!a) continue; // an alarm added since raised the version: the next call reloads
      let h = grown.get(c.alarmId);
      if (!h) grown.set(c.alarmId, (h = { ...a.history, changes: [...a.history.changes] }));
      h.changes.push({ at: c.at, level: c.level });
    }
    const reports = new Map(kept.reports);
    for (const r of delta.reports) reports.set(r.id, reportEntry(r));
    const reportsOfPoint = new Map<string, LevelHistory[]>();
    for (const r of reports.values()) {
      const list = reportsOfPoint.get(r.pointId);
      if (list) list.push(r.history);
      else reportsOfPoint.set(r.pointId, [r.history]);
    }
    const firstMeasured = new Map(kept.firstMeasured);
    for (const m of delta.firstMeasured) if (!firstMeasured.get(m.pointId)) firstMeasured.set(m.pointId, m.at);

    const out: (number | null)[][] = [];
    for (const pointId of points ?? firstMeasured.keys()) {
      if (!firstMeasured.has(pointId)) continue;
      const histories: LevelHistory[] = [];
      for (const a of kept.alarmsOfPoint.get(pointId) ?? []) histories.push(grown.get(a.alarmId) ?? a.history);
      for (const r of reportsOfPoint.get(pointId) ?? []) histories.push(r);
      out.push(worstLevelPerPeriod(periods, histories, firstMeasured.get(pointId) ?? null));
    }

    this.rollForward(customerId, kept, fresh, delta, now.getTime() - this.settleMs);
    return out;
  }

  /** Forget everything (the next call of each customer reloads). */
  clear(): void {
    this.kept.clear();
  }

  private async keptFor(customerId: string, version: string, need: number, settled: number): Promise<Kept> {
    const kept = this.kept.get(customerId);
    if (kept && kept.version === version && kept.spanStart <= need) {
      this.kept.delete(customerId); // most recently used last
      this.kept.set(customerId, kept);
      return kept;
    }
    const pending = this.loading.get(customerId);
    if (pending) {
      const p = await pending;
      if (p.version === version && p.spanStart <= need) return p;
    }
    const spanStart = Math.min(need - SPAN_SLACK_MS, kept && kept.version === version ? kept.spanStart : Infinity);
    const loading = load(this.db, customerId, version, spanStart, settled);
    this.loading.set(customerId, loading);
    this.loads++;
    try {
      const loaded = await loading;
      this.kept.delete(customerId);
      this.kept.set(customerId, loaded);
      while (this.kept.size > MAX_CUSTOMERS) this.kept.delete(this.kept.keys().next().value!);
      return loaded;
    } finally {
      if (this.loading.get(customerId) === loading) this.loading.delete(customerId);
    }
  }

  /** Moves what has settled since into the kept part, unless the kept part was replaced meanwhile. */
  private rollForward(
    customerId: string,
    kept: Kept,
    fresh: { alarmId: string; at: Date; level: number }[],
    delta: Awaited<ReturnType<typeof levelHistorySince>>,
    settled: number,
  ): void {
    if (this.kept.get(customerId) !== kept || settled <= kept.settled) return;
    for (const c of fresh) {
      if (c.at.getTime() >= settled) break; // oldest first
      kept.alarms.get(c.alarmId)?.history.changes.push({ at: c.at, level: c.level });
    }
    for (const r of delta.reports) kept.reports.set(r.id, reportEntry(r));
    for (const m of delta.firstMeasured) if (!kept.firstMeasured.get(m.pointId)) kept.firstMeasured.set(m.pointId, m.at);
    kept.settled = settled;
  }
}

const caches = new WeakMap<Kysely<DB>, LevelHistoryCache>();

/** The level history cache of a database. */
export function levelHistoryCacheOf(db: Kysely<DB>): LevelHistoryCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LevelHistoryCache(db)));
  return cache;
}
