/**
 * Events of inventory (Inventory cell edit). Stock is not an invariant
 * (negative stock is legal), so nothing guards a counter: the inventory projection adds up the
 * movements of invoices, restocks and adjustments.
 *
 * - `inventory-restock-{restockId}`: one restock is one event on a stream of its own (`no_stream` expected), so a
 *   retried Save with the same Idempotency-Key (which names the restock id) adds its units once.
 * - `inventory-{productId}`: a cell edit of one product's inventory row.
 */

/** One product restocked: units added and what one unit cost (the buying price on the supplier's PO). */
export interface RestockLine {
  productId: string;
  qty: number;
  itemCostCents: number;
}

export interface InventoryRestocked {
  type: 'InventoryRestocked';
  data: {
    restockId: string;
    companyId: string;
    /** The distributor chosen on the restock page, if any. */
    distributor: string | null;
    /** 'PO/Invoice/Reference Number' (free text, trimmed; '' when none). */
    reference: string;
    items: RestockLine[];
    restockedBy: string | null;
    restockedAt: string;
  };
}

/** The editable fields of an inventory row (as the client's specification asks). */
export const INVENTORY_FIELDS = [
  'qty',
  'distributor',
  'reorder_level',
  'reorder_qty',
  'reorder_time_in_days',
] as const;
export type InventoryField = (typeof INVENTORY_FIELDS)[number];
export type NumericInventoryField = Exclude<InventoryField, 'distributor'>;

/**
 * A manual cell edit. It carries the value it replaces as the user saw it: for `qty` the projection moves stock by
 * `newValue − oldValue` (a delta), so an invoice that moved the stock while the user was typing is not lost; the
 * other fields are set to `newValue` (the last edit wins).
 */
export interface InventoryAdjusted {
  type: 'InventoryAdjusted';
  data: {
    productId: string;
    companyId: string;
    field: InventoryField;
    oldValue: number | string | null;
    newValue: number | string | null;
    adjustedBy: string | null;
    adjustedAt: string;
  };
}

export type InventoryEvent = InventoryRestocked | InventoryAdjusted;

export const INVENTORY_EVENT_TYPES: readonly InventoryEvent['type'][] = [
  'InventoryRestocked',
  'InventoryAdjusted',
];

export const inventoryRestockStream = (restockId: string) => `inventory-restock-${restockId}`;
export const inventoryStream = (productId: string) => `inventory-${productId}`;
