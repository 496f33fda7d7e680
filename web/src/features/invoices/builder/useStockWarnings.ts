import { useMemo } from 'react';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { useInventoryStockQuery } from '../../inventory/inventory.api';
import { stockWarning } from '../../inventory/stock-warning';
import type { Invoice } from '../invoices.api';
import type { BuilderLine } from './builder-state';
import { quantity } from './invoice-math';

/**
 * Stock warnings (inventory feature) by line key: per product over all its lines; an edited invoice's own units
 * are already out of stock, so they count as available to it.
 */
export function useStockWarnings(lines: readonly BuilderLine[], edited: Invoice | undefined) {
  const withInventory = useFeature('inventory').active;
  const productIds = [...new Set(lines.map((line) => line.product.id))].sort();
  const stock = useInventoryStockQuery(productIds, { skip: !withInventory || productIds.length === 0 });
  return useMemo(() => {
    const warnings = new Map<string, string>();
    if (!withInventory || !stock.data) return warnings;
    const requested = new Map<string, number>();
    for (const line of lines)
      requested.set(
        line.product.id,
        (requested.get(line.product.id) ?? 0) + Math.max(0, quantity(line.qty) ?? 0),
      );
    const held = new Map<string, number>();
    if (edited && edited.status !== 'cancelled')
      for (const item of edited.items) held.set(item.product_id, (held.get(item.product_id) ?? 0) + item.qty);
    for (const line of lines) {
      const message = stockWarning(
        stock.data.find((row) => row.product_id === line.product.id),
        requested.get(line.product.id) ?? 0,
        held.get(line.product.id) ?? 0,
      );
      if (message) warnings.set(line.key, message);
    }
    return warnings;
  }, [withInventory, stock.data, lines, edited]);
}
