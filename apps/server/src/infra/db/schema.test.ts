import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';

/**
 * The hand-written Kysely types (schema.ts, schema/*.ts) checked against the database the
 * migrations make: every table of `DB` exists with exactly the columns its row type names, each
 * nullable exactly when the type admits null, of a TypeScript type that fits the SQL type. A
 * migration that adds, drops or changes a column without the types (or the reverse) fails here.
 */

interface TsColumn {
  nullable: boolean;
  /** the selected type as TypeScript prints it, null removed */
  type: string;
}

/** The columns of each table of `DB`, read with the TypeScript compiler from schema.ts. */
function typedTables(): Map<string, Map<string, TsColumn>> {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const db = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB');
  if (!db) throw new Error('schema.ts declares no interface DB');
  const out = new Map<string, Map<string, TsColumn>>();
  for (const table of checker.getTypeAtLocation(db).getProperties()) {
    const row = checker.getTypeOfSymbolAtLocation(table, db);
    const columns = new Map<string, TsColumn>();
    for (const column of row.getProperties()) {
      const declared = checker.getTypeOfSymbolAtLocation(column, db);
      // Kysely's ColumnType<S, I, U> (and Generated<T>) carries the selected type as `__select__`
      const selectedOf = (t: ts.Type) => {
        const s = t.getProperty('__select__');
        return s ? checker.getTypeOfSymbolAtLocation(s, db) : t;
      };
      const parts = (declared.isUnion() ? declared.types : [declared])
        .map(selectedOf)
        .flatMap((t) => (t.isUnion() ? t.types : [t]));
      const nonNull = parts.filter((p) => !(p.flags & ts.TypeFlags.Null));
      const names = [...new Set(nonNull.map((p) => checker.typeToString(p)))];
      // `boolean` is the union `false | true`; `unknown` admits null by itself
      const type = names.length === 2 && names.includes('false') && names.includes('true') ? 'boolean' : names.join(' | ');
      columns.set(column.name, { nullable: nonNull.length < parts.length || type === 'unknown', type });
    }
    out.set(table.name, columns);
  }
  return out;
}

/** Whether a TypeScript column type fits a PostgreSQL type (information_schema `udt_name`). */
function fits(tsType: string, udt: string): boolean {
  if (tsType === 'unknown') return true; // json/jsonb read as parsed JSON, or a column left open on purpose
  if (udt.startsWith('_')) return tsType.endsWith('[]');
  if (['text', 'varchar', 'bpchar', 'uuid', 'citext', 'inet', 'interval'].includes(udt))
    return /^(string|"[^"]*"( \| "[^"]*")*)$/.test(tsType);
  if (['int2', 'int4', 'float4', 'float8', 'numeric'].includes(udt)) return tsType === 'number';
  // int8: node-postgres reads it as a number (database.ts sets the parser), PGlite as a string; code reading it converts
  if (udt === 'int8') return tsType === 'number' || tsType === 'string';
  if (udt === 'bool') return tsType === 'boolean';
  if (['timestamptz', 'timestamp', 'date'].includes(udt)) return tsType === 'Date';
  if (udt === 'bytea') return /Uint8Array|Buffer/.test(tsType);
  if (udt === 'json' || udt === 'jsonb') return true;
  return false;
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(database);
}, 60_000);
afterAll(() => database.close());

describe('schema.ts against the migrations', () => {
  it('types every table with its columns, nullability and a fitting type', async () => {
    const rows = (
      await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; udt_name: string }>`
        SELECT table_name, column_name, is_nullable, udt_name
          FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`.execute(database.db)
    ).rows;
    const actual = new Map<string, Map<string, { nullable: boolean; udt: string }>>();
    for (const r of rows) {
      if (!actual.has(r.table_name)) actual.set(r.table_name, new Map());
      actual.get(r.table_name)!.set(r.column_name, { nullable: r.is_nullable === 'YES', udt: r.udt_name });
    }
    const typed = typedTables();
    const problems: string[] = [];
    for (const table of new Set([...actual.keys(), ...typed.keys()])) {
      const a = actual.get(table);
      const t = typed.get(table);
      if (!a) problems.push(`${table}: typed in DB, no such table`);
      else if (!t) problems.push(`${table}: in the database, not in DB`);
      else
        for (const column of new Set([...a.keys(), ...t.keys()])) {
          const ac = a.get(column);
          const tc = t.get(column);
          if (!ac) problems.push(`${table}.${column}: typed, no such column`);
          else if (!tc) problems.push(`${table}.${column}: in the database (${ac.udt}), not typed`);
          else {
            if (ac.nullable !== tc.nullable && tc.type !== 'unknown')
              problems.push(
                `${table}.${column}: ${ac.nullable ? 'nullable' : 'NOT NULL'} in the database, typed ${tc.type}${tc.nullable ? ' | null' : ''}`,
              );
            if (!fits(tc.type, ac.udt)) problems.push(`${table}.${column}: ${ac.udt} in the database, typed ${tc.type}`);
          }
        }
    }
    expect(problems).toEqual([]);
    expect(typed.size).toBeGreaterThan(40);
  }, 60_000);
});
