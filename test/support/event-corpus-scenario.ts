import { SIGNATURE_PNG } from './delivery-images.js';
import { featuresSet } from '../../apps/cli/src/features-set.command.js';
import { IntegrationPartners } from '../../apps/api/src/integrations/partners.provider.js';
import { SyncRunner } from '../../apps/api/src/integrations/sync-runner.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { Runtime } from '../../apps/api/src/runtime.js';
import { apiClient, type ApiResponse } from './http.js';

/**
 * What the demo seed does not write, done over HTTP the way a user would (event-corpus-generate.ts keeps the
 * events): every event type the application has must come out of the seed or this scenario. A step that fails is
 * reported and the others go on, so one run shows everything that is missing.
 */
export async function writeCorpusScenario(
  baseUrl: string,
  runtime: Runtime,
  app: INestApplicationContext,
): Promise<string[]> {
  const api = apiClient(baseUrl);
  const failures: string[] = [];
  const caughtUp = async () => runtime.projections.waitFor(await runtime.store.headCheckpoint(), 10_000);
  const step = async <T = any>(name: string, call: () => Promise<ApiResponse<T>>): Promise<T | undefined> => {
    const { status, body } = await call();
    if (status >= 300) {
      failures.push(`${name}: ${status} ${JSON.stringify(body).slice(0, 300)}`);
      return undefined;
    }
    return body;
  };
  const today = new Date().toISOString().slice(0, 10);
  const email = 'corpus.owner@example.com';
  const password = 'corpus-pass-1';

  // Owner, sign in and out, profile, password reset.
  const signedUp = await step('sign up', () =>
    api.post('auth/signup', {
      email,
      password,
      confirm_password: password,
      name: 'Cora Corpus',
      title: 'Owner',
    }),
  );
  const companyId = signedUp?.user?.company_id as string;
  let token = signedUp?.access_token as string;
  await step('profile', () => api.put('user', { name: 'Cora Corpus-Owner' }, token));
  const mark = runtime.mailCapture!.mark();
  await step('reset request', () => api.post('auth/reset-request', { email }));
  const mail = await runtime.mailCapture!.waitFor(email, { after: mark });
  const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  await step('reset', () => api.put('auth/password', { token: resetToken, password }));
  const first = await step('sign in', () => api.post('auth/signin', { email, password }));
  await step('sign out', () => api.post('auth/signout', undefined, first?.access_token));
  const signedIn = await step('sign in again', () => api.post('auth/signin', { email, password }));
  token = signedIn?.access_token as string;

  // Features: on (provider), off (free feature by the owner), a request for a paid one.
  for (const feature of [
    'payment',
    'email',
    'order',
    'inventory',
    'tiered_pricing',
    'customer_invoice_numbering',
  ])
    await featuresSet(app, ['--company', companyId, '--feature', feature, '--on']);
  await featuresSet(app, ['--company', companyId, '--feature', 'internal_sku', '--on']);
  await step('feature off', () =>
    api.post('company/feature', { name: 'internal_sku', active: false }, token),
  );
  await step('feature request', () => api.post('company/feature/request-access', { name: 'reports' }, token));
  await caughtUp();

  // Company details twice (a subdomain claimed, then released for another).
  const details = {
    name: 'Corpus Beverage',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    tabc_id: 'LP111111',
  };
  await step('company', () => api.put(`company/${companyId}`, { ...details, subdomain: 'corpusone' }, token));
  await step('company again', () =>
    api.put(`company/${companyId}`, { ...details, subdomain: 'corpustwo' }, token),
  );

  // Logos: two added, a default chosen, one removed.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = async (path: string, field: string, name: string, type: string, content: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type }), name);
    const response = await fetch(`${baseUrl}/api/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  await step('logo 1', () => upload('company/logo', 'logo', 'one.png', 'image/png', png));
  const logos = await step('logo 2', () => upload('company/logo', 'logo', 'two.png', 'image/png', png));
  const logoIds = ((logos as { id: string }[] | undefined) ?? []).map((l) => l.id);
  if (logoIds[1]) await step('logo default', () => api.put(`company/logo/${logoIds[1]}/default`, {}, token));
  if (logoIds[0]) await step('logo remove', () => api.delete(`company/logo/${logoIds[0]}`, token));

  // Price tiers: added, changed, base chosen, removed.
  const gold = await step('tier', () =>
    api.post('product/price-tier', { name: 'Gold', percentage: 5 }, token),
  );
  const silver = await step('tier 2', () =>
    api.post('product/price-tier', { name: 'Silver', percentage: 7 }, token),
  );
  await step('tier change', () =>
    api.put(`product/price-tier/${gold?.id}`, { name: 'Golden', percentage: 6 }, token),
  );
  await step('tier base', () =>
    api.put('product/price-tier/settings', { tier_base: 'last_purchase_price' }, token),
  );

  // TABC compliance settings: only a rule that adds commands, so the later steps run as before.
  await step('compliance', () =>
    api.put(`company/${companyId}/compliance`, { extended_stamp_statuses: true }, token),
  );

  // The Comptroller's alcohol sales report of last month: its RITS file downloaded, the month marked filed.
  const reportMonth = (() => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  })();
  await step('alcohol report RITS file', () =>
    api.get(`comptroller/alcohol-sales/rits?month=${reportMonth}`, token),
  );
  await step('alcohol report filed', () =>
    api.post(
      `company/${companyId}/alcohol-reports/${reportMonth}/filed`,
      { confirmation_number: 'RITS-1' },
      token,
    ),
  );

  // Customers: created, changed, moved to a tier, removed; a balance link issued and revoked.
  const customerBody = {
    name: 'Corpus Tavern',
    address: '2 Elm St',
    city: 'Austin',
    zip: '78702',
    tabc_id: 'MB222222',
    cash_on_delivery: false,
    fintech_option: false,
  };
  const customer = await step('customer', () => api.post('customer', customerBody, token));
  const customerId = customer?.id as string;
  await step('customer change', () =>
    api.put(`customer/${customerId}`, { ...customerBody, name: 'Corpus Tavern & Grill' }, token),
  );
  await step('customer tier', () =>
    api.put(`customer/${customerId}`, { ...customerBody, product_price_tier_id: silver?.id }, token),
  );
  await step('tier remove', () =>
    api.delete(`product/price-tier/${silver?.id}?migrating_price_tier_id=${gold?.id}`, token),
  );
  const other = await step('customer 2', () =>
    api.post('customer', { ...customerBody, name: 'Corpus Closed', tabc_id: 'MB333333' }, token),
  );
  await step('customer remove', () => api.delete(`customer/${other?.id}`, token));
  await step('balance link', () => api.post(`customer/${customerId}/balance/link`, undefined, token));
  await step('balance link revoke', () => api.delete(`customer/${customerId}/balance/link`, token));
  // The owner's override of the credit-law delinquent list, for a customer the shipped sample list names.
  await app.get(TabcImportService).importDelinquent(resolve('test/fixtures/tabc/delinquent.csv'));
  const listed = await step('customer listed', () =>
    api.post('customer', { ...customerBody, name: 'Corpus Oyster Bar', tabc_id: 'MB567890' }, token),
  );
  await step('delinquent override', () =>
    api.post(
      `customer/${listed?.id}/delinquency/override`,
      { reason: 'bankruptcy_exemption', note: 'Chapter 11, case 26-00001' },
      token,
    ),
  );

  // Products: created, changed, archived, restored, deleted; stock restocked and adjusted.
  const productBody = {
    product: 'Corpus Bourbon',
    product_type: 'LIQUOR',
    product_size: '750ml',
    product_price: 30,
  };
  const product = await step('product', () => api.post('product', productBody, token));
  const productId = product?.id as string;
  await step('product change', () => api.put(`product/${productId}`, { product_price: 31.5 }, token));
  await step('product rename', () =>
    api.put(`product/${productId}`, { product: 'Corpus Bourbon Reserve' }, token),
  );
  await step('product archive', () => api.put(`product/${productId}`, { archived: true }, token));
  await step('product restore', () => api.put(`product/${productId}`, { archived: false }, token));
  const gone = await step('product 2', () =>
    api.post('product', { ...productBody, product: 'Corpus Gin' }, token),
  );
  await step('product delete', () => api.delete(`product/${gone?.id}`, token));
  await step('restock', () =>
    api.put(
      'inventory',
      { items: [{ product_id: productId, qty: 48 }], ref_number: 'PO-1', distributor: 'Corpus Supply' },
      token,
    ),
  );
  await step('adjust', () => api.put(`inventory/${productId}`, { field: 'qty', value: 40 }, token));

  // Stamps: a roll deactivated and activated, stamps assigned, destroyed, restored.
  await step('roll', () =>
    api.post('stamp/roll', { prefix: 'CP', received_at: today, from: 1000, to: 1479 }, token),
  );
  await step('roll off', () => api.put('stamp/roll/1', { active: 0 }, token));
  await step('roll on', () => api.put('stamp/roll/1', { active: 1 }, token));
  await step('destroy', () =>
    api.post('stamp/roll/1/destroy', { from: 1470, to: 1479, note: 'torn' }, token),
  );
  const destroyed = await step<any[]>('stamp log', () => api.get('stamp/destroyed', token));
  void destroyed;
  await step('undo destroy', () => api.delete('stamp/undo-destroy?ids=1', token));
  // (the compliance setting is on): a stamp voided with its replacement, one lost, then replaced.
  await step('stamp voided', () =>
    api.post(
      'stamp/roll/1/status',
      {
        status: 'voided',
        from: 1465,
        to: 1465,
        note: 'torn',
        replacement_prefix: 'CP',
        replacement_number: 1466,
      },
      token,
    ),
  );
  await step('stamp lost', () =>
    api.post('stamp/roll/1/status', { status: 'lost', from: 1468, to: 1468, note: 'dropped' }, token),
  );
  await step('stamp replacement', () =>
    api.post(
      'stamp/replacement',
      { prefix: 'CP', number: 1468, replacement_prefix: 'CP', replacement_number: 1469 },
      token,
    ),
  );

  // Invoices: created (with a customer number), revised, status changed, payments logged, changed, deleted;
  // documents and notes; public links; e-mails sent, deferred, retried, delivered and refused; one deleted.
  const invoice = await step('invoice', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 12, price: '31.50' }], note: 'First' },
      token,
    ),
  );
  const invoiceId = invoice?.id as string;
  await step('invoice revise', () =>
    api.put(
      `invoice/${invoiceId}`,
      { items: [{ product_id: productId, qty: 10, price: '31.50' }], note: 'Fewer' },
      token,
    ),
  );
  const paid = await step('payment', () =>
    api.post(`invoice/${invoiceId}/payment`, { amount: '50', received_at: today }, token),
  );
  const paymentId = paid?.payments?.[0]?.id as string | undefined;
  await step('payment change', () =>
    api.put(
      `invoice/${invoiceId}/payment/${paymentId}`,
      { amount: '60', received_at: today, note: 'check 7' },
      token,
    ),
  );
  await step('payment delete', () => api.delete(`invoice/${invoiceId}/payment/${paymentId}`, token));
  // Credit memos: one issued for a bottle delivered damaged (with its number) and voided.
  const memo = await step('credit memo', () =>
    api.post(
      'credit-memo',
      { invoice: invoiceId, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 1 }] },
      token,
    ),
  );
  await step('credit memo void', () =>
    api.post(`credit-memo/${memo?.id}/void`, { reason: 'Issued on the wrong invoice' }, token),
  );
  // Stamps follow the goods: a bottle short delivered back in stock with its stamp, sold again on the next invoice.
  const shortMemo = await step('credit memo short', () =>
    api.post(
      'credit-memo',
      { invoice: invoiceId, reason: 'short_delivery', lines: [{ line_no: 1, qty: 1 }] },
      token,
    ),
  );
  const again = await step('invoice of a returned bottle', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 2, price: '31.50' }], note: 'Again' },
      token,
    ),
  );
  // Delivered: signed for, one bottle short (its credit memo), a check taken at the door.
  const delivered = await step<any>('delivery', () =>
    api.post(
      `invoice/${again?.id}/delivery`,
      {
        delivered_at: new Date().toISOString(),
        signer_name: 'Pat Retailer',
        signature: SIGNATURE_PNG,
        adjustments: [{ line_id: '1', quantity: 1, reason: 'short' }],
        payments: [{ method: 'check', amount: '10', reference: '1042' }],
      },
      token,
      { 'idempotency-key': 'corpus-delivery-1' },
    ),
  );
  // The check taken at the door deposited, then come back unpaid.
  const checkId = (delivered?.payments as { id: string }[] | undefined)?.[0]?.id;
  await step('check deposited', () => api.post(`invoice/${again?.id}/payment/${checkId}/deposit`, {}, token));
  await step('check dishonoured', () =>
    api.post(`invoice/${again?.id}/payment/${checkId}/dishonour`, { note: 'Returned unpaid' }, token),
  );
  // The bottle short at the door, back in stock with its stamp, put on an invoice that is cancelled: it stays in stock.
  const carrying = await step('invoice carrying the short bottle', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 1, price: '31.50' }] },
      token,
    ),
  );
  await step('invoice carrying the short bottle cancelled', () =>
    api.put(`invoice/${carrying?.id}`, { status: 'cancelled' }, token),
  );
  await step('document', () =>
    upload(
      `invoice/${invoiceId}/document`,
      'invoice_document',
      'bol.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
    ),
  );
  const docs = await step<any>('documents', () => api.get(`invoice/${invoiceId}/document`, token));
  const documentId = (docs?.documents ?? docs)?.[0]?.id as string | undefined;
  await step('document rename', () =>
    api.put(`invoice/document/${documentId}`, { originalname: 'bill-of-lading.pdf' }, token),
  );
  await step('document remove', () => api.delete(`invoice/document/${documentId}`, token));
  const notes = await step<any>('note', () =>
    api.post(`invoice/${invoiceId}/note`, { note: 'Back door' }, token),
  );
  const noteId = ((notes?.notes ?? notes) as { id: string }[] | undefined)?.[0]?.id;
  await step('note remove', () => api.delete(`invoice/${invoiceId}/note?id=${noteId}`, token));
  await step('link', () => api.post(`invoice/${invoiceId}/link`, undefined, token));
  await step('link revoke', () => api.delete(`invoice/${invoiceId}/link`, token));
  await step('status', () => api.put(`invoice/${invoiceId}`, { status: 'delivered' }, token));

  // The statement's public links: one shared, then every link revoked.
  await step('statement link', () => api.post(`customer/${customerId}/statement/link`, undefined, token));
  await step('statement link revoke', () => api.delete(`customer/${customerId}/statement/link`, token));

  const capture = runtime.mailCapture!;
  // Both deferred at the first send and at the first retry (EMAIL_RETRY_BASE_MS = 500 ms later); at the second
  // retry (1 s after that) busy is accepted and gone refused.
  capture.refuse({ code: 451, message: 'Try again later' });
  await step('email', () =>
    api.post(
      `invoice/${invoiceId}/email`,
      { emails: ['busy@example.com', 'gone@example.com'], notes: 'Friday' },
      token,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 900));
  capture.refuse({ code: 550, message: 'No such user', to: 'gone@example.com' });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  capture.refuse(null);
  // The same for a credit memo's e-mail (to busy: deferred, then delivered) and a statement's (to gone: deferred,
  // then refused).
  capture.refuse({ code: 451, message: 'Try again later' });
  await step('credit memo email', () =>
    api.post(`credit-memo/${shortMemo?.id}/email`, { email: 'busy@example.com' }, token),
  );
  await step('statement email', () =>
    api.post(`customer/${customerId}/statement/email`, { email: 'gone@example.com' }, token),
  );
  await new Promise((resolve) => setTimeout(resolve, 900));
  capture.refuse({ code: 550, message: 'No such user', to: 'gone@example.com' });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  capture.refuse(null);

  const doomed = await step('invoice 2', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 1, price: '31.50' }] },
      token,
    ),
  );
  // Payments on account: a check for the customer applied to the invoice chosen, the rest kept as credit; the invoice
  // cancelled makes its payment credit; the credit applied oldest first, its share taken back to credit and applied
  // again, and refunded in part.
  await step('payment on account', () =>
    api.post(
      `customer/${customerId}/payment`,
      {
        amount: '40',
        method: 'check',
        reference: '1042',
        received_at: today,
        invoices: [{ invoice_id: doomed?.id, amount: '10' }],
      },
      token,
    ),
  );
  await step('invoice cancel', () => api.put(`invoice/${doomed?.id}`, { status: 'cancelled' }, token));
  const applied = await step('credit apply', () =>
    api.post<{ entries: { id: string; kind: string; invoice_id: string }[] }>(
      `customer/${customerId}/credit/apply`,
      {},
      token,
    ),
  );
  const share = applied?.entries.find((entry) => entry.kind === 'application');
  await step('credit take back', () =>
    api.post(
      `customer/${customerId}/credit/unapply`,
      { invoice_id: share?.invoice_id, payment_id: share?.id },
      token,
    ),
  );
  await step('credit apply again', () => api.post(`customer/${customerId}/credit/apply`, {}, token));
  await step('payment on account 2', () =>
    api.post(
      `customer/${customerId}/payment`,
      { amount: '5', method: 'cash', received_at: today, invoices: [] },
      token,
    ),
  );
  await step('credit refund', () =>
    api.post(
      `customer/${customerId}/credit/refund`,
      { amount: '5', method: 'check', reference: '2001', refunded_at: today },
      token,
    ),
  );
  // 'Replace': InvoiceReplaced on the cancelled invoice, `replaces` on the new one's InvoiceCreated.
  await step('invoice replace', () =>
    api.post(
      `invoice/${doomed?.id}/replace`,
      { customer_id: customerId, items: [{ product_id: productId, qty: 1, price: '30.50' }] },
      token,
    ),
  );
  await step('invoice delete', () => api.delete(`invoice/${doomed?.id}`, token));

  // Staff: invited, one revoked, one joins, disabled and enabled again.
  const invited = await step('staff invite', () =>
    api.post('company/staff/invitation', { email: 'sam.staff@example.com', name: 'Sam Staff' }, token),
  );
  const revoked = await step('staff invite 2', () =>
    api.post('company/staff/invitation', { email: 'ria.staff@example.com', name: 'Ria Staff' }, token),
  );
  await step('staff revoke', () => api.delete(`company/staff/invitation/${revoked?.id}`, token));
  const staffMail = await capture.waitFor('sam.staff@example.com');
  const staffToken = /invitation=([A-Za-z0-9_-]+)/.exec(staffMail.text)?.[1];
  void invited;
  const joined = await step('staff accept', () =>
    api.post('auth/invitation/accept', {
      token: staffToken,
      password,
      confirm_password: password,
      name: 'Sam Staff',
      title: 'Clerk',
    }),
  );
  const staffId = joined?.user?.id as string;
  await step('staff disable', () => api.put(`company/staff/${staffId}`, { disabled: true }, token));
  await step('staff enable', () => api.put(`company/staff/${staffId}`, { disabled: false }, token));

  // Delivery routes: Sam made a driver; a route planned with two stops, reordered, reassigned, downloaded by the
  // driver, a stop skipped, the other removed, the route closed (the day's claims taken and released).
  await step('staff driver', () => api.put(`company/staff/${staffId}`, { role: 'driver' }, token));
  const route = await step('route', () =>
    api.post('routes', { date: today, name: 'North', driver_id: staffId, truck: 'Truck 1' }, token),
  );
  const stopInvoices: string[] = [];
  for (const qty of [1, 2]) {
    const made = await step('route invoice', () =>
      api.post(
        'invoice',
        { customer_id: customerId, items: [{ product_id: productId, qty, price: '31.50' }], force: true },
        token,
      ),
    );
    stopInvoices.push(made?.id as string);
  }
  const stops = await step('route stops', () =>
    api.post(`route/${route?.id}/stops`, { invoice_ids: stopInvoices }, token),
  );
  const stopIds = ((stops?.stop_list ?? []) as { id: string }[]).map((stop) => stop.id);
  await step('route order', () =>
    api.put(`route/${route?.id}/stops/order`, { stop_ids: [...stopIds].reverse() }, token),
  );
  await step('route assign', () => api.put(`route/${route?.id}`, { truck: 'Truck 2' }, token));
  const driver = await step('driver sign in', () =>
    api.post('auth/signin', { email: 'sam.staff@example.com', password }),
  );
  await step('driver download', () => api.get(`driver/routes?date=${today}`, driver?.access_token));
  await step('route skip', () =>
    api.post(
      `route/${route?.id}/stop/${stopIds[0]}/skip`,
      { note: 'Closed', skipped_at: new Date().toISOString() },
      driver?.access_token,
    ),
  );
  await step('route stop remove', () => api.delete(`route/${route?.id}/stop/${stopIds[1]}`, token));
  await step('route close', () => api.post(`route/${route?.id}/close`, {}, token));

  // Orders through the ordering app: placed, items reviewed, a note, cancelled, rejected, delivered; the customer
  // user signs out and loses access.
  const shopInvite = await step('customer user', () =>
    api.post(
      'customer/user-invitation',
      { values: { name: 'Tia Tavern', email: 'tia@example.com' }, customer: customerId },
      token,
    ),
  );
  const [, , invitation] =
    /\/shop\/([^/]+)\/invitation\?token=([A-Za-z0-9_-]+)/.exec(String(shopInvite?.link)) ?? [];
  const shopUser = await step('customer user accept', () =>
    api.post('shop/invitation/accept', { token: invitation, password: 'secret1' }),
  );
  const shopToken = shopUser?.token as string;
  const place = () =>
    step('order', () =>
      api.post(
        'shop/order',
        {
          items: [
            { product_id: productId, qty: 6 },
            { product_id: productId, qty: 2 },
          ],
          note: 'Friday',
        },
        shopToken,
      ),
    );
  const reviewed = await place();
  await step('order price', () =>
    api.put(`order/${reviewed?.id}/item/1`, { action: 'price', price: 29 }, token),
  );
  await step('order qty', () => api.put(`order/${reviewed?.id}/item/1`, { action: 'qty', qty: 5 }, token));
  await step('order item reject', () =>
    api.put(`order/${reviewed?.id}/item/2`, { action: 'reject', note: 'Out' }, token),
  );
  await step('order note', () => api.put(`order/${reviewed?.id}`, { note: 'Call first' }, token));
  await step('order invoice', () =>
    api.post(
      'invoice',
      {
        customer_id: customerId,
        order_id: reviewed?.id,
        items: [{ product_id: productId, qty: 5, price: '29.00' }],
      },
      token,
    ),
  );
  await step('order deliver', () => api.put(`order/${reviewed?.id}`, { status: 'delivered' }, token));
  const cancelled = await place();
  await step('order cancel', () => api.post(`shop/order/${cancelled?.id}/cancel`, {}, shopToken));
  const rejected = await place();
  await step('order reject', () =>
    api.put(`order/${rejected?.id}`, { status: 'rejected', note: 'No credit' }, token),
  );
  // Drafts: saved, changed and placed; another saved and cancelled.
  const draftItems = [{ product_id: productId, qty: 3 }];
  const draft = await step('draft', () =>
    api.post('shop/order/draft', { items: draftItems, note: 'Saturday' }, shopToken),
  );
  await step('draft update', () =>
    api.put(
      `shop/order/draft/${draft?.id}`,
      { items: [{ product_id: productId, qty: 4 }], note: '' },
      shopToken,
    ),
  );
  await step('draft place', () => api.post(`shop/order/draft/${draft?.id}/place`, {}, shopToken));
  const dropped = await step('draft 2', () =>
    api.post('shop/order/draft', { items: draftItems, note: '' }, shopToken),
  );
  await step('draft cancel', () => api.post(`shop/order/draft/${dropped?.id}/cancel`, {}, shopToken));
  await step('shop sign out', () => api.post('shop/auth/sign-out', undefined, shopToken));
  await step('customer user access', () =>
    api.put('customer/user-permission', { permission: false, customerUser: shopInvite?.user?.id }, token),
  );
  // Integrations: Bottle POS takes the invoices and the products, then refuses the next of each.
  await featuresSet(app, ['--company', companyId, '--feature', 'bottle_pos', '--on']);
  await caughtUp();
  const partners = app.get(IntegrationPartners);
  const syncs = app.get(SyncRunner);
  const bottle = await partners.localServer('bottle_pos');
  const sync = async (name: string, path: string) => {
    await step(name, () => api.get(path, token));
    await syncs.idle();
    await caughtUp();
  };
  await sync('sync invoices', 'bottle-pos/sync-invoices');
  await sync('sync products', 'bottle-pos/sync-products');
  bottle.fault = 'reject';
  await step('invoice to sync', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 1, price: '29.00' }], force: true },
      token,
    ),
  );
  await sync('sync refused invoice', 'bottle-pos/sync-invoices');
  await step('price to sync', () => api.put(`product/${productId}`, { product_price: '31.00' }, token));
  await sync('sync refused product', 'bottle-pos/sync-products');
  bottle.fault = 'none';
  // Clover: the products, the invoices and after them the stock levels; then a stock level it refuses.
  await featuresSet(app, ['--company', companyId, '--feature', 'clover', '--on']);
  await caughtUp();
  const clover = await partners.localServer('clover');
  await sync('clover products', 'clover/sync-products');
  await sync('clover invoices, then the stock levels', 'clover/sync-invoices');
  await step('invoice moving stock', () =>
    api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 1, price: '31.00' }], force: true },
      token,
    ),
  );
  clover.fault = 'reject';
  await sync('clover refused stock level', 'clover/sync-inventory');
  clover.fault = 'none';
  await caughtUp();
  return failures;
}
