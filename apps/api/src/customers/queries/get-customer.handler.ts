import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  CUSTOMER_USERS_LISTED,
  type CustomerDetailResponse,
  type CustomerPriceTier,
  type CustomerUserOfCustomer,
} from '#domain/contracts/customer.contract.js';
import { percentFromBasisPoints } from '#domain/companies/company.rules.js';
import { customerError } from '#domain/customers/customer.errors.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer, withoutKey } from '../customer.response.js';
import { GetCustomerQuery } from './get-customer.query.js';

/**
 * A customer with its price tier (null: none, or one since removed) and its users (the newest first, at most
 * CUSTOMER_USERS_LISTED), read together.
 */
@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, customerId }: GetCustomerQuery): Promise<CustomerDetailResponse> {
    const [customer, users] = await Promise.all([
      findCustomer(this.pool, companyId, customerId),
      tenantQuery<{
        id: string;
        name: string;
        email: string;
        phone_number: string | null;
        is_enable: boolean;
        revoked_at: Date | null;
        invited_at: Date;
        created_at: Date;
      }>(
        this.pool,
        companyId,
        `SELECT id, name, email, phone_number, is_enable, revoked_at, invited_at, created_at FROM customer_users
          WHERE company_id = $1 AND customer_id = $2::uuid ORDER BY created_at DESC, id
          LIMIT ${CUSTOMER_USERS_LISTED}`,
        [customerId],
      ),
    ]);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const tier = customer.product_price_tier_id
      ? await this.tier(companyId, customer.product_price_tier_id)
      : null;
    return {
      ...withoutKey(customer),
      productPriceTier: tier,
      customerUser: users.map((user): CustomerUserOfCustomer => ({
        id: user.id,
        name: user.name,
        email: user.email,
        phone_number: user.phone_number,
        is_enable: user.is_enable,
        revoked: user.revoked_at !== null,
        invited_at: user.invited_at.toISOString(),
        created_at: user.created_at.toISOString(),
      })),
    };
  }

  private async tier(companyId: string, tierId: string): Promise<CustomerPriceTier | null> {
    const [row] = await tenantQuery<{
      id: string;
      name: string;
      percentage_basis_points: number;
      color: string;
      is_base_tier: boolean;
    }>(
      this.pool,
      companyId,
      `SELECT id, name, percentage_basis_points, color, is_base_tier FROM rm_price_tier
        WHERE company_id = $1 AND id = $2 AND removed_at IS NULL`,
      [tierId],
    );
    return row
      ? {
          id: row.id,
          name: row.name,
          percentage: percentFromBasisPoints(row.percentage_basis_points),
          color: row.color,
          is_base_tier: row.is_base_tier,
        }
      : null;
  }
}
