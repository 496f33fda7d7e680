import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '../../infra/grid/index.js';

export class PaymentGridQuery extends Query<GridResult<Record<string, unknown>>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}

/** A due or partially paid invoice of the customer balance (spec 000 §2 /customer/{id}/balance). */
export interface BalanceInvoice {
  id: string;
  number: string;
  invoiced_at: string;
  total: number;
  paid: number;
  balance: number;
  due_at: string | null;
  due_on_delivery: boolean;
  status: string;
}

export interface CustomerBalance {
  /** The customer as printed on the statement: name, address block and TABC permit. */
  customer: {
    id: string;
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    display_tabc_id: string;
  };
  summary: { owing: number };
  invoices: BalanceInvoice[];
}

export class CustomerBalanceQuery extends Query<CustomerBalance> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}

export class CheckBalanceQuery extends Query<{ owing: number; open_invoices: number }> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
