import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { editCustomerPath } from '../customers/customer-grid.columns';
import {
  BalancePdfButton,
  BalanceRevokeLinksButton,
  BalanceShareLinkButton,
} from '../public/document-actions';
import { BalanceInvoicesTable } from './BalanceInvoicesTable';
import { PAYMENT_MESSAGES, paymentsForCustomerPath } from './payment-messages';
import { useCustomerBalanceQuery, type CustomerBalance } from './payments.api';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Owing({ balance }: { balance: CustomerBalance }) {
  const { owing } = balance.summary;
  const count = balance.invoices.length;
  return (
    <Card component="section" aria-label="Owing" sx={{ mb: 3 }}>
      <CardContent
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 3,
          p: { xs: 2, sm: 3 },
          '&:last-child': { pb: { xs: 2, sm: 3 } },
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: owing > 0 ? '#fff6e5' : '#ebf8f1',
            color: owing > 0 ? '#b54708' : '#027a48',
          }}
        >
          <PaymentsOutlined />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Owing
          </Typography>
          <Typography
            aria-label={`Owing ${formatMoney(owing)}`}
            sx={{ fontSize: '1.75rem', fontWeight: 700, ...money }}
          >
            {formatMoney(owing)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {count === 0
            ? 'Nothing is due.'
            : `${count} ${count === 1 ? 'invoice is' : 'invoices are'} due or partially paid.`}
        </Typography>
      </CardContent>
    </Card>
  );
}

function State({ error, message, onRetry }: { error?: boolean; message: string; onRetry?: () => void }) {
  return (
    <Box
      role={error ? 'alert' : 'status'}
      sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 6, textAlign: 'center' }}
    >
      {error ? (
        <ErrorOutline aria-hidden color="error" sx={{ fontSize: 40 }} />
      ) : (
        <InboxOutlined aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
      )}
      <Typography color={error ? 'error' : 'text.secondary'}>{message}</Typography>
      {onRetry && (
        <Button size="small" variant="outlined" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Box>
  );
}

function Balance({ customerId }: { customerId: string }) {
  const { data, error, isLoading, isFetching, refetch } = useCustomerBalanceQuery(customerId);
  useFeatureForbidden(error);
  const name = data?.customer.name;
  const failed = !!error && !isFetching;
  return (
    <>
      <PageHeader
        title={name ? `${name} · Balance` : 'Customer Balance'}
        subtitle={data ? `TABC ID ${data.customer.display_tabc_id}` : undefined}
        actions={
          <>
            <RouterButton to={editCustomerPath(customerId)} variant="text" startIcon={<ArrowBack />}>
              Customer
            </RouterButton>
            <RouterButton to={paymentsForCustomerPath(customerId)} variant="outlined">
              Payments
            </RouterButton>
            {data && <BalancePdfButton customerId={customerId} />}
            {data && <BalanceShareLinkButton customerId={customerId} name={data.customer.name} />}
            {data && <BalanceRevokeLinksButton customerId={customerId} name={data.customer.name} />}
          </>
        }
      />
      {isLoading ? (
        <Box aria-busy="true" aria-label="Loading balance">
          <Skeleton variant="rounded" height={96} sx={{ mb: 3 }} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : failed || !data ? (
        <Card>
          <State
            error
            message={[PAYMENT_MESSAGES.balanceFailed, toProblem(error)?.message].filter(Boolean).join(' ')}
            onRetry={() => void refetch()}
          />
        </Card>
      ) : (
        <>
          <Owing balance={data} />
          <Card component="section" aria-label="Due or partially paid invoices">
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              {data.invoices.length === 0 ? (
                <State message={PAYMENT_MESSAGES.noBalance} />
              ) : (
                <BalanceInvoicesTable invoices={data.invoices} linkInvoices />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </>
  );
}

/**
 * /customer/{customerId}/balance (as the client's specification asks): what the customer owes and the due or partially paid
 * invoices (number, date, total, paid, balance, due date or 'On Delivery', status). Needs the payment feature.
 */
export default function CustomerBalancePage() {
  const { customerId = '' } = useParams();
  return (
    <FeatureGate feature="payment">
      <Balance customerId={customerId} />
    </FeatureGate>
  );
}
