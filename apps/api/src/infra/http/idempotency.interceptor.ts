import {
  HttpException,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { PG_POOL } from '../projections.provider.js';

const HEADER = 'idempotency-key';
const RETENTION = '24 hours';

/**
 * Commands sent with an `Idempotency-Key` header answer the first result again for 24 h; the same key with a
 * different body is refused with 422, and while the first is still running with 409. Scoped per caller.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: string } }>();
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || request.method === 'GET') return next.handle();
    return from(this.handle(context, request, key.slice(0, 200), next));
  }

  private async handle(
    context: ExecutionContext,
    request: FastifyRequest & { user?: { id: string } },
    key: string,
    next: CallHandler,
  ) {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const scope = request.user?.id ?? `anonymous:${request.ip}`;
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    await this.pool.query(
      `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND created_at < now() - interval '${RETENTION}'`,
      [scope, key],
    );
    const claimed = await this.pool.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [scope, key, requestHash],
    );
    if (claimed.rowCount === 0) {
      const { rows } = await this.pool.query('SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2', [
        scope,
        key,
      ]);
      const previous = rows[0];
      if (!previous)
        throw new HttpException(
          { statusCode: 409, message: 'A request with this Idempotency-Key is in progress.' },
          409,
        );
      if (previous.request_hash !== requestHash) {
        throw new HttpException(
          { statusCode: 422, message: 'This Idempotency-Key was used with a different request.' },
          422,
        );
      }
      if (previous.status_code === null) {
        throw new HttpException(
          { statusCode: 409, message: 'A request with this Idempotency-Key is in progress.' },
          409,
        );
      }
      void reply.header('idempotent-replayed', 'true');
      void reply.status(previous.status_code);
      return previous.response;
    }
    try {
      const response = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.pool.query(
        'UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2',
        [scope, key, reply.statusCode, JSON.stringify(response ?? null)],
      );
      return response;
    } catch (error) {
      // A failed attempt doesn't hold the key: the client may retry it.
      await this.pool.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
      throw error;
    }
  }
}
