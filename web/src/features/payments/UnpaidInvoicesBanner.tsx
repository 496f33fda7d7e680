import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { RouterButton } from '../../shared/ui/RouterButton';
import { balancePath, unpaidMessage } from './payment-messages';
import { useCheckBalanceQuery } from './payments.api';

/**
 * The client's specification: 'customer has {amount} in unpaid invoices', linking to the customer's balance.
 * Only with the payment feature (the balance check is gated); nothing while loading, on error or
 * when nothing is owed.
 */
export function UnpaidInvoicesBanner({ customerId }: { customerId: string }) {
  const { active } = useFeature('payment');
  const { data } = useCheckBalanceQuery(customerId, { skip: !active || !customerId });
  if (!active || !data || !(data.owing > 0)) return null;
  return (
    <Alert
      severity="warning"
      aria-label="Unpaid invoices"
      action={
        <RouterButton to={balancePath(customerId)} color="inherit" size="small">
          View Balance
        </RouterButton>
      }
    >
      <AlertTitle>Unpaid invoices</AlertTitle>
      {unpaidMessage(data.owing)}
      {data.open_invoices > 0 &&
        ` ${data.open_invoices} ${data.open_invoices === 1 ? 'invoice is' : 'invoices are'} open.`}
    </Alert>
  );
}
