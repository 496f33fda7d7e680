import {
  applyAccountCredit,
  receivePaymentOnAccount,
  refundAccountCredit,
  unapplyAccountCredit,
  type AccountDecision,
  type AccountStates,
  type ApplyAccountCredit,
  type ReceivePaymentOnAccount,
  type RefundAccountCredit,
  type UnapplyAccountCredit,
} from '#domain/accounts/customer-account.decide.js';
import { customerAccountStream } from '#domain/accounts/customer-account.events.js';
import { customerAccountDecider, type CustomerAccount } from '#domain/accounts/customer-account.state.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { Invoice } from '#domain/invoices/invoice.state.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { declareDecision, streamDecision, type StreamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

type Streams = Record<string, StreamDecision<unknown, AnyEvent>>;

/**
 * A decision over the customer's account and the invoices it may pay, as one atomic append with the revisions it
 * read: two decisions on the same credit (or the same invoice) never both pass on the same state, the second is
 * decided again on what the first left. Streams are keyed `account` and `invoice:{id}`.
 */
function overAccount(
  customerId: string,
  invoiceIds: readonly string[],
  decide: (states: AccountStates) => AccountDecision,
) {
  const streams: Streams = {
    account: streamDecision(customerAccountStream(customerId), customerAccountDecider) as never,
    ...Object.fromEntries(
      [...new Set(invoiceIds)].map((id) => [
        `invoice:${id}`,
        streamDecision(invoiceStream(id), invoiceDecider),
      ]),
    ),
  };
  return declareDecision({
    streams,
    decide: (states: Record<string, unknown>) => {
      const byId = Object.fromEntries(
        Object.entries(states)
          .filter(([key]) => key.startsWith('invoice:'))
          .map(([key, state]) => [key.slice('invoice:'.length), state as Invoice]),
      );
      const decided = decide({ account: states.account as CustomerAccount, invoices: byId });
      return {
        account: decided.account,
        ...Object.fromEntries(
          Object.entries(decided.invoices).map(([id, events]) => [`invoice:${id}`, events]),
        ),
      } as never;
    },
    waitFor: WAITS_FOR.account,
  });
}

/** POST /customer/{id}/payment: the payment on the account, applied to the invoices in the same append. */
export const receivePaymentDecision = (command: ReceivePaymentOnAccount) =>
  overAccount(
    command.data.customerId,
    command.data.candidates.map((c) => c.invoiceId),
    (states) => receivePaymentOnAccount(states, command),
  );

/** POST /customer/{id}/credit/apply. */
export const applyCreditDecision = (command: ApplyAccountCredit) =>
  overAccount(
    command.data.customerId,
    command.data.candidates.map((c) => c.invoiceId),
    (states) => applyAccountCredit(states, command),
  );

/** POST /customer/{id}/credit/refund: the account alone. */
export const refundCreditDecision = (command: RefundAccountCredit) =>
  overAccount(command.data.customerId, [], ({ account }) => ({
    account: refundAccountCredit(account, command),
    invoices: {},
  }));

/** POST /customer/{id}/credit/unapply: the account and the one invoice the share is taken back from. */
export const unapplyCreditDecision = (command: UnapplyAccountCredit) =>
  overAccount(command.data.customerId, [command.data.invoiceId], (states) =>
    unapplyAccountCredit(states, command),
  );
