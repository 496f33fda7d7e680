import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  CustomerDetailResponse,
  CustomerPriceTier,
  CustomerUserOfCustomer,
} from '#domain/contracts/customer.contract.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import { customerError } from '#domain/customers/customer.errors.js';
import { CustomerReader, type CustomerUserRow, type PriceTierRow } from '../customer.reader.js';
import { withoutKey } from '../customer.response.js';
import { GetCustomerQuery } from './get-customer.query.js';

/**
 * A customer with its price tier (null: none, or one since removed) and its users (the newest first, at most
 * CUSTOMER_USERS_LISTED), read together.
 */
@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(@Inject(CustomerReader) private readonly reader: CustomerReader) {}

  async execute({ companyId, customerId }: GetCustomerQuery): Promise<CustomerDetailResponse> {
    const [customer, users] = await Promise.all([
      this.reader.find(companyId, customerId),
      this.reader.users(companyId, customerId),
    ]);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const tier = customer.product_price_tier_id
      ? await this.reader.priceTier(companyId, customer.product_price_tier_id)
      : undefined;
    return {
      ...withoutKey(customer),
      productPriceTier: tier ? priceTierOf(tier) : null,
      customerUser: users.map(customerUserOf),
    };
  }
}

function priceTierOf(row: PriceTierRow): CustomerPriceTier {
  return {
    id: row.id,
    name: row.name,
    percentage: percentFromBasisPoints(row.percentage_basis_points),
    color: row.color,
    is_base_tier: row.is_base_tier,
  };
}

function customerUserOf(user: CustomerUserRow): CustomerUserOfCustomer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    is_enable: user.is_enable,
    revoked: user.revoked_at !== null,
    invited_at: user.invited_at.toISOString(),
    created_at: user.created_at.toISOString(),
  };
}
