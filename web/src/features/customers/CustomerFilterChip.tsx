import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Chip from '@mui/material/Chip';
import { useGetCustomerQuery } from './customers.api';

/** A grid's customer filter (`?customerId=`, e.g. from a customer's history): the customer's name, removable. */
export function CustomerFilterChip({ customerId, onRemove }: { customerId: string; onRemove: () => void }) {
  const { data, isError } = useGetCustomerQuery(customerId);
  const name = data?.name ?? (isError ? 'Unknown customer' : 'Loading…');
  return (
    <Chip
      icon={<StorefrontOutlined />}
      color="primary"
      variant="outlined"
      label={`Customer: ${name}`}
      onDelete={onRemove}
      sx={{ fontWeight: 600, bgcolor: 'rgba(29, 78, 137, 0.06)' }}
    />
  );
}
