import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '@overtone/contract';

/**
 * The one error type of the API: a code from the contract's catalogue (status and message come
 * from there). 400 answers carry `errors: [{msg, param}]`, every other status `{message, code}`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly param?: string,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

/** Maps Fastify's own 4xx errors onto catalogue codes (never leaks internals). */
function fromFastify(err: FastifyError): AppError | null {
  const s = err.statusCode ?? 500;
  if (s === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (s === 404) return new AppError('NOT_FOUND');
  if (s >= 400 && s < 500) return new AppError('VALIDATION', undefined, err.message);
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const param =
          String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.') || undefined;
        return { msg: v.message ?? 'Invalid value', param };
      });
      return reply.status(400).send({ errors });
    }
    const appError = error instanceof AppError ? error : fromFastify(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: ERRORS.INTERNAL.message, code: 'INTERNAL' });
    }
    if (appError.status === 400)
      return reply.status(400).send({ errors: [{ msg: appError.message, param: appError.param }], code: appError.code });
    return reply.status(appError.status).send({ message: appError.message, code: appError.code });
  });
}

export const notFoundBody = () => ({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' as const });
