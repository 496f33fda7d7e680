import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '#infra/grid/index.js';
import type {
  InvoiceResponse,
  InvoiceSummary,
  QuickSearchResult,
} from '#domain/contracts/invoice.contract.js';

export class GetInvoiceQuery extends Query<InvoiceResponse> {
  constructor(
    readonly companyId: string,
    readonly idOrNumber: string,
  ) {
    super();
  }
}

export class InvoiceGridQuery extends Query<GridResult<Record<string, unknown>>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
    /** Only this customer's invoices (on top of the filterModel's filters). */
    readonly customerId?: string,
  ) {
    super();
  }
}

export class RecentInvoicesQuery extends Query<InvoiceSummary[]> {
  constructor(readonly companyId: string) {
    super();
  }
}

export class LastInvoiceQuery extends Query<InvoiceResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string | undefined,
  ) {
    super();
  }
}

export interface NewInvoiceNumber {
  number: string;
  sequence: number;
  prefix: string;
}

export class NewInvoiceNumberQuery extends Query<NewInvoiceNumber> {
  constructor(
    readonly companyId: string,
    readonly customerId: string | undefined,
  ) {
    super();
  }
}

export class QuickSearchQuery extends Query<QuickSearchResult> {
  constructor(
    readonly companyId: string,
    readonly query: string,
  ) {
    super();
  }
}

export class InvoiceCsvQuery extends Query<{ filename: string; stream: NodeJS.ReadableStream }> {
  constructor(
    readonly companyId: string,
    readonly kind: 'summary' | 'detailed',
    readonly params: GridInput,
    readonly now: Date,
  ) {
    super();
  }
}
