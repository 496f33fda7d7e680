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
import { PG_POOL } from '#infra/projections.provider.js';
import { PRESENCE_NAMESPACE, ProcessPresence } from './process-presence.js';
import { prepared } from '#infra/db/database.js';

const HEADER = 'idempotency-key';
const RETENTION = '24 hours';
/**
 * A claim without an answer is abandoned when the process that made it is gone (no session holds its presence lock,
 * ProcessPresence), or after this long whatever happened: the next request with the key takes it over. Commands are
 * idempotent by their key (an invoice's or order's id comes from it), so running the command again answers what the
 * first run did.
 */
const ABANDONED_AFTER = '5 minutes';

/**
 * This statement's transaction commits without waiting for its WAL flush (`set_config(…, true)` lasts to the end of
 * the statement's own transaction, its commit included): see `claim` and `remember` for why that is safe here.
 */
const ASYNC_COMMIT = `SELECT set_config('synchronous_commit', 'off', true)`;

/**
 * Commands sent with an `Idempotency-Key` header answer the first result again for 24 h; the same key with a
 * different body is refused with 422, and while the first is still running with 409. Scoped per caller.
 */
const inProgress = () =>
  new HttpException({ statusCode: 409, message: 'A request with this Idempotency-Key is in progress.' }, 409);

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /** The keys this process is running a command for now (scope and key). */
  private readonly running = new Set<string>();

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(ProcessPresence) private readonly presence: ProcessPresence,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle(); // socket messages carry no Idempotency-Key
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
    // A customer user (the ordering app) is a caller of its own: keys never collide with another's.
    const customerUser = (request as { customerUser?: { id: string } }).customerUser;
    const scope =
      request.user?.id ?? (customerUser ? `customer-user:${customerUser.id}` : `anonymous:${request.ip}`);
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    // One request at a time per key in this process: another one while it runs is in progress (409). So a claim of
    // this process for the key, found unanswered, was left by an attempt whose database failed under it (the claim
    // committed, the release did not): it is taken over at once.
    const id = `${scope}\n${key}`;
    if (this.running.has(id)) throw inProgress();
    this.running.add(id);
    try {
      return await this.run(context, reply, scope, key, requestHash, next);
    } finally {
      this.running.delete(id);
    }
  }

  private async run(
    context: ExecutionContext,
    reply: FastifyReply,
    scope: string,
    key: string,
    requestHash: string,
    next: CallHandler,
  ) {
    if (!(await this.claim(scope, key, requestHash))) {
      const { rows } = await this.pool.query('SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2', [
        scope,
        key,
      ]);
      const previous = rows[0];
      if (!previous) throw inProgress();
      if (previous.request_hash !== requestHash) {
        throw new HttpException(
          { statusCode: 422, message: 'This Idempotency-Key was used with a different request.' },
          422,
        );
      }
      if (previous.status_code === null) throw inProgress();
      void reply.header('idempotent-replayed', 'true');
      void reply.status(previous.status_code);
      return previous.response;
    }
    try {
      const response = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.remember(scope, key, reply.statusCode, response);
      return response;
    } catch (error) {
      // A failed attempt doesn't hold the key: the client may retry it. When the database is what failed, the
      // release may fail too: the error the client sees stays the command's own (a 503 to retry).
      await this.pool
        .query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key])
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * Claims the key in one statement: a new row, or an expired or abandoned one taken over; false when it is held.
   * The claim commits without waiting for its WAL flush: the command's own append and the stored answer are durable
   * commits made after it, and WAL is flushed in order, so by the time anything depends on the claim it is on disk —
   * a crash before that loses a claim whose command never ran. One fsync fewer per command sent with a key (the
   * ordering app always sends one), and one round trip instead of five (BEGIN, SET, DELETE, INSERT, COMMIT). The
   * claim names this process (`owner`); an unanswered claim of a process that is gone, or of this one (which runs no
   * request for the key now), is taken over at once.
   */
  private async claim(scope: string, key: string, requestHash: string): Promise<boolean> {
    await this.presence.ready();
    const { rowCount } = await this.pool.query(
      prepared(`WITH async AS (${ASYNC_COMMIT})
       INSERT INTO idempotency_keys AS k (scope, key, request_hash, owner)
       SELECT $1, $2, $3, $4 FROM async
       ON CONFLICT (scope, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL, created_at = now(),
             owner = EXCLUDED.owner
         WHERE k.created_at < now() - interval '${RETENTION}'
            OR (k.status_code IS NULL AND (
                  k.created_at < now() - interval '${ABANDONED_AFTER}'
               OR k.owner = $4
               OR k.owner IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_locks l
                               WHERE l.locktype = 'advisory' AND l.granted
                                 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                                 AND l.classid = ${PRESENCE_NAMESPACE}::oid AND l.objid = k.owner::oid
                                 AND l.objsubid = 2)))`),
      [scope, key, requestHash, this.presence.key],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Stores the answer for replays, also without waiting for its WAL flush: the command's events are durable already,
   * and an answer lost in a crash leaves the claim unanswered — its process's presence went with the crash, so the next
   * retry takes the claim over and runs the command again, which finds what the first run did.
   */
  private async remember(scope: string, key: string, status: number, response: unknown): Promise<void> {
    await this.pool.query(
      prepared(`WITH async AS (${ASYNC_COMMIT})
       UPDATE idempotency_keys SET status_code = $3, response = $4
         FROM async WHERE scope = $1 AND key = $2`),
      [scope, key, status, JSON.stringify(response ?? null)],
    );
  }
}
