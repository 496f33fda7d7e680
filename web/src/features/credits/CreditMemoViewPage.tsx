import ArrowBack from '@mui/icons-material/ArrowBack';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { invoicePath } from '../invoices/view/invoice-display';
import { PdfButton, usePdfDownload } from '../public/pdf-actions';
import { CreditMemoEmailDialog } from './CreditMemoEmailDialog';
import { CreditMemoEmailsSection } from './CreditMemoEmailsSection';
import {
  useCreditMemoPdfMutation,
  useGetCreditMemoQuery,
  useVoidCreditMemoMutation,
  type CreditMemo,
} from './credits.api';
import { PHONE_ONLY, WIDE_ONLY } from '../../shared/ui/wide-only';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function CreditMemoView({ memo }: { memo: CreditMemo }) {
  const [asking, setAsking] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [voidMemo, { isLoading: voiding }] = useVoidCreditMemoMutation();
  const isVoid = memo.status === 'void';
  const [downloadPdf] = useCreditMemoPdfMutation();
  const pdf = usePdfDownload((of: CreditMemo) => downloadPdf(of).unwrap());

  const confirmVoid = async () => {
    if (reason.trim() === '') {
      setProblem(['Say why the credit memo is void.']);
      return;
    }
    try {
      await voidMemo({ id: memo.id, body: { reason: reason.trim() } }).unwrap();
      toast.success(`Credit memo ${memo.number} is void.`);
      setAsking(false);
    } catch (error) {
      setProblem(problemMessages(toProblem(error), 'The credit memo could not be voided.'));
    }
  };

  return (
    <>
      <PageHeader
        title={`Credit memo ${memo.number}`}
        subtitle={`${memo.customer} · invoice #${memo.invoice_number} · ${formatMoney(memo.total)}`}
        actions={
          <>
            <RouterButton to="/credit-memos" variant="text" startIcon={<ArrowBack />}>
              All Credit Memos
            </RouterButton>
            <PdfButton
              busy={pdf.busy}
              onClick={() => void pdf.run(memo)}
              ariaLabel={`Pdf of credit memo ${memo.number}`}
            />
            <Button variant="outlined" startIcon={<EmailOutlined />} onClick={() => setEmailing(true)}>
              Email…
            </Button>
            {!isVoid && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockOutlined />}
                onClick={() => {
                  setProblem([]);
                  setAsking(true);
                }}
              >
                Void
              </Button>
            )}
          </>
        }
      />
      {emailing && <CreditMemoEmailDialog memo={memo} onClose={() => setEmailing(false)} />}
      {isVoid && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }}>
          This credit memo is void{memo.voided_at ? ` since ${formatDateTime(memo.voided_at)}` : ''}: it no
          longer counts. Reason: {memo.void_reason}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Stack spacing={3}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
              }}
            >
              <Fact label="Status">
                <Chip
                  size="small"
                  variant="outlined"
                  color={isVoid ? 'default' : 'success'}
                  label={isVoid ? 'Void' : 'Issued'}
                />
              </Fact>
              <Fact label="Date">{formatDate(memo.issued_on)}</Fact>
              <Fact label="Invoice">
                <Link component={RouterLink} to={invoicePath(memo.invoice_number)}>
                  #{memo.invoice_number}
                </Link>
              </Fact>
              <Fact label="Customer">{memo.customer}</Fact>
              <Fact label="Reason">{memo.reason_label}</Fact>
            </Box>
            {memo.note && (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  Note
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{memo.note}</Typography>
              </Box>
            )}
            {memo.lines.length > 0 && (
              <TableContainer tabIndex={0} role="region" aria-label="Credited items, scrollable">
                <Table size="small" aria-label="Credited items">
                  <TableHead>
                    <TableRow>
                      <TableCell>Item</TableCell>
                      <TableCell align="right">Qty</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        Price
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        Tax
                      </TableCell>
                      <TableCell align="right">Line Total</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {memo.lines.map((line) => (
                      <TableRow key={line.line_no}>
                        <TableCell>
                          {line.name} {line.size}
                          <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                            {formatMoney(line.price)} each · tax {formatMoney(line.tax)}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">{line.qty}</TableCell>
                        <TableCell align="right" sx={WIDE_ONLY}>
                          {formatMoney(line.price)}
                        </TableCell>
                        <TableCell align="right" sx={WIDE_ONLY}>
                          {formatMoney(line.tax)}
                        </TableCell>
                        <TableCell align="right">{formatMoney(line.total)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {memo.stamps.length > 0 && (
              <Box component="section" aria-label="Tax stamps">
                <Typography variant="caption" color="text.secondary">
                  Tax stamps
                </Typography>
                {memo.stamps.map((s) => (
                  <Typography key={s.line_no} variant="body2" sx={{ wordBreak: 'break-word' }}>
                    {s.serials.join(', ')} ({s.name}):{' '}
                    {s.disposition === 'restocked'
                      ? 'back in stock on their bottles'
                      : 'written off with their bottles'}
                    {isVoid ? ' (given back to the invoice by the void)' : ''}
                  </Typography>
                ))}
              </Box>
            )}
            <Box role="table" aria-label="Credit totals" sx={{ ml: 'auto', width: { xs: '100%', sm: 300 } }}>
              {[
                ['Subtotal', memo.sub_total],
                ['Tax', memo.tax_total],
                ['Credit total', memo.total],
              ].map(([label, value]) => (
                <Box
                  key={label}
                  role="row"
                  sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}
                >
                  <Typography role="rowheader" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    role="cell"
                    sx={{
                      fontWeight: label === 'Credit total' ? 700 : 500,
                      textDecoration: isVoid ? 'line-through' : undefined,
                    }}
                  >
                    {formatMoney(value as number)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              Issued {formatDateTime(memo.issued_at)}.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <CreditMemoEmailsSection memo={memo} />
      <ConfirmDialog
        open={asking}
        title={`Void credit memo ${memo.number} of ${formatMoney(memo.total)}?`}
        confirmLabel="Void Credit Memo"
        cancelLabel="Nevermind"
        destructive
        busy={voiding}
        onConfirm={() => void confirmVoid()}
        onClose={() => setAsking(false)}
      >
        <Stack spacing={2}>
          <span>
            It stays on record with its number and no longer counts: invoice #{memo.invoice_number} owes{' '}
            {formatMoney(memo.total)} more, and credited goods move back.
          </span>
          {problem.length > 0 && <ProblemAlert title="The credit memo was not voided" messages={problem} />}
          <TextField
            label="Reason"
            required
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}

/** /credit-memo/:id — one credit memo, its e-mails, with Email… and Void. */
export default function CreditMemoViewPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCreditMemoQuery(id, { skip: !id });
  if (isLoading)
    return (
      <Box aria-busy="true" aria-label="Loading credit memo">
        <Skeleton variant="text" width={240} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  if (!data)
    return (
      <Box role="alert" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
        <Typography variant="h1">The credit memo could not be loaded</Typography>
        <Typography color="text.secondary">{toProblem(error)?.message ?? ''}</Typography>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button variant="outlined" onClick={() => void refetch()}>
            Try Again
          </Button>
          <RouterButton to="/credit-memos" variant="contained">
            All Credit Memos
          </RouterButton>
        </Box>
      </Box>
    );
  return <CreditMemoView key={data.id} memo={data} />;
}
