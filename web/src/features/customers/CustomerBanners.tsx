import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { formatDate } from '../../shared/format';
import { UnpaidInvoicesBanner } from '../payments/UnpaidInvoicesBanner';
import { CUSTOMER_MESSAGES, expiryMessage } from './customer-messages';
import { useCustomerDelinquencyQuery, useTabcExpirationQuery } from './customers.api';

/**
 * The client's specification: the permit has expired or expires in under 30 days,
 * and the customer is on the credit-law delinquent list; and, with the payment feature, the unpaid invoices.
 * Nothing shows while loading or when there is nothing to say.
 */
export function CustomerBanners({
  customerId,
  hideDelinquency = false,
}: {
  customerId: string;
  /** The invoice builder says it itself, judged on the invoice date (credit law on). */
  hideDelinquency?: boolean;
}) {
  const { data: expiration } = useTabcExpirationQuery(customerId);
  const { data: delinquency } = useCustomerDelinquencyQuery(customerId);
  const expiry = expiration ? expiryMessage(expiration, (date) => formatDate(date)) : null;
  return (
    // empty (nothing to say): takes no space
    <Stack spacing={1.5} sx={{ mb: 3, '&:empty': { display: 'none' } }}>
      {expiry && (
        <Alert severity={expiration?.isExpired ? 'error' : 'warning'} aria-label="TABC permit">
          <AlertTitle>
            {expiration?.isExpired ? 'TABC permit expired' : 'TABC permit expiring soon'}
          </AlertTitle>
          {expiry}
        </Alert>
      )}
      {delinquency?.delinquent && !hideDelinquency && (
        <Alert severity="error" aria-label="TABC delinquent list">
          <AlertTitle>TABC delinquent list</AlertTitle>
          {CUSTOMER_MESSAGES.delinquent}
          {delinquency.effective_date && ` Effective ${formatDate(delinquency.effective_date)}`}
          {delinquency.list_number && ` (list ${delinquency.list_number})`}
          {(delinquency.effective_date || delinquency.list_number) && '.'}
        </Alert>
      )}
      <UnpaidInvoicesBanner customerId={customerId} />
    </Stack>
  );
}
