import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { lockKeys } from './throttle.ts';

/**
 * Limits on the mails an anonymous or half-logged-in caller can make the server send (reset links,
 * second-step codes), so nobody floods a mailbox or the mail server: per account (customer,
 * lower-cased e-mail) and kind at most `MAIL_MAX_PER_ACCOUNT`, per client address and kind at most
 * `MAIL_MAX_PER_ADDRESS`, in `MAIL_WINDOW_MS`. Sends are rows of `mail_sends` (migration 0021), shared
 * by every instance; like login attempts, a send is counted and recorded under advisory locks of the
 * address and the account, so concurrent requests cannot overshoot.
 */
export const MAIL_WINDOW_MS = 15 * 60 * 1000;
export const MAIL_MAX_PER_ACCOUNT = 3;
export const MAIL_MAX_PER_ADDRESS = 10;

export type MailKind = 'password_reset' | 'mfa_code';

/**
 * Reserves one mail of `kind` to the account for the address (records it when it may be sent).
 * @returns `{ ok: true }` when it may be sent; `{ ok: false, retryAfterS }` (seconds until a send of
 *   the full limit leaves the window) when a limit is reached: nothing is recorded then
 */
export async function reserveMail(
  db: Kysely<DB>,
  a: { customerId: string; email: string; ip: string; kind: MailKind },
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  const email = a.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [`mail-ip:${a.kind}:${a.ip}`, `mail:${a.kind}:${a.customerId}:${email}`]);
    const now = Date.now();
    const base = () =>
      trx
        .selectFrom('mail_sends')
        .select('at')
        .where('kind', '=', a.kind)
        .where('at', '>', new Date(now - MAIL_WINDOW_MS));
    const recent = (q: ReturnType<typeof base>, max: number) => q.orderBy('at', 'desc').limit(max).execute();
    const byAccount = await recent(
      base().where('customer_id', '=', a.customerId).where('email', '=', email),
      MAIL_MAX_PER_ACCOUNT,
    );
    const byIp = await recent(base().where('ip', '=', a.ip), MAIL_MAX_PER_ADDRESS);
    const full = byAccount.length >= MAIL_MAX_PER_ACCOUNT ? byAccount : byIp.length >= MAIL_MAX_PER_ADDRESS ? byIp : null;
    if (full) {
      // Once the oldest of the newest `limit` sends leaves the window, one more fits.
      const oldest = full[full.length - 1]!.at.getTime();
      return { ok: false as const, retryAfterS: Math.max(1, Math.ceil((oldest + MAIL_WINDOW_MS - now) / 1000)) };
    }
    await trx
      .insertInto('mail_sends')
      .values({ customer_id: a.customerId, email, ip: a.ip, kind: a.kind, at: new Date() })
      .execute();
    return { ok: true as const };
  });
}
