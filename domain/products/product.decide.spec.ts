import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type { ProductCommand } from './product.commands.js';
import { productDecider } from './product.decide.js';
import type { ProductEvent } from './product.events.js';
import {
  aCreateProduct,
  aDeleteProduct,
  anUpdateProduct,
  aProductArchived,
  aProductCreated,
  aProductDeleted,
  aProductPriceChanged,
  aProductRestored,
  aProductUpdated,
  context,
  CUSTOMER_ID,
  LATER,
  productFields,
  TODAY,
} from './product.fixtures.js';
import { sameProductKey } from './product.rules.js';

const given = deciderSpec(productDecider);

/** The error a refused command throws: its message, details and extra fields. */
function refusal(events: ProductEvent[], command: ProductCommand) {
  try {
    productDecider.decide(command, fold(productDecider, events));
  } catch (error) {
    if (error instanceof DomainError)
      return { kind: error.kind, message: error.message, details: error.details, extra: error.extra };
    throw error;
  }
  throw new Error('the command was accepted');
}

const problems = (events: ProductEvent[], command: ProductCommand) => refusal(events, command).details;

describe('Product', () => {
  describe('when new', () => {
    it('is created with its name and type trimmed and upper-cased, money in cents', () =>
      given([])
        .when(aCreateProduct({ name: "  Tito's  Handmade Vodka ", type: ' liquor ', size: ' 750ml ' }))
        .then([aProductCreated()]));

    it('records every optional field: UPC digits only, SKU, distributor, reorder values', () =>
      given([])
        .when(
          aCreateProduct({
            upc: '0 12345-67890 5',
            internalSku: ' SKU-9 ',
            distributor: ' Republic National ',
            ydkProductId: 77,
            reorderLevel: '6',
            reorderQty: 12,
            reorderTimeInDays: 3,
            type: 'n/a',
            price: '3',
            lastPurchasePrice: '',
          }),
        )
        .then([
          aProductCreated({
            ...productFields({
              type: 'N/A',
              upc: '012345678905',
              internalSku: 'SKU-9',
              distributor: 'Republic National',
              ydkProductId: '77',
              reorderLevel: 6,
              reorderQty: 12,
              reorderTimeInDays: 3,
              lastPurchasePriceCents: 0,
            }),
            priceCents: 300,
          }),
        ]));

    it("reads internal SKU '0' as none", () =>
      given([])
        .when(aCreateProduct({ internalSku: '0' }))
        .then([aProductCreated()]));

    it('takes the business day in the company time zone as its creation day', () =>
      given([])
        .when(aCreateProduct({}, { now: '2026-11-23T04:00:00.000Z' }))
        .then([aProductCreated({ createdOn: TODAY, createdAt: '2026-11-23T04:00:00.000Z' })]));

    it('refuses each broken field with its message, all at once', () =>
      expect(
        problems(
          [],
          aCreateProduct({
            name: ' ',
            type: '',
            size: '',
            price: 0,
            lastPurchasePrice: -1,
            upc: '12AB',
            reorderLevel: 'many',
            reorderQty: -1,
            reorderTimeInDays: 1.5,
          }),
        ),
      ).toEqual([
        { field: 'product', message: 'Product name is required.' },
        { field: 'product_type', message: 'Product type is required.' },
        { field: 'product_size', message: 'Product size is required.' },
        { field: 'upc', message: 'UPC must be 6 to 14 digits.' },
        {
          field: 'last_purchase_price',
          message: 'Purchase price must be a number of at least 0 with at most 2 decimals.',
        },
        { field: 'reorder_level', message: 'Reorder level must be a number (a whole number of 0 or more).' },
        { field: 'reorder_qty', message: 'Reorder qty must be a number (a whole number of 0 or more).' },
        {
          field: 'reorder_time_in_days',
          message: 'Reorder time in days must be a number (a whole number of 0 or more).',
        },
        {
          field: 'product_price',
          message: 'Price must be a number of at least 0.01 with at most 2 decimals.',
        },
      ]));

    it.each([
      [
        'type WHISKY',
        { type: 'whisky' },
        'product_type',
        'Product type must be one of: LIQUOR, WINE, BEER, N/A.',
      ],
      [
        'price 0.009',
        { price: 0.009 },
        'product_price',
        'Price must be a number of at least 0.01 with at most 2 decimals.',
      ],
      [
        'price "abc"',
        { price: 'abc' },
        'product_price',
        'Price must be a number of at least 0.01 with at most 2 decimals.',
      ],
      [
        'a name of 201 characters',
        { name: 'x'.repeat(201) },
        'product',
        'Product name must be at most 200 characters.',
      ],
    ])('refuses %s', (_, data, field, message) =>
      expect(problems([], aCreateProduct(data as never))).toEqual([{ field, message }]),
    );

    it('accepts the bounds: price 0.01 and purchase price 0', () =>
      given([])
        .when(aCreateProduct({ price: 0.01, lastPurchasePrice: 0 }))
        .then([aProductCreated({ priceCents: 1, lastPurchasePriceCents: 0 })]));

    it('says the first broken field in the message, with "Error saving product!" fields in the details', () =>
      given([])
        .when(aCreateProduct({ size: '' }))
        .thenThrows('Product size is required.'));

    it('refuses the same product (name, size and type) with a link to the existing one', () =>
      expect(refusal([], aCreateProduct({ context: context({ sameProductId: 'pr-9' }) }))).toEqual({
        kind: 'conflict',
        message: 'This product exists already.',
        details: [{ field: 'product', message: 'This product exists already.' }],
        extra: { existing_product_id: 'pr-9', existing_product_path: '/product/pr-9' },
      }));

    it('answers "not found" to any other command', () => {
      given([])
        .when(anUpdateProduct({ price: 20 }))
        .thenThrows('Product not found');
      given([]).when(aDeleteProduct()).thenThrows('Product not found');
    });
  });

  describe('the same product', () => {
    it('is the same name, size and type, whatever the case and spaces', () => {
      expect(sameProductKey("tito's  handmade vodka ", '750 ML', 'liquor')).toBe(
        sameProductKey("TITO'S HANDMADE VODKA", '750ml', 'LIQUOR'),
      );
      expect(sameProductKey('TITOS', '750ml', 'LIQUOR')).not.toBe(sameProductKey('TITOS', '1L', 'LIQUOR'));
      expect(sameProductKey('TITOS', '750ml', 'LIQUOR')).not.toBe(sameProductKey('TITOS', '750ml', 'WINE'));
    });
  });

  describe('when created', () => {
    it('answers "not found" to a user of another company', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ name: 'Other' }, { companyId: 'co-2' }))
        .thenThrows('Product not found'));

    it('records the changed fields, every field as it is after the change', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ distributor: 'Southern Glazers', reorderLevel: 4, internalSku: 'A-1' }))
        .then([
          aProductUpdated({
            ...productFields({ distributor: 'Southern Glazers', reorderLevel: 4, internalSku: 'A-1' }),
          }),
        ]));

    it('keeps a field left out, clears one sent empty', () =>
      given([aProductCreated({ distributor: 'RNDC', upc: '123456789012' })])
        .when(anUpdateProduct({ distributor: '', lastPurchasePrice: 15 }))
        .then([
          aProductUpdated({ ...productFields({ upc: '123456789012', lastPurchasePriceCents: 1500 }) }),
        ]));

    it('records nothing when nothing changed', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ name: "tito's handmade vodka", type: 'LIQUOR', price: '19.99' }))
        .then([]));

    it('refuses an empty required field sent on edit', () =>
      expect(problems([aProductCreated()], anUpdateProduct({ name: '', size: ' ' }))).toEqual([
        { field: 'product', message: 'Product name is required.' },
        { field: 'product_size', message: 'Product size is required.' },
      ]));

    it('refuses a rename onto another current product, with a link to it', () =>
      expect(
        refusal(
          [aProductCreated()],
          anUpdateProduct({ size: '1L', context: context({ sameProductId: 'pr-9' }) }),
        ).extra,
      ).toEqual({ existing_product_id: 'pr-9', existing_product_path: '/product/pr-9' }));

    it('does not hold an unchanged name against it', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ distributor: 'RNDC', context: context({ sameProductId: 'pr-9' }) }))
        .then([aProductUpdated({ ...productFields({ distributor: 'RNDC' }) })]));
  });

  describe('case size (as the client specification asks)', () => {
    it('records the bottles per case, and none when left empty', () => {
      given([])
        .when(aCreateProduct({ caseSize: '24' }))
        .then([aProductCreated({ caseSize: 24 })]);
      given([aProductCreated({ caseSize: 24 })])
        .when(anUpdateProduct({ caseSize: '' }))
        .then([aProductUpdated({ ...productFields({ caseSize: null }) })]);
    });

    it('refuses anything but a whole number from 1 to 1,000', () => {
      for (const bad of [0, -6, 2.5, 1001, 'twelve'])
        expect(problems([], aCreateProduct({ caseSize: bad }))).toEqual([
          { field: 'case_size', message: 'Case size must be a whole number from 1 to 1,000.' },
        ]);
    });

    it('reads as none in a product created before it existed (an edit that leaves it out records nothing)', () => {
      const { caseSize: _none, ...older } = aProductCreated().data;
      return given([{ type: 'ProductCreated', data: older }])
        .when(anUpdateProduct({ name: "tito's handmade vodka" }))
        .then([]);
    });
  });

  describe('price changes', () => {
    it('changes the list price from today when no effective date is given', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 21.99 }))
        .then([aProductPriceChanged()]));

    it('changes it from a later day', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 21.99, effectiveOn: '2026-12-01' }))
        .then([aProductPriceChanged({ effectiveOn: '2026-12-01' })]));

    it('refuses an effective date before today (in the company time zone)', () =>
      expect(
        problems([aProductCreated()], anUpdateProduct({ price: 21.99, effectiveOn: '2026-11-21' })),
      ).toEqual([{ field: 'effective_date', message: 'The price-effective date may not be before today.' }]));

    it('refuses an effective date that is not a date', () =>
      expect(
        problems([aProductCreated()], anUpdateProduct({ price: 21.99, effectiveOn: '2026-02-30' })),
      ).toEqual([{ field: 'effective_date', message: 'Effective date must be a date (YYYY-MM-DD).' }]));

    it('compares with the price in effect on the effective date: a scheduled change counts', () => {
      const scheduled = aProductPriceChanged({ newPriceCents: 2199, effectiveOn: '2026-12-01' });
      given([aProductCreated(), scheduled])
        .when(anUpdateProduct({ price: 21.99, effectiveOn: '2026-12-05' }))
        .then([]);
      given([aProductCreated(), scheduled])
        .when(anUpdateProduct({ price: 20.99 }))
        .then([aProductPriceChanged({ oldPriceCents: 1999, newPriceCents: 2099 })]);
    });

    it("records one customer's price without changing the list price", () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 18.5, customerId: CUSTOMER_ID.toUpperCase() }))
        .then([aProductPriceChanged({ customerId: CUSTOMER_ID, oldPriceCents: 1999, newPriceCents: 1850 })]));

    it("records a customer's first own price even when it is the list price", () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 19.99, customerId: CUSTOMER_ID }))
        .then([aProductPriceChanged({ customerId: CUSTOMER_ID, oldPriceCents: 1999, newPriceCents: 1999 })]));

    it("compares a customer's price with the customer's own price in effect", () => {
      const own = aProductPriceChanged({ customerId: CUSTOMER_ID, newPriceCents: 1850 });
      given([aProductCreated(), own])
        .when(anUpdateProduct({ price: 18.5, customerId: CUSTOMER_ID }))
        .then([]);
      given([aProductCreated(), own])
        .when(anUpdateProduct({ price: 18, customerId: CUSTOMER_ID }))
        .then([aProductPriceChanged({ customerId: CUSTOMER_ID, oldPriceCents: 1850, newPriceCents: 1800 })]);
    });

    it('refuses a customer that is not an id', () =>
      expect(
        problems([aProductCreated()], anUpdateProduct({ price: 18, customerId: 'the rusty nail' })),
      ).toEqual([{ field: 'customerId', message: 'Customer must be the id of a customer.' }]));

    it('records field changes and the price change together, fields first', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 21.99, distributor: 'RNDC' }))
        .then([aProductUpdated({ ...productFields({ distributor: 'RNDC' }) }), aProductPriceChanged()]));
  });

  describe('archive and restore', () => {
    it('archives', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ archived: true }))
        .then([aProductArchived()]));

    it('does nothing when archived already', () =>
      given([aProductCreated(), aProductArchived()])
        .when(anUpdateProduct({ archived: true }))
        .then([]));

    it('restores', () =>
      given([aProductCreated(), aProductArchived()])
        .when(anUpdateProduct({ archived: false }))
        .then([aProductRestored()]));

    it('refuses to restore while the same product is current, with a link to it', () =>
      expect(
        refusal(
          [aProductCreated(), aProductArchived()],
          anUpdateProduct({ archived: false, context: context({ sameProductId: 'pr-9' }) }),
        ),
      ).toMatchObject({ kind: 'conflict', message: 'This product exists already.' }));

    it('lets an archived product be renamed onto a current one while it stays archived', () =>
      given([aProductCreated(), aProductArchived()])
        .when(anUpdateProduct({ size: '1L', context: context({ sameProductId: 'pr-9' }) }))
        .then([aProductUpdated({ ...productFields({ size: '1L' }) })]));
  });

  describe('delete', () => {
    it('deletes a product without invoice history, archived or not', () => {
      given([aProductCreated()]).when(aDeleteProduct()).then([aProductDeleted()]);
      given([aProductCreated(), aProductArchived()]).when(aDeleteProduct()).then([aProductDeleted()]);
    });

    it("refuses a product with invoice history: 'Did not remove product'", () =>
      expect(refusal([aProductCreated()], aDeleteProduct({ hasInvoiceHistory: true }))).toEqual({
        kind: 'conflict',
        message: 'Did not remove product',
        details: [
          {
            field: 'product',
            message: 'This product has invoice history, so it cannot be deleted. Archive it instead.',
          },
        ],
        extra: undefined,
      }));

    it('does nothing when deleted already, and the deleted product is not found by anything else', () => {
      given([aProductCreated(), aProductDeleted()]).when(aDeleteProduct()).then([]);
      given([aProductCreated(), aProductDeleted()])
        .when(anUpdateProduct({ price: 1 }))
        .thenThrows('Product not found');
    });

    it('answers "not found" to a user of another company', () =>
      given([aProductCreated()])
        .when(aDeleteProduct({}, { companyId: 'co-2' }))
        .thenThrows('Product not found'));
  });

  describe('with an integration that keeps the catalogue', () => {
    const clover = context({ integrations: { clover: true, bottlePos: false } });
    const bottlePos = context({ integrations: { clover: false, bottlePos: true } });

    it('Clover: refuses create, edit and price changes, archive and delete', () => {
      given([])
        .when(aCreateProduct({ context: clover }))
        .thenThrows(
          'Products are kept in Clover while the Clover feature is active: they cannot be created or changed here.',
        );
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 25, context: clover }))
        .thenThrows(
          'Products are kept in Clover while the Clover feature is active: they cannot be created or changed here.',
        );
      given([aProductCreated()])
        .when(anUpdateProduct({ archived: true, context: clover }))
        .thenThrows('Did not archive product');
      given([aProductCreated()])
        .when(aDeleteProduct({ context: clover }))
        .thenThrows('Did not remove product');
    });

    it('Clover: lets an unchanged form through', () =>
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 19.99, context: clover }))
        .then([]));

    it('Bottle POS: allows price changes only', () => {
      given([aProductCreated()])
        .when(anUpdateProduct({ price: 21.99, context: bottlePos }))
        .then([aProductPriceChanged()]);
      given([])
        .when(aCreateProduct({ context: bottlePos }))
        .thenThrows(
          'Products are kept in Bottle POS while the Bottle POS feature is active: only their price can be changed here.',
        );
      given([aProductCreated()])
        .when(anUpdateProduct({ distributor: 'RNDC', context: bottlePos }))
        .thenThrows(
          'Products are kept in Bottle POS while the Bottle POS feature is active: only their price can be changed here.',
        );
      given([aProductCreated()])
        .when(anUpdateProduct({ archived: true, context: bottlePos }))
        .thenThrows('Did not archive product');
      given([aProductCreated()])
        .when(aDeleteProduct({ context: bottlePos }))
        .thenThrows('Did not remove product');
    });
  });

  it('takes its time from the command', () =>
    given([aProductCreated()])
      .when(anUpdateProduct({ archived: true }, { now: LATER }))
      .then([{ ...aProductArchived(), data: { ...aProductArchived().data, archivedAt: LATER } }]));
});
