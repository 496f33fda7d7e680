import EditOutlined from '@mui/icons-material/EditOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, isOrderStatus } from '#domain/orders/order-status';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { invoicePath, newInvoiceForCustomerPath } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';
import { balancePath } from '../payments/payment-messages';
import { BalancePdfButton } from '../public/document-actions';
import { CustomerStatement } from '../statements/CustomerStatement';
import { CustomerAccountSection } from '../accounts/CustomerAccountSection';
import { CustomerCredit } from '../credits/CustomerCreditDialog';
import { CustomerAvatar } from './CustomerAvatar';
import { DelinquentListSection } from './DelinquentListSection';
import { LogPayment } from './LogPayment';
import { editCustomerPath } from './customer-grid.columns';
import { useCustomerOverviewQuery, type CustomerOverview } from './customers.api';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const cardContent = { p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } } as const;

type Open = CustomerOverview['open_invoices'][number];

/** A titled card section, named by its heading. */
function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent sx={cardContent}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={id} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

/** The licence and list standing: chips for what is wrong, the imported licence's facts. */
function Standing({ standing }: { standing: CustomerOverview['standing'] }) {
  const { licence, delinquent } = standing;
  const chips: { label: string; color: 'error' | 'warning' | 'success' | 'default' }[] = [];
  if (standing.expired) chips.push({ label: 'Licence expired', color: 'error' });
  else if (standing.expiring_soon) chips.push({ label: 'Licence expiring soon', color: 'warning' });
  if (standing.suspended)
    chips.push({ label: `Licence ${licence?.primary_status?.trim() || 'not active'}`, color: 'error' });
  if (delinquent) chips.push({ label: 'On the delinquent list', color: 'error' });
  if (licence && chips.length === 0) chips.push({ label: 'Licence active', color: 'success' });
  return (
    <Section title="TABC Standing">
      {chips.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }} aria-label="Licence and list status">
          {chips.map((chip) => (
            <Chip key={chip.label} label={chip.label} color={chip.color} size="small" variant="outlined" />
          ))}
        </Box>
      )}
      {licence ? (
        <Typography variant="body2">
          Licence {licence.license_type} {licence.license_id}
          {licence.primary_status ? ` · ${licence.primary_status}` : ''}
          {licence.expiration_date ? ` · expires ${formatDate(licence.expiration_date)}` : ''}
        </Typography>
      ) : (
        <Empty>
          {standing.list_imported
            ? "No licence in the imported TABC list matches this customer's TABC id."
            : 'The TABC licence list has not been imported: the licence cannot be checked.'}
        </Empty>
      )}
      {delinquent && (
        <Alert severity="error" variant="outlined" sx={{ mt: 1.5 }}>
          <AlertTitle>On the TABC credit-law delinquent list</AlertTitle>
          Permit {delinquent.permit}
          {delinquent.effective_date ? `, from ${formatDate(delinquent.effective_date)}` : ''}
          {delinquent.list_number ? ` (list ${delinquent.list_number})` : ''}.
        </Alert>
      )}
      {standing.problem && !standing.expired && !standing.suspended && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {standing.problem}
        </Typography>
      )}
    </Section>
  );
}

const AGING: [keyof CustomerOverview['balance']['aging'], string][] = [
  ['current', 'Current'],
  ['days_1_30', '1–30 days'],
  ['days_31_60', '31–60 days'],
  ['days_61_90', '61–90 days'],
  ['days_over_90', '90+ days'],
];

