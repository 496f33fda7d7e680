import { expect } from '@jest/globals';
import { businessDate } from '#domain/shared/business-date.js';
import { signUpOwner, type ApiClient } from './http.js';

/** The Rusty Nail in Austin, as a customer form sends it. */
export const RUSTY_NAIL = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};

export interface CompanyWithAnInvoice {
  token: string;
  companyId: string;
  userId: string;
  invoiceId: string;
  number: string;
}

/**
 * A new company (its owner signed up through the API) with a customer (`customer` over RUSTY_NAIL), Tito's Vodka, a
 * stamp roll AB1000–AB1479 and one invoice of 3 bottles at $19.99 (`invoice` adds fields, e.g. notes).
 */
export async function aCompanyWithAnInvoice(
  api: ApiClient,
  { customer = {}, invoice = {} }: { customer?: object; invoice?: object } = {},
): Promise<CompanyWithAnInvoice> {
  const { token, user } = await signUpOwner(api);
  const created = await api.post('customer', { ...RUSTY_NAIL, ...customer }, token);
  const product = await api.post(
    'product',
    {
      product: "Tito's Vodka",
      product_type: 'liquor',
      product_size: '750ml',
      product_price: 19.99,
      last_purchase_price: '15.00',
    },
    token,
  );
  const today = businessDate(new Date().toISOString());
  await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, token);
  const response = await api.post(
    'invoice',
    {
      customer_id: created.body.id,
      items: [{ product_id: product.body.id, qty: 3, price: 19.99 }],
      ...invoice,
    },
    token,
  );
  expect(response.status).toBe(201);
  return {
    token,
    companyId: user.company_id,
    userId: user.id,
    invoiceId: response.body.id,
    number: response.body.number,
  };
}

/** Topo Chico at $1, untaxed: an invoice of it is `qty` whole dollars. */
export const SODA = {
  product: 'Topo Chico',
  product_type: 'n/a',
  product_size: '355ml',
  product_price: 1,
  last_purchase_price: '0.50',
};

/**
 * A new company with the payment feature on and an untaxed $1 soda, for the customer-account tests: `aCustomer`
 * (RUSTY_NAIL under another name), `anInvoice` of whole dollars (checked to total them), `invoice` as the API reads it.
 */
export async function anAccountCompany(api: ApiClient) {
  const { token, user } = await signUpOwner(api);
  const soda = (await api.post('product', SODA, token)).body.id as string;
  expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
  const aCustomer = async (name = RUSTY_NAIL.name) =>
    (await api.post('customer', { ...RUSTY_NAIL, name }, token)).body.id as string;
  const anInvoice = async (customerId: string, dollars: number) => {
    const created = await api.post(
      'invoice',
      {
        customer_id: customerId,
        items: [{ product_id: soda, qty: dollars, price: 1, taxable: false }],
        force: true,
      },
      token,
    );
    expect([created.status, created.body.message, created.body.total]).toEqual([201, undefined, dollars]);
    return created.body as { id: string; number: string };
  };
  const invoice = async (id: string) => (await api.get(`invoice/${id}`, token)).body;
  return { token, companyId: user.company_id as string, soda, aCustomer, anInvoice, invoice };
}

export type AccountCompany = Awaited<ReturnType<typeof anAccountCompany>>;
