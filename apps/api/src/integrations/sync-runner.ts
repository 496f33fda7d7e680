import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { integrationDecider } from '#domain/integrations/integration.decide.js';
import {
  integrationsStream,
  PARTNER_TITLE,
  stockFingerprint,
  type Partner,
  type SyncKind,
  type SyncScope,
} from '#domain/integrations/integration.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { EVENT_STORE, type EventStore } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { integrationsProjection } from '#projections/integrations/integrations.projection.js';
import { IntegrationPartners } from './partners.provider.js';
import {
  PartnerRefused,
  PartnerUnavailable,
  type PartnerInvoice,
  type PartnerPort,
  type PartnerProduct,
} from './partner.port.js';
import { Clock } from '../infra/clock.js';

/** Invoices a "Sync Recent Invoices" covers: created in the last 30 days, newest first, at most this many. */
export const RECENT_INVOICE_DAYS = 30;
export const MAX_INVOICES_PER_SYNC = 500;
/** Products per chunk (`onlyFirstChunk` pushes one). */
export const PRODUCT_CHUNK = 100;

const WAIT_FOR = [integrationsProjection.name];

interface Job {
  companyId: string;
  partner: Partner;
  syncId: string;
  kind: SyncKind;
  scope: SyncScope;
}

const fingerprintOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Runs syncs in the background (the spec's GET sync calls start one and answer at once). A sync is a command with
 * events on `integrations-{companyId}`: SyncStarted, one InvoiceSynced/InvoiceSyncFailed (ProductSynced/…Failed)
 * per record right after its push, SyncCompleted at the end. Idempotent: a record already pushed with the same
 * content (its fingerprint in rm_integration_item) is skipped, so a retried or resumed sync pushes only the rest.
 * A partner down, slow, failing or answering garbage stops the sync with a logged reason; what was pushed before
 * stays recorded, nothing else is. Syncs left running by a stopped process are resumed at start.
 */
@Injectable()
export class SyncRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Integrations');
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private resuming: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(IntegrationPartners) private readonly partners: IntegrationPartners,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Starts a sync, or answers the partner's running one. */
  async start(
    partner: Partner,
    kind: SyncKind,
    scope: SyncScope,
    actor: CommandMetadata,
  ): Promise<{ syncId: string; status: 'started' | 'running' }> {
    const syncId = randomUUID();
    const stream = integrationsStream(actor.companyId);
    const { events } = await this.events.decide(
      integrationDecider,
      stream,
      { type: 'StartSync', data: { syncId, partner, kind, scope }, metadata: actor },
      { waitFor: WAIT_FOR },
    );
    if (events.some((event) => event.type === 'SyncStarted')) {
      this.launch({ companyId: actor.companyId, partner, syncId, kind, scope });
      return { syncId, status: 'started' };
    }
    const { state } = await this.events.load(stream, integrationDecider);
    const current = state.running[partner];
    // Running but not here (its process stopped, or another one runs it): run it here with its own scope; the
    // advisory lock leaves it to the process that holds it.
    if (current && !this.running.has(current.syncId)) {
      const [row] = await tenantQuery<{ scope: SyncScope }>(
        this.pool,
        actor.companyId,
        'SELECT scope FROM rm_integration_sync WHERE company_id = $1 AND sync_id = $2',
        [current.syncId],
      );
      if (row)
        this.launch({
          companyId: actor.companyId,
          partner,
          syncId: current.syncId,
          kind: current.kind,
          scope: row.scope,
        });
    }
    return { syncId: current?.syncId ?? syncId, status: 'running' };
  }

  /** Resolves once this sync has ended in this process (and its records are in the read models). */
  async finished(syncId: string): Promise<void> {
    await this.running.get(syncId);
    await this.caughtUp();
  }

  /** Resolves once every sync running in this process has ended (tests). */
  async idle(): Promise<void> {
    await this.resuming;
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Resumes the syncs a stopped process left running (records already pushed are skipped). The HTTP app calls it
   * after start; the CLI never does. A sync runs in one process at a time: it holds an advisory lock on its id.
   */
  resume(): Promise<void> {
    this.resuming = this.resumeRunning().catch((caught: unknown) => {
      this.logger.error(`Running syncs could not be resumed: ${(caught as Error).name}`);
    });
    return this.resuming;
  }

  private async resumeRunning(): Promise<void> {
    const { rows } = await this.pool.query<{
      company_id: string;
      partner: Partner;
      sync_id: string;
      kind: SyncKind;
      scope: SyncScope;
    }>(
      `SELECT company_id, partner, sync_id, kind, scope FROM rm_integration_sync
        WHERE status = 'running' ORDER BY started_at LIMIT 100`,
    );
    for (const row of rows)
      this.launch({
        companyId: row.company_id,
        partner: row.partner,
        syncId: row.sync_id,
        kind: row.kind,
        scope: row.scope,
      });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true; // a sync stops between records and stays running: the next start resumes it
    await Promise.allSettled([...this.running.values()]);
  }

  private launch(job: Job): void {
    if (this.running.has(job.syncId)) return;
    const run = this.run(job).finally(() => this.running.delete(job.syncId));
    this.running.set(job.syncId, run);
  }

  /**
   * Runs a sync while holding a session advisory lock on its id, on a connection of its own (not the pool's): another
   * process that resumes the same sync finds it held and leaves it. The lock ends with the connection.
   */
  private async run(job: Job): Promise<void> {
    const lock = new pg.Client({ ...this.pool.options, application_name: `stampline-sync-${job.partner}` });
    lock.on('error', () => {}); // a dropped connection ends the lock; the sync's own writes go through the pool
    try {
      await lock.connect();
      const { rows } = await lock.query<{ held: boolean }>(
        "SELECT pg_try_advisory_lock(hashtextextended('integration-sync:' || $1, 0)) AS held",
        [job.syncId],
      );
      if (!rows[0]?.held) return; // another process runs it
      // Held now: the sync may have ended meanwhile (in the process that held it before): then there is nothing to do.
      const { state } = await this.events.load(integrationsStream(job.companyId), integrationDecider);
      if (state.running[job.partner]?.syncId !== job.syncId) return;
      await this.runHeld(job);
    } catch (caught) {
      this.logger.error(`Sync ${job.syncId} could not run: ${(caught as Error).name}`);
    } finally {
      await lock.end().catch(() => {});
    }
  }

  private async runHeld(job: Job): Promise<void> {
    const title = PARTNER_TITLE[job.partner];
    let error: string | null = null;
    let port: PartnerPort | undefined;
    try {
      port = await this.partners.port(job.partner);
      if (job.kind === 'invoices') await this.syncInvoices(job, port);
      else if (job.kind === 'inventory') await this.pushInventory(job, port);
      else await this.syncProducts(job, port);
    } catch (caught) {
      // Stopping: the sync stays running (a push cut off by the shutdown is no failure of the partner's) and the
      // next start resumes it.
      if (caught instanceof Stopped || this.stopping) return;
      if (caught instanceof DomainError && caught.code === 'SYNC_NOT_RUNNING') return; // completed elsewhere
      error =
        caught instanceof PartnerUnavailable
          ? caught.message
          : `${title} sync stopped on an unexpected error.`;
      // Our own words, plus the error's class for the unexpected: never a URL, header or partner answer.
      this.logger.warn(
        `${title} sync ${job.syncId} of company ${job.companyId} failed: ${error}` +
          (caught instanceof PartnerUnavailable ? '' : ` (${(caught as Error)?.name ?? 'Error'})`),
      );
    }
    try {
      await this.events.decide(
        integrationDecider,
        integrationsStream(job.companyId),
        {
          type: 'CompleteSync',
          data: { syncId: job.syncId, partner: job.partner, error },
          metadata: this.system(job),
        },
        { waitForProjections: false },
      );
    } catch (caught) {
      this.logger.error(`${title} sync ${job.syncId} could not be completed: ${(caught as Error).name}`);
    }
    // a partner that keeps stock (Clover) takes the stock levels after the invoices
    if (error === null && job.kind === 'invoices' && typeof port?.pushStock === 'function')
      await this.pushStockAfter(job);
  }

  /**
   * The inventory push goes with the other syncs: invoices move stock, so once a Clover invoice sync has run its
   * course the stock levels follow (the client's specification: push stock levels to Clover). It runs as a sync of
   * its own (kind inventory); its failure raises its own live event.
   */
  private async pushStockAfter(job: Job): Promise<void> {
    if (this.stopping) return;
    try {
      await this.caughtUp();
      if (!(await this.stockToPush(job))) return; // every level is at Clover already: no empty sync in the history
      await this.start(job.partner, 'inventory', {}, this.system(job));
    } catch (caught) {
      this.logger.error(
        `The inventory push after sync ${job.syncId} could not start: ${(caught as Error).name}`,
      );
    }
  }

  private system(job: Job): CommandMetadata {
    return { companyId: job.companyId, userId: null, now: this.clock.nowIso() };
  }

  private checkStopping(): void {
    if (this.stopping) throw new Stopped();
  }

  private async syncInvoices(job: Job, port: PartnerPort): Promise<void> {
    await this.caughtUp();
    const invoices = await this.invoicesOf(job);
    const total = invoices.length;
    for (const [index, { invoice, pushed }] of invoices.entries()) {
      this.checkStopping();
      const fingerprint = fingerprintOf(invoice);
      if (pushed === fingerprint) continue; // pushed before with this content: once only
      let result: { externalId: string } | { error: string };
      try {
        result = await port.pushInvoice(invoice, `${invoice.id}:${fingerprint}`);
      } catch (caught) {
        if (!(caught instanceof PartnerRefused)) throw caught;
        result = { error: caught.message };
      }
      await this.events.decide(
        integrationDecider,
        integrationsStream(job.companyId),
        {
          type: 'RecordInvoiceSync',
          data: {
            syncId: job.syncId,
            partner: job.partner,
            invoiceId: invoice.id,
            invoiceNumber: invoice.number,
            fingerprint,
            result,
            progress: { done: index + 1, total },
          },
          metadata: this.system(job),
        },
        { waitForProjections: false },
      );
    }
  }

  private async syncProducts(job: Job, port: PartnerPort): Promise<void> {
    await this.caughtUp();
    const total = await this.productCount(job);
    let done = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const chunk = await this.productsOf(job, after);
      for (const { product, pushed, externalId } of chunk) {
        this.checkStopping();
        done++;
        const fingerprint = fingerprintOf(product);
        if (pushed === fingerprint) continue;
        let result: { externalId: string } | { error: string };
        try {
          result = await port.pushProduct(product, externalId);
        } catch (caught) {
          if (!(caught instanceof PartnerRefused)) throw caught;
          result = { error: caught.message };
        }
        await this.events.decide(
          integrationDecider,
          integrationsStream(job.companyId),
          {
            type: 'RecordProductSync',
            data: {
              syncId: job.syncId,
              partner: job.partner,
              productId: product.id,
              product: product.name,
              fingerprint,
              result,
              // a product added during the sync may push the count past the one taken at its start
              progress: { done, total: Math.max(done, total) },
            },
            metadata: this.system(job),
          },
          { waitForProjections: false },
        );
      }
      if (chunk.length < PRODUCT_CHUNK || job.scope.onlyFirstChunk) return;
      after = chunk[chunk.length - 1]!.product.id;
    }
  }

  /**
   * Clover's inventory push: the stock level of every current product Clover has an item for (from a product sync),
   * in chunks by product id. A level already pushed (the same qty, in rm_integration_item kind 'stock') is skipped, so
   * a retried push sends only what changed. A product Clover has no item for is left to the product sync, which
   * creates the item with its stock.
   */
  private async pushInventory(job: Job, port: PartnerPort): Promise<void> {
    if (!port.pushStock) throw new PartnerUnavailable(`${PARTNER_TITLE[job.partner]} keeps no stock.`);
    await this.caughtUp();
    const total = await this.stockCount(job);
    let done = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const chunk = await this.stocksOf(job, after);
      for (const stock of chunk) {
        this.checkStopping();
        done++;
        if (stock.pushed === stockFingerprint(stock.qty)) continue;
        let result: { externalId: string } | { error: string };
        try {
          await port.pushStock(stock.externalId, stock.qty);
          result = { externalId: stock.externalId };
        } catch (caught) {
          if (!(caught instanceof PartnerRefused)) throw caught;
          result = { error: caught.message };
        }
        await this.events.decide(
          integrationDecider,
          integrationsStream(job.companyId),
          {
            type: 'RecordStockPush',
            data: {
              syncId: job.syncId,
              partner: job.partner,
              productId: stock.productId,
              product: stock.product,
              qty: stock.qty,
              result,
              progress: { done, total: Math.max(done, total) },
            },
            metadata: this.system(job),
          },
          { waitForProjections: false },
        );
      }
      if (chunk.length < PRODUCT_CHUNK) return;
      after = chunk[chunk.length - 1]!.productId;
    }
  }

  /** Whether any current product the partner has an item for holds another stock level than the one last pushed. */
  private async stockToPush(job: Job): Promise<boolean> {
    const [row] = await tenantQuery<{ any: boolean }>(
      this.pool,
      job.companyId,
      `SELECT EXISTS (
         SELECT 1 FROM rm_integration_item s
           JOIN rm_product p ON p.id = s.item_id AND p.company_id = s.company_id
           LEFT JOIN rm_inventory inv ON inv.id = p.id AND inv.company_id = p.company_id
           LEFT JOIN rm_integration_item st ON st.company_id = s.company_id AND st.partner = s.partner
                                           AND st.kind = 'stock' AND st.item_id = s.item_id
          WHERE s.company_id = $1 AND s.partner = $2 AND s.kind = 'product' AND s.external_id IS NOT NULL
            AND p.deleted_at IS NULL AND NOT p.archived
            AND st.fingerprint IS DISTINCT FROM 'qty:' || COALESCE(inv.qty, 0)::text
       ) AS any`,
      [job.partner],
    );
    return row?.any === true;
  }

  /** How many products an inventory push covers: the current products the partner has an item for. */
  private async stockCount(job: Job): Promise<number> {
    const [row] = await tenantQuery<{ count: string }>(
      this.pool,
      job.companyId,
      `SELECT count(*) AS count FROM rm_integration_item s
         JOIN rm_product p ON p.id = s.item_id AND p.company_id = s.company_id
        WHERE s.company_id = $1 AND s.partner = $2 AND s.kind = 'product' AND s.external_id IS NOT NULL
          AND p.deleted_at IS NULL AND NOT p.archived`,
      [job.partner],
    );
    return Number(row?.count ?? 0);
  }

  /** One chunk of stock levels to push after `after` (by product id), with the level last pushed of each. */
  private async stocksOf(
    job: Job,
    after: string,
  ): Promise<
    { productId: string; product: string; qty: number; externalId: string; pushed: string | null }[]
  > {
    const rows = await tenantQuery<{
      id: string;
      product: string;
      qty: string | null;
      external_id: string;
      pushed: string | null;
    }>(
      this.pool,
      job.companyId,
      `SELECT p.id, p.product, inv.qty, s.external_id, st.fingerprint AS pushed
         FROM rm_integration_item s
         JOIN rm_product p ON p.id = s.item_id AND p.company_id = s.company_id
         LEFT JOIN rm_inventory inv ON inv.id = p.id AND inv.company_id = p.company_id
         LEFT JOIN rm_integration_item st ON st.company_id = s.company_id AND st.partner = s.partner
                                         AND st.kind = 'stock' AND st.item_id = s.item_id
        WHERE s.company_id = $1 AND s.partner = $2 AND s.kind = 'product' AND s.external_id IS NOT NULL
          AND s.item_id > $3::uuid AND p.deleted_at IS NULL AND NOT p.archived
        ORDER BY s.item_id LIMIT ${PRODUCT_CHUNK}`,
      [job.partner, after],
    );
    return rows.map((row) => ({
      productId: row.id,
      product: row.product,
      qty: row.qty === null ? 0 : Number(row.qty),
      externalId: row.external_id,
      pushed: row.pushed,
    }));
  }

  /** The records of earlier syncs must be in rm_integration_item before records are skipped by them. */
  private async caughtUp(): Promise<void> {
    await this.events.waitForProjections(await this.store.headCheckpoint(), WAIT_FOR);
  }

  /** The invoices of the sync's scope with what was last pushed of each (indexed reads, bounded). */
  private async invoicesOf(job: Job): Promise<{ invoice: PartnerInvoice; pushed: string | null }[]> {
    const named = job.scope.invoiceIds && job.scope.invoiceIds.length > 0;
    const rows = await tenantQuery<{
      id: string;
      number: string;
      status: string;
      content: {
        customer: { id: string; name: string; tabcId: string };
        lines: PartnerInvoice['lines'];
        invoicedOn: string;
        dueOn: string | null;
        totals: { subtotalCents: number; taxCents: number; totalCents: number };
      };
      pushed: string | null;
      retailer_fintech_id: string | null;
      distributor_fintech_id: string | null;
    }>(
      this.pool,
      job.companyId,
      `SELECT i.id, i.number, i.status, i.content, s.fingerprint AS pushed,
              ${
                job.partner === 'fintech'
                  ? `(SELECT c.fintech_id FROM rm_customer c WHERE c.id = i.customer_id AND c.company_id = i.company_id
                        AND c.fintech_option AND c.fintech_id <> '') AS retailer_fintech_id,
                     (SELECT co.fintech_id FROM rm_company co WHERE co.id = i.company_id AND co.company_id = i.company_id)
                       AS distributor_fintech_id`
                  : 'NULL AS retailer_fintech_id, NULL AS distributor_fintech_id'
              }
         FROM rm_invoice i
         LEFT JOIN rm_integration_item s ON s.company_id = i.company_id AND s.partner = $2 AND s.kind = 'invoice'
                                        AND s.item_id = i.id
        WHERE i.company_id = $1 AND i.deleted_at IS NULL
          AND ${named ? 'i.id = ANY($3::uuid[])' : `i.created_at >= now() - interval '${RECENT_INVOICE_DAYS} days'`}
        ORDER BY i.created_at DESC LIMIT ${MAX_INVOICES_PER_SYNC}`,
      named ? [job.partner, job.scope.invoiceIds] : [job.partner],
    );
    return rows.map((row) => ({
      pushed: row.pushed,
      invoice: {
        id: row.id,
        number: row.number,
        status: row.status,
        invoicedOn: row.content.invoicedOn,
        dueOn: row.content.dueOn,
        customer: {
          id: row.content.customer.id,
          name: row.content.customer.name,
          tabcId: row.content.customer.tabcId,
        },
        lines: row.content.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          size: line.size,
          upc: line.upc,
          qty: line.qty,
          priceCents: line.priceCents,
          totalCents: line.totalCents,
        })),
        subtotalCents: row.content.totals.subtotalCents,
        taxCents: row.content.totals.taxCents,
        totalCents: row.content.totals.totalCents,
        ...(job.partner === 'fintech'
          ? { fintech: { retailerId: row.retailer_fintech_id, distributorId: row.distributor_fintech_id } }
          : {}),
      },
    }));
  }

  /** How many products the sync covers (its progress' total): the current ones, the first chunk when asked. */
  private async productCount(job: Job): Promise<number> {
    const [row] = await tenantQuery<{ count: string }>(
      this.pool,
      job.companyId,
      'SELECT count(*) AS count FROM rm_product p WHERE p.company_id = $1 AND p.deleted_at IS NULL AND NOT p.archived',
      [],
    );
    const count = Number(row?.count ?? 0);
    return job.scope.onlyFirstChunk ? Math.min(count, PRODUCT_CHUNK) : count;
  }

  /** One chunk of the company's current products after `after` (by id), with what was last pushed of each. */
  private async productsOf(
    job: Job,
    after: string,
  ): Promise<{ product: PartnerProduct; pushed: string | null; externalId: string | null }[]> {
    const rows = await tenantQuery<{
      id: string;
      product: string;
      product_size: string;
      product_type: string;
      upc: string | null;
      internal_sku: string | null;
      price_cents: string;
      last_purchase_price_cents: string;
      qty: string | null;
      pushed: string | null;
      external_id: string | null;
    }>(
      this.pool,
      job.companyId,
      `SELECT p.id, p.product, p.product_size, p.product_type, p.upc, p.internal_sku, p.price_cents,
              p.last_purchase_price_cents, inv.qty, s.fingerprint AS pushed, s.external_id
         FROM rm_product p
         LEFT JOIN rm_inventory inv ON inv.id = p.id AND inv.company_id = p.company_id
         LEFT JOIN rm_integration_item s ON s.company_id = p.company_id AND s.partner = $2 AND s.kind = 'product'
                                        AND s.item_id = p.id
        WHERE p.company_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND p.id > $3::uuid
        ORDER BY p.id LIMIT ${PRODUCT_CHUNK}`,
      [job.partner, after],
    );
    return rows.map((row) => ({
      pushed: row.pushed,
      externalId: row.external_id,
      product: {
        id: row.id,
        name: row.product,
        size: row.product_size,
        type: row.product_type,
        upc: row.upc,
        sku: row.internal_sku && row.internal_sku !== '0' ? row.internal_sku : null,
        priceCents: Number(row.price_cents),
        costCents: Number(row.last_purchase_price_cents),
        qty: row.qty === null ? null : Number(row.qty),
      },
    }));
  }
}

/** The process is stopping: the sync ends here and stays running, to be resumed. */
class Stopped extends Error {}
