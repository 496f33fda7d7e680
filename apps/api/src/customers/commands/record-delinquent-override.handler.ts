import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { TabcLookupService } from '../../tabc/tabc-lookup.service.js';
import { findCustomer } from '../customer.response.js';
import { customerDecision } from './customer.decisions.js';
import { RecordDelinquentOverrideCommand } from './record-delinquent-override.command.js';

/** Records the override for the listing the imported delinquent list holds now (409 when it names no listing). */
@CommandHandler(RecordDelinquentOverrideCommand)
export class RecordDelinquentOverrideHandler implements ICommandHandler<RecordDelinquentOverrideCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  async execute({ customerId, body, recordedBy, metadata }: RecordDelinquentOverrideCommand): Promise<void> {
    const customer = await findCustomer(this.pool, metadata.companyId, customerId);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const entry = await this.tabc.delinquencyOf(customer);
    const listing = entry
      ? { permit: entry.permit, effectiveOn: entry.effective_date, listNumber: entry.list_number }
      : null;
    const command = {
      type: 'RecordDelinquentOverride' as const,
      data: { customerId, reason: body.reason, note: body.note, listing, recordedBy },
      metadata,
    };
    await this.events.run(customerDecision(customerId, command), metadata, { waitForProjections: true });
  }
}
