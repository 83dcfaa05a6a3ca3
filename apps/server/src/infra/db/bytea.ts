/** PostgreSQL's type OID of bytea (pg_type.oid). */
export const BYTEA_OID = 17;

/**
 * bytea in PostgreSQL's hex text format (`\x` then two hex digits a byte, PostgreSQL 16 docs §8.4.1),
 * through Buffer's native hex codec. PGlite's own codec builds one string per byte, which made
 * chunk storage the largest cost of ingest (20 KB: ~2 ms → ~0.05 ms).
 * @throws Error when `v` is not a Uint8Array
 */
export const serializeBytea = (v: unknown) => {
  if (!(v instanceof Uint8Array)) throw new Error('bytea parameter must be a Uint8Array');
  return '\\x' + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex');
};

/** Inverse of `serializeBytea`: `\x…` text to the bytes (a Buffer, so a Uint8Array). */
export const parseBytea = (s: string): Uint8Array => Buffer.from(s.slice(2), 'hex');
