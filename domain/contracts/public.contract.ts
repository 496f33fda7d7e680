import type { CompanyResponse } from './company.contract.js';
import type { InvoiceResponse } from './invoice.contract.js';
import type { CustomerBalanceResponse } from './payment.contract.js';

/*
 * What the public links and public views answer, as the API writes it and the web reads it (as the client's specification asks). Types only: the web build imports this file too.
 */

/** POST /invoice/{id}/link and POST /customer/{id}/balance/link: `url` is the app path, e.g. '/invoice/pdf/{token}'. */
export interface PublicLinkResponse {
  token: string;
  url: string;
  /** ISO instant. */
  expires_at: string;
}

/** The distributor as printed at the top of its documents. `logo` is a data URI (documents fetch nothing). */
export type CompanyHeader = Pick<
  CompanyResponse,
  'name' | 'address' | 'city' | 'state' | 'zip' | 'tabc_id'
> & {
  logo: string | null;
};

/** An invoice as the customer may see it: everything but the internal note, the licence guard's warning and the distributor's costs. */
export type CustomerInvoice = Omit<
  InvoiceResponse,
  'company_note' | 'items' | 'licence_warning' | 'cloverApiRequestLog' | 'company_id'
> & {
  items: Omit<InvoiceResponse['items'][number], 'cost' | 'below_cost' | 'last_invoiced_price'>[];
};

/** GET /pdf/invoice/{token}: the invoice as the customer sees it and the distributor's header. */
export type PublicInvoiceResponse = CustomerInvoice & { company: CompanyHeader };

/** GET /pdf/customer/balance/{token}: the balance and the distributor's header. */
export type PublicBalanceResponse = CustomerBalanceResponse & { company: CompanyHeader };
