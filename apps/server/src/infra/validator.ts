import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** The marker fastify-type-provider-zod puts on its validation items (`hasZodFastifySchemaValidationErrors`). */
const ZOD_VALIDATION = Symbol.for('ZodFastifySchemaValidationError');

/**
 * A value of the same type as `input` that carries none of its content: zod's messages only ever
 * name the input's type, and validation items must not keep passwords or other submitted data.
 */
function typeSurrogate(input: unknown): unknown {
  if (input === null || input === undefined || typeof input === 'number' || typeof input === 'boolean') return input;
  if (typeof input === 'string') return '';
  if (typeof input === 'bigint') return 0n;
  if (Array.isArray(input)) return [];
  if (input instanceof Date) return new Date(0);
  if (typeof input === 'object') return {};
  return undefined;
}

/** A validation item as the error handler reads it (structured-clonable: it can come from a worker). */
export interface ValidationItem {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message: string;
  params: Record<string, unknown>;
}

/** zod issues → validation items, each input reduced to its type (`typeSurrogate`). */
export function validationItems(issues: readonly z.core.$ZodIssue[]): ValidationItem[] {
  return issues.map((issue) => {
    const { path, code, message, ...rest } = issue as typeof issue & { input?: unknown };
    return {
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params: { ...rest, input: typeSurrogate(rest.input) },
    };
  });
}

/** Marks items as fastify-type-provider-zod's (`hasZodFastifySchemaValidationErrors`). */
const marked = (items: readonly ValidationItem[]) => items.map((i) => ({ [ZOD_VALIDATION]: true, ...i }));

/**
 * The 400 error of a body validated outside Fastify's validation step (e.g. in a worker thread):
 * answered by the error handler exactly like a schema validation failure.
 */
export function validationError(items: readonly ValidationItem[]): Error {
  return Object.assign(new Error('validation'), { validation: marked(items), statusCode: 400 });
}

/**
 * Request validation with the contract's zod schemas, as fastify-type-provider-zod's
 * `validatorCompiler`, except that each item keeps its issue's fields (with the input reduced to its
 * type, see `typeSurrogate`), so the error handler can render zod's default messages in the
 * request's language (infra/i18n.ts `validationMessage`).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: marked(validationItems(result.error.issues)) as unknown as Error };
  };

/** The first path (dotted, e.g. `tags.0`) of a string holding a NUL character in `value`, or null. */
export function nulPath(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'value' : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  const join = (k: string | number) => (at ? `${at}.${k}` : String(k));
  if (Array.isArray(value)) {
    // long numeric arrays (signals) are skipped cheaply, element by element
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'string' && (v === null || typeof v !== 'object')) continue;
      const found = nulPath(v, join(i));
      if (found) return found;
    }
    return null;
  }
  for (const k in value) {
    if (k.includes('\u0000')) return join(k.split('\u0000').join(''));
    const found = nulPath((value as Record<string, unknown>)[k], join(k));
    if (found) return found;
  }
  return null;
}

/**
 * A path parameter that is `.` or `..`, or ends in `.`: no id, MAC or storage key of the API has that
 * shape, and such a value names another object once it becomes part of a file name or object key.
 */
export const isDotSegment = (v: string) => v.endsWith('.');

/**
 * preValidation rule of every API route (app.ts): strings with a NUL character (query, body, path
 * parameters) and path parameters ending in `.` answer 400 `inputNulCharacter` / `invalidPathParameter`.
 * PostgreSQL cannot store NUL in text and the file system cuts names at it, so no route accepts one.
 * @throws AppError VALIDATION naming the field (`param`)
 */
export function rejectUnsafeInput(req: { params: unknown; query: unknown; body: unknown }): void {
  for (const [part, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const at = nulPath(value);
    if (at) throw new AppError('VALIDATION', at, 'inputNulCharacter');
    if (part === 'params' && value && typeof value === 'object')
      for (const [k, v] of Object.entries(value))
        if (typeof v === 'string' && isDotSegment(v)) throw new AppError('VALIDATION', k, 'invalidPathParameter');
  }
}
