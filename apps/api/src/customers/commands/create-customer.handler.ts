import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { checkPriceTier } from '../price-tier-check.js';
import { CreateCustomerCommand } from './create-customer.command.js';
import { customerDecision } from './customer.decisions.js';

@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomerCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata, options }: CreateCustomerCommand): Promise<void> {
    await checkPriceTier(this.pool, metadata.companyId, data.productPriceTierId);
    await this.events.run(
      customerDecision(data.customerId, { type: 'CreateCustomer', data, metadata }),
      metadata,
      options,
    );
  }
}
