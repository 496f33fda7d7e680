import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../shared/format';
import { BalanceInvoicesTable } from '../payments/BalanceInvoicesTable';
import { PAYMENT_MESSAGES } from '../payments/payment-messages';
import { usePdfDownload } from './pdf-actions';
import { usePublicBalanceFileMutation, usePublicBalanceQuery, type PublicBalance } from './pdf.api';
import {
  CompanyHeader,
  PublicError,
  PublicLoading,
  PublicPage,
  sectionLabel,
  useReadyForExport,
} from './public-view';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function BalanceBody({ balance }: { balance: PublicBalance }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        <CompanyHeader company={balance.company} />
        <Box component="section" aria-label="Owing" sx={{ textAlign: { sm: 'right' } }}>
          <Typography sx={sectionLabel}>Owing</Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, ...num }}>
            {formatMoney(balance.summary.owing)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {balance.invoices.length} {balance.invoices.length === 1 ? 'invoice' : 'invoices'} due or
            partially paid
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Customer" sx={{ mb: 3 }}>
        <Typography sx={sectionLabel}>Customer</Typography>
        <Typography sx={{ fontWeight: 700 }}>{balance.customer.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          TABC ID {balance.customer.display_tabc_id}
        </Typography>
      </Box>
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
      heading={
        <>
          {data.customer.name}
          <Typography component="span" sx={{ display: 'block', fontSize: '1rem', color: 'text.secondary' }}>
            Balance {formatMoney(data.summary.owing)}
          </Typography>
        </>
      }
      downloading={busy}
      onDownload={() => void run(token)}
    >
      <BalanceBody balance={data} />
    </PublicPage>
  );
}
