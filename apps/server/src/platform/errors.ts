import { ERROR_STATUS, type ErrorCode, type Problem, type Violation } from '@reprise/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A business error: a stable code, a human detail, optional field violations. Never an HTTP type. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string = code,
    readonly violations?: Violation[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `This ${what} does not exist.`);
export const forbidden = (detail = 'You may not do this.') => new AppError('forbidden', detail);
/** A 422 on one field, with the field's code as the problem's code. */
export const fieldError = (code: ErrorCode, propertyPath: string, message: string) =>
  new AppError(code, message, [{ propertyPath, message, code }]);

const TITLES: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'The request is not valid',
  not_found: 'Not found',
  unauthenticated: 'Authentication required',
  forbidden: 'Forbidden',
  too_many_attempts: 'Too many attempts',
  internal_error: 'Internal error',
};

export function problem(code: ErrorCode, detail: string, violations?: Violation[]): Problem {
  const status = ERROR_STATUS[code];
  return {
    type: `/problems/${code}`,
    title: TITLES[code] ?? code.replaceAll('_', ' '),
    status,
    detail,
    code,
    ...(violations?.length ? { violations } : {}),
  };
}

const PG_UNIQUE_VIOLATION = '23505';

/** Turns anything thrown into a problem document; expected errors are never 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type('application/problem+json')
      .send(problem('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: Problem;
    if (error instanceof AppError) {
      body = problem(error.code, error.detail, error.violations);
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const violations = error.validation.map((v) => ({
        propertyPath:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ? '' : ''),
        message: v.message ?? 'invalid',
        code:
          v.message && /^[a-z_]+$/.test(v.message)
            ? v.message
            : String((v.params as { issue?: { code?: string } })?.issue?.code ?? 'invalid'),
      }));
      body = problem(
        'validation_failed',
        `The ${error.validationContext ?? 'request'} is not valid.`,
        violations,
      );
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      body = problem('internal_error', 'An unexpected error occurred.');
    } else if ((error as { code?: string }).code === PG_UNIQUE_VIOLATION) {
      body = problem('conflict', 'This record already exists.');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 413
          ? 'file_too_large'
          : error.statusCode === 415
            ? 'bad_request'
            : 'bad_request';
      body = { ...problem(code, error.message), status: error.statusCode };
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = problem('internal_error', 'An unexpected error occurred.');
    }
    reply.code(body.status).type('application/problem+json').send(body);
  });
}
