import { FEATURE_NAMES } from '#domain/companies/company.features.js';
import type { TestApp } from './app.js';
import { daysFromToday, ok, switchFeature, today } from './browser-fixtures.js';
import { apiClient, signUpOwner } from './http.js';

/*
 * The two companies the accessibility scan, the width checks and the hostile-input sweep look at: one
 * with a bit of everything (customers, products, a stamp roll, invoices with stamps, a payment, destroyed stamps,
 * a note, a public link, a price tier, an invitation) and one fresh, empty company. Every feature is on in both, so
 * gated screens and routes show themselves rather than their activation card.
 */

export interface StandardsCompany {
  token: string;
  companyId: string;
  email: string;
  password: string;
  customerId?: string;
  productId?: string;
  invoiceId?: string;
  /** the displayed number, as URLs use it */
  invoiceNumber?: string;
  paymentId?: string;
  /** a credit memo (two bottles delivered damaged) on the invoice, for the screens */
  creditMemoId?: string;
  /** another (a pricing error), for the hostile-input sweep, which may void it */
  sweepCreditMemoId?: string;
  /** another customer, for the hostile-input sweep's payments on account (which may pay its invoices off) */
  sweepCustomerId?: string;
  priceTierId?: string;
  publicToken?: string;
  /** the ordering app's address part (`/shop/{shop}`) and its customer user's token */
  shop?: string;
  shopToken?: string;
  orderNumber?: string;
  orderPublicToken?: string;
}

const FREE_OF_SIDE_EFFECTS = (name: string) => !['bottle_pos', 'clover'].includes(name); // they hide Inventory

export async function aCompanyWithEverything(app: TestApp, empty = false): Promise<StandardsCompany> {
  const http = apiClient(app.baseUrl);
  const owner = await signUpOwner(http, empty ? 'Emma Empty' : 'Dana Data');
  const company: StandardsCompany = {
    token: owner.token,
    companyId: owner.user.company_id as string,
    email: owner.email,
    password: owner.password,
  };
  for (const feature of FEATURE_NAMES.filter(FREE_OF_SIDE_EFFECTS))
    await switchFeature(app, company.companyId, feature, true);
  if (empty) return company;

  const token = owner.token;
  const customer = await ok(
    http.post(
      'customer',
      {
        name: 'The Rusty Nail',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB123987',
        cash_on_delivery: false,
        fintech_option: false,
      },
      token,
    ),
  );
  const sweepCustomer = await ok(
    http.post(
      'customer',
      {
        name: 'Sweep Saloon',
        address: '1 Main St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB123988',
        cash_on_delivery: false,
        fintech_option: false,
      },
      token,
    ),
  );
  const product = await ok(
    http.post(
      'product',
      {
        product: 'Still Austin Bourbon',
        product_type: 'LIQUOR',
        product_size: '750ml',
        product_price: 39.99,
      },
      token,
    ),
  );
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: daysFromToday(-1), from: 1000, to: 1479 }, token),
  );
  const invoice = await ok(
    http.post(
      'invoice',
      {
        customer_id: customer.id,
        items: [{ product_id: product.id, qty: 12, price: 39.99 }],
        note: 'Deliver by 5',
      },
      token,
    ),
  );
  await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: product.id, qty: 2, price: 39.99 }], force: true },
      token,
    ),
  );
  const paid = await ok(
    http.post(
      `invoice/${invoice.id}/payment`,
      { amount: 100, received_at: today(), note: 'check 1001' },
      token,
    ),
  );
  // Money received on the customer's account and kept as its credit (the Apply and Refund credit dialogs open on it).
  await ok(
    http.post(
      `customer/${customer.id}/payment`,
      { amount: 25, method: 'check', reference: '1002', received_at: today(), invoices: [] },
      token,
    ),
  );
  const memo = await ok(
    http.post(
      'credit-memo',
      {
        invoice: invoice.id,
        reason: 'delivered_damaged',
        note: 'Broken in the case',
        lines: [{ line_no: 1, qty: 2 }],
      },
      token,
    ),
  );
  const sweepMemo = await ok(
    http.post(
      'credit-memo',
      { invoice: invoice.id, reason: 'pricing_error', note: 'Deal missed', amount: 1 },
      token,
    ),
  );
  await ok(http.post('stamp/roll/1/destroy', { from: 1400, to: 1409, note: 'torn' }, token));
  // The extended stamp statuses on, a voided stamp with its replacement.
  await ok(http.put(`company/${company.companyId}/compliance`, { extended_stamp_statuses: true }, token));
  await ok(
    http.post(
      'stamp/roll/1/status',
      { status: 'voided', from: 1410, to: 1410, note: 'Torn while affixing', replacement_number: 1411 },
      token,
    ),
  );
  await ok(http.post(`invoice/${invoice.id}/note`, { note: 'Back door delivery' }, token));
  const link = await ok(http.post(`invoice/${invoice.id}/link`, undefined, token));
  const tier = await ok(http.post('product/price-tier', { name: 'Silver', percentage: 5 }, token));
  await ok(
    http.post('company/staff/invitation', { email: 'staff.person@example.com', name: 'Sam Staff' }, token),
  ).catch(
    () => undefined, // the invitation's shape may change; the scan does not depend on it
  );
  // An order placed by the customer's own user through the ordering app, and a restock.
  const invited = await ok(
    http.post(
      'customer/user-invitation',
      { values: { name: 'Rita Rusty', email: `rita.${Date.now()}@example.com` }, customer: customer.id },
      token,
    ),
  );
  const [, shop, invitation] = /\/shop\/([^/]+)\/invitation\?token=([A-Za-z0-9_-]+)/.exec(
    invited.link as string,
  )!;
  const shopUser = await ok(http.post('shop/invitation/accept', { token: invitation, password: 'secret1' }));
  const order = await ok(
    http.post(
      'shop/order',
      { items: [{ product_id: product.id, qty: 6 }], note: 'Before Friday' },
      shopUser.token,
    ),
  );
  const orderLink = await ok(http.post(`order/${order.id}/link`, undefined, token));
  return {
    ...company,
    shop: decodeURIComponent(shop!),
    shopToken: shopUser.token as string,
    orderNumber: String(order.order_number ?? order.order?.order_number),
    orderPublicToken: orderLink.token as string,
    customerId: customer.id,
    productId: product.id,
    invoiceId: invoice.id,
    invoiceNumber: String(invoice.number),
    paymentId: (paid.payments?.[0]?.id as string | undefined) ?? undefined,
    creditMemoId: memo.id as string,
    sweepCreditMemoId: sweepMemo.id as string,
    sweepCustomerId: sweepCustomer.id as string,
    priceTierId: tier.id,
    publicToken: link.token,
  };
}
