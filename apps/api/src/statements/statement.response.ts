import type { StatementCustomer, StatementResponse } from '#domain/contracts/statement.contract.js';
import { dollarsOf } from '#domain/shared/money.js';
import type { Statement } from '#domain/statements/statement.js';

/** The statement in the contract's dollars. */
export function statementResponse(
  customer: StatementCustomer,
  statement: Statement,
  asOf: string,
): StatementResponse {
  const { aging } = statement;
  return {
    customer,
    period: { from: statement.from, to: statement.to },
    as_of: asOf,
    aging_on: statement.agingOn,
    opening_balance: dollarsOf(statement.openingCents),
    rows: statement.lines.map((line) => ({
      kind: line.kind,
      id: line.id,
      date: line.date,
      reference: line.reference,
      description: line.description,
      charge: dollarsOf(line.chargeCents),
      credit: dollarsOf(line.creditCents),
      balance: dollarsOf(line.balanceCents),
      due_on: line.dueOn,
      invoice_id: line.appliesTo,
    })),
    totals: { charges: dollarsOf(statement.chargesCents), credits: dollarsOf(statement.creditsCents) },
    closing_balance: dollarsOf(statement.closingCents),
    aging: {
      current: dollarsOf(aging.current),
      days_1_30: dollarsOf(aging.days_1_30),
      days_31_60: dollarsOf(aging.days_31_60),
      days_61_90: dollarsOf(aging.days_61_90),
      days_over_90: dollarsOf(aging.days_over_90),
      unapplied_credit: dollarsOf(aging.unapplied_credit),
    },
  };
}