/** What the customer owes and its aging by days past the due date. */
function Balance({ overview }: { overview: CustomerOverview }) {
  const { owing, open_invoices: count, aging, unapplied_credit: credit, balance } = overview.balance;
  return (
    <Section title="Balance">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 2 }}>
        <Typography
          aria-label={`Owing ${formatMoney(owing)}`}
          sx={{ fontSize: '1.75rem', fontWeight: 700, ...money }}
        >
          {formatMoney(owing)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count === 0
            ? 'Nothing is owed.'
            : `owed on ${count} open ${count === 1 ? 'invoice' : 'invoices'}, aged by due date on ${formatDate(overview.today)}`}
        </Typography>
      </Box>
      {credit > 0 && (
        <Typography variant="body2" sx={{ mt: -1, mb: 2 }}>
          Less {formatMoney(credit)} unapplied credit: net balance{' '}
          <Box component="strong" sx={money}>
            {formatMoney(balance)}
          </Box>
          .
        </Typography>
      )}
      <Box
        component="dl"
        aria-label="Aging"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          gap: 1,
        }}
      >
        {AGING.map(([key, label]) => {
          const amount = aging[key];
          const late = key !== 'current' && amount > 0;
          return (
            <Box
              key={key}
              sx={{
                p: 1.25,
                borderRadius: 1,
                border: '1px solid',
                borderColor: late ? 'warning.light' : 'divider',
                bgcolor: late ? '#fff6e5' : 'background.default',
              }}
            >
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: 600, color: late ? 'warning.dark' : 'text.primary', ...money }}
              >
                {formatMoney(amount)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

function lateness(row: Open): string {
  if (row.days_late <= 0) return row.due_at ? `due ${formatDate(row.due_at)}` : 'On Delivery';
  return `${row.days_late} ${row.days_late === 1 ? 'day' : 'days'} late`;
}

function OpenInvoices({ overview }: { overview: CustomerOverview }) {
  const rows = overview.open_invoices;
  const more = overview.balance.open_invoices - rows.length;
  return (
    <Section title="Open Invoices">
      {rows.length === 0 ? (
        <Empty>No open invoices.</Empty>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Open invoices">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>Date</TableCell>
                <TableCell>Due</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  Paid
                </TableCell>
                <TableCell align="right">Balance</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={invoicePath(row.number)} sx={{ fontWeight: 600 }}>
                      #{row.number}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {formatDate(row.invoiced_at)}
                  </TableCell>
                  <TableCell
                    sx={{
                      whiteSpace: 'nowrap',
                      color: row.days_late > 0 ? 'warning.dark' : 'text.secondary',
                      fontWeight: row.days_late > 0 ? 600 : 400,
                    }}
                  >
                    {lateness(row)}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' }, ...money }}>
                    {formatMoney(row.total)}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' }, ...money }}>
                    {formatMoney(row.paid)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, ...money }}>
                    {formatMoney(row.balance)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <InvoiceStatusChip status={row.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {more > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {more} more on the{' '}
          <Link component={RouterLink} to={balancePath(overview.customer.id)}>
            balance page
          </Link>
          .
        </Typography>
      )}
    </Section>
  );
}

/** A short list of links with a value on the right. */
function LinkList({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; to: string; title: string; detail: string; value: string }[];
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 1,
            borderTop: '1px solid',
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0 },
          }}
        >
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Link component={RouterLink} to={row.to} sx={{ fontWeight: 600 }}>
              {row.title}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.detail}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600, ...money }}>{row.value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

const orderStatus = (status: string) => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

function RecentOrders({ overview }: { overview: CustomerOverview }) {
  const rows = overview.recent_orders;
  return (
    <Section title="Recent Orders">
      {rows.length === 0 ? (
        <Empty>No orders yet.</Empty>
      ) : (
        <LinkList
          label="Recent orders"
          rows={rows.map((order) => ({
            key: order.id,
            to: `/order/${order.number}`,
            title: `Order #${order.number}`,
            detail: `${formatDateTime(order.created_at)} · ${orderStatus(order.status)}`,
            value: formatMoney(order.total),
          }))}
        />
      )}
    </Section>
  );
}

function RecentPayments({ overview }: { overview: CustomerOverview }) {
  const rows = overview.recent_payments;
  return (
    <Section title="Recent Payments">
      {rows.length === 0 ? (
        <Empty>No payments yet.</Empty>
      ) : (
        <LinkList
          label="Recent payments"
          rows={rows.map((payment) => ({
            key: payment.id,
            to: invoicePath(payment.invoice_number),
            title: `Invoice #${payment.invoice_number}`,
            detail: [`received ${formatDate(payment.received_at)}`, payment.note].filter(Boolean).join(' · '),
            value: formatMoney(payment.amount),
          }))}
        />
      )}
    </Section>
  );
}

const ACCESS = (user: CustomerOverview['customer']['customerUser'][number]) =>
  user.revoked ? 'Revoked' : user.is_enable ? 'Enabled' : 'Disabled';

function Contacts({ overview }: { overview: CustomerOverview }) {
  const { customer } = overview;
  const orders = useFeature('order').active;
  const contact = [customer.contact_name, customer.contact_phone, customer.contact_email].filter(Boolean);
  return (
    <Section
      title="Contacts"
      action={
        orders ? (
          <Link
            component={RouterLink}
            to={`/customer/${encodeURIComponent(customer.id)}/user`}
            variant="body2"
          >
            Customer users
          </Link>
        ) : undefined
      }
    >
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {customer.address}, {customer.city}, {customer.state} {customer.zip}
      </Typography>
      {contact.length > 0 ? (
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {contact.join(' · ')}
        </Typography>
      ) : (
        <Empty>No contact on file.</Empty>
      )}
      {customer.cash_on_delivery && (
        <Chip label="Cash on delivery" size="small" variant="outlined" sx={{ mt: 1 }} />
      )}
      {customer.customerUser.length > 0 && (
        <Box component="ul" aria-label="Customer users" sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0 }}>
          {customer.customerUser.map((user) => (
            <Box
              component="li"
              key={user.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5, minWidth: 0 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {user.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
                {user.email}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {ACCESS(user)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function Overview({ overview }: { overview: CustomerOverview }) {
  const { customer } = overview;
  const payments = useFeature('payment').active;
  return (
    <>
      <PageHeader
        title={customer.name}
        subtitle={`TABC ID ${customer.display_tabc_id} · ${customer.city}`}
        actions={
          <>
            <RouterButton
              to={newInvoiceForCustomerPath(customer.id)}
              variant="contained"
              startIcon={<PostAddOutlined />}
            >
              New Invoice
            </RouterButton>
            {payments && <LogPayment overview={overview} />}
            <CustomerCredit customerId={customer.id} />
            {payments && <BalancePdfButton customerId={customer.id} label="Balance PDF" />}
            <RouterButton to={editCustomerPath(customer.id)} variant="outlined" startIcon={<EditOutlined />}>
              Edit
            </RouterButton>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Balance overview={overview} />
          <OpenInvoices overview={overview} />
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <RecentOrders overview={overview} />
            <RecentPayments overview={overview} />
          </Box>
          {payments && (
            <CustomerStatement
              customerId={customer.id}
              name={customer.name}
              contactEmail={customer.contact_email}
              today={overview.today}
            />
          )}
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {payments && <CustomerAccountSection customerId={customer.id} />}
          <Standing standing={overview.standing} />
          <DelinquentListSection customerId={customer.id} />
          <Contacts overview={overview} />
          {payments && (
            <RouterButton to={balancePath(customer.id)} variant="text" startIcon={<PaymentsOutlined />}>
              Balance page
            </RouterButton>
          )}
        </Stack>
      </Box>
    </>
  );
}

function Loading() {
  return (
    <Box aria-busy="true" aria-label="Loading customer">
      <Skeleton variant="text" width={280} height={48} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={160} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
      <title>{`${message} · Stampline`}</title>
      <CustomerAvatar name="?" colorIndex={0} />
      <Typography variant="h1">{message}</Typography>
      <RouterButton to="/customer" variant="contained">
        All Customers
      </RouterButton>
    </Box>
  );
}

/**
 * /customer/{customerId}: the customer's overview — TABC standing, balance aged by due date, open invoices, the
 * newest orders and payments, the statement of a period (with the payment feature), contacts and users — and its
 * actions: New Invoice, Log Payment, Credit an Invoice…, Balance PDF, Edit.
 */
export default function CustomerOverviewPage() {
  const { customerId = '' } = useParams();
  const { data, error, isLoading } = useCustomerOverviewQuery(customerId, { skip: !customerId });
  if (isLoading) return <Loading />;
  if (!data) return <NotFound message={toProblem(error)?.message || 'Customer Not Found'} />;
  return <Overview overview={data} />;
}
