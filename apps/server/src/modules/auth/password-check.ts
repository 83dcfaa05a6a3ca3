import argon2 from 'argon2';
import fs from 'node:fs';
import path from 'node:path';
import { failedRules, PASSWORD_MAX_LENGTH, type PasswordPolicy } from '@overtone/contract';
import { AppError } from '../../infra/errors.ts';

/** The common-password list shipped beside this file (provenance in its header). */
export const COMMON_PASSWORDS_FILE = path.join(import.meta.dirname, 'common-passwords.txt');

let common: Set<string> | null = null;
/** The common passwords, lower-cased (read once). */
export function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.toLowerCase()),
  );
  return common;
}

/** Whether the password (case-insensitively) is in the common-password list. */
export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/**
 * Checks a new password against the customer's policy raised to the global floor (contract
 * `failedRules`: at least 8 characters whatever the policy, at most 128) and the common-password list.
 * For every place that sets a password: POST /me/password, user creation, an admin's reset.
 * @throws AppError WEAK_PASSWORD (param `password`) when a policy rule fails, COMMON_PASSWORD when listed
 */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy | null | undefined): void {
  if (password.length > PASSWORD_MAX_LENGTH || failedRules(password, policy).length > 0)
    throw new AppError('WEAK_PASSWORD', 'password');
  if (isCommonPassword(password)) throw new AppError('COMMON_PASSWORD', 'password');
}

/** How many passwords this process has verified with argon2 (tests observe that throttling holds). */
export const passwordVerifications = { count: 0 };

/**
 * Verifies a password against its stored argon2 hash (counted in `passwordVerifications`).
 * @returns false for a wrong password or an unreadable hash (never throws)
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordVerifications.count++;
  return argon2.verify(hash, password).catch(() => false);
}
