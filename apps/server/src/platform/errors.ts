import { ERROR_STATUS, type ErrorCode, type Problem, type Violation } from '@reprise/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db-faults';
import { ObjectStorageError } from './storage';

/** A business error: a stable code, a human detail, optional field violations. Never an HTTP type. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string = code,
    readonly violations?: Violation[],
    readonly headers?: Record<string, string>,
    /** Extension members of the problem document (RFC 9457), e.g. which answer resolved a litigation. */
    readonly extensions?: Record<string, string | number | boolean | readonly Record<string, string>[]>,
  ) {
    super(detail);
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `This ${what} does not exist.`);
export const forbidden = (detail = 'You may not do this.') => new AppError('forbidden', detail);
/**
 * `too_many_attempts` for a throttled request refused for `refusedForMs`, with the seconds to wait
 * in the detail ("Too many requests. Try again in 60 seconds.") and in Retry-After.
 */
export function tooManyAttempts(refusedForMs: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(refusedForMs / 1000));
  return new AppError('too_many_attempts', `${what}. Try again in ${seconds} seconds.`, undefined, {
    'retry-after': String(seconds),
  });
}
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
  service_unavailable: 'Service unavailable',
};

function problem(code: ErrorCode, detail: string, violations?: Violation[]): Problem {
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

/** A zod issue without a message code of ours answers zod's own code, in this catalogue's words. */
const violationCode = (zodCode: string | undefined) =>
  zodCode === 'too_big' ? 'too_large' : zodCode || 'invalid';

/**
 * The problem document of a request the router refuses before any route runs (a path that is not
 * valid percent-encoded UTF-8, a parameter too long): Fastify's `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .code(status)
    .type('application/problem+json')
    .send({ ...problem('bad_request', 'The address of the request is not valid.'), status });
}

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
      body = { ...error.extensions, ...problem(error.code, error.detail, error.violations) };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const violations = error.validation.map((v) => ({
        propertyPath:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ? '' : ''),
        message: v.message ?? 'invalid',
        code: v.message && /^[a-z_]+$/.test(v.message) ? v.message : violationCode(v.keyword),
      }));
      body = problem(
        'validation_failed',
        `The ${error.validationContext ?? 'request'} is not valid.`,
        violations,
      );
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      body = problem('internal_error', 'An unexpected error occurred.');
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      body = problem(
        'service_unavailable',
        'The service is unavailable for a moment. Send the request again.',
      );
    } else if (error instanceof ObjectStorageError) {
      // the bucket refused or did not answer: the request may succeed once it is back
      request.log.error({ err: error }, 'object storage failed');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      body = problem(
        'service_unavailable',
        'The file store is unavailable for a moment. Send the request again.',
      );
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
