import { Query } from '@nestjs/cqrs';
import type { LicenceExpiry } from '#domain/customers/tabc-permit.js';

export interface TabcExpirationResponse extends LicenceExpiry {
  /** The customer's licence was found in the imported TABC list. */
  found: boolean;
  license_id: string | null;
  license_type: string | null;
  primary_status: string | null;
}

/** The client's specification's TABC expiration for a customer, judged on the company's business date. */
export class TabcExpirationQuery extends Query<TabcExpirationResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
    readonly now: string,
  ) {
    super();
  }
}
