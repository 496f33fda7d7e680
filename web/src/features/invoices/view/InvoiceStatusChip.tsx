import Chip, { type ChipProps } from '@mui/material/Chip';
import type { InvoiceStatus } from '../invoices.api';
import { statusLabel, toneOf } from './invoice-display';

/** An invoice status with its label (as the client's specification asks) in the status's tone. */
export function InvoiceStatusChip({
  status,
  size = 'small',
  sx,
}: {
  status: InvoiceStatus | string;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) {
  const tone = toneOf(status);
  return (
    <Chip
      size={size}
      label={statusLabel(status)}
      sx={[
        {
          color: tone.color,
          bgcolor: tone.bg,
          fontWeight: 600,
          border: '1px solid',
          borderColor: `${tone.color}33`,
          '&::before': {
            content: '""',
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: tone.color,
            ml: 1,
            flex: '0 0 6px',
          },
          '& .MuiChip-label': { pl: 0.75 },
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    />
  );
}
