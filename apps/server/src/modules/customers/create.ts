import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROLE_NAME,
  DEFAULT_PASSWORD_POLICY,
  PERMISSIONS,
  customerPreferences,
  generatePassword,
  type CustomerPreferences,
} from '@overtone/contract';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';
import { ensureBuiltInTelemetry } from '../telemetry/built-in.ts';
import { isValidHost, normalizeHost } from '../tenancy/hosts.ts';

/** Preferences of a new customer: the default password policy, Turkish, GMT+3, GRMS (spec 002 §9). */
export const defaultPreferences = (): CustomerPreferences =>
  customerPreferences.parse({
    logo: null,
    passwordPolicy: DEFAULT_PASSWORD_POLICY,
    localization: { dateFormat: 'DD-MM-YYYY HH:mm:ss', preferedLanguage: 'tr', timeZone: 'GMT+3' },
    defaultTelemetry: 'GRMS',
  });

export interface NewCustomer {
  name: string;
  /** Host names the customer is served on (at least one; normalised, each unique across customers). */
  hosts: string[];
  admin: {
    email: string;
    name?: string;
    surname?: string;
    /** Omitted: a password satisfying the policy is generated and returned. */
    password?: string;
    /** Second step by e-mail code (default true). */
    mfaEnabled?: boolean;
    /** false (default): the admin must set their own password at first login. */
    passwordChanged?: boolean;
  };
  preferences?: CustomerPreferences;
}

export interface CreatedCustomer {
  customerId: string;
  roleId: string;
  userId: string;
  hosts: string[];
  /** The admin's password when it was generated here (print it once), else null. */
  generatedPassword: string | null;
}

/** Refusal of `createCustomer` / `addHost` with a message for the operator. */
export class CustomerInputError extends Error {}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises and checks host names, and that no customer already serves one of them. */
export async function checkNewHosts(db: Kysely<DB>, hosts: string[]): Promise<string[]> {
  const normalized = [...new Set(hosts.map(normalizeHost))];
  if (normalized.length === 0) throw new CustomerInputError('at least one host is needed');
  for (const h of normalized) if (!isValidHost(h)) throw new CustomerInputError(`not a valid host name: ${h}`);
  const taken = await db
    .selectFrom('customers')
    .select(['name', 'hosts'])
    .where((eb) => eb('hosts', '&&', eb.val(normalized)))
    .execute();
  if (taken.length) {
    const clash = normalized.filter((h) => taken.some((t) => t.hosts.includes(h)));
    throw new CustomerInputError(`host already served by customer "${taken[0]!.name}": ${clash.join(', ')}`);
  }
  return normalized;
}

/**
 * Creates a customer with an `ADMIN` role holding every permission and its first admin user
 * (argon2id hash; mfa on and password to be changed by default), and gives it the built-in telemetry
 * definitions, all in one transaction (the caller's when `db` is one). Used by the tenant CLI
 * (`npm run tenant -- create`) and the demo seed.
 * @throws CustomerInputError on an invalid or already served host, or an invalid e-mail
 */
export async function createCustomer(db: Kysely<DB>, input: NewCustomer): Promise<CreatedCustomer> {
  const name = input.name.trim();
  if (!name) throw new CustomerInputError('the customer name is empty');
  const email = input.admin.email.trim();
  if (!EMAIL_RE.test(email) || email.length > 254) throw new CustomerInputError(`not a valid e-mail address: ${email}`);
  const preferences = input.preferences ?? defaultPreferences();
  const generatedPassword = input.admin.password ? null : generatePassword(preferences.passwordPolicy);
  const passwordHash = await argon2.hash(input.admin.password ?? generatedPassword!, { type: argon2.argon2id });
  const ids = { customerId: newId(), roleId: newId(), userId: newId() };
  const work = async (trx: Kysely<DB>) => {
    const hosts = await checkNewHosts(trx, input.hosts);
    await trx
      .insertInto('customers')
      .values({ id: ids.customerId, name, hosts, preferences: JSON.stringify(preferences) })
      .execute();
    await trx
      .insertInto('roles')
      .values({
        id: ids.roleId,
        customer_id: ids.customerId,
        name: ADMIN_ROLE_NAME,
        display_name: 'Administrator',
        permissions: [...PERMISSIONS],
      })
      .execute();
    await trx
      .insertInto('users')
      .values({
        id: ids.userId,
        customer_id: ids.customerId,
        email,
        password_hash: passwordHash,
        name: input.admin.name?.trim() || 'Admin',
        surname: input.admin.surname?.trim() || name,
        phone: null,
        user_type: 'admin',
        role_id: ids.roleId,
        mfa_enabled: input.admin.mfaEnabled ?? true,
        password_changed: input.admin.passwordChanged ?? false,
      })
      .execute();
    await ensureBuiltInTelemetry(trx, ids.customerId, preferences.defaultTelemetry);
    return hosts;
  };
  // Inside a caller's transaction (the demo seed) or in one of its own.
  const hosts = db.isTransaction ? await work(db) : await db.transaction().execute(work);
  return { ...ids, hosts, generatedPassword };
}
