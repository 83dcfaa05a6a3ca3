import { createHash } from 'node:crypto';
import type { PreferencesBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { ensureDefinitions, setDefaultTelemetry } from '../telemetry/repo.ts';
import { countCustomerUsers } from '../roles/repo.ts';
import { logoKey, toLogoPng } from './logo.ts';
import { customerHosts, customerRecord, replacePreferencesKeepingLogo, setLogoUrl } from './repo.ts';

/**
 * The preferences as stored from a `PUT /preferences` body (spec 002 §9 Admin): the notification
 * receivers without repeats, in the order given; everything else as sent (the logo is not part of
 * the body: it keeps its own upload).
 */
export function normalizedPreferences(body: PreferencesBody): PreferencesBody {
  return { ...body, alarm: { ...body.alarm, notificationReceivers: [...new Set(body.alarm.notificationReceivers)] } };
}

/**
 * The URL `preferences.logo` names for a stored logo: `GET /api/customer/{host}/logo?v={hash}`,
 * the host naming the customer, the first 12 hex digits of the PNG's SHA-1 busting caches.
 */
export function logoUrl(host: string, png: Uint8Array): string {
  const version = createHash('sha1').update(png).digest('hex').slice(0, 12);
  return `/api/customer/${encodeURIComponent(host)}/logo?v=${version}`;
}

/**
 * Saves the customer's whole preferences (`PUT /preferences`): the receivers must be the customer's
 * users, `defaultTelemetry` one of its telemetry definitions, which becomes its default one; the
 * stored logo is kept. One transaction.
 * @throws AppError USER_NOT_FOUND (404) for a receiver that is not the customer's user;
 *   TELEMETRY_NOT_FOUND (404) for an unknown default telemetry
 * @returns the customer record as `GET /customer/{host}` answers it
 */
export async function savePreferences(ctx: AppContext, customerId: string, body: PreferencesBody) {
  const next = normalizedPreferences(body);
  const receivers = next.alarm.notificationReceivers;
  if ((await countCustomerUsers(ctx.db, customerId, receivers)) !== receivers.length)
    throw new AppError('USER_NOT_FOUND', 'alarm.notificationReceivers');
  await ensureDefinitions(ctx.db, customerId);
  await ctx.db.transaction().execute(async (trx) => {
    await replacePreferencesKeepingLogo(trx, customerId, next);
    await setDefaultTelemetry(trx, customerId, next.defaultTelemetry);
  });
  return customerRecord(ctx.db, customerId);
}

/**
 * Stores an uploaded logo (`PUT /preferences/logo`): converted to the shell's PNG (logo.ts), put in
 * object storage, named in `preferences.logo`.
 * @param requestHost the request's host, used when the customer has no host of its own
 * @throws AppError IMAGE_INVALID when the bytes are not an image the logo accepts
 * @returns the logo's URL
 */
export async function uploadLogo(ctx: AppContext, customerId: string, requestHost: string, bytes: Buffer): Promise<string> {
  const png = await toLogoPng(bytes);
  const url = logoUrl((await customerHosts(ctx.db, customerId))[0] ?? requestHost, png);
  await ctx.storage.put(logoKey(customerId), png, 'image/png');
  await setLogoUrl(ctx.db, customerId, url);
  return url;
}

/** Removes the customer's logo (`DELETE /preferences/logo`): the preference first, then the stored image. */
export async function removeLogo(ctx: AppContext, customerId: string): Promise<void> {
  await setLogoUrl(ctx.db, customerId, null);
  await ctx.storage.delete(logoKey(customerId));
}
