import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { checkPriceTier, currentPriceTier } from '../price-tier-check.js';
import { UpdateCustomerCommand } from './update-customer.command.js';
import { customerDecision } from './customer.decisions.js';

@CommandHandler(UpdateCustomerCommand)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomerCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata }: UpdateCustomerCommand): Promise<void> {
    if (data.productPriceTierId) {
      const current = await currentPriceTier(this.pool, metadata.companyId, data.customerId);
      await checkPriceTier(this.pool, metadata.companyId, data.productPriceTierId, current);
    }
    await this.events.run(
      customerDecision(data.customerId, { type: 'UpdateCustomer', data, metadata }),
      metadata,
    );
  }
}
