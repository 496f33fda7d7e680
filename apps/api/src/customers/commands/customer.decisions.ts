import type { CustomerCommand } from '#domain/customers/customer.commands.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The customer writes, declared: a customer created, updated or removed decides on the customer's own stream, and
 * its answer waits for the customer read models.
 */
export function customerDecision(customerId: string, command: CustomerCommand) {
  return declareDecision({
    streams: { customer: streamDecision(customerStream(customerId), customerDecider) },
    decide: ({ customer }) => ({ customer: customerDecider.decide(command, customer) }),
    waitFor: WAITS_FOR.customer,
  });
}
