import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { RetryAlert } from '../../shared/ui/RetryAlert';
import { useCustomerBalanceQuery } from '../payments/payments.api';
import { CustomerPicker } from '../products/CustomerPicker';
import type { CustomerOption } from '../products/products.api';
import { openInvoicesOf } from './account-form';
import { ReceivePaymentDialog } from './ReceivePaymentDialog';

/**
 * 'Receive Payment…' where no customer is at hand (the payments page): whose money it is first, found by name, then
 * that customer's Receive Payment dialog — applied to its open invoices oldest first or as chosen, the rest kept as
 * its credit.
 */
export function ReceivePaymentAction() {
  const titleId = useId();
  const [step, setStep] = useState<'closed' | 'customer' | 'payment'>('closed');
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const balance = useCustomerBalanceQuery(customer?.id ?? '', { skip: step !== 'payment' || !customer });
  const invoices = useMemo(() => openInvoicesOf(balance.data), [balance.data]);
  const close = () => {
    setStep('closed');
    setCustomer(null);
  };

  return (
    <>
      <Button variant="contained" onClick={() => setStep('customer')}>
        Receive Payment…
      </Button>
      <Dialog
        // open until the customer's open invoices are in (Continue shows it is loading them)
        open={step === 'customer' || (step === 'payment' && !balance.data)}
        onClose={close}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>Receive Payment</DialogTitle>
        <DialogContent>
          <CustomerPicker
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              setStep('customer');
            }}
            label="Customer"
            placeholder="Search customers by name"
            helperText="Whose payment it is"
            sx={{ mt: 1 }}
          />
          {balance.isError && (
            <RetryAlert
              small
              retrying={balance.isFetching}
              onRetry={() => void balance.refetch()}
              sx={{ mt: 2 }}
            >
              The customer's open invoices could not be loaded.
            </RetryAlert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!customer}
            loading={step === 'payment' && balance.isFetching}
            onClick={() => setStep('payment')}
          >
            Continue
          </Button>
        </DialogActions>
      </Dialog>
      {step === 'payment' && customer && balance.data && (
        <ReceivePaymentDialog
          customerId={customer.id}
          customerName={customer.name}
          invoices={invoices}
          onClose={close}
        />
      )}
    </>
  );
}
