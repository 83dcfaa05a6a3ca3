import type { Kysely } from 'kysely';
import type { DB } from '../infra/db/schema.ts';
import { checkNewHosts, createCustomer, CustomerInputError, type CreatedCustomer } from '../modules/customers/create.ts';
import { normalizeHost } from '../modules/tenancy/hosts.ts';
import { parsePreferences } from '../modules/tenancy/repo.ts';
import { assertAcceptablePassword } from '../modules/auth/password-check.ts';
import { AppError } from '../infra/errors.ts';

/** One row of `tenant list`. */
export interface TenantRow {
  id: string;
  name: string;
  hosts: string[];
  disabled: boolean;
  users: number;
}

/** Every customer with its hosts, state and number of users, by name. */
export async function listTenants(db: Kysely<DB>): Promise<TenantRow[]> {
  const rows = await db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.customer_id', 'c.id')
    .select(['c.id', 'c.name', 'c.hosts', 'c.disabled', (eb) => eb.fn.count<number>('u.id').as('users')])
    .groupBy(['c.id', 'c.name', 'c.hosts', 'c.disabled'])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, users: Number(r.users) }));
}

/** The customer named by its id or one of its hosts (disabled ones too). */
export async function findTenant(
  db: Kysely<DB>,
  ref: string,
): Promise<{ id: string; name: string; hosts: string[]; disabled: boolean }> {
  const host = normalizeHost(ref);
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'hosts', 'disabled'])
    .where((eb) => eb.or([eb('id', '=', ref.trim()), eb(eb.val(host), '=', eb.fn.any('hosts'))]))
    .executeTakeFirst();
  if (!row) throw new CustomerInputError(`no customer has the id or host "${ref}"`);
  return row;
}

/**
 * `tenant create`: the customer, its ADMIN role and first admin (e-mailed login code on; the admin
 * chooses their own password at first login). A given password must pass the default policy.
 */
export async function createTenant(
  db: Kysely<DB>,
  o: { name: string; hosts: string[]; adminEmail: string; adminName?: string; adminSurname?: string; password?: string },
): Promise<CreatedCustomer> {
  if (o.password) {
    try {
      assertAcceptablePassword(o.password, parsePreferences({}).passwordPolicy);
    } catch (e) {
      if (e instanceof AppError)
        throw new CustomerInputError(
          e.code === 'COMMON_PASSWORD'
            ? 'the password is in the list of common passwords; choose another or leave --password out to generate one'
            : 'the password is too weak: at least 8 characters with upper- and lower-case letters and a digit',
        );
      throw e;
    }
  }
  const words = (o.adminName ?? '').trim().split(/\s+/).filter(Boolean);
  const name = o.adminSurname || words.length < 2 ? words.join(' ') : words.slice(0, -1).join(' ');
  const surname = o.adminSurname ?? (words.length >= 2 ? words[words.length - 1] : undefined);
  return createCustomer(db, {
    name: o.name,
    hosts: o.hosts,
    admin: { email: o.adminEmail, name: name || undefined, surname, password: o.password },
  });
}

/** `tenant disable` / `enable`. Disabling also ends the customer's sessions and pending logins. */
export async function setTenantDisabled(db: Kysely<DB>, ref: string, disabled: boolean) {
  const t = await findTenant(db, ref);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('customers').set({ disabled }).where('id', '=', t.id).execute();
    if (disabled) {
      await trx.deleteFrom('sessions').where('customer_id', '=', t.id).execute();
      await trx.deleteFrom('mfa_challenges').where('customer_id', '=', t.id).execute();
    }
  });
  return { ...t, disabled };
}

/** `tenant add-host`: one more host name for the customer (not served by any other). */
export async function addTenantHost(db: Kysely<DB>, ref: string, host: string) {
  const t = await findTenant(db, ref);
  return db.transaction().execute(async (trx) => {
    const [h] = await checkNewHosts(trx, [host]);
    const hosts = [...t.hosts, h!];
    await trx.updateTable('customers').set({ hosts }).where('id', '=', t.id).execute();
    return { ...t, hosts };
  });
}

/** `tenant remove-host`: drops one host name (a customer keeps at least one). */
export async function removeTenantHost(db: Kysely<DB>, ref: string, host: string) {
  const t = await findTenant(db, ref);
  const h = normalizeHost(host);
  if (!t.hosts.includes(h)) throw new CustomerInputError(`"${t.name}" is not served on ${h}`);
  if (t.hosts.length === 1) throw new CustomerInputError(`${h} is the only host of "${t.name}"; add another first`);
  const hosts = t.hosts.filter((x) => x !== h);
  await db.updateTable('customers').set({ hosts }).where('id', '=', t.id).execute();
  return { ...t, hosts };
}
