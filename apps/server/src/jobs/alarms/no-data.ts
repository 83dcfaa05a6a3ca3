import { sql } from 'kysely';
import { customerPreferences } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../infra/i18n.ts';
import { applyCandidates, noDataAlarmId } from './evaluate.ts';

/** Missed periodic intervals after which a point raises its no-data alarm (default of {@link checkNoData}). */
export const NO_DATA_INTERVALS = 3;
/** Level of a no-data alarm: attention (1) — the machine's condition is unknown, not known to be bad. */
export const NO_DATA_LEVEL = 1;

/**
 * Raises and clears the no-data alarms of points with periodic measurement (docs/alarms.md "No data").
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * now : Date
 *     The evaluator's clock.
 * intervals : number, default NO_DATA_INTERVALS
 *     A point whose last persisted measurement (or, without one, whose periodic setting) is older
 *     than `intervals` × its expected interval raises the alarm. The expected interval is the
 *     periodic sleep interval 2^(sleepAmount − 15) s divided by SCHEDULER_TIME_FACTOR (modules/scheduler).
 *
 * Returns
 * -------
 * number
 *     Transactions written: one attention transaction when a point's data stops (score: hours since
 *     its last measurement), one healthy transaction when a point no longer has periodic measurement
 *     while its alarm is active. A new measurement clears the alarm in its own evaluation.
 */
export async function checkNoData(ctx: AppContext, now: Date, intervals = NO_DATA_INTERVALS): Promise<number> {
  const factor = ctx.config.schedulerTimeFactor;
  const overdue = await sql<{
    point_id: string;
    customer_id: string;
    last_at: Date;
    mac: string | null;
    preferences: unknown;
  }>`
    SELECT j.point_id, j.customer_id, coalesce(m.last_at, j.created_at) AS last_at, d.mac, c.preferences
      FROM scheduler_jobs j
      JOIN customers c ON c.id = j.customer_id
      LEFT JOIN alarm_states s ON s.alarm_id = 'nodata:' || j.point_id
      LEFT JOIN devices d ON d.point_id = j.point_id
      LEFT JOIN LATERAL (
        SELECT coalesce(mm.started_at, mm.created_at) AS last_at FROM measurements mm
         WHERE mm.point_id = j.point_id AND mm.state IN ('persisted', 'partial')
         ORDER BY mm.created_at DESC LIMIT 1) m ON true
     WHERE coalesce(s.level, 0) = 0
       AND coalesce(m.last_at, j.created_at)
           < ${now}::timestamptz - make_interval(secs => ${intervals}::float8 * power(2, j.sleep_amount - 15) / ${factor}::float8)`.execute(
    ctx.db,
  );
  let written = 0;
  for (const p of overdue.rows) {
    const lang = customerPreferences.safeParse(p.preferences).data?.localization.preferedLanguage ?? 'tr';
    const hours = (now.getTime() - p.last_at.getTime()) / 3600e3;
    written += await ctx.db.transaction().execute((trx) =>
      applyCandidates(trx, {
        customerId: p.customer_id,
        pointId: p.point_id,
        measurementId: null,
        macAddress: p.mac ?? '',
        measuredAt: now,
        now,
        clearNoData: false,
        candidates: [
          {
            alarmId: noDataAlarmId(p.point_id),
            kind: 'noData',
            name: translate(lang, 'messages', 'alarmNoDataName'),
            telemetry: 'NO_DATA',
            source: 'device',
            delay: 1,
            rawLevel: NO_DATA_LEVEL,
            clearLevel: NO_DATA_LEVEL,
            score: Math.round(hours * 100) / 100,
          },
        ],
      }),
    );
  }
  // Periodic measurement switched off while the alarm was active: nothing is expected any more.
  const orphaned = await sql<{ alarm_id: string; point_id: string; customer_id: string; preferences: unknown }>`
    SELECT s.alarm_id, s.point_id, s.customer_id, c.preferences
      FROM alarm_states s JOIN customers c ON c.id = s.customer_id
     WHERE s.kind = 'noData' AND s.level > 0
       AND NOT EXISTS (SELECT 1 FROM scheduler_jobs j WHERE j.point_id = s.point_id)`.execute(ctx.db);
  for (const o of orphaned.rows) {
    const lang = customerPreferences.safeParse(o.preferences).data?.localization.preferedLanguage ?? 'tr';
    written += await ctx.db.transaction().execute((trx) =>
      applyCandidates(trx, {
        customerId: o.customer_id,
        pointId: o.point_id,
        measurementId: null,
        macAddress: '',
        measuredAt: now,
        now,
        clearNoData: false,
        candidates: [
          {
            alarmId: o.alarm_id,
            kind: 'noData',
            name: translate(lang, 'messages', 'alarmNoDataName'),
            telemetry: 'NO_DATA',
            source: 'device',
            delay: 1,
            rawLevel: 0,
            clearLevel: 0,
            score: 0,
          },
        ],
      }),
    );
  }
  return written;
}
