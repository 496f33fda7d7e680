import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import type { Customer } from '#domain/customers/customer.state.js';
import { permitKey } from '#domain/customers/tabc-permit.js';
import type { CompliancePolicy } from '#domain/companies/compliance-policy.js';
import { licenceProblem, type LicenceWarning } from '#domain/invoices/licence-guard.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { readCompliancePolicy } from '../../companies/compliance-policy.reader.js';
import { findCustomer } from '../../customers/customer.response.js';
import { TabcLookupService, type PermitHolder } from '../../tabc/tabc-lookup.service.js';

export type LicenceGuardMode = CompliancePolicy['licenceGuard'];

export interface LicenceVerdict {
  mode: LicenceGuardMode;
  /** What is wrong with the customer's licence for stamped liquor; null when nothing is (or the guard is off). */
  warning: LicenceWarning | null;
}

/**
 * The licence guard: the customer's licence in the imported TABC list, judged by the pure rule
 * (`domain/invoices/licence-guard.ts`) under the company's setting: off (nothing), advisory (the builder warns and the
 * invoice records the warning), blocking (the invoice is refused with the warning as a 400).
 */
@Injectable()
export class LicenceGuardService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  /** For a customer of the company (404 'Customer Not Found' for another company's). */
  async forCustomer(companyId: string, customerId: string, invoicedOn: string): Promise<LicenceVerdict> {
    const [customer, policy] = await Promise.all([
      findCustomer(this.pool, companyId, customerId),
      readCompliancePolicy(this.pool, companyId),
    ]);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    return this.judge(policy.licenceGuard, customer, invoicedOn);
  }

  async judge(mode: LicenceGuardMode, holder: PermitHolder, invoicedOn: string): Promise<LicenceVerdict> {
    if (mode === 'off') return { mode, warning: null };
    const { licence, imported } = await this.tabc.licenceWithList(holder);
    const warning = licenceProblem(
      licence && {
        licenceId: licence.license_id,
        licenceType: licence.license_type,
        primaryStatus: licence.primary_status,
        expirationOn: licence.expiration_date,
      },
      invoicedOn,
      imported,
    );
    return { mode, warning };
  }

  /**
   * The verdict for a new invoice of stamped liquor, from the company's and the customer's states (the command has
   * them from their streams: no read model is waited for): refuses it when blocking, else the warning to record.
   */
  async guardNewInvoice(
    mode: LicenceGuardMode,
    holder: PermitHolder,
    invoicedOn: string,
  ): Promise<LicenceWarning | undefined> {
    const { warning } = await this.judge(mode, holder, invoicedOn);
    if (!warning) return undefined;
    if (mode === 'blocking') throw licenceGuardRefusal(warning);
    return warning;
  }
}

/** The customer's permit as the TABC lists are matched: its AIMS id and its TABC id in comparable form. */
export const permitHolderOf = (customer: Customer): PermitHolder =>
  customer.status === 'active'
    ? { aims_id: customer.fields.aimsId, tabc_key: permitKey(customer.fields.tabcId) }
    : { aims_id: null, tabc_key: '' };

/** 'blocking': 400 with the guard's message, on the customer field. */
export const licenceGuardRefusal = (warning: LicenceWarning) =>
  new DomainError(
    'LICENCE_GUARD',
    'invalid',
    `${warning.message} The company's licence guard is blocking: this invoice cannot be created.`,
    [{ field: 'customer_id', message: warning.message }],
  );
