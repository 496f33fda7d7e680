import type { StoredEvent } from '#engine';
import { anIssue, aVoid, given, invoiceEvents, NOW } from '#domain/credits/credit-memo.fixtures.js';
import type { InvoiceStreamEvent } from '#domain/invoices/invoice.state.js';
import { evolveInvoiceRow, type InvoiceRow } from '../invoices/invoice.projection.js';
import { evolveCreditMemoRow } from './credit-memo.projection.js';

/** The events of inv-1 with a memo of two damaged bottles and its void, as the store gives them back. */
function stored(): StoredEvent[] {
  const invoice = invoiceEvents().liquor;
  const issued = given(invoice).whenIssued(anIssue()).invoice;
  const voided = given([...invoice, ...issued]).whenVoided(aVoid());
  return ([...invoice, ...issued, ...voided] as InvoiceStreamEvent[]).map(
    (event, i) =>
      ({
        ...event,
        id: `e-${i}`,
        revision: BigInt(i),
        metadata: { occurredAt: NOW },
      }) as unknown as StoredEvent,
  );
}

describe('Credit memo read models', () => {
  it('folds a memo into its row, and its void into the same row', () => {
    const events = stored().filter((e) => e.type.startsWith('CreditMemo'));
    const issued = evolveCreditMemoRow(undefined, events[0]!);
    expect(issued).toMatchObject({
      id: 'cm-1',
      number: 'CM-1001',
      sequence: 1001,
      invoice_number: '1',
      reason: 'delivered_damaged',
      total_cents: 4328,
      status: 'issued',
    });
    const voided = evolveCreditMemoRow(issued, events[1]!);
    expect(voided).toMatchObject({
      status: 'void',
      void_reason: 'Issued on the wrong invoice',
      voided_at: NOW,
    });
    expect(evolveCreditMemoRow(voided, events[0]!)).toBe(voided); // a re-delivered event changes nothing
  });

  it("keeps the invoice's memos and credited money on its row: the void no longer counts", () => {
    const rows: (InvoiceRow | undefined)[] = [];
    let row: InvoiceRow | undefined;
    for (const event of stored()) rows.push((row = evolveInvoiceRow(row, event)));
    const afterIssue = rows.find((r) => r?.credits.length === 1 && !r.credits[0]!.voided)!;
    expect(afterIssue.credited_cents).toBe(4328);
    expect(afterIssue.credits[0]).toEqual({
      id: 'cm-1',
      number: 'CM-1001',
      reason: 'delivered_damaged',
      total_cents: 4328,
      issued_on: '2026-11-21',
      lines: [{ line_no: 1, qty: 2 }],
      voided: false,
    });
    expect(row!.credited_cents).toBe(0);
    expect(row!.credits[0]!.voided).toBe(true);
  });
});
