import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { LiveEventName, LiveMessage, LiveResumeAnswer } from '#domain/contracts/live.contract.js';
import {
  EVENT_STORE,
  START,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
  type Subscription,
} from '#engine';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL, PROJECTION_RUNNER, type ReadYourWrites } from '#infra/projections.provider.js';
import {
  customerSessionsEndIn,
  customerSubject,
  sessionEndingUser,
  formerCustomerOf,
  toCustomerDeliveries,
  toLiveDeliveries,
  type CustomerDelivery,
  type CustomerSubject,
  type LiveDelivery,
} from './live-events.js';

/** What the gateway does with one batch of the store, once the read models have applied it. */
export interface LiveBatch {
  deliveries: LiveDelivery[];
  /** users whose sessions may have ended (sign-out, password reset, disabled): check their sockets */
  sessionEnds: string[];
  checkpoint: Checkpoint;
}

/** What the ordering app's gateway does with one batch: its customers' messages, and companies to check. */
export interface CustomerLiveBatch {
  deliveries: CustomerDelivery[];
  /** companies whose customer users' sessions may have ended: check their sockets */
  sessionChecks: string[];
}

interface CustomerListener {
  listener: (batch: CustomerLiveBatch) => void;
  /** whether any customer user of this company is connected (else its customers are not looked up) */
  interested: (companyId: string) => boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a batch waits for the projections before it goes out anyway (a stuck projector must not stop it). */
const PROJECTION_WAIT_MS = 10_000;
/** Catch-up: at most this many events of the store are read, and this many messages replayed; beyond, refetch. */
export const REPLAY_SCAN_LIMIT = 5_000;
export const REPLAY_MESSAGE_LIMIT = 500;
const READ_PAGE = 1_000;

/**
 * The feed behind the gateway: follows the event store like a projection (from the head when it starts), and
 * hands each batch on only after the read models have applied it (the read-your-writes port), so a screen that
 * refetches on a message sees the change. Every API process runs its own feed for its own sockets: no broker.
 */
@Injectable()
export class LiveFeed implements OnModuleDestroy {
  private readonly logger = new Logger('LiveFeed');
  private readonly listeners = new Set<(batch: LiveBatch) => void>();
  private readonly customerListeners = new Set<CustomerListener>();
  private subscription: Subscription | undefined;
  private starting: Promise<void> | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** The last checkpoint handed to the listeners: a socket that joins now receives everything after it live. */
  delivered: Checkpoint = START;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ReadYourWrites,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  onBatch(listener: (batch: LiveBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The ordering app's gateway: messages about customers' orders and invoices, sent with the company's batch. */
  onCustomerBatch(
    listener: (batch: CustomerLiveBatch) => void,
    interested: (companyId: string) => boolean,
  ): () => void {
    const entry = { listener, interested };
    this.customerListeners.add(entry);
    return () => this.customerListeners.delete(entry);
  }

  /** Starts following the store from its head (the gateway calls this when it is attached). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      this.delivered = await this.store.headCheckpoint();
      this.subscribe();
    })();
    return this.starting;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.starting?.catch(() => {});
    await this.subscription?.close().catch(() => {});
  }

  private subscribe(): void {
    if (this.stopped) return;
    this.subscription = this.store.subscribeAll(this.delivered, (events) => this.handle(events), {
      onError: (error) => {
        this.logger.warn(`live feed stopped (${String(error)}); resubscribing`);
        this.retry = setTimeout(() => this.subscribe(), 1_000);
        this.retry.unref();
      },
    });
  }

  private async handle(events: StoredEvent[]): Promise<void> {
    if (events.length === 0 || this.stopped) return;
    const checkpoint = events[events.length - 1]!.checkpoint;
    const deliveries = events.flatMap(toLiveDeliveries);
    const sessionEnds = [...new Set(events.map(sessionEndingUser).filter((id): id is string => !!id))];
    const sessionChecks = [...new Set(events.map(customerSessionsEndIn).filter((id): id is string => !!id))];
    // An ended session needs no read model: its sockets are checked at once.
    if (sessionEnds.length) this.publish({ deliveries: [], sessionEnds, checkpoint: this.delivered });
    if (sessionChecks.length) this.publishCustomers({ deliveries: [], sessionChecks });
    if (deliveries.length && !(await this.projections.waitFor(checkpoint, PROJECTION_WAIT_MS))) {
      this.logger.warn(`projections did not reach ${checkpoint} in ${PROJECTION_WAIT_MS} ms; sending anyway`);
    }
    if (this.stopped) return;
    // After the read models applied the batch: an order's or invoice's customer is in rm_order / rm_invoice.
    const customerDeliveries = await this.customerDeliveries(events);
    if (this.stopped) return;
    this.delivered = checkpoint; // set with the emits, in one turn: a socket joining now misses nothing
    this.publish({ deliveries, sessionEnds: [], checkpoint });
    // Checked again now: a removed customer or the order feature off reaches the sessions through read models.
    if (customerDeliveries.length || sessionChecks.length)
      this.publishCustomers({ deliveries: customerDeliveries, sessionChecks });
  }

  /** The batch's messages for customer users: only of companies that have some connected. */
  private async customerDeliveries(events: StoredEvent[]): Promise<CustomerDelivery[]> {
    if (this.customerListeners.size === 0) return [];
    const wanted = (companyId: string) =>
      [...this.customerListeners].some((entry) => entry.interested(companyId));
    const subjects = new Map<StoredEvent, CustomerSubject>();
    for (const event of events) {
      const subject = customerSubject(event);
      if (subject && wanted(subject.companyId)) subjects.set(event, subject);
    }
    if (subjects.size === 0) return [];
    let customers: Map<string, string>;
    try {
      customers = await this.customersOf([...subjects.values()].filter((s) => s.customerId === null));
    } catch (error) {
      this.logger.warn(`cannot look up the customers of live events: ${String(error)}`);
      customers = new Map();
    }
    const out: CustomerDelivery[] = [];
    for (const [event, subject] of subjects) {
      const customerId = subject.customerId ?? customers.get(`${subject.kind}:${subject.id}`);
      if (customerId) out.push(...toCustomerDeliveries(event, customerId));
      const former = formerCustomerOf(event);
      if (former && former !== customerId) out.push(...toCustomerDeliveries(event, former));
    }
    return out;
  }

  /** `order:{id}` / `invoice:{id}` → customer id, read per company from the read models. */
  private async customersOf(subjects: CustomerSubject[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const byCompany = new Map<string, { order: Set<string>; invoice: Set<string> }>();
    for (const subject of subjects) {
      if (!UUID.test(subject.companyId) || !UUID.test(subject.id)) continue;
      let ids = byCompany.get(subject.companyId);
      if (!ids) byCompany.set(subject.companyId, (ids = { order: new Set(), invoice: new Set() }));
      ids[subject.kind].add(subject.id);
    }
    for (const [companyId, ids] of byCompany) {
      for (const kind of ['order', 'invoice'] as const) {
        if (ids[kind].size === 0) continue;
        const rows = await tenantQuery<{ id: string; customer_id: string }>(
          this.pool,
          companyId,
          `SELECT id::text AS id, customer_id::text AS customer_id FROM ${kind === 'order' ? 'rm_order' : 'rm_invoice'}
           WHERE company_id = $1 AND id = ANY($2::uuid[])`,
          [[...ids[kind]]],
        );
        for (const row of rows) found.set(`${kind}:${row.id}`, row.customer_id);
      }
    }
    return found;
  }

  private publishCustomers(batch: CustomerLiveBatch): void {
    for (const { listener } of this.customerListeners) {
      try {
        listener(batch);
      } catch (error) {
        this.logger.error(`live listener failed: ${String(error)}`);
      }
    }
  }

  private publish(batch: LiveBatch): void {
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        this.logger.error(`live listener failed: ${String(error)}`);
      }
    }
  }

  /**
   * Catch-up after a disconnect: the company's messages after `after` up to `upTo` (where the socket's live
   * stream began), or 'refetch' when the position is unknown or the gap is too big to replay.
   */
  async replay(after: unknown, upTo: Checkpoint, companyId: string): Promise<LiveResumeAnswer> {
    if (typeof after !== 'string' || after.length > 200) return { error: 'after must be a position string' };
    let cursor: Checkpoint = after;
    try {
      if (after !== START && this.store.compareCheckpoints(after, upTo) >= 0)
        return { mode: 'replay', messages: [] };
    } catch {
      return { mode: 'refetch', reason: 'unknown position' };
    }
    if (after === START) return { mode: 'refetch', reason: 'no position' };
    const messages: Array<{ event: LiveEventName; message: LiveMessage }> = [];
    let scanned = 0;
    try {
      for (;;) {
        const page = await this.store.readAll(cursor, READ_PAGE);
        for (const event of page) {
          if (this.store.compareCheckpoints(event.checkpoint, upTo) > 0) return { mode: 'replay', messages };
          for (const delivery of toLiveDeliveries(event)) {
            if (delivery.companyId === companyId)
              messages.push({ event: delivery.event, message: delivery.message });
          }
        }
        scanned += page.length;
        if (messages.length > REPLAY_MESSAGE_LIMIT || scanned >= REPLAY_SCAN_LIMIT)
          return { mode: 'refetch', reason: 'too many changes' };
        if (page.length < READ_PAGE) return { mode: 'replay', messages };
        cursor = page[page.length - 1]!.checkpoint;
      }
    } catch {
      return { mode: 'refetch', reason: 'unknown position' };
    }
  }
}
