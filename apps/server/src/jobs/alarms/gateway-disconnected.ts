import { sql } from 'kysely';
import { customerPreferences } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../infra/i18n.ts';
import { newId } from '../../infra/ids.ts';
import { CONNECTED_WITHIN_MS } from '../../modules/gateways/repo.ts';

/**
 * Level of a Senseway-disconnected alarm: attention (1). The machines behind the gateway are not
 * known to be bad, their condition is unknown (as for the no-data alarm).
 */
export const GATEWAY_DISCONNECTED_LEVEL = 1;
/** Alarm id of a gateway's Senseway-disconnected alarm (its transactions' `alarm_id`). */
export const gatewayAlarmId = (gatewayId: string) => `gateway:${gatewayId}`;

/**
 * Raises and clears the Senseway-disconnected alarms (spec 002 §2 Preferences "Senseway-disconnected
 * alarm"; docs/alarms.md "Senseway disconnected").
 *
 * Parameters
 * ----------
 * ctx : AppContext
 * now : Date
 *     The evaluator's clock.
 *
 * Returns
 * -------
 * number
 *     Transactions written. A gateway of a customer whose preference `alarm.enableSensewayAlarm` is
 *     on, heard before (`gateways.last_seen_at`) but not within {@link CONNECTED_WITHIN_MS} (what
 *     `GET /gateway` answers as `disconnected`), raises attention once: an alarm transaction without
 *     a point, `kind: gatewayDisconnected`, telemetry `GATEWAY_DISCONNECTED`, source `gateway`, the
 *     gateway's MAC, score the hours since its last report (2 decimals), named
 *     `messages.alarmGatewayDisconnectedName` in the customer's language. It clears (a healthy
 *     transaction, score 0) when the gateway reports again, or when the preference is switched off.
 *     A gateway never heard from is not raised (its state is unknown, N/A in the list).
 *
 * Notes
 * -----
 * Its state row (`gateway_alarm_states`) is locked while the transaction is written, so two
 * instances never write the same change. Mail and notifications follow the alarm transactions.
 */
export async function checkGatewaysDisconnected(ctx: AppContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CONNECTED_WITHIN_MS);
  const due = await sql<{
    id: string;
    mac: string;
    customer_id: string;
    last_seen_at: Date;
    preferences: unknown;
    level: number;
    wanted: number;
  }>`
    SELECT g.id, g.mac, g.customer_id, g.last_seen_at, c.preferences, coalesce(s.level, 0) AS level,
           CASE WHEN coalesce((c.preferences #>> '{alarm,enableSensewayAlarm}')::boolean, false)
                 AND g.last_seen_at < ${since}::timestamptz THEN ${GATEWAY_DISCONNECTED_LEVEL} ELSE 0 END AS wanted
      FROM gateways g
      JOIN customers c ON c.id = g.customer_id
      LEFT JOIN gateway_alarm_states s ON s.gateway_id = g.id
     WHERE g.last_seen_at IS NOT NULL
       AND (coalesce(s.level, 0) > 0) <> (coalesce((c.preferences #>> '{alarm,enableSensewayAlarm}')::boolean, false)
                                          AND g.last_seen_at < ${since}::timestamptz)`.execute(ctx.db);
  let written = 0;
  for (const g of due.rows) {
    const lang = customerPreferences.safeParse(g.preferences).data?.localization.preferedLanguage ?? 'tr';
    const hours = Math.round(((now.getTime() - g.last_seen_at.getTime()) / 3600e3) * 100) / 100;
    written += await ctx.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO gateway_alarm_states (gateway_id, customer_id) VALUES (${g.id}, ${g.customer_id})
                ON CONFLICT DO NOTHING`.execute(trx);
      const state = await sql<{ level: number }>`
        SELECT level FROM gateway_alarm_states WHERE gateway_id = ${g.id} FOR UPDATE`.execute(trx);
      if (state.rows[0]?.level === g.wanted) return 0; // another instance wrote it meanwhile
      await trx
        .updateTable('gateway_alarm_states')
        .set({ level: g.wanted, updated_at: now })
        .where('gateway_id', '=', g.id)
        .execute();
      await trx
        .insertInto('alarm_transactions')
        .values({
          id: newId(),
          customer_id: g.customer_id,
          point_id: null,
          alarm_id: gatewayAlarmId(g.id),
          kind: 'gatewayDisconnected',
          name: translate(lang, 'messages', 'alarmGatewayDisconnectedName', { mac: g.mac }),
          telemetry: 'GATEWAY_DISCONNECTED',
          source: 'gateway',
          mac_address: g.mac,
          level: g.wanted,
          score: g.wanted > 0 ? hours : 0,
          measurement_id: null,
          created_at: now,
        })
        .execute();
      return 1;
    });
  }
  return written;
}
