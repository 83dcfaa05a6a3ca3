/** One item of a 400 answer's `errors` list. */
export interface FieldError {
  msg: string;
  param?: string;
}

/**
 * A failed API call. `status` is the HTTP status, or 0 when the server could not be reached or
 * answered something that does not match the contract. `code` is the server's error code
 * (packages/contract/src/errors.ts) when it sent one. `message` is already the text shown to the user.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  /** The answer's parsed JSON body, if any (e.g. a failed login's `wrongPassword`). */
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, fieldErrors: FieldError[] = [], body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
