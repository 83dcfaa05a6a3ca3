import type { ColumnType } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column with a NULL default: may be left out of inserts. */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
