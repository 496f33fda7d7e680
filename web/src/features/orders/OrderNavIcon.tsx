import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { useOrderCountQuery } from './orders.api';

/** The side navigation's Order icon with the count of placed orders (GET /order/count), kept fresh every 30 s. */
export function OrderNavIcon() {
  const { active } = useFeature('order');
  const count = useOrderCountQuery(undefined, { skip: !active, pollingInterval: 30_000 });
  const placed = count.data?.count ?? 0;
  return (
    <Badge
      badgeContent={placed}
      color="error"
      max={99}
      invisible={placed === 0}
      slotProps={{ badge: { 'aria-label': `${placed} placed orders` } as object }}
    >
      <ShoppingCartOutlined />
    </Badge>
  );
}
