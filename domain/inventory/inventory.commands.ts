import type { CommandMetadata } from '../shared/decider.js';
import type { InventoryField } from './inventory.events.js';

/** A restock as the page sends it: values as typed (the decider checks them). */
export interface RestockInventory {
  type: 'RestockInventory';
  data: {
    restockId: string;
    distributor?: unknown;
    reference?: unknown;
    items: { productId: string; qty: unknown; itemCost?: unknown }[];
  };
  metadata: CommandMetadata;
}

/** One cell of one inventory row: the value the user saw (`old`) and the one typed (`value`). */
export interface AdjustInventory {
  type: 'AdjustInventory';
  data: {
    productId: string;
    field: InventoryField;
    value: unknown;
    /** The value the cell showed before the edit: the current value of the row. */
    old: number | string | null;
  };
  metadata: CommandMetadata;
}

export type InventoryCommand = RestockInventory | AdjustInventory;
