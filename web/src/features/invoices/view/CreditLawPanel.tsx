import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate } from '../../../shared/format';
import { usePdfDownload } from '../../public/pdf-actions';
import { mailtoOf, useCreditLawPdfMutation, type InvoiceCreditLaw, type MailDraft } from '../credit-law.api';
import type { Invoice } from '../invoices.api';

const STANDING: Record<
  NonNullable<InvoiceCreditLaw['standing']>,
  { label: string; color: 'default' | 'info' | 'warning' | 'error' | 'success' }
> = {
  open: { label: 'Not due yet', color: 'default' },
  due_soon: { label: 'Due within 3 business days', color: 'warning' },
  grace: { label: 'Past due: pay by the last day', color: 'warning' },
  late: { label: 'Delinquent', color: 'error' },
  paid: { label: 'Paid', color: 'success' },
};

/** The line under the user's due date: the statutory one beside it. */
export const creditLawNote = (credit: InvoiceCreditLaw | undefined) =>
  credit?.applies && credit.statutory_due_at
    ? `Credit law: due ${formatDate(credit.statutory_due_at)}, late after ${formatDate(credit.last_day_to_pay!)}`
    : undefined;

function NoticeActions({
  number,
  kind,
  draft,
}: {
  number: string;
  kind: 'notice' | 'release';
  draft: MailDraft;
}) {
  const [download] = useCreditLawPdfMutation();
  const { busy, run } = usePdfDownload((n: string) => download({ number: n, kind }).unwrap());
  const what = kind === 'notice' ? 'Delinquency Notice' : 'Release';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined />}
        disabled={busy}
        onClick={() => void run(number)}
      >
        {what} PDF
      </Button>
      <Button size="small" variant="outlined" startIcon={<EmailOutlined />} href={mailtoOf(draft)}>
        E-mail {what}
      </Button>
    </Box>
  );
}

/**
 * The statutory due date and last day to pay of a liquor or wine invoice on credit,
 * where the balance stands, and — once it is delinquent — the notice to send (PDF, and an e-mail draft the user sends
 * from their own mail program), then its release once paid. Nothing with the credit law off or for beer.
 */
export function CreditLawPanel({
  invoice,
  credit,
}: {
  invoice: Invoice;
  credit: InvoiceCreditLaw | undefined;
}) {
  const id = useId();
  if (!credit?.applies || !credit.standing) return null;
  const standing = STANDING[credit.standing];
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
          Credit Law
        </Typography>
        <Chip size="small" label={standing.label} color={standing.color} sx={{ mb: 1.5 }} />
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            Bought
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDate(credit.purchased_at)}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Statutory due date
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {formatDate(credit.statutory_due_at!)}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Last day to pay
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDate(credit.last_day_to_pay!)} (4th business day)
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Your due date
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {invoice.due_at ? formatDate(invoice.due_at) : 'On delivery'}
          </Typography>
        </Box>
        {credit.notice?.available && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>Report the delinquency</AlertTitle>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Unpaid since {formatDate(credit.delinquent_on!)}: the law asks you to report it to the TABC at
              once, in writing, and to sell the retailer no liquor until it is paid.
            </Typography>
            <NoticeActions number={invoice.number} kind="notice" draft={credit.notice} />
          </Alert>
        )}
        {credit.release?.available && (
          <Alert severity="success" sx={{ mt: 2 }}>
            <AlertTitle>Release the delinquency</AlertTitle>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Paid in full after it went delinquent: send the TABC its release.
            </Typography>
            <NoticeActions number={invoice.number} kind="release" draft={credit.release} />
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** The licence guard's warning the invoice was created with. */
export function LicenceWarningAlert({ invoice }: { invoice: Invoice }) {
  if (!invoice.licence_warning) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} aria-label="TABC licence warning">
      <AlertTitle>Invoiced despite a TABC licence warning</AlertTitle>
      {invoice.licence_warning.message}
    </Alert>
  );
}
