import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../core/api-types.ts';
import { DomainError } from '../../core/domain-error.ts';
import type { ErrorCode } from '../../core/error-codes.ts';
import { databaseUnavailableReason } from '../db/connection-errors.ts';
import { domainErrorStatus } from './domain-error-status.ts';

/** An error a user can meet: its code selects the translated message in the web app. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const errorBody = (code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** How long a client is asked to wait while the database cannot be reached: a restart or a failover takes seconds. */
export const databaseRetryAfterSeconds = 5;

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    // A use case's refusal: its status comes from the one table (http/domain-error-status.ts).
    if (error instanceof DomainError) {
      return reply.status(domainErrorStatus[error.code]).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && !fields[field]) fields[field] = issue.message ?? 'Invalid value';
      }
      const where = error.validationContext ?? 'body';
      return reply
        .status(400)
        .send(errorBody('validation_failed', `Invalid request ${where}: ${Object.keys(fields).join(', ') || 'malformed'}`, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong'));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'too_many_requests'
              : 'bad_request';
      return reply.status(status).send(errorBody(code, error.message));
    }
    // The database cannot be reached (restarting, failing over): nothing the client did wrong, and
    // worth another try in a moment. One short line, not a stack per request while it lasts.
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'database unavailable');
      reply.header('Retry-After', databaseRetryAfterSeconds);
      return reply.status(503).send(errorBody('temporarily_unavailable', "We're having trouble, try again in a moment."));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong'));
  });
}
