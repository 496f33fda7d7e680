import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../shared/format';
import { BalanceInvoicesTable } from '../payments/BalanceInvoicesTable';
import { PAYMENT_MESSAGES } from '../payments/payment-messages';
import { usePdfDownload } from './pdf-actions';
import { usePublicBalanceFileMutation, usePublicBalanceQuery, type PublicBalance } from './pdf.api';
import {
  CustomerDocumentHead,
  PublicError,
  PublicLoading,
  PublicPage,
  useReadyForExport,
} from './public-view';

function BalanceBody({ balance }: { balance: PublicBalance }) {
  const count = balance.invoices.length;
  return (
    <>
      <CustomerDocumentHead
        company={balance.company}
        customer={balance.customer}
        figure={{
          label: 'Owing',
          value: formatMoney(balance.summary.owing),
          note: `${count} ${count === 1 ? 'invoice' : 'invoices'} due or partially paid`,
        }}
      />
      {balance.invoices.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {PAYMENT_MESSAGES.noBalance}
        </Typography>
      ) : (
        <BalanceInvoicesTable invoices={balance.invoices} />
      )}
    </>
  );
}

/** /customer/balance/pdf/:token — a customer's balance opened by its public link (as the client's specification asks), signed out. */
export default function PublicBalancePage() {
  const { token = '' } = useParams();
  const { data, error, isLoading } = usePublicBalanceQuery(token);
  const [download] = usePublicBalanceFileMutation();
  const { busy, run } = usePdfDownload((t: string) => download(t).unwrap());
  useReadyForExport(!!data && !error);
  if (isLoading) return <PublicLoading label="Loading balance" />;
  if (error || !data) return <PublicError error={error} />;
  return (
    <PublicPage
      title={`${data.customer.name} · Balance`}
      heading={data.customer.name}
      subheading={`Balance ${formatMoney(data.summary.owing)}`}
      downloading={busy}
      onDownload={() => void run(token)}
    >
      <BalanceBody balance={data} />
    </PublicPage>
  );
}
