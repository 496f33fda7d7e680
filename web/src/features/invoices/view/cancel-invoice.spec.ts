import { describe, expect, it } from '@jest/globals';
import { cancelConsequences, uncancelConsequences } from './cancel-invoice';

describe('cancelConsequences', () => {
  it('names the stamps released and the money already paid', () => {
    const sentences = cancelConsequences({
      stamps: [{ roll_id: 1, prefix: 'AB', from: 1000, to: 1002, count: 3 }],
      paid: 300,
    });
    expect(sentences[0]).toMatch(
      /^Its 3 stamps \(AB.*1000.*1002\) go back to the rolls for other invoices\.$/,
    );
    expect(sentences[1]).toBe(
      "Its payments of $300.00 become the customer's credit: apply it to another invoice or refund it from the customer's page.",
    );
  });

  it('says nothing of stamps or money the invoice does not have', () => {
    expect(cancelConsequences({ stamps: [], paid: 0 })).toEqual([]);
  });

  it('keeps the stamps of returned bottles the invoice carries again out of those freed, and says they stay in stock', () => {
    const sentences = cancelConsequences({
      stamps: [
        { roll_id: 1, prefix: 'AB', from: 1001, to: 1002, count: 2, returned_bottles: true },
        { roll_id: 1, prefix: 'AB', from: 1005, to: 1005, count: 1 },
      ],
      paid: 0,
    });
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toMatch(/^Its 1 stamp \(AB.*1005\) goes back to the rolls for other invoices\.$/);
    expect(sentences[1]).toMatch(
      /^The 2 returned bottles it carries again stay in stock with their stamps \(AB.*1001.*1002\), for the next invoice of the product\.$/,
    );
  });
});

describe('uncancelConsequences', () => {
  it('says the payments the cancellation moved stay the customer credit', () => {
    expect(uncancelConsequences({ credited_to_account: 300 })).toEqual([
      "Its payments of $300.00 stay the customer's credit, and the invoice owes its total again: apply the credit to it from the customer's page.",
    ]);
  });

  it('says nothing when the cancellation moved no money', () => {
    expect(uncancelConsequences({ credited_to_account: 0 })).toEqual([]);
  });
});
