import { anIssue, aVoid, given, invoiceEvents } from '../credits/credit-memo.fixtures.js';
import type { CreditMemoEvent } from '../credits/credit-memo.events.js';
import type { InvoiceEvent } from '../invoices/invoice.events.js';
import { creditStock, evolveInvoiceStock, type InvoiceStock } from './inventory.stock.js';

/** inv-1's stock state (3 TITOS VODKA, 2 BAREFOOT MERLOT taken) and a memo's events on it. */
function stockOf(): InvoiceStock {
  const { liquor } = invoiceEvents();
  return (liquor as InvoiceEvent[]).reduce<InvoiceStock | undefined>(evolveInvoiceStock, undefined)!;
}
const issued = (reason: string, lines = [{ lineNo: 1, qty: 2 }]) =>
  given(invoiceEvents().liquor).whenIssued(anIssue({ reason, lines })).invoice[0] as CreditMemoEvent;

describe('Stock of credited goods', () => {
  it('given goods short delivered, when credited, then they come back to stock named by the memo', () => {
    const { after, moves, ref } = creditStock(stockOf(), issued('short_delivery'));
    expect(moves).toEqual([{ productId: 'p-whiskey', qty: 2, source: 'RETURN' }]);
    expect(ref).toBe('CM-1001');
    expect(after?.credits).toEqual({
      'cm-1': { number: 'CM-1001', units: { 'p-whiskey': 2 }, writeOff: false },
    });
  });

  it('given goods delivered damaged (or stale beer swapped), when credited, then they come back and are written off', () => {
    expect(creditStock(stockOf(), issued('delivered_damaged')).moves).toEqual([
      { productId: 'p-whiskey', qty: 2, source: 'RETURN' },
      { productId: 'p-whiskey', qty: -2, source: 'WRITE_OFF' },
    ]);
  });

  it('given a memo, when it is voided, then its goods move back; a money-only memo and a re-delivered event move nothing', () => {
    const memo = issued('wrong_product');
    const { after } = creditStock(stockOf(), memo);
    const voided = creditStock(after, aVoidEvent());
    expect(voided.moves).toEqual([{ productId: 'p-whiskey', qty: -2, source: 'RETURN' }]);
    expect(voided.ref).toBe('CM-1001 void');
    expect(voided.after?.credits).toEqual({});
    expect(creditStock(after, memo).moves).toEqual([]);
    const amount = given(invoiceEvents().liquor).whenIssued(
      anIssue({ reason: 'pricing_error', lines: [], amountCents: 100 }),
    ).invoice[0] as CreditMemoEvent;
    expect(creditStock(stockOf(), amount).moves).toEqual([]);
  });
});

function aVoidEvent(): CreditMemoEvent {
  const { liquor } = invoiceEvents();
  const withMemo = [...liquor, ...given(liquor).whenIssued(anIssue({ reason: 'wrong_product' })).invoice];
  return given(withMemo).whenVoided(aVoid())[0] as CreditMemoEvent;
}
