import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Optional } from './column-types.ts';

/** Kysely table types: Customers (tenants), users, roles, sessions and the account-security tables. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

export interface CustomersTable {
  id: string;
  name: string;
  hosts: string[];
  preferences: unknown;
  disabled: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface RolesTable {
  id: string;
  customer_id: string;
  name: string;
  display_name: string;
  permissions: string[];
  created_at: Generated<Date>;
}
export interface UsersTable {
  id: string;
  customer_id: string;
  email: string;
  password_hash: string;
  name: string;
  surname: string;
  phone: string | null;
  user_type: 'admin' | 'user';
  role_id: string | null;
  password_changed: Generated<boolean>;
  user_guiding_shown: Generated<boolean>;
  mfa_enabled: Generated<boolean>;
  is_mobile: Generated<boolean>;
  phone_country: Optional<string>;
  created_at: Generated<Date>;
}
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  customer_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  purpose: Generated<'session' | 'password_reset'>;
}
export interface CaptchaUsesTable {
  signature: string;
  expires_at: Timestamp;
}
export interface MfaChallengesTable {
  id: string;
  customer_id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Optional<Date>;
  created_at: Generated<Date>;
}
export interface LoginAttemptsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  ip: string;
  succeeded: boolean;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 'password' (POST /auth/customer) or 'mfa' (POST /auth/customer/verify-mfa); migration 0003. */
  kind: Generated<'password' | 'mfa'>;
}
/** A reset-link or second-step-code mail sent (migration 0021; modules/auth/mail-limit.ts). */
export interface MailSendsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  ip: string;
  kind: 'password_reset' | 'mfa_code';
  at: ColumnType<Date, Date | string | undefined, Date | string>;
}
