/**
 * Whether a database error is a unique-constraint violation: SQLSTATE `23505` (PostgreSQL 16 docs,
 * Appendix A "PostgreSQL Error Codes"), as raised by node-postgres and PGlite alike.
 * @param e whatever a query threw
 */
export const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';
