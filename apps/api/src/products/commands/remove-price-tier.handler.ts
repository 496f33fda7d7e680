import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import type { PriceTierRemoved } from '#domain/companies/company.events.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender, streamDecision, type StreamDecision } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { RemovePriceTierCommand, type RemovePriceTierResult } from './remove-price-tier.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

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
    const customers = await tenantQuery<{ id: string }>(
      this.pool,
      metadata.companyId,
      `SELECT id FROM rm_customer WHERE company_id = $1 AND product_price_tier_id = $2 AND removed_at IS NULL
       ORDER BY id`,
      [tierId],
    );
    const streams: Record<string, StreamDecision<any, any>> = {
      company: streamDecision(companyStream(metadata.companyId), companyDecider),
    };
    customers.forEach(
      ({ id }, i) => (streams[`customer${i}`] = streamDecision(customerStream(id), customerDecider)),
    );
    const { events } = await this.events.decideMany(
      streams,
      (states) => {
        const removed = companyDecider.decide(
          {
            type: 'RemovePriceTier',
            data: { companyId: metadata.companyId, tierId, migratingTierId },
            metadata,
          },
          states.company,
        ) as PriceTierRemoved[];
        const decided: Record<string, unknown[]> = { company: removed };
        const toTierId = removed[0]?.data.migratedToTierId;
        if (toTierId) {
          customers.forEach(({ id }, i) => {
            decided[`customer${i}`] = customerDecider.decide(
              {
                type: 'MoveCustomerPriceTier',
                data: { customerId: id, fromTierId: tierId, toTierId },
                metadata,
              },
              states[`customer${i}`],
            );
          });
        }
        return decided;
      },
      metadata,
      { waitFor: WAITS_FOR.priceTier },
    );
    const removed = (events.company as PriceTierRemoved[])[0]!;
    const moved = Object.entries(events).filter(([key, list]) => key !== 'company' && list.length > 0).length;
    return { migratedToTierId: removed.data.migratedToTierId, migratedCustomers: moved };
  }
}
