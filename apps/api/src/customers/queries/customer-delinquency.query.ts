import { Query } from '@nestjs/cqrs';
import type { DelinquentOverrideAnswer } from '#domain/contracts/credit-law.contract.js';

/**
 * The client's specification: whether the customer is on the TABC credit-law delinquent list, and from when; and
 * whether a liquor or wine sale on credit to it is refused now, with the owner's overrides recorded on it.
 */
export interface DelinquencyResponse {
  delinquent: boolean;
  effective_date: string | null;
  list_number: string | null;
  permit: string | null;
  /** The listing is in effect now (from 12:01 a.m. of its effective date, company time). */
  in_effect: boolean;
  /** A liquor or wine sale on credit is refused now (listed, in effect, not overridden). */
  refused: boolean;
  /** The override of the current listing, if any. */
  override: DelinquentOverrideAnswer | null;
  /** Every override recorded on the customer, newest first. */
  overrides: DelinquentOverrideAnswer[];
}

export class CustomerDelinquencyQuery extends Query<DelinquencyResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
    readonly now: string,
  ) {
    super();
  }
}
