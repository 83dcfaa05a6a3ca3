/**
 * The point's health history (docs/condition-control.md "Health history"), pure: the worst alarm
 * level of each calendar day in the customer's time zone, replayed from the alarm transactions.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A level change of one alarm (an alarm transaction): level 0…3 at an instant. */
export interface AlarmLevelChange {
  alarmId: string;
  level: number;
  at: Date;
}

/** One calendar day of the history. */
export interface HealthDay {
  /** `YYYY-MM-DD` in the customer's zone. */
  date: string;
  /** Worst level of the day, 0…3, or −1 (unknown) before any alarm of the point was evaluated. */
  level: number;
}

/**
 * The first instant of the window: midnight, customer's zone, `days − 1` days before today.
 * @param now the current instant
 * @param offsetMinutes the customer's zone, minutes east of UTC
 */
export function historyStart(now: Date, days: number, offsetMinutes: number): Date {
  const off = offsetMinutes * MINUTE_MS;
  const todayStart = Math.floor((now.getTime() + off) / DAY_MS) * DAY_MS - off;
  return new Date(todayStart - (days - 1) * DAY_MS);
}

/**
 * Worst alarm level per day over the last `days` days (today included), oldest first.
 *
 * Parameters
 * ----------
 * before : AlarmLevelChange[]
 *     Each alarm's last change before the window (its level when the window starts).
 * within : AlarmLevelChange[]
 *     The changes inside the window, oldest first.
 * existing : Set<string>
 *     Alarms that still exist (have a state row). Their level is carried from change to change; a
 *     deleted alarm's level counts only on the days of its changes, since when it was deleted is
 *     not recorded (carrying it on would keep a deleted alarm's hazard forever).
 * evaluatedSince : Date | null
 *     From when the point's alarms were evaluated (its first measurement); an existing alarm
 *     without a change before a day was healthy (0) on it from then on. null: never evaluated.
 * now : Date, days : int ≥ 1, offsetMinutes : number
 *     Today, the window's length and the customer's zone (minutes east of UTC).
 *
 * Returns
 * -------
 * HealthDay[]
 *     `days` entries; a day's level is the maximum of the levels active at its start and of every
 *     change during it (so a hazard raised and cleared within one day still shows); −1 when no
 *     alarm was evaluated yet and none changed that day.
 *
 * Examples
 * --------
 *     dailyWorstLevels([], [{alarmId: 'a', level: 2, at: yesterdayNoon}], new Set(['a']), null, now, 2, 0)
 *     // [{date: yesterday, level: 2}, {date: today, level: 2}]
 */
export function dailyWorstLevels(
  before: readonly AlarmLevelChange[],
  within: readonly AlarmLevelChange[],
  existing: ReadonlySet<string>,
  evaluatedSince: Date | null,
  now: Date,
  days: number,
  offsetMinutes: number,
): HealthDay[] {
  const start = historyStart(now, days, offsetMinutes).getTime();
  const state = new Map<string, number>();
  for (const c of before) if (existing.has(c.alarmId)) state.set(c.alarmId, c.level);
  const out: HealthDay[] = [];
  let k = 0;
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY_MS;
    const dayEnd = dayStart + DAY_MS;
    const evaluated = evaluatedSince !== null && evaluatedSince.getTime() < dayEnd;
    let level = state.size ? Math.max(...state.values()) : evaluated ? 0 : -1;
    if (evaluated) level = Math.max(level, 0);
    for (; k < within.length && within[k]!.at.getTime() < dayEnd; k++) {
      const c = within[k]!;
      if (c.at.getTime() < dayStart) continue;
      level = Math.max(level, c.level);
      if (existing.has(c.alarmId)) state.set(c.alarmId, c.level);
    }
    out.push({ date: new Date(dayStart + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10), level });
  }
  return out;
}
