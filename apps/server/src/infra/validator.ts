import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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
    const items = result.error.issues.map((issue) => {
      const { path, code, message, ...rest } = issue as typeof issue & { input?: unknown };
      return {
        [ZOD_VALIDATION]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params: { ...rest, input: typeSurrogate(rest.input) },
      };
    });
    return { error: items as unknown as Error };
  };
