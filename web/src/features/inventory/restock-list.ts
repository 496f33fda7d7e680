/** The restock page's list (as the client's specification asks): kept in the session, so a reload loses nothing typed. */
export interface RestockItem {
  product_id: string;
  product: string;
  product_size: string;
  qty: number;
  item_cost: number;
}

export interface RestockDraft {
  distributor: string;
  reference: string;
  items: RestockItem[];
  /** The Idempotency-Key of the next Save: a retried Save adds the units once. */
  key: string;
}

export const RESTOCK_DRAFT_KEY = 'stampline.inventory.restock';

export const newKey = () => `restock-${crypto.randomUUID()}`;

export const emptyDraft = (): RestockDraft => ({ distributor: '', reference: '', items: [], key: newKey() });

export function loadDraft(storage: Pick<Storage, 'getItem'> = sessionStorage): RestockDraft {
  try {
    const saved = JSON.parse(storage.getItem(RESTOCK_DRAFT_KEY) ?? 'null') as RestockDraft | null;
    if (saved && Array.isArray(saved.items) && typeof saved.key === 'string') return saved;
  } catch {
    // a broken draft: start again
  }
  return emptyDraft();
}

/** Adds items to the list; a product already listed gets the new quantity added and the new cost. */
export function addItems(list: RestockItem[], added: RestockItem[]): RestockItem[] {
  const next = [...list];
  for (const item of added) {
    const at = next.findIndex((i) => i.product_id === item.product_id);
    if (at < 0) next.push(item);
    else next[at] = { ...next[at]!, qty: next[at]!.qty + item.qty, item_cost: item.item_cost };
  }
  return next;
}

/** Units and items of a list ('Added {n} units of {m} items'). */
export const totals = (items: RestockItem[]) => ({
  units: items.reduce((sum, item) => sum + item.qty, 0),
  items: items.length,
});

/**
 * What Populate Restock adds for a row awaiting reorder: its suggestion (enough to bring it back above its reorder
 * level and through the supplier's lead time, in whole lots of its reorder quantity; at least 1) at its buying price.
 */
export const reorderItem = (row: {
  id: string;
  product: string;
  product_size: string;
  suggested_qty: number;
  last_purchase_price: number;
}): RestockItem => ({
  product_id: row.id,
  product: row.product,
  product_size: row.product_size,
  qty: row.suggested_qty > 0 ? row.suggested_qty : 1,
  item_cost: row.last_purchase_price,
});

/** Products awaiting a reorder, by distributor (a restock is one delivery: one distributor at a time). */
export interface DistributorGroup<T> {
  /** '' for products without a distributor. */
  distributor: string;
  rows: T[];
}

/** Rows grouped by their distributor, in name order; products without one last. */
export function byDistributor<T extends { distributor: string | null }>(rows: T[]): DistributorGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const name = row.distributor?.trim() ?? '';
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return [...groups.entries()]
    .map(([distributor, list]) => ({ distributor, rows: list }))
    .sort((a, b) =>
      a.distributor === '' ? 1 : b.distributor === '' ? -1 : a.distributor.localeCompare(b.distributor),
    );
}
