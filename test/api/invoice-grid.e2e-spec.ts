import { statutoryDueDate } from '#domain/invoices/credit-law.js';
import { businessDate } from '#domain/shared/business-date.js';
import { statutoryDueSql } from '../../apps/api/src/invoices/invoice-due.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/*
 * GET /invoice/grid: the order of one day's invoices (the newest number first, whatever sort the grid asks for),
 * the Paid and Balance columns (what was paid, what is still owed), sortable and filterable, and the Status filter,
 * which picks the status the rows show (an open invoice past its due date shows as payment due).
 */

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};
const WINE = {
  product: 'Barefoot Merlot',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 10,
  last_purchase_price: '5.00',
};

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

interface Row {
  number: string;
  invoiced_at: string;
  total: number;
  paid: number;
  balance: number;
  status: string;
}

describe('Invoice grid: order within a day, Paid and Balance (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let customerId: string;
  let wine: string;
  const numbers: string[] = [];

  const grid = async (params: Record<string, unknown> = {}) => {
    const query = new URLSearchParams({ startRow: '0', endRow: '100' });
    for (const [key, value] of Object.entries(params)) query.set(key, JSON.stringify(value));
    const answer = await api.get(`invoice/grid?${query}`, token);
    expect(answer.status).toBe(200);
    return answer.body as { rows: Row[]; count: number };
  };

  /** An invoice of $108.25 (10 × $10 + 8.25 % tax). */
  const anInvoice = async (invoicedAt = today(), dueAt?: string) => {
    const created = await api.post(
      'invoice',
      {
        customer_id: customerId,
        items: [{ product_id: wine, qty: 10, price: 10 }],
        invoiced_at: invoicedAt,
        ...(dueAt ? { due_at: dueAt } : {}),
        force: true,
      },
      token,
    );
    expect(created.status).toBe(201);
    return created.body as { id: string; number: string };
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    ({ token } = await signUpOwner(api));
    customerId = (await api.post('customer', CUSTOMER, token)).body.id;
    wine = (await api.post('product', WINE, token)).body.id;
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
    // an older invoice first, then six on one day: their ids are random, their numbers rise
    await anInvoice(dayFromToday(-3));
    for (let i = 0; i < 6; i++) numbers.push((await anInvoice()).number);
  });
  afterAll(async () => {
    await app.close();
  });

  it('puts the newest number first within a day, for the sort the grid opens with and for none', async () => {
    const newestFirst = [...numbers].reverse();
    for (const sortModel of [[{ colId: 'invoiced_at', sort: 'desc' }], undefined]) {
      const { rows } = await grid(sortModel ? { sortModel } : {});
      expect(rows.slice(0, 6).map((row) => row.number)).toEqual(newestFirst);
      expect(rows[6]!.invoiced_at).toBe(dayFromToday(-3));
    }
    // oldest date first: within the day still the newest number first (the number breaks every sort's ties)
    const { rows } = await grid({ sortModel: [{ colId: 'invoiced_at', sort: 'asc' }] });
    expect(rows.slice(1).map((row) => row.number)).toEqual(newestFirst);
  });

  it('answers what was paid and what is still owed; a cancelled invoice owes nothing', async () => {
    const [partly, fully, cancelled] = numbers;
    const pay = (number: string, amount: number) =>
      api.post(`invoice/${number}/payment`, { amount, received_at: today() }, token);
    expect((await pay(partly!, 30)).status).toBe(201);
    expect((await pay(fully!, 108.25)).status).toBe(201);
    expect((await pay(cancelled!, 8.25)).status).toBe(201);
    expect((await api.put(`invoice/${cancelled}`, { status: 'cancelled' }, token)).status).toBe(200);

    const byNumber = new Map((await grid()).rows.map((row) => [row.number, row]));
    expect(byNumber.get(partly!)).toMatchObject({ total: 108.25, paid: 30, balance: 78.25 });
    expect(byNumber.get(fully!)).toMatchObject({ total: 108.25, paid: 108.25, balance: 0 });
    // its $8.25 payment became the customer's credit when it was cancelled
    expect(byNumber.get(cancelled!)).toMatchObject({ status: 'cancelled', paid: 0, balance: 0 });
    expect(byNumber.get(numbers[3]!)).toMatchObject({ paid: 0, balance: 108.25 });
  });

  it('sorts and filters by Paid and Balance', async () => {
    const byBalance = (await grid({ sortModel: [{ colId: 'balance', sort: 'asc' }] })).rows;
    expect(byBalance.map((row) => row.balance)).toEqual(
      [...byBalance.map((r) => r.balance)].sort((a, b) => a - b),
    );
    expect(byBalance[0]!.balance).toBe(0);

    const owing = await grid({
      filterModel: { balance: { filterType: 'number', type: 'greaterThan', filter: '0' } },
    });
    expect(owing.rows.every((row) => row.balance > 0)).toBe(true);
    expect(owing.count).toBe(5); // seven invoices, one paid, one cancelled

    const paidSome = await grid({
      filterModel: { paid: { filterType: 'number', type: 'greaterThan', filter: '0' } },
      sortModel: [{ colId: 'paid', sort: 'desc' }],
    });
    expect(paidSome.rows.map((row) => row.paid)).toEqual([108.25, 30]); // the cancelled one's moved to credit
  });

  it('filters by the status the rows show: an open invoice past its due date is payment due, in the grid and the CSV', async () => {
    const overdue = await anInvoice(dayFromToday(-3), dayFromToday(-1));
    const notYet = await anInvoice(dayFromToday(-3), dayFromToday(2));
    const statusIs = (values: string[]) => ({ filterModel: { status: { filterType: 'set', values } } });

    const due = (await grid(statusIs(['payment_due']))).rows;
    expect(due.map((row) => [row.number, row.status])).toEqual([[overdue.number, 'payment_due']]);
    const invoiced = (await grid(statusIs(['invoiced']))).rows.map((row) => row.number);
    expect(invoiced).toContain(notYet.number);
    expect(invoiced).not.toContain(overdue.number);
    const either = (await grid(statusIs(['invoiced', 'payment_due']))).rows.map((row) => row.number);
    expect(either).toEqual(expect.arrayContaining([overdue.number, notYet.number]));

    const query = new URLSearchParams({ filterModel: JSON.stringify(statusIs(['payment_due']).filterModel) });
    const csv = await api.get(`invoice/export/summary?${query}`, token);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${overdue.number},payment_due,`);
  });

  it("filters by the due date the rows show: the credit law's earlier date, not the typed one", async () => {
    // wine with a due date typed 29 days out: the credit law makes it due on its own, earlier day
    const invoicedOn = dayFromToday(-3);
    const typed = dayFromToday(29);
    const dated = await anInvoice(invoicedOn, typed);
    const dueOn = (day: string) => ({
      filterModel: { due_at: { filterType: 'date', type: 'equals', dateFrom: day } },
    });
    const shown = (await grid(dueOn(statutoryDueDate(invoicedOn)))).rows.map((row) => row.number);
    expect(shown).toContain(dated.number);
    expect((await grid(dueOn(typed))).rows).toEqual([]);
  });

  it("dates the credit law's due day in SQL as the domain does, for every day of a year", async () => {
    const { rows } = await app.runtime.pool.query<{ day: string; due: string }>(
      `SELECT d::date::text AS day, ${statutoryDueSql('d::date')}::text AS due
         FROM generate_series(DATE '2027-12-01', DATE '2028-12-31', interval '1 day') d`,
    );
    expect(rows).toHaveLength(397);
    expect(rows.filter((row) => row.due !== statutoryDueDate(row.day))).toEqual([]);
  });
});
