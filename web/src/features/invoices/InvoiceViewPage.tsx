import ArrowBack from '@mui/icons-material/ArrowBack';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FindReplaceOutlined from '@mui/icons-material/FindReplaceOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { useCompany } from '../../shared/company/company.api';
import { useCompliancePolicy } from '../../shared/company/compliance.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { FintechPanel } from '../integrations/FintechPanel';
import { MpowerSyncButton, MpowerSyncStatus } from '../integrations/MpowerSync';
import { QuickBooksInvoiceState } from '../integrations/QuickBooksInvoiceState';
import { formatDate, formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  useDeleteInvoiceMutation,
  useGetInvoiceQuery,
  useUpdateInvoiceMutation,
  type Invoice,
  type InvoiceStampRange,
} from './invoices.api';
import {
  changeQuestion,
  editInvoicePath,
  replaceInvoicePath,
  INVOICE_MESSAGES,
  stampCount,
  stampRangeLabel,
  statusLabel,
} from './view/invoice-display';
import { InvoicePaymentsSection } from '../payments/InvoicePaymentsSection';
import { CreditItemsDialog } from '../credits/CreditItemsDialog';
import { InvoiceCreditMemosSection } from '../credits/InvoiceCreditMemosSection';
import {
  InvoicePdfButton,
  InvoiceRevokeLinksButton,
  InvoiceShareLinkButton,
} from '../public/document-actions';
import { InvoiceDocumentsSection } from './delivery/InvoiceDocumentsSection';
import { InvoiceEmailsSection } from './delivery/InvoiceEmailsSection';
import { InvoiceDetailsForm, type RequestedChange } from './view/InvoiceDetailsForm';
import { InvoiceDocument } from './view/InvoiceDocument';
import { CompanyNotePanel, StampsPanel, StatusHistoryPanel } from './view/InvoiceSidePanels';
import { ProofOfDeliverySection } from './view/ProofOfDeliverySection';
import { CreditLawPanel, creditLawNote, LicenceWarningAlert } from './view/CreditLawPanel';
import { cancelConsequences, freedByCancel, uncancelConsequences } from './view/cancel-invoice';
import { useInvoiceCreditLawQuery } from './credit-law.api';

/** 'Sorry, something went wrong!' with the reason (a 404 too), and the way back. */
function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
      <title>{`${INVOICE_MESSAGES.loadFailed} · Stampline`}</title>
      <ReceiptLongOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h1">{INVOICE_MESSAGES.loadFailed}</Typography>
      {message && <Typography color="text.secondary">{message}</Typography>}
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button variant="outlined" onClick={onRetry}>
          Try Again
        </Button>
        <RouterButton to="/invoice" variant="contained">
          All Invoices
        </RouterButton>
      </Box>
    </Box>
  );
}

function Loading() {
  return (
    <Box aria-busy="true" aria-label="Loading invoice">
      <Skeleton variant="text" width={240} height={48} sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' } }}>
        <Skeleton variant="rounded" height={560} />
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      </Box>
    </Box>
  );
}

