import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';

/** Advisory-lock namespace of live API processes ('STLA'). */
export const PRESENCE_NAMESPACE = 0x53544c41;

/**
 * This process's presence in the database: a session advisory lock (PRESENCE_NAMESPACE, `key`) held on a connection of
 * its own for as long as the process lives. Whatever the process claims (an idempotency key) names `key`; another
 * process sees the claim's owner gone when no session holds that lock (`pg_locks`), the moment the process or its
 * connection dies.
 */
@Injectable()
export class ProcessPresence implements OnModuleDestroy {
  private readonly logger = new Logger('ProcessPresence');
  /** This process's key: random, so two processes (or two test apps in one process) never share it. */
  readonly key = randomInt(1, 2 ** 31 - 1);
  private held: Promise<pg.PoolClient | undefined> | undefined;
  /** Gives the held lock's connection back (closed), once: a connection's error after it is given back changes nothing. */
  private drop: (() => void) | undefined;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Resolves once the lock is held (at the first claim); a failure is logged and claims go on without it. When the
   * lock's connection is lost (the database restarted or failed over to another server, where no session holds it),
   * the next claim takes the lock again.
   */
  ready(): Promise<unknown> {
    if (this.held) return this.held;
    const held = (async () => {
      let client: pg.PoolClient | undefined;
      let dropped = false;
      const drop = () => {
        if (this.held === held) this.held = undefined;
        if (client && !dropped) client.release(true); // closes the connection
        dropped = true;
      };
      this.drop = drop;
      try {
        client = await this.pool.connect();
        client.on('error', (error) => {
          this.logger.warn(`presence connection lost: ${String(error)}`);
          drop();
        });
        await client.query('SELECT pg_advisory_lock($1, $2)', [PRESENCE_NAMESPACE, this.key]);
        return client;
      } catch (error) {
        this.logger.warn(`presence lock not taken: ${String(error)}`);
        drop();
        return undefined;
      }
    })();
    this.held = held;
    return held;
  }

  async onModuleDestroy(): Promise<void> {
    await this.held;
    this.drop?.(); // closes the connection: the lock goes with it
  }
}
