import type { ErrorCode } from '@overtone/contract';
import { AppError } from '../errors.ts';

/**
 * Whether a database error is a unique-constraint violation: SQLSTATE `23505` (PostgreSQL 16 docs,
 * Appendix A "PostgreSQL Error Codes"), as raised by node-postgres and PGlite alike.
 * @param e whatever a query threw
 */
export const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

/**
 * Runs a write whose unique index stands behind a check already made: a concurrent write of the same
 * key that slipped past the check fails on the index, and is answered as the check answers it.
 * @param write the statement or transaction
 * @param code the error the check throws (e.g. EMAIL_TAKEN, 409), with its `param`
 * @throws AppError `code` on a unique violation; anything else as thrown
 */
export async function onUniqueViolation<T>(write: () => Promise<T>, code: ErrorCode, param?: string): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(code, param);
    throw e;
  }
}
