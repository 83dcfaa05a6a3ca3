import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, LANGUAGE_HEADER, type ErrorCode } from '@overtone/contract';
import { errorMessage, resolveLanguage, validationMessage, type ValidationIssue } from './i18n.ts';

/**
 * The one error type of the API: a code from the contract's catalogue (status and message come
 * from there). 400 answers carry `errors: [{msg, param}]`, every other status `{message, code}`.
 */
export class AppError extends Error {
  readonly status: number;
  /** Response headers to send with the error (e.g. `retry-after` of a 429). */
  headers?: Record<string, string>;
  /** Extra fields of the (non-400) answer body (e.g. `wrongPassword` of a failed login). */
  extra?: Record<string, unknown>;
  constructor(
    readonly code: ErrorCode,
    readonly param?: string,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }

  /** Adds response headers and answer fields; returns the error for `throw`. */
  with(more: { headers?: Record<string, string>; extra?: Record<string, unknown> }): this {
    this.headers = { ...this.headers, ...more.headers };
    this.extra = { ...this.extra, ...more.extra };
    return this;
  }
}

/** Maps Fastify's own 4xx errors onto catalogue codes (never leaks internals). */
function fromFastify(err: FastifyError): AppError | null {
  const s = err.statusCode ?? 500;
  if (s === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (s === 404) return new AppError('NOT_FOUND');
  if (s >= 400 && s < 500) return new AppError('VALIDATION', undefined, err.message);
  if (isDataException(err)) return new AppError('VALIDATION', undefined, 'invalidValue');
  return null;
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a date out of range, a NUL character, a number
 * too large for its column, text that is no valid value of its type): the request carried a value
 * the database cannot hold, so it answers 400, never 500. Checks the routes missed end here.
 */
export const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown })?.code ?? ''));

/**
 * The error handler: every message is answered in the request's `language` header language (tr by
 * default; infra/i18n.ts): catalogue messages by code, validation messages by their contract key.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = resolveLanguage(request.headers[LANGUAGE_HEADER]);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const param =
          String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.') || undefined;
        const issue: ValidationIssue = { ...(v.params as object), code: v.keyword, message: v.message ?? 'Invalid value' };
        return { msg: validationMessage(lang, issue), param };
      });
      return reply.status(400).send({ errors });
    }
    const appError = error instanceof AppError ? error : fromFastify(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: errorMessage(lang, 'INTERNAL'), code: 'INTERNAL' });
    }
    const message =
      appError.message === ERRORS[appError.code].message
        ? errorMessage(lang, appError.code)
        : validationMessage(lang, { code: 'custom', message: appError.message });
    for (const [k, v] of Object.entries(appError.headers ?? {})) reply.header(k, v);
    if (appError.status === 400)
      return reply.status(400).send({ errors: [{ msg: message, param: appError.param }], code: appError.code });
    return reply.status(appError.status).send({ message, code: appError.code, ...appError.extra });
  });
}

export const notFoundBody = () => ({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' as const });
