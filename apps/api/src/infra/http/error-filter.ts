import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainError } from '#domain/shared/domain-error.js';
import { isTransientStoreError } from '#infra/db/transient-errors.js';
import { WrongExpectedRevisionError } from '#engine';

export interface Problem {
  statusCode: number;
  message: string;
  details?: { field: string; message: string }[];
  /** A domain error's extra fields (DomainError.extra). */
  [extra: string]: unknown;
}

const TOO_LARGE = 'Request body is too large (limit 5 MB)';
/** The database or event store failed under the request (down, failing over, out of connections): try again. */
export const STORE_UNAVAILABLE =
  'Stampline cannot reach its database right now. Please try again in a moment.';
/** Seconds a client waits before it retries a 503 (the Retry-After header). */
const RETRY_AFTER_SECONDS = 2;
const DOMAIN_STATUS = { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 } as const;

/** Maps every error to the one error shape. Only unexpected errors are 500s, and they are logged. */
export function toProblem(error: unknown): Problem {
  if (error instanceof DomainError) {
    return {
      ...error.extra,
      statusCode: DOMAIN_STATUS[error.kind],
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return { statusCode: 409, message: 'This record was changed by someone else. Please try again.' };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 413) return { statusCode: 413, message: TOO_LARGE };
    const body = error.getResponse();
    if (typeof body === 'string') return { statusCode: status, message: body };
    const { message, details } = body as { message?: unknown; details?: Problem['details'] };
    return {
      statusCode: status,
      message: Array.isArray(message)
        ? message.join(', ')
        : typeof message === 'string'
          ? message
          : error.message,
      ...(details ? { details } : {}),
    };
  }
  // Fastify's own errors (malformed JSON, body too large, bad content type, proto poisoning) carry a 4xx status.
  const status = (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, message: clientErrorMessage(error as Error & { code?: string }, status) };
  }
  if (isTransientStoreError(error))
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: STORE_UNAVAILABLE };
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
}

function clientErrorMessage(error: Error & { code?: string }, status: number): string {
  if (status === 413) return TOO_LARGE;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'Malformed JSON in request body';
  return error.message;
}

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(error: unknown, host: ArgumentsHost): void {
    const problem = toProblem(error);
    if (problem.statusCode >= 500)
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (problem.statusCode === HttpStatus.SERVICE_UNAVAILABLE && problem.message === STORE_UNAVAILABLE)
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    void reply.status(problem.statusCode).type('application/json; charset=utf-8').send(problem);
  }
}
