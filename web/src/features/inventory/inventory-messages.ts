/** The client's specification: the inventory screens' texts, exact. */
export const INVENTORY_MESSAGES = {
  empty: 'You have not created any inventory yet.',
  historyEmpty: 'No inventory records found.',
  updateFailed: 'Error updating inventory',
  invalidValue: 'Invalid value',
  mustBeNumber: (field: string) => `${field} must be a number`,
  exportFailed: 'Error exporting inventory',
  exportFailedDetail: 'Failed to export inventory data!',
  historyExportFailed: 'Error exporting inventory history',
  noInventory: 'No inventory found',
  noOutOfStock: 'No out of stock items found',
  restockDone: 'Restocking complete',
  restockAdded: (units: number, items: number) => `Added ${units} units of ${items} items`,
  reference: 'PO/Invoice/Reference Number',
} as const;

/** The client's specification: inventory rows are 50 px high. */
export const INVENTORY_ROW_HEIGHT = 50;

/** Where the quick edit choice is kept (per browser). */
export const QUICK_EDIT_KEY = 'stampline.inventory.quickEdit';

/** A numeric cell's value: the number, or undefined when it is not one (as the client's specification asks). */
export function cellNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}
