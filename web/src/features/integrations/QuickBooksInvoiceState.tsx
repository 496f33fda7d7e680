import Typography from '@mui/material/Typography';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDateTime } from '../../shared/format';
import { useQuickBooksInvoiceQuery } from './quickbooks.api';

/** On the invoice view (quickbooks feature on): the invoice's state in QuickBooks. */
export function QuickBooksInvoiceState({ invoiceId }: { invoiceId: string }) {
  const active = useFeature('quickbooks').active;
  const state = useQuickBooksInvoiceQuery(invoiceId, { skip: !active }).data;
  if (!active || !state) return null;
  return (
    <Typography color={state.state === 'failed' ? 'error' : 'text.secondary'} sx={{ mb: 2 }} role="status">
      QuickBooks:{' '}
      {state.state === 'not_synced'
        ? 'not synced'
        : state.state === 'synced'
          ? `synced as Id ${state.qboId}${state.updatedAt ? `, ${formatDateTime(state.updatedAt)}` : ''}`
          : `failed: ${state.message ?? 'unknown reason'}`}
    </Typography>
  );
}
