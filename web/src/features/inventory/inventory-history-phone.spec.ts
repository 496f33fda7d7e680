import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InventoryHistoryRow } from '#domain/contracts/inventory.contract';
import { setCompanyTimeZone } from '../../shared/format';
import { inventoryHistoryPhoneFacts, signedQty } from './inventory-history-phone';

const MOVEMENT: InventoryHistoryRow = {
  id: 'h1',
  product_id: 'p1',
  distributor: "Southern Glazer's",
  upc: '012345678905',
  product: 'CHATEAU STE MICHELLE COLUMBIA VALLEY RESERVE CABERNET SAUVIGNON',
  product_size: '750ml',
  price: 25,
  unit_price: 25,
  qty: -6,
  source: 'INVOICE',
  ref: '1042',
  ref_number: '1042',
  on_deal: false,
  invoice_id: 'i1',
  invoice: '1042B',
  // 02:07 UTC on 6 March 2026: 08:07 PM on 5 March in Chicago
  created_at: '2026-03-06T02:07:00Z',
};

describe('an inventory movement on a phone', () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('names the whole product, the signed quantity, the source, and under it size, invoice, time and distributor', () =>
    expect(inventoryHistoryPhoneFacts(MOVEMENT)).toEqual({
      primary: 'CHATEAU STE MICHELLE COLUMBIA VALLEY RESERVE CABERNET SAUVIGNON',
      amount: '-6',
      secondary: "750ml · Invoice #1042B · 05 Mar, 2026 08:07 PM · Southern Glazer's",
      badge: { label: 'INVOICE', color: 'primary' },
      link: '/invoice/1042B',
    }));

  it('shows a restock’s reference and opens nothing', () =>
    expect(
      inventoryHistoryPhoneFacts({
        ...MOVEMENT,
        source: 'RESTOCK',
        qty: 30,
        ref: 'PO-77',
        invoice: null,
        invoice_id: null,
        distributor: null,
      }),
    ).toEqual({
      primary: MOVEMENT.product,
      amount: '+30',
      secondary: '750ml · PO-77 · 05 Mar, 2026 08:07 PM',
      badge: { label: 'RESTOCK', color: 'success' },
      link: undefined,
    }));

  it('leaves out what a manual edit has not, and marks an unknown product with a dash', () => {
    const facts = inventoryHistoryPhoneFacts({
      ...MOVEMENT,
      source: 'MANUAL',
      product: null,
      product_size: null,
      ref: null,
      invoice: null,
      distributor: null,
      qty: 0,
    });
    expect(facts.primary).toBe('—');
    expect(facts.amount).toBe('0');
    expect(facts.secondary).toBe('05 Mar, 2026 08:07 PM');
    expect(facts.badge).toEqual({ label: 'MANUAL', color: 'default' });
    expect(facts.link).toBeUndefined();
  });

  it('signs quantities as the grid does', () => {
    expect(signedQty(12)).toBe('+12');
    expect(signedQty(-3)).toBe('-3');
    expect(signedQty(0)).toBe('0');
  });
});
