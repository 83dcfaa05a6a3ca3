import { sql } from 'kysely';
import { customerPreferences, timeZoneOffsetMinutes, type Language } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../infra/i18n.ts';

/** frequencyAlarmMail value that means "never" (spec 002 §9 Admin). */
export const ALARM_MAIL_NEVER = 9999999;

const LEVEL_KEYS = ['alarmLevelHealthy', 'alarmLevelAttention', 'alarmLevelHazard', 'alarmLevelCritical'] as const;

/** `YYYY-MM-DD HH:mm:ss GMT±h` of an instant in a customer's time zone. */
function localTime(d: Date, zone: string): string {
  const t = new Date(d.getTime() + timeZoneOffsetMinutes(zone) * 60e3).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)} ${zone}`;
}

/** One mailed transaction as the mail lists it. */
interface MailedRow {
  created_at: Date;
  point_name: string | null;
  name: string;
  level: number;
  telemetry: string;
  source: string;
  score: number;
}

/** Subject and text of an alarm mail in `lang` (locale keys `mail.alarm*`). */
export function alarmMailText(
  lang: Language,
  customer: string,
  zone: string,
  rows: MailedRow[],
): { subject: string; text: string } {
  const lines = rows.map((r) =>
    translate(lang, 'mail', 'alarmLine', {
      time: localTime(r.created_at, zone),
      point: r.point_name ?? '-',
      name: r.name,
      level: translate(lang, 'mail', LEVEL_KEYS[r.level] ?? 'alarmLevelHealthy'),
      telemetry: r.telemetry,
      source: r.source,
      score: r.score,
    }),
  );
  return {
    subject: translate(lang, 'mail', 'alarmSubject', { customer, count: rows.length }),
    text: `${translate(lang, 'mail', 'alarmIntro')}\n\n${lines.join('\n')}\n`,
  };
}

/**
 * Sends the alarm mails that are due (docs/alarms.md "Mail"), per customer, from its preferences
 * `alarm` (spec 002 §9): `mailReceivers`, `alarmLevel` (lowest level mailed, 1…3) and
 * `frequencyAlarmMail` (0 at once; 6, 12, 18, 24: at most one mail per that many hours, listing every
 * change since the last one; 9999999 never). Transactions below the level, of a customer that never
 * mails or has no receiver, are marked skipped; a return to healthy is never mailed.
 *
 * Parameters
 * ----------
 * ctx : AppContext
 *     Database and mailer (outbox or SMTP).
 * now : Date
 *     The clock (digest periods are measured on it).
 *
 * Returns
 * -------
 * number
 *     Mails sent (one per receiver and customer).
 *
 * Notes
 * -----
 * The customer's digest row is locked while its pending transactions are claimed (marked sent), so
 * two server instances never mail the same change; a mail the mailer fails to send puts its
 * transactions back to pending (tried again at the next flush).
 */
export async function flushAlarmMail(ctx: AppContext, now: Date): Promise<number> {
  const customers = await sql<{ customer_id: string }>`
    SELECT DISTINCT customer_id FROM alarm_transactions WHERE mail_state = 'pending'`.execute(ctx.db);
  let sent = 0;
  for (const { customer_id: customerId } of customers.rows) {
    const claim = await ctx.db.transaction().execute(async (trx) => {
      const c = await trx.selectFrom('customers').select(['name', 'preferences']).where('id', '=', customerId).executeTakeFirst();
      const prefs = customerPreferences.safeParse(c?.preferences ?? {}).data;
      const alarm = prefs?.alarm;
      const receivers = alarm?.mailReceivers ?? [];
      const minLevel = Math.max(1, alarm?.alarmLevel ?? 1);
      const hours = alarm?.frequencyAlarmMail ?? 0;
      const skipAll = !receivers.length || hours >= ALARM_MAIL_NEVER;
      await trx
        .updateTable('alarm_transactions')
        .set({ mail_state: 'skipped' })
        .where('customer_id', '=', customerId)
        .where('mail_state', '=', 'pending')
        .$if(!skipAll, (q) => q.where('level', '<', minLevel))
        .execute();
      if (skipAll) return null;
      await sql`INSERT INTO alarm_mail_digests (customer_id, last_sent_at) VALUES (${customerId}, 'epoch') ON CONFLICT DO NOTHING`.execute(
        trx,
      );
      const digest = await sql<{ last_sent_at: Date }>`
        SELECT last_sent_at FROM alarm_mail_digests WHERE customer_id = ${customerId} FOR UPDATE`.execute(trx);
      const last = digest.rows[0]!.last_sent_at;
      if (hours > 0 && now.getTime() - last.getTime() < hours * 3600e3) return null;
      const rows = await sql<MailedRow & { id: string }>`
        UPDATE alarm_transactions t SET mail_state = 'sent'
          FROM alarm_transactions t0 LEFT JOIN tree_nodes n ON n.id = t0.point_id
         WHERE t.id = t0.id AND t.customer_id = ${customerId} AND t.mail_state = 'pending'
        RETURNING t.id, t.created_at, n.name AS point_name, t.name, t.level, t.telemetry, t.source, t.score`.execute(trx);
      if (!rows.rows.length) return null;
      await trx.updateTable('alarm_mail_digests').set({ last_sent_at: now }).where('customer_id', '=', customerId).execute();
      return {
        rows: rows.rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()),
        receivers,
        lang: prefs!.localization.preferedLanguage,
        zone: prefs!.localization.timeZone,
        customer: c!.name,
      };
    });
    if (!claim) continue;
    const { subject, text } = alarmMailText(claim.lang, claim.customer, claim.zone, claim.rows);
    try {
      for (const to of claim.receivers) {
        await ctx.mailer.send({ to, subject, text });
        sent++;
      }
    } catch {
      await ctx.db
        .updateTable('alarm_transactions')
        .set({ mail_state: 'pending' })
        .where(
          'id',
          'in',
          claim.rows.map((r) => r.id),
        )
        .execute();
    }
  }
  return sent;
}
