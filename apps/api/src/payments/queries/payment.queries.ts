import { Query } from '@nestjs/cqrs';
import type {
  BalanceCheckResponse,
  CustomerBalanceResponse,
  PaymentGridRow,
} from '#domain/contracts/payment.contract.js';
import type { GridInput, GridResult } from '#infra/grid/index.js';

export class PaymentGridQuery extends Query<GridResult<PaymentGridRow>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}

export class CustomerBalanceQuery extends Query<CustomerBalanceResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}

export class CheckBalanceQuery extends Query<BalanceCheckResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
