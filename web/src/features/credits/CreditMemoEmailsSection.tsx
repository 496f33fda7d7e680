import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_MESSAGES, memoEmailLogPath } from '../invoices/delivery/delivery-messages';
import { LoadedEmails, NoEmails, usePollWhileQueued } from '../invoices/delivery/InvoiceEmailsSection';
import { useCreditMemoEmailsQuery, type CreditMemo } from './credits.api';

/**
 * The memo view's e-mails, as the invoice view shows an invoice's: to whom the memo was e-mailed, and whether the
 * mail server took it (Sent), is retrying it (Retrying, read again every few seconds) or did not deliver it, with a
 * link to the memo's rows of the Email log.
 */
export function CreditMemoEmailsSection({ memo }: { memo: CreditMemo }) {
  const titleId = useId();
  const [pollingInterval, follow] = usePollWhileQueued();
  const { data, isLoading, isError, refetch } = useCreditMemoEmailsQuery(memo.id, { pollingInterval });
  follow(data);
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            E-mails
          </Typography>
          <Link component={RouterLink} to={memoEmailLogPath(memo.number)} variant="body2" underline="hover">
            Email log
          </Link>
        </Box>
        <LoadedEmails
          emails={isError ? undefined : data}
          isLoading={isLoading}
          onRetry={() => void refetch()}
          empty={<NoEmails hint={EMAIL_MESSAGES.noMemoEmailsSentHint} />}
          notes={false}
        />
      </CardContent>
    </Card>
  );
}
