import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { InvoiceStreamCommand } from '#domain/invoices/invoice.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { centsOf } from '#domain/shared/money.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { EventAppender } from '#engine';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { PaymentBody } from '../dto/payment.body.js';
import { DeletePaymentCommand, LogPaymentCommand, UpdatePaymentCommand } from './payment.commands.js';
import { paymentDecision } from './payment.decisions.js';

const inputOf = (body: PaymentBody) => ({
  amountCents: centsOf(body.amount),
  receivedOn: body.received_at,
  note: body.note?.trim() ?? '',
});

/** One decision on the invoice's stream, then the invoice as the screens read it (its payments and status). */
@Injectable()
class PaymentRunner {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  run(
    companyId: string,
    invoice: string,
    command: (invoiceId: string, timeZone: string) => InvoiceStreamCommand,
  ): Promise<InvoiceResponse>;
  /** `wait` false: the projections are not waited for and nothing is answered (the demo seed). */
  run(
    companyId: string,
    invoice: string,
    command: (invoiceId: string, timeZone: string) => InvoiceStreamCommand,
    wait: boolean,
  ): Promise<InvoiceResponse | undefined>;
  async run(
    companyId: string,
    invoice: string,
    command: (invoiceId: string, timeZone: string) => InvoiceStreamCommand,
    wait = true,
  ): Promise<InvoiceResponse | undefined> {
    // An invoice the projections do not show yet may be one just acknowledged whose answer came before they caught
    // up (they were waited for in vain, e.g. during a failover): look again once they show everything committed.
    const row = await this.reader.row(companyId, invoice).catch(async (error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'INVOICE_NOT_FOUND')) throw error;
      await this.events.waitForCommitted(WAITS_FOR.invoice);
      return this.reader.row(companyId, invoice);
    });
    const timeZone = await this.reader.timeZone(companyId);
    const decided = command(row.id, timeZone);
    await this.events.run(paymentDecision(row.id, decided), decided.metadata, { waitForProjections: wait });
    return wait ? this.reader.read(companyId, row.id) : undefined;
  }
}

@CommandHandler(LogPaymentCommand)
export class LogPaymentHandler implements ICommandHandler<LogPaymentCommand> {
  constructor(@Inject(PaymentRunner) private readonly payments: PaymentRunner) {}

  execute({ metadata, invoice, body, paymentId, options }: LogPaymentCommand) {
    return this.payments.run(
      metadata.companyId,
      invoice,
      (invoiceId, timeZone) => ({
        type: 'LogPayment',
        data: { ...inputOf(body), invoiceId, paymentId, confirmFullyPaid: body.confirm === true, timeZone },
        metadata,
      }),
      options.waitForProjections !== false,
    );
  }
}

@CommandHandler(UpdatePaymentCommand)
export class UpdatePaymentHandler implements ICommandHandler<UpdatePaymentCommand> {
  constructor(@Inject(PaymentRunner) private readonly payments: PaymentRunner) {}

  execute({ metadata, invoice, paymentId, body, byOwner }: UpdatePaymentCommand) {
    return this.payments.run(metadata.companyId, invoice, (invoiceId, timeZone) => ({
      type: 'UpdatePayment',
      data: { ...inputOf(body), invoiceId, paymentId, byOwner, timeZone },
      metadata,
    }));
  }
}

@CommandHandler(DeletePaymentCommand)
export class DeletePaymentHandler implements ICommandHandler<DeletePaymentCommand> {
  constructor(@Inject(PaymentRunner) private readonly payments: PaymentRunner) {}

  execute({ metadata, invoice, paymentId, byOwner }: DeletePaymentCommand) {
    return this.payments.run(metadata.companyId, invoice, (invoiceId) => ({
      type: 'DeletePayment',
      data: { invoiceId, paymentId, byOwner },
      metadata,
    }));
  }
}

export { PaymentRunner };
