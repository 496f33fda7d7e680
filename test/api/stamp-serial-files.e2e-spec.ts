import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';

const today = () => businessDate(new Date().toISOString());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("One stamp's history as of an instant, as CSV and PDF (HTTP)", () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(() => app.close());

  const file = async (path: string, token: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('reads as it did at the instant, whatever happened since; CSV and PDF carry the chain head', async () => {
    const owner = await signUpOwner(api, 'Sam Serial');
    await api.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token);
    const customer = await api.post('customer', RUSTY_NAIL, owner.token);
    const vodka = await api.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    );
    const invoice = await api.post(
      'invoice',
      { customer_id: customer.body.id, items: [{ product_id: vodka.body.id, qty: 3, price: 19.99 }] },
      owner.token,
    );
    expect(invoice.status).toBe(201);
    await pause(5);
    const asOf = new Date().toISOString();
    await pause(5);
    const query = `prefix=AB&number=1001&as_of=${encodeURIComponent(asOf)}`;
    const csvThen = await file(`stamp/record/serial/download?${query}`, owner.token);
    expect(csvThen.status).toBe(200);
    expect(csvThen.type).toContain('text/csv');
    expect(csvThen.disposition).toMatch(
      /attachment; filename="stamp_AB1001_as_of_\d{4}-\d{2}-\d{2}T\d{6}Z\.csv"/,
    );
    const text = csvThen.bytes.toString();
    expect(text.split('\r\n')[0]).toBe(
      'Stamp,Date,Transaction,Range,Invoice Date,Invoice Number,Retailer,Permit,Note',
    );
    expect(text).toContain('AB1001,');
    expect(text).toContain(',Affixed,AB1000-AB1002,');
    expect(text).toContain(`,${invoice.body.number},The Rusty Nail,`);
    expect(text).toMatch(/Status as of .*,Affixed/);
    expect(text).toMatch(/Chain head \d+ [0-9a-f]{64}/);

    // History changes afterwards: the invoice is cancelled (the stamp goes back to stock).
    expect(
      (await api.put(`invoice/${invoice.body.id}`, { status: 'cancelled' }, owner.token)).status,
    ).toBeLessThan(300);
    const csvLater = await file(`stamp/record/serial/download?${query}`, owner.token);
    expect(csvLater.bytes.toString()).toBe(text);
    const now = await file('stamp/record/serial/download?prefix=AB&number=1001', owner.token);
    expect(now.bytes.toString()).toMatch(/Status as of .*,In stock/);

    const pdf = await file(`stamp/record/serial/pdf?${query}`, owner.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await pdfText(pdf.bytes);
    expect(printed).toContain('Stamp AB1001');
    expect(printed).toContain('Affixed');
    expect(printed).toContain('The Rusty Nail');
    expect(printed).toContain('Event chain head at that instant');
  });

  it('refuses bad input with a 400, and a stamp of another company is not there', async () => {
    const owner = await signUpOwner(api, 'Bea Bad');
    for (const path of [
      'stamp/record/serial/download?prefix=AB',
      'stamp/record/serial/download?prefix=AB&number=abc',
      'stamp/record/serial/pdf?prefix=AB&number=0',
      `stamp/record/serial/pdf?prefix=AB&number=1&as_of=${encodeURIComponent('2999-01-01T00:00:00Z')}`,
    ])
      expect({ path, status: (await file(path, owner.token)).status }).toEqual({ path, status: 400 });

    const other = await signUpOwner(api, 'Olly Other');
    await api.post('stamp/roll', { prefix: 'ZZ', received_at: today(), from: 1, to: 80 }, other.token);
    const csv = await file('stamp/record/serial/download?prefix=ZZ&number=5', owner.token);
    expect(csv.status).toBe(200);
    expect(csv.bytes.toString()).toMatch(/Status as of .*,Not received/);
  });
});
