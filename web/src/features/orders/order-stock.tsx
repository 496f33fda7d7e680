import Typography from '@mui/material/Typography';
import type { OrderResponse } from '#domain/contracts/order.contract';
import type { StockRow } from '#domain/contracts/inventory.contract';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { useInventoryStockQuery } from '../inventory/inventory.api';

/**
 * The stock of an order's products when the inventory feature is on (null when off, so the column is not shown):
 * the office sees at once whether the order can be filled.
 */
export function useOrderStock(order: OrderResponse): Map<string, StockRow> | null {
  const withInventory = useFeature('inventory').active;
  const ids = [...new Set(order.orderItems.map((item) => item.product_id))].sort();
  const stock = useInventoryStockQuery(ids, { skip: !withInventory || ids.length === 0 });
  if (!withInventory) return null;
  return new Map((stock.data ?? []).map((row) => [row.product_id, row]));
}

/** A product's stock on hand, in red when it does not cover the quantity ordered. */
export function StockCell({ stock, wanted }: { stock: StockRow | undefined; wanted: number }) {
  if (!stock) return <>—</>;
  const short = stock.qty < wanted;
  return (
    <Typography
      variant="body2"
      component="span"
      color={short ? 'error.main' : undefined}
      title={short ? `Only ${stock.qty} in stock` : undefined}
    >
      {stock.qty}
      {short && (
        <Typography variant="caption" component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          short {wanted - Math.max(stock.qty, 0)}
        </Typography>
      )}
    </Typography>
  );
}
