import type { CommandMetadata } from '../shared/decider.js';
import type { AdjustInventory, RestockInventory } from './inventory.commands.js';
import type { InventoryAdjusted, InventoryRestocked } from './inventory.events.js';

export const COMPANY_ID = 'co-1';
export const PRODUCT_ID = 'pr-1';
export const OTHER_PRODUCT_ID = 'pr-2';
export const RESTOCK_ID = 'rs-1';
export const NOW = '2026-11-25T15:00:00.000Z';

export const metadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  companyId: COMPANY_ID,
  userId: 'u-1',
  now: NOW,
  ...overrides,
});

export const aRestockInventory = (data: Partial<RestockInventory['data']> = {}): RestockInventory => ({
  type: 'RestockInventory',
  data: {
    restockId: RESTOCK_ID,
    distributor: 'Republic National',
    reference: 'PO-1001',
    items: [{ productId: PRODUCT_ID, qty: 24, itemCost: '12.50' }],
    ...data,
  },
  metadata: metadata(),
});

export const anInventoryRestocked = (data: Partial<InventoryRestocked['data']> = {}): InventoryRestocked => ({
  type: 'InventoryRestocked',
  data: {
    restockId: RESTOCK_ID,
    companyId: COMPANY_ID,
    distributor: 'Republic National',
    reference: 'PO-1001',
    items: [{ productId: PRODUCT_ID, qty: 24, itemCostCents: 1250 }],
    restockedBy: 'u-1',
    restockedAt: NOW,
    ...data,
  },
});

export const anAdjustInventory = (data: Partial<AdjustInventory['data']> = {}): AdjustInventory => ({
  type: 'AdjustInventory',
  data: { productId: PRODUCT_ID, field: 'qty', value: 12, old: 10, ...data },
  metadata: metadata(),
});

export const anInventoryAdjusted = (data: Partial<InventoryAdjusted['data']> = {}): InventoryAdjusted => ({
  type: 'InventoryAdjusted',
  data: {
    productId: PRODUCT_ID,
    companyId: COMPANY_ID,
    field: 'qty',
    oldValue: 10,
    newValue: 12,
    adjustedBy: 'u-1',
    adjustedAt: NOW,
    ...data,
  },
});
