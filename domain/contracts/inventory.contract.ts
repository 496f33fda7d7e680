/*
 * What the inventory calls answer, as the API writes them and the web reads them (as the client's specification asks). Types only: the web build imports this file too. Money in dollars.
 */

export type StockStatus = 'OK' | 'LOW' | 'ZERO' | 'NEGATIVE';

/** GET inventory/grid: one product's inventory (id = the product's id). `reorder_needed` is 1 or 0. */
export interface InventoryGridRow {
  id: string;
  product_id: string;
  distributor: string | null;
  reorder_needed: 0 | 1;
  upc: string | null;
  product: string;
  product_size: string;
  product_type: string;
  internal_sku: string | null;
  product_price: number;
  last_purchase_price: number;
  qty: number;
  reorder_level: number | null;
  /** Days until a reorder must be placed at the last 30 days' sales (null: nothing sold). */
  days_to_reorder: number | null;
  /** The supplier's lead time. */
  reorder_time_in_days: number | null;
  reorder_qty: number | null;
  /**
   * What to restock so the product no longer needs a reorder (above 0, above its reorder level, lasting beyond the
   * lead time at the recent sales), in whole lots of its reorder quantity; 0 when it needs none.
   */
  suggested_qty: number;
  inventory_value: number;
  status: StockStatus;
  sold_recently: number;
  last_restock_at: string | null;
  last_restock_qty: number | null;
  updated_at: string;
}

export type InventoryHistorySource = 'INVOICE' | 'RESTOCK' | 'MANUAL' | 'RETURN' | 'WRITE_OFF';

/** GET inventory/history/grid: one movement (qty: + into stock, − out of it). */
export interface InventoryHistoryRow {
  id: string;
  product_id: string;
  distributor: string | null;
  upc: string | null;
  product: string | null;
  product_size: string | null;
  price: number | null;
  /** The client's specification's name of `price`. */
  unit_price: number | null;
  qty: number;
  source: InventoryHistorySource;
  ref: string | null;
  /** The client's specification's name of `ref`. */
  ref_number: string | null;
  /** An invoice movement whose invoice line of the product is on deal. */
  on_deal: boolean;
  invoice_id: string | null;
  invoice: string | null;
  created_at: string;
}

/** GET inventory/stock?ids= and PUT inventory/{id}: a product's stock now. */
export interface StockRow {
  product_id: string;
  product: string;
  /** The supplier the product is restocked from. */
  distributor: string | null;
  qty: number;
  status: StockStatus;
  reorder_needed: boolean;
  days_to_reorder: number | null;
  reorder_level: number | null;
  /** As on the inventory grid: what to restock so it needs no reorder. */
  suggested_qty: number;
  last_restock_at: string | null;
  last_restock_qty: number | null;
}

/** The editable cells of an inventory row. */
export type InventoryCellField =
  'qty' | 'distributor' | 'reorder_level' | 'reorder_qty' | 'reorder_time_in_days';

/** PUT inventory/{id} */
export interface AdjustInventoryRequest {
  field: InventoryCellField;
  value: number | string | null;
  old?: number | string | null;
}

/** PUT inventory (a restock). */
export interface RestockRequest {
  items: { product_id: string; qty: number; item_cost?: number }[];
  ref_number?: string;
  distributor?: string;
}

/** One saved row of a restock: its qty now, and the units this restock added to it. */
export interface RestockedRow {
  /** the product's id (its inventory row's id) */
  id: string;
  product_id: string;
  product: string;
  qty: number;
  restocked: number;
}

/** PUT inventory: the list of the saved rows with their qty (the client's specification), by product name. */
export type RestockAnswer = RestockedRow[];

/** GET inventory/stats?from=&to=: the dashboard's inventory stats of a period (the 10 most invoiced products). */
export interface InventoryStats {
  from: string;
  to: string;
  totals: {
    products: number;
    units_in_stock: number;
    inventory_value: number;
    restocked: number;
    invoiced: number;
    adjusted: number;
    low: number;
    zero: number;
    negative: number;
  };
  products: {
    product_id: string;
    product: string;
    product_size: string;
    distributor: string | null;
    qty: number;
    status: StockStatus;
    inventory_value: number;
    restocked: number;
    invoiced: number;
    adjusted: number;
  }[];
}
