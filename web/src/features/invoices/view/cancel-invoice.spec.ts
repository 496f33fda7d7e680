import { describe, expect, it } from '@jest/globals';
import { cancelConsequences } from './cancel-invoice';

describe('cancelConsequences', () => {
  it('names the stamps released and the money already paid', () => {
    const sentences = cancelConsequences({
      stamps: [{ roll_id: 1, prefix: 'AB', from: 1000, to: 1002, count: 3 }],
      stamp_count: 3,
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
    expect(cancelConsequences({ stamps: [], stamp_count: 0, paid: 0 })).toEqual([]);
  });
});
