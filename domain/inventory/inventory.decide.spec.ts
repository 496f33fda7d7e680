import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { inventoryDecider } from './inventory.decide.js';
import {
  anAdjustInventory,
  anInventoryAdjusted,
  anInventoryRestocked,
  aRestockInventory,
  OTHER_PRODUCT_ID,
  PRODUCT_ID,
} from './inventory.fixtures.js';
import { daysToReorder, reorderNeeded, stockStatus, suggestedRestock } from './inventory.rules.js';

const given = deciderSpec(inventoryDecider);

function problems(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error('accepted');
}

describe('Inventory', () => {
  describe('when restocking', () => {
    it('records one restock with its distributor, reference and items, costs in cents', () =>
      given([]).when(aRestockInventory()).then([anInventoryRestocked()]));

    it('adds nothing again when the same restock is saved twice (a retried Save)', () =>
      given([anInventoryRestocked()]).when(aRestockInventory()).then([]));

    it('trims the reference and distributor, and takes a blank distributor and cost as none', () =>
      given([])
        .when(
          aRestockInventory({
            distributor: '  ',
            reference: '  INV 77 ',
            items: [{ productId: PRODUCT_ID, qty: '6', itemCost: '' }],
          }),
        )
        .then([
          anInventoryRestocked({
            distributor: null,
            reference: 'INV 77',
            items: [{ productId: PRODUCT_ID, qty: 6, itemCostCents: 0 }],
          }),
        ]));

    it('adds up the same product listed twice', () =>
      given([])
        .when(
          aRestockInventory({
            items: [
              { productId: PRODUCT_ID, qty: 2, itemCost: 10 },
              { productId: OTHER_PRODUCT_ID, qty: 1, itemCost: 5 },
              { productId: PRODUCT_ID, qty: 3, itemCost: 11 },
            ],
          }),
        )
        .then([
          anInventoryRestocked({
            items: [
              { productId: PRODUCT_ID, qty: 5, itemCostCents: 1100 },
              { productId: OTHER_PRODUCT_ID, qty: 1, itemCostCents: 500 },
            ],
          }),
        ]));

    it('refuses an empty list', () =>
      given([])
        .when(aRestockInventory({ items: [] }))
        .thenThrows('Add at least one item to restock.'));

    it('lists every bad line: quantities of at least 1, costs of at least 0', () =>
      expect(
        problems(() =>
          inventoryDecider.decide(
            aRestockInventory({
              items: [
                { productId: PRODUCT_ID, qty: 0 },
                { productId: PRODUCT_ID, qty: 'six' },
                { productId: PRODUCT_ID, qty: 1.5 },
                { productId: PRODUCT_ID, qty: 1, itemCost: -1 },
              ],
            }),
            inventoryDecider.initialState(),
          ),
        ),
      ).toEqual({
        message: 'qty must be a whole number of at least 1',
        details: [
          { field: 'items[0].qty', message: 'qty must be a whole number of at least 1' },
          { field: 'items[1].qty', message: 'qty must be a whole number of at least 1' },
          { field: 'items[2].qty', message: 'qty must be a whole number of at least 1' },
          { field: 'items[3].item_cost', message: 'Item Cost must be an amount of at least 0' },
        ],
      }));
  });

  describe('when a cell is edited', () => {
    it('records the value it replaces and the new one (stock moves by the difference)', () =>
      given([]).when(anAdjustInventory()).then([anInventoryAdjusted()]));

    it('takes numbers typed as text', () =>
      given([])
        .when(anAdjustInventory({ field: 'reorder_level', value: ' 6 ', old: null }))
        .then([anInventoryAdjusted({ field: 'reorder_level', oldValue: null, newValue: 6 })]));

    it('allows a negative quantity in stock (negative stock is legal)', () =>
      given([])
        .when(anAdjustInventory({ value: -3, old: 0 }))
        .then([anInventoryAdjusted({ oldValue: 0, newValue: -3 })]));

    it('does nothing when the value is unchanged', () =>
      given([])
        .when(anAdjustInventory({ value: '10', old: 10 }))
        .then([]));

    it("refuses a value that is not a number: 'Invalid value', '{field} must be a number'", () =>
      expect(
        problems(() => inventoryDecider.decide(anAdjustInventory({ value: 'ten' }), { restocked: false })),
      ).toEqual({ message: 'Invalid value', details: [{ field: 'qty', message: 'qty must be a number' }] }));

    it('refuses a blank number and a negative reorder setting', () => {
      expect(
        problems(() =>
          inventoryDecider.decide(anAdjustInventory({ field: 'reorder_qty', value: ' ' }), {
            restocked: false,
          }),
        ),
      ).toEqual({
        message: 'Invalid value',
        details: [{ field: 'reorder_qty', message: 'reorder_qty must be a number' }],
      });
      expect(
        problems(() =>
          inventoryDecider.decide(anAdjustInventory({ field: 'reorder_time_in_days', value: -1 }), {
            restocked: false,
          }),
        ),
      ).toEqual({
        message: 'Invalid value',
        details: [{ field: 'reorder_time_in_days', message: 'reorder_time_in_days must not be negative' }],
      });
    });

    it('takes any text as the distributor, blank as none', () => {
      given([])
        .when(anAdjustInventory({ field: 'distributor', value: ' Southern ', old: null }))
        .then([anInventoryAdjusted({ field: 'distributor', oldValue: null, newValue: 'Southern' })]);
      given([])
        .when(anAdjustInventory({ field: 'distributor', value: '', old: 'Southern' }))
        .then([anInventoryAdjusted({ field: 'distributor', oldValue: 'Southern', newValue: null })]);
    });
  });
});

