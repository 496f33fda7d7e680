import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PhoneBlock, PhoneBlockLine, PhoneBlockList } from '../../shared/ui/PhoneBlocks';
import { TakeBackToCreditDialog, type AccountShare } from '../accounts/TakeBackToCreditDialog';
import type { Invoice, InvoicePayment } from '../invoices/invoices.api';
import { deleteQuestion, PAYMENT_MESSAGES } from './payment-messages';
import { PaymentFormDialog } from './PaymentFormDialog';
import { useDeletePaymentMutation } from './payments.api';

/**
 * Paid and remaining next to the invoice total. A cancelled invoice owes nothing: it shows what was paid and
 * 'Cancelled' where the remaining amount would be.
 */
function Totals({ invoice }: { invoice: Invoice }) {
  const cancelled = invoice.status === 'cancelled';
  const items: [string, number | string, boolean][] = [
    ['Total', invoice.total, false],
    ...(invoice.credited > 0 ? [['Credited', invoice.credited, false] as [string, number, boolean]] : []),
    ['Paid', invoice.paid, false],
    cancelled ? ['Remaining', 'Cancelled', false] : ['Remaining', invoice.remaining, invoice.remaining > 0],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, m: 0, mb: 2 }}
      aria-label="Payment totals"
    >
      {items.map(([label, amount, strong]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              color: strong ? 'warning.dark' : 'text.primary',
            }}
          >
            {typeof amount === 'number' ? formatMoney(amount) : amount}
          </Typography>
        </Box>
      ))}
      {invoice.balance < 0 && !cancelled && (
        <Box>
          <Typography component="dt" variant="caption" color="text.secondary">
            Overpaid
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, color: 'info.main' }}>
            {formatMoney(-invoice.balance)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function NoPayments() {
  return (
    <Box
      role="status"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 0.5,
        py: 3,
        textAlign: 'center',
        borderRadius: 1,
        bgcolor: 'background.default',
      }}
    >
      <PaymentsOutlined aria-hidden sx={{ fontSize: 36, color: 'text.disabled' }} />
      <Typography sx={{ fontWeight: 600 }}>{PAYMENT_MESSAGES.noPayments}</Typography>
      <Typography variant="body2" color="text.secondary">
        {PAYMENT_MESSAGES.noPaymentsHint}
      </Typography>
    </Box>
  );
}

type PaymentActionsProps = {
  payment: InvoicePayment;
  onEdit: (payment: InvoicePayment) => void;
  onDelete: (payment: InvoicePayment) => void;
  /** A payment from the customer's account: taken back to the customer's credit (absent: not offered). */
  onTakeBack?: (payment: InvoicePayment) => void;
};

