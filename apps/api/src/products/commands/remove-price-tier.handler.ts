import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { PriceTierRemoved } from '#domain/companies/company.events.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { removePriceTierDecision } from './product.decisions.js';
import { RemovePriceTierCommand, type RemovePriceTierResult } from './remove-price-tier.command.js';

/**
 * Removes a tier and moves its customers (as the client's specification asks) in one atomic append: PriceTierRemoved on
 * `company-{id}` and CustomerPriceTierChanged on each customer's stream, every stream at the revision it was read at.
 * The customers are those the read model has on the tier; one that joined it after that read and before the append
 * keeps the removed tier's id, and pricing treats a tier that is gone as the base tier (the list price), which is
 * where it would have moved by default.
 */
@CommandHandler(RemovePriceTierCommand)
export class RemovePriceTierHandler implements ICommandHandler<RemovePriceTierCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({
    tierId,
    migratingTierId,
    metadata,
  }: RemovePriceTierCommand): Promise<RemovePriceTierResult> {
    const customerIds = await this.customersOn(metadata.companyId, tierId);
    const data = { companyId: metadata.companyId, tierId, migratingTierId };
    const decision = removePriceTierDecision({ type: 'RemovePriceTier', data, metadata }, customerIds);
    const { events } = await this.events.run(decision, metadata);
    const removed = (events.company as PriceTierRemoved[])[0]!;
    const moved = Object.entries(events).filter(([key, list]) => key !== 'company' && list.length > 0).length;
    return { migratedToTierId: removed.data.migratedToTierId, migratedCustomers: moved };
  }

  /** The customers the read model has on the tier. */
  private async customersOn(companyId: string, tierId: string): Promise<string[]> {
    const customers = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      `SELECT id FROM rm_customer WHERE company_id = $1 AND product_price_tier_id = $2 AND removed_at IS NULL
       ORDER BY id`,
      [tierId],
    );
    return customers.map(({ id }) => id);
  }
}
