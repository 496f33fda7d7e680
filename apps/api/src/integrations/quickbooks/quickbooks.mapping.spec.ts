import {
  amount,
  creditMemoBody,
  customerBody,
  invoiceBody,
  itemBody,
  paymentBody,
  qboName,
  requestIdOf,
  versionOf,
  type QboInvoiceSource,
} from './quickbooks.mapping.js';
import { TokenCipher } from './token-cipher.js';

const customer = { id: 'c1', name: 'The Rusty Nail', tabcId: 'MB123456' };
const merlot = {
  productId: 'p1',
  name: 'House Merlot',
  size: '750ml',
  upc: '012345678905',
  qty: 3,
  priceCents: 899,
  totalCents: 2697,
};
const invoice: QboInvoiceSource = {
  id: 'i1',
  number: '1042',
  invoicedOn: '2026-11-03',
  dueOn: '2026-12-03',
  customer,
  lines: [merlot],
  taxCents: 0,
};
const items = new Map([['p1', '7']]);

describe('QuickBooks mapping', () => {
  it('sends money as two-place decimals', () => {
    expect(amount(899)).toBe(8.99);
    expect(amount(100_000_01)).toBe(100000.01);
    expect(amount(0)).toBe(0);
  });

  it('makes names QuickBooks takes: no colon, tab or line break, at most 100 characters', () => {
    expect(qboName('Bar: Grill\tand\nMore')).toBe('Bar Grill and More');
    expect(qboName('x'.repeat(120))).toHaveLength(100);
  });

  it('maps a customer by DisplayName, with its TABC id in the notes', () => {
    expect(customerBody(customer)).toEqual({
      DisplayName: 'The Rusty Nail',
      CompanyName: 'The Rusty Nail',
      Notes: 'TABC MB123456',
    });
  });

  it('maps a product to a NonInventory item with its income account and UPC as SKU', () => {
    expect(itemBody(merlot, '79')).toEqual({
      Name: 'House Merlot 750ml',
      Type: 'NonInventory',
      IncomeAccountRef: { value: '79' },
      UnitPrice: 8.99,
      Sku: '012345678905',
    });
    expect(itemBody({ ...merlot, upc: null }, '79')).not.toHaveProperty('Sku');
  });

  it('maps an invoice: DocNumber, dates, customer and one SalesItemLineDetail per line', () => {
    expect(invoiceBody(invoice, '3', items)).toEqual({
      DocNumber: '1042',
      TxnDate: '2026-11-03',
      DueDate: '2026-12-03',
      CustomerRef: { value: '3' },
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 26.97,
          Description: 'House Merlot 750ml',
          SalesItemLineDetail: { ItemRef: { value: '7' }, Qty: 3, UnitPrice: 8.99 },
        },
      ],
    });
    expect(invoiceBody({ ...invoice, dueOn: null, taxCents: 222 }, '3', items)).toMatchObject({
      TxnTaxDetail: { TotalTax: 2.22 },
    });
    expect(invoiceBody({ ...invoice, dueOn: null }, '3', items)).not.toHaveProperty('DueDate');
    expect(() => invoiceBody(invoice, '3', new Map())).toThrow('No QuickBooks item');
  });

  it('maps a payment applied to its invoice, and a credit memo with the invoice it credits', () => {
    const payment = {
      id: 'pay1',
      invoiceId: 'i1',
      invoiceNumber: '1042',
      customer,
      amountCents: 1000,
      receivedOn: '2026-11-10',
      reference: '1021',
    };
    expect(paymentBody(payment, '3', '12')).toEqual({
      CustomerRef: { value: '3' },
      TotalAmt: 10,
      TxnDate: '2026-11-10',
      PaymentRefNum: '1021',
      Line: [{ Amount: 10, LinkedTxn: [{ TxnId: '12', TxnType: 'Invoice' }] }],
    });
    const memo = creditMemoBody(
      {
        id: 'm1',
        number: 'CM-1001',
        issuedOn: '2026-11-12',
        invoiceNumber: '1042',
        customer,
        lines: [merlot],
        taxCents: 0,
      },
      '3',
      items,
    );
    expect(memo).toMatchObject({
      DocNumber: 'CM-1001',
      PrivateNote: 'Credit on invoice 1042',
      CustomerRef: { value: '3' },
    });
  });

  it('derives the requestid from our id, the content version and the operation: the same write, the same id', () => {
    const id = requestIdOf('invoice', 'i1', '4', 'create');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(requestIdOf('invoice', 'i1', '4', 'create')).toBe(id);
    expect(requestIdOf('invoice', 'i1', '5', 'create')).not.toBe(id);
    expect(requestIdOf('invoice', 'i2', '4', 'create')).not.toBe(id);
    expect(requestIdOf('invoice', 'i1', '4', 'update')).not.toBe(id);
    expect(requestIdOf('payment', 'i1', '4', 'create')).not.toBe(id);
    expect(versionOf({ a: 1 })).toBe(versionOf({ a: 1 }));
    expect(versionOf({ a: 1 })).not.toBe(versionOf({ a: 2 }));
  });
});

describe('QuickBooks token cipher (AES-256-GCM)', () => {
  it('seals and opens; each seal differs; a tampered or foreign value does not open', () => {
    const cipher = new TokenCipher('a passphrase');
    const sealed = cipher.seal('access-token-123');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('access-token-123');
    expect(cipher.open(sealed)).toBe('access-token-123');
    expect(cipher.seal('access-token-123')).not.toBe(sealed);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new TokenCipher('f'.repeat(64)).open(sealed)).toThrow();
  });
});
