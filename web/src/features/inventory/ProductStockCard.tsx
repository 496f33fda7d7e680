import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { formatDateTime } from '../../shared/format';
import { RouterButton } from '../../shared/ui/RouterButton';
import { StockStatusChip } from './inventory-grid.columns';
import { useInventoryStockQuery } from './inventory.api';

/**
 * The product detail's stock (as the client's specification asks): status (OK, LOW, ZERO, NEGATIVE), in stock, days to
 * reorder, and the last order (restock) with its time and qty; a link to /inventory. Inventory feature only.
 */
export function ProductStockCard({ productId }: { productId: string }) {
  const { data, isLoading, isError } = useInventoryStockQuery([productId]);
  const stock = data?.[0];
  return (
    <Card>
      <CardHeader
        title="Stock"
        slotProps={{ title: { variant: 'h4', component: 'h2' } }}
        action={
          <RouterButton to="/inventory" size="small">
            Inventory
          </RouterButton>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isLoading ? (
          <Skeleton width="60%" />
        ) : isError || !stock ? (
          <Typography color="text.secondary">No stock recorded for this product.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="h2" component="p" aria-label="In stock">
                {stock.qty}
              </Typography>
              <Typography color="text.secondary">in stock</Typography>
              <Box aria-label="Stock status">
                <StockStatusChip status={stock.status} />
              </Box>
            </Box>
            <Typography variant="body2">
              {stock.days_to_reorder === null
                ? 'No recent sales: no reorder date.'
                : stock.days_to_reorder === 0
                  ? 'Reorder needed now.'
                  : `Reorder needed in ${stock.days_to_reorder} days.`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {stock.last_restock_at
                ? `Last order: ${stock.last_restock_qty} on ${formatDateTime(stock.last_restock_at)}`
                : 'Last order: none yet'}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