/** The owner's actions on one payment: edit and delete, or, for a share of the customer's account, take it back. */
function PaymentActions({ payment, onEdit, onDelete, onTakeBack }: PaymentActionsProps) {
  if (payment.from_account)
    return (
      <>
        From the account
        {onTakeBack && (
          <Tooltip title="Take back to credit">
            <IconButton
              size="small"
              sx={{ ml: 0.5 }}
              aria-label={`Take back to credit the payment of ${formatMoney(payment.amount)}`}
              onClick={() => onTakeBack(payment)}
            >
              <UndoOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </>
    );
  return (
    <>
      <Tooltip title="Edit payment">
        <IconButton
          size="small"
          aria-label={`Edit payment of ${formatMoney(payment.amount)}`}
          onClick={() => onEdit(payment)}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete payment">
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete payment of ${formatMoney(payment.amount)}`}
          onClick={() => onDelete(payment)}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

const noteOf = (payment: InvoicePayment) =>
  payment.note || (
    <Typography component="span" variant="body2" color="text.disabled">
      —
    </Typography>
  );

type PaymentsProps = Omit<PaymentActionsProps, 'payment'> & { payments: InvoicePayment[]; owner: boolean };

/** On a phone: one block per payment, its note whole, the owner's actions beside its amount. */
function PaymentsList({ payments, owner, ...actions }: PaymentsProps) {
  return (
    <PhoneBlockList aria-label="Payments">
      {payments.map((payment) => (
        <PhoneBlock key={payment.id}>
          <PhoneBlockLine
            end={
              owner && (
                <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
                  <PaymentActions payment={payment} {...actions} />
                </Box>
              )
            }
          >
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(payment.amount)}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                {' '}
                received {formatDate(payment.received_at)}
              </Typography>
            </Typography>
          </PhoneBlockLine>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {noteOf(payment)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Logged {formatDateTime(payment.created_at)}
          </Typography>
        </PhoneBlock>
      ))}
    </PhoneBlockList>
  );
}

function PaymentsTable({ payments, owner, ...actions }: PaymentsProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const sorted = [...payments].sort(
    (a, b) => b.received_at.localeCompare(a.received_at) || b.created_at.localeCompare(a.created_at),
  );
  if (phone) return <PaymentsList payments={sorted} owner={owner} {...actions} />;
  return (
    <TableContainer>
      <Table size="small" aria-label="Payments">
        <TableHead>
          <TableRow>
            <TableCell>Received</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Note</TableCell>
            <TableCell>Logged At</TableCell>
            {owner && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((payment) => (
            <TableRow key={payment.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payment.received_at)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(payment.amount)}
              </TableCell>
              <TableCell sx={{ maxWidth: 260, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {noteOf(payment)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(payment.created_at)}
              </TableCell>
              {owner && (
                <TableCell
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    py: 0,
                    color: payment.from_account ? 'text.secondary' : undefined,
                  }}
                >
                  <PaymentActions payment={payment} {...actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The invoice view's payments section (only with the payment feature): paid and remaining, the
 * payments with the owner's Actions column (edit, delete; a payment from the customer's account is taken back to
 * credit instead), and Log Payment opening the payment form. A cancelled invoice cannot be given payments.
 */
export function InvoicePaymentsSection({ invoice }: { invoice: Invoice }) {
  const { active } = useFeature('payment');
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  const titleId = useId();
  const [form, setForm] = useState<{ payment: InvoicePayment | null } | null>(null);
  const [deleting, setDeleting] = useState<InvoicePayment | null>(null);
  const [asking, setAsking] = useState(false);
  const [takingBack, setTakingBack] = useState<AccountShare | null>(null);
  const [deletePayment, { isLoading: removing }] = useDeletePaymentMutation();
  if (!active) return null;
  const cancelled = invoice.status === 'cancelled';
  const payments = invoice.payments ?? [];

  const remove = async () => {
    if (!deleting) return;
    try {
      await deletePayment({ invoice, paymentId: deleting.id }).unwrap();
      toast.success(PAYMENT_MESSAGES.deleted);
    } catch (error) {
      toast.error(toProblem(error)?.message || PAYMENT_MESSAGES.deleteFailed);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 1.5,
          }}
        >
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Payments
          </Typography>
          {!cancelled && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<Add />}
              onClick={() => setForm({ payment: null })}
            >
              Log Payment
            </Button>
          )}
        </Box>
        <Totals invoice={invoice} />
        {cancelled && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {PAYMENT_MESSAGES.cancelled}
            {invoice.credited_to_account > 0 &&
              ` Its payments of ${formatMoney(invoice.credited_to_account)} became the customer's credit when it was cancelled.`}
            {invoice.paid > 0 &&
              ` The ${formatMoney(invoice.paid)} paid stays recorded here; it is not counted on the customer's balance.`}
          </Typography>
        )}
        {payments.length === 0 ? (
          <NoPayments />
        ) : (
          <PaymentsTable
            payments={payments}
            owner={owner}
            onEdit={(payment) => setForm({ payment })}
            onDelete={(payment) => {
              setDeleting(payment);
              setAsking(true);
            }}
            onTakeBack={
              cancelled
                ? undefined
                : (payment) =>
                    setTakingBack({
                      customerId: invoice.customer.id,
                      invoiceId: invoice.id,
                      invoiceNumber: invoice.number,
                      paymentId: payment.id,
                      amount: payment.amount,
                    })
            }
          />
        )}
      </CardContent>
      {form && <PaymentFormDialog invoice={invoice} payment={form.payment} onClose={() => setForm(null)} />}
      {takingBack && <TakeBackToCreditDialog share={takingBack} onClose={() => setTakingBack(null)} />}
      <ConfirmDialog
        open={asking}
        title={deleting ? deleteQuestion(deleting) : ''}
        confirmLabel="Delete Payment"
        cancelLabel="Nevermind"
        destructive
        busy={removing}
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      >
        The invoice&apos;s balance and status follow.
      </ConfirmDialog>
    </Card>
  );
}
