import type { StoredEvent } from '#engine';
import { aCustomerCreated } from '#domain/customers/customer.fixtures.js';
import type { CustomerEvent } from '#domain/customers/customer.events.js';
import type { ProductEvent } from '#domain/products/product.events.js';
import {
  aProductArchived,
  aProductCreated,
  aProductDeleted,
  aProductPriceChanged,
  aProductRestored,
  aProductUpdated,
  CUSTOMER_ID,
  NOW,
  productFields,
  TODAY,
} from '#domain/products/product.fixtures.js';
import { evolveCustomerRow, type CustomerRow } from '../customers/customer.projection.js';
import { evolveProductRow, type ProductRow } from './product.projection.js';

const stored = (events: (ProductEvent | CustomerEvent)[], stream = 'product-pr-1'): StoredEvent[] =>
  events.map((event, revision) => ({
    ...(event as unknown as { type: string; data: Record<string, unknown> }),
    id: `e-${revision}`,
    streamId: stream,
    revision: BigInt(revision),
    position: BigInt(revision + 1),
    checkpoint: String(revision + 1),
    metadata: { companyId: 'co-1', occurredAt: NOW, schemaVersion: 1 },
    recordedAt: NOW,
  }));
const rowAfter = (events: ProductEvent[]) =>
  stored(events).reduce<ProductRow | undefined>((row, event) => evolveProductRow(row, event), undefined)!;

describe('Product read model', () => {
  it('keeps the fields, the list price from creation and what "the same product" and search match on', () =>
    expect(rowAfter([aProductCreated({ upc: '619947000013', internalSku: 'a-1' })])).toEqual({
      id: 'pr-1',
      company_id: 'co-1',
      product: "TITO'S HANDMADE VODKA",
      product_size: '750ml',
      product_type: 'LIQUOR',
      upc: '619947000013',
      internal_sku: 'a-1',
      distributor: null,
      ydk_product_id: null,
      last_purchase_price_cents: 1450,
      reorder_level: null,
      reorder_qty: null,
      reorder_time_in_days: null,
      case_size: null,
      initial_price_cents: 1999,
      price_cents: 1999,
      price_as_of: TODAY,
      next_price_on: null,
      effective_on: null,
      price_changes: [],
      archived: false,
      archived_at: null,
      deleted_at: null,
      same_key: "TITO'S HANDMADE VODKA|750ML|LIQUOR",
      search: 'TITOS HANDMADE VODKA 750ML 619947000013 A-1',
      created_at: NOW,
      updated_at: NOW,
      revision: 0,
    }));

  it('knows the list price in effect on the last change day and the next scheduled change', () => {
    const row = rowAfter([
      aProductCreated(),
      aProductPriceChanged({ newPriceCents: 2099 }),
      aProductPriceChanged({ newPriceCents: 2299, effectiveOn: '2026-12-01' }),
      aProductPriceChanged({ customerId: CUSTOMER_ID, newPriceCents: 1800, effectiveOn: '2026-11-25' }),
    ]);
    expect(row).toMatchObject({
      price_cents: 2099,
      price_as_of: TODAY,
      next_price_on: '2026-12-01',
      effective_on: TODAY,
    });
    expect(row.price_changes).toHaveLength(3);
    expect(row.price_changes[2]).toEqual({
      customer_id: CUSTOMER_ID,
      old_price_cents: 1999,
      new_price_cents: 1800,
      effective_on: '2026-11-25',
      changed_on: TODAY,
      created_at: NOW,
    });
  });

  it('moves on when a later change is made after the scheduled day', () =>
    expect(
      rowAfter([
        aProductCreated(),
        aProductPriceChanged({ newPriceCents: 2299, effectiveOn: '2026-12-01' }),
        aProductPriceChanged({ newPriceCents: 2499, effectiveOn: '2026-12-10', changedOn: '2026-12-05' }),
      ]),
    ).toMatchObject({
      price_cents: 2299,
      price_as_of: '2026-12-05',
      next_price_on: '2026-12-10',
      effective_on: '2026-12-01',
    }));

  it('follows edits, archive, restore and delete', () => {
    expect(
      rowAfter([aProductCreated(), aProductUpdated({ ...productFields({ size: '1L' }) })]),
    ).toMatchObject({
      product_size: '1L',
      same_key: "TITO'S HANDMADE VODKA|1L|LIQUOR",
    });
    expect(rowAfter([aProductCreated(), aProductArchived()])).toMatchObject({
      archived: true,
      archived_at: NOW,
    });
    expect(rowAfter([aProductCreated(), aProductArchived(), aProductRestored()])).toMatchObject({
      archived: false,
      archived_at: null,
    });
    expect(rowAfter([aProductCreated(), aProductDeleted()])).toMatchObject({ deleted_at: NOW });
  });

  it('changes nothing on a re-delivered event', () => {
    const events = stored([aProductCreated(), aProductPriceChanged()]);
    const row = events.reduce<ProductRow | undefined>((r, e) => evolveProductRow(r, e), undefined)!;
    expect(evolveProductRow(row, events[1]!)).toBe(row);
  });
});

describe('Customer read model and price tier removal', () => {
  it('moves the customer to the tier its old tier migrated to', () => {
    const events = stored(
      [
        aCustomerCreated({ productPriceTierId: 'tier-1' }),
        {
          type: 'CustomerPriceTierChanged',
          data: {
            customerId: 'cu-1',
            companyId: 'co-1',
            productPriceTierId: 'tier-base',
            previousPriceTierId: 'tier-1',
            changedAt: '2026-11-23T15:00:00.000Z',
          },
        },
      ],
      'customer-cu-1',
    );
    const row = events.reduce<CustomerRow | undefined>((r, e) => evolveCustomerRow(r, e), undefined)!;
    expect(row).toMatchObject({
      product_price_tier_id: 'tier-base',
      updated_at: '2026-11-23T15:00:00.000Z',
      revision: 1,
    });
  });
});