/** After a cancellation: the stamps the invoice gave back (as the client's specification asks). */
function ReleasedStamps({ ranges, onClose }: { ranges: InvoiceStampRange[]; onClose: () => void }) {
  return (
    <Alert
      severity="success"
      role="status"
      onClose={onClose}
      closeText="Dismiss released stamps"
      sx={{ mb: 3 }}
    >
      <AlertTitle>{INVOICE_MESSAGES.stampsReleased}</AlertTitle>
      <Box component="ul" aria-label="Released stamps" sx={{ m: 0, pl: 2.5 }}>
        {ranges.map((range) => (
          <li key={`${range.roll_id}-${range.from}`}>
            <strong>{stampRangeLabel(range)}</strong> ({stampCount(range.count)})
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const company = useCompany().data;
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  const [update, { isLoading: saving }] = useUpdateInvoiceMutation();
  const [remove, { isLoading: deleting }] = useDeleteInvoiceMutation();
  // the last question stays while its dialog closes, so its text does not change during the exit transition
  const [pending, setPending] = useState<RequestedChange | null>(null);
  // asked from the Cancel Invoice button (not the status drop-down): the question names the invoice
  const [cancelAsked, setCancelAsked] = useState(false);
  const [asking, setAsking] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [problem, setProblem] = useState<string[]>([]);
  const [released, setReleased] = useState<InvoiceStampRange[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const cancelled = invoice.status === 'cancelled';
  // With strict records on nobody deletes an invoice (the API refuses it too); the alert says why
  const strictRecords = useCompliancePolicy().data?.strict_records === true;
  const mpower = useFeature('mpower').active;
  const [mpowerResult, setMpowerResult] = useState<{ success: boolean; message: string } | null>(null);
  const clearMpowerResult = useCallback(() => setMpowerResult(null), []);
  const { data: credit } = useInvoiceCreditLawQuery(
    { id: invoice.id, number: invoice.number },
    { refetchOnMountOrArgChange: true },
  );

  const request = (change: RequestedChange) => {
    if (change.same) {
      toast.info(`Nothing needs updating: the ${change.field} is already ${change.from}.`);
      setResetKey((k) => k + 1);
      return;
    }
    setPending(change);
    setCancelAsked(false);
    setAsking(true);
  };

  const askCancel = () => {
    setPending({
      field: 'status',
      from: statusLabel(invoice.status),
      to: statusLabel('cancelled'),
      same: false,
      body: { status: 'cancelled' },
    });
    setCancelAsked(true);
    setAsking(true);
  };
  const cancelling = pending?.body.status === 'cancelled' && !cancelled;
  const uncancelling = cancelled && pending?.field === 'status' && pending.body.status !== 'cancelled';
  const consequences = cancelling
    ? cancelConsequences(invoice)
    : uncancelling
      ? uncancelConsequences(invoice)
      : [];

  const decline = () => {
    setAsking(false);
    setResetKey((k) => k + 1);
  };

  const save = async () => {
    if (!pending) return;
    const before = invoice.stamps;
    setProblem([]);
    try {
      const saved = await update({ id: invoice.id, body: pending.body }).unwrap();
      toast.success(`Invoice #${invoice.number}: ${pending.field} changed to ${pending.to}.`);
      const freed = freedByCancel(before);
      if (saved.status === 'cancelled' && !cancelled && freed.length) setReleased(freed);
      if (saved.status !== 'cancelled') setReleased([]);
    } catch (error) {
      setProblem(problemMessages(toProblem(error), 'The invoice could not be saved.'));
      setResetKey((k) => k + 1);
    } finally {
      setAsking(false);
    }
  };

  const deleteInvoice = async () => {
    setProblem([]);
    try {
      await remove(invoice.id).unwrap();
      toast.success(INVOICE_MESSAGES.deleted);
      navigate('/invoice');
    } catch (error) {
      setConfirmDelete(false);
      setProblem(problemMessages(toProblem(error), 'The invoice could not be deleted.'));
    }
  };

  return (
    <>
      <PageHeader
        title={`Invoice #${invoice.number}`}
        subtitle={`${invoice.customer.name} · ${formatDate(invoice.invoiced_at)} · ${formatMoney(invoice.total)}`}
        actions={
          <>
            <RouterButton to="/invoice" variant="text" startIcon={<ArrowBack />}>
              All Invoices
            </RouterButton>
            {mpower && <MpowerSyncButton invoiceId={invoice.id} onResult={setMpowerResult} />}
            <InvoicePdfButton number={invoice.number} />
            <InvoiceShareLinkButton invoiceId={invoice.id} number={invoice.number} />
            <InvoiceRevokeLinksButton invoiceId={invoice.id} number={invoice.number} />
            {owner && cancelled && !strictRecords && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            )}
            {cancelled && !invoice.replaced_by && (
              <RouterButton
                to={replaceInvoicePath(invoice.number)}
                variant="contained"
                startIcon={<FindReplaceOutlined />}
              >
                Replace
              </RouterButton>
            )}
            {!cancelled && (
              <Button variant="outlined" startIcon={<ReceiptOutlined />} onClick={() => setCrediting(true)}>
                Credit items…
              </Button>
            )}
            {!cancelled && (
              <Button variant="outlined" color="error" startIcon={<BlockOutlined />} onClick={askCancel}>
                Cancel Invoice
              </Button>
            )}
            {!cancelled && (
              <RouterButton
                to={editInvoicePath(invoice.number)}
                variant="contained"
                startIcon={<EditOutlined />}
              >
                Edit
              </RouterButton>
            )}
          </>
        }
      />
      {mpower && <MpowerSyncStatus invoiceId={invoice.id} result={mpowerResult} onDone={clearMpowerResult} />}
      <QuickBooksInvoiceState invoiceId={invoice.id} />
      {problem.length > 0 && (
        <Box sx={{ mb: 3 }} role="alert">
          <ProblemAlert title={INVOICE_MESSAGES.saveFailed} messages={problem} />
        </Box>
      )}
      {released.length > 0 && <ReleasedStamps ranges={released} onClose={() => setReleased([])} />}
      {invoice.orders.length > 0 && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          Made from{' '}
          {invoice.orders.map((orderId, index) => (
            <span key={orderId}>
              {index > 0 && ', '}
              <Link component={RouterLink} to={`/order/${orderId}`}>
                {invoice.orders.length > 1 ? `order ${index + 1}` : 'an order'}
              </Link>
            </span>
          ))}
          .
        </Alert>
      )}
      {invoice.replaces && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          This invoice replaces cancelled invoice{' '}
          <Link component={RouterLink} to={`/invoice/${encodeURIComponent(invoice.replaces.number)}`}>
            #{invoice.replaces.number}
          </Link>
          .
        </Alert>
      )}
      <LicenceWarningAlert invoice={invoice} />
      {cancelled && released.length === 0 && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }}>
          {invoice.replaced_by ? (
            <>
              This invoice is cancelled and was replaced by invoice{' '}
              <Link component={RouterLink} to={`/invoice/${encodeURIComponent(invoice.replaced_by.number)}`}>
                #{invoice.replaced_by.number}
              </Link>
              : it stays cancelled, with its number, as the record of what was corrected.
              {strictRecords && ' Strict records is on: invoices are never deleted.'}
            </>
          ) : (
            <>
              This invoice is cancelled: it cannot be edited or given payments. Change its status to use it
              again, or Replace it with a corrected invoice (a new number; the two name each other).
              {strictRecords && ' Strict records is on: invoices are never deleted.'}
            </>
          )}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <InvoiceDocument
            invoice={invoice}
            company={company}
            details={
              <InvoiceDetailsForm
                invoice={invoice}
                resetKey={resetKey}
                onRequest={request}
                creditLawNote={creditLawNote(credit)}
              />
            }
          />
          <ProofOfDeliverySection invoice={invoice} />
          <InvoiceCreditMemosSection invoice={invoice} />
          <InvoicePaymentsSection invoice={invoice} />
          <InvoiceDocumentsSection invoiceId={invoice.id} />
          <InvoiceEmailsSection invoice={invoice} />
        </Stack>
        <Stack spacing={3}>
          <CreditLawPanel invoice={invoice} credit={credit} />
          <StampsPanel invoice={invoice} />
          <StatusHistoryPanel invoice={invoice} />
          <CompanyNotePanel invoice={invoice} />
          <FintechPanel invoiceId={invoice.id} customerId={invoice.customer_id} />
        </Stack>
      </Box>
      <ConfirmDialog
        open={asking}
        title={
          cancelAsked
            ? `Sure you want to cancel invoice #${invoice.number}?`
            : pending
              ? changeQuestion(pending.field, pending.from, pending.to)
              : ''
        }
        confirmLabel={cancelAsked ? 'Cancel Invoice' : 'Yes, change it'}
        cancelLabel="Nevermind"
        busy={saving}
        destructive={cancelling}
        onConfirm={() => void save()}
        onClose={decline}
      >
        {consequences.length > 0 ? (
          <Stack spacing={1}>
            {consequences.map((sentence) => (
              <span key={sentence}>{sentence}</span>
            ))}
          </Stack>
        ) : undefined}
      </ConfirmDialog>
      {crediting && <CreditItemsDialog invoice={invoice} onClose={() => setCrediting(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title={`Sure you want to delete invoice #${invoice.number}?`}
        confirmLabel="Delete Invoice"
        cancelLabel="Nevermind"
        destructive
        busy={deleting}
        onConfirm={() => void deleteInvoice()}
        onClose={() => setConfirmDelete(false)}
      >
        It leaves the invoice lists for good. Its history and stamp records stay for audits.
      </ConfirmDialog>
    </>
  );
}

/** /invoice/:number — the invoice view page (as the client's specification asks). */
export default function InvoiceViewPage() {
  const { number = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetInvoiceQuery(number, { skip: !number });
  if (isLoading) return <Loading />;
  if (!data || (error && !isFetching))
    return <LoadFailed message={toProblem(error)?.message ?? ''} onRetry={() => void refetch()} />;
  return <InvoiceView key={data.id} invoice={data} />;
}