describe('Stock status and reorder', () => {
  it('is NEGATIVE below zero, ZERO at zero, LOW when a reorder is needed, else OK', () => {
    expect(stockStatus(-1, true)).toBe('NEGATIVE');
    expect(stockStatus(0, true)).toBe('ZERO');
    expect(stockStatus(5, true)).toBe('LOW');
    expect(stockStatus(5, false)).toBe('OK');
  });

  it('counts the days the stock lasts at the last 30 days velocity, less the lead time', () => {
    expect(daysToReorder(30, 30, 5)).toBe(25); // 1 a day: lasts 30 days, order 5 days ahead
    expect(daysToReorder(10, 60, null)).toBe(5);
    expect(daysToReorder(3, 30, 7)).toBe(0);
    expect(daysToReorder(-4, 30, 0)).toBe(0);
    expect(daysToReorder(30, 0, 5)).toBeNull();
  });

  it('needs a reorder at or under the reorder level, when out of stock, or when the days reached 0', () => {
    expect(reorderNeeded(6, 6, null)).toBe(true);
    expect(reorderNeeded(7, 6, null)).toBe(false);
    expect(reorderNeeded(0, null, null)).toBe(true);
    expect(reorderNeeded(50, null, 0)).toBe(true);
    expect(reorderNeeded(50, null, 3)).toBe(false);
  });

  it('counts in whole numbers, so a velocity that does not divide evenly never loses a day', () =>
    // 2 units over 30 days at 20 sold: exactly 3 days (2 ÷ (20 ÷ 30) read in decimals gives 2.999…)
    expect(daysToReorder(2, 20, 0)).toBe(3));
});

describe('Restock suggestions', () => {
  const needsReorderAfter = (
    item: Parameters<typeof suggestedRestock>[0],
    restocked = suggestedRestock(item),
  ): boolean => {
    const qty = item.qty + restocked;
    return reorderNeeded(
      qty,
      item.reorderLevel,
      daysToReorder(qty, item.unitsSoldRecently, item.reorderTimeInDays),
    );
  };

  it('brings a product below zero back above its reorder level, in whole lots of its reorder quantity', () => {
    const item = {
      qty: -11,
      reorderLevel: 12,
      reorderQty: 24,
      reorderTimeInDays: null,
      unitsSoldRecently: 0,
    };
    expect(suggestedRestock(item)).toBe(24); // -11 + 24 = 13 > 12
    expect(needsReorderAfter(item)).toBe(false);
  });

  it('covers the lead time at the recent sales: restocked by its suggestion, a product is no longer "reorder now"', () => {
    // 10 a day, 3 days' lead time: 37 in stock would run out within the lead time
    const item = { qty: -11, reorderLevel: 12, reorderQty: 48, reorderTimeInDays: 3, unitsSoldRecently: 300 };
    expect(needsReorderAfter(item, 48)).toBe(true);
    expect(suggestedRestock(item)).toBe(96);
    expect(needsReorderAfter(item)).toBe(false);
  });

  it('suggests what is missing when the product has no reorder quantity, and at least one unit at zero', () => {
    expect(
      suggestedRestock({
        qty: 4,
        reorderLevel: 10,
        reorderQty: null,
        reorderTimeInDays: 0,
        unitsSoldRecently: 0,
      }),
    ).toBe(7);
    expect(
      suggestedRestock({
        qty: 0,
        reorderLevel: null,
        reorderQty: 0,
        reorderTimeInDays: null,
        unitsSoldRecently: 0,
      }),
    ).toBe(1);
  });

  it('suggests nothing for a product that needs no reorder', () =>
    expect(
      suggestedRestock({
        qty: 50,
        reorderLevel: 10,
        reorderQty: 24,
        reorderTimeInDays: 2,
        unitsSoldRecently: 30,
      }),
    ).toBe(0));

  it('never leaves a product that needed a reorder still needing one (every small case)', () => {
    for (let qty = -12; qty <= 40; qty += 1)
      for (const reorderLevel of [null, 0, 5, 12])
        for (const reorderQty of [null, 1, 6, 24])
          for (const reorderTimeInDays of [null, 0, 3, 10])
            for (const unitsSoldRecently of [0, 1, 7, 20, 29, 300]) {
              const item = { qty, reorderLevel, reorderQty, reorderTimeInDays, unitsSoldRecently };
              expect(needsReorderAfter(item)).toBe(false);
            }
  });
});
