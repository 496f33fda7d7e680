import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { useGetCustomerQuery } from '../customers/customers.api';
import { useFintechSyncLogQuery, useFintechSyncMutation } from './integrations.api';

/**
 * The fintech badge of the invoice document's header (as the client's specification asks): while the fintech
 * feature is on and the invoice's customer has the fintech option and a fintech id.
 */
export function FintechBadge({ customerId }: { customerId: string }) {
  const fintech = useFeature('fintech').active;
  const customer = useGetCustomerQuery(customerId, { skip: !fintech }).data;
  if (!fintech || !customer?.fintech_option || !customer.fintech_id) return null;
  const text = `Fintech customer, fintech id ${customer.fintech_id}`;
  return (
    <Chip
      size="small"
      icon={<AccountBalanceOutlined />}
      label="Fintech"
      color="primary"
      variant="outlined"
      title={text}
      aria-label={text}
      sx={{ fontWeight: 700 }}
    />
  );
}

/**
 * The invoice view's fintech section (as the client's specification asks): shown while the fintech feature is on and the customer has a
 * fintech id — the fintech badge, 'Sync with fintech' and the invoice's fintech sync history.
 */
export function FintechPanel({ invoiceId, customerId }: { invoiceId: string; customerId: string }) {
  const fintech = useFeature('fintech').active;
  const customer = useGetCustomerQuery(customerId, { skip: !fintech }).data;
  const show = fintech && !!customer?.fintech_option && !!customer.fintech_id;
  const log = useFintechSyncLogQuery(invoiceId, { skip: !show });
  const [sync, { isLoading }] = useFintechSyncMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  if (!show) return null;

  const run = async () => {
    setProblem(null);
    try {
      const answer = await sync(invoiceId).unwrap();
      if (!answer.success) setProblem(answer.error ?? 'The invoice did not sync: see the history below.');
    } catch (error) {
      setProblem(toProblem(error)?.message ?? 'The sync did not work.');
    }
  };

  const entries = log.data ?? [];
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Fintech
          </Typography>
          <Chip size="small" color="primary" variant="outlined" label={`Fintech ${customer.fintech_id}`} />
        </Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<SyncOutlined />}
          loading={isLoading}
          onClick={() => void run()}
          sx={{ mb: 1.5 }}
        >
          Sync with fintech
        </Button>
        {problem && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {problem}
          </Alert>
        )}
        {log.isError && <Alert severity="error">{'Error loading sync history!'}</Alert>}
        {log.data && entries.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Not synced with fintech yet.
          </Typography>
        )}
        {entries.length > 0 && (
          <Box component="ul" aria-label="Fintech sync history" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {entries.map((entry) => (
              <Box component="li" key={entry.id} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatDateTime(entry.createdAt)}
                </Typography>
                <Typography variant="body2" color={entry.error_log ? 'error' : 'text.secondary'}>
                  {entry.error_log
                    ? `${entry.error_log.step}: ${entry.error_log.message}`
                    : entry.success_log?.message}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
