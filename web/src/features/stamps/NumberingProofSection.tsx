import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { INVOICE_STATUS_LABELS } from '#domain/shared/invoice-status';
import { saveFile } from '../../shared/download';
import { formatDate } from '../../shared/format';
import { toast } from '../../shared/toasts';
import { CreditMemoNumbering } from './CreditMemoNumbering';
import {
  useDownloadNumberingProofMutation,
  type NumberingProofResponse,
  type StampRecordQuery,
} from './stamps.api';
import { PHONE_ONLY, WIDE_ONLY } from '../../shared/ui/wide-only';

/** Rows shown on screen; the CSV lists them all. */
const SHOWN = 200;

const STATE_LABEL = { issued: 'Issued', cancelled: 'Cancelled', deleted: 'Deleted (was cancelled)' } as const;

/** 'Replaced by 352', 'Replaces 345': the cancelled invoice and its replacement name each other. */
const correction = (invoice: { replaces: string | null; replacedBy: string | null }) =>
  [
    invoice.replaces ? `Replaces #${invoice.replaces}` : '',
    invoice.replacedBy ? `Replaced by #${invoice.replacedBy}` : '',
  ]
    .filter(Boolean)
    .join('; ');

/**
 * The invoice numbering proof of the record's period: every number issued, the state of its
 * invoices, and each gap with its explanation (or flagged).
 */
export function NumberingProofSection({
  proof,
  query,
}: {
  proof: NumberingProofResponse;
  query: StampRecordQuery;
}) {
  const [download] = useDownloadNumberingProofMutation();
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const downloadAs = async (format: 'csv' | 'pdf') => {
    setDownloading(format);
    try {
      saveFile(await download({ ...query, format }).unwrap());
    } catch {
      toast.error(format === 'csv' ? 'Error downloading the CSV' : 'Error generating pdf');
    } finally {
      setDownloading(null);
    }
  };
  const rows = proof.sequences.flatMap((sequence) =>
    sequence.numbers.flatMap((entry) =>
      entry.invoices.map((invoice) => ({ entry, invoice, key: `${invoice.invoiceId}` })),
    ),
  );
  const issued = `${proof.issued.toLocaleString()} ${proof.issued === 1 ? 'number' : 'numbers'} issued`;
  const summary =
    proof.gaps === 0
      ? `${issued}, no gap.`
      : `${issued}, ${proof.gaps} ${proof.gaps === 1 ? 'gap' : 'gaps'}, ${proof.unexplained} unexplained.`;

  return (
    <Card component="section" aria-labelledby="numbering-proof-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', mb: 1 }}>
          <Box>
            <Typography id="numbering-proof-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
              Invoice Numbering
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {summary}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              loading={downloading === 'csv'}
              disabled={downloading !== null}
              onClick={() => void downloadAs('csv')}
            >
              Download Numbering CSV
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              loading={downloading === 'pdf'}
              disabled={downloading !== null}
              onClick={() => void downloadAs('pdf')}
            >
              Numbering PDF
            </Button>
          </Box>
        </Box>
        {proof.sequences.flatMap((sequence) =>
          sequence.gaps.map((gap) => (
            <Alert
              key={`${sequence.prefix}${gap.from}`}
              severity={gap.explained ? 'info' : 'warning'}
              sx={{ mb: 1 }}
            >
              {gap.from === gap.to
                ? `Number ${sequence.prefix}${gap.from}`
                : `Numbers ${sequence.prefix}${gap.from}–${sequence.prefix}${gap.to}`}
              : {gap.explanation}
            </Alert>
          )),
        )}
        <TableContainer
          sx={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label="Invoice numbers (scrolls)"
        >
          <Table size="small" aria-label="Invoice numbers issued" sx={{ minWidth: { sm: 640 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell sx={WIDE_ONLY}>Issued On</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell sx={WIDE_ONLY}>Status</TableCell>
                <TableCell sx={WIDE_ONLY}>State</TableCell>
                <TableCell sx={WIDE_ONLY}>Correction</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} align="center">
                    No invoice number issued in this period.
                  </TableCell>
                </TableRow>
              )}
              {rows.slice(0, SHOWN).map(({ entry, invoice, key }) => {
                const issuedOn = formatDate(`${entry.issuedOn}T12:00:00`);
                const status = INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status;
                return (
                  <TableRow key={key}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      #{invoice.number || entry.number}
                      <Box sx={{ ...PHONE_ONLY, color: 'text.secondary', typography: 'body2' }}>
                        {issuedOn}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{issuedOn}</TableCell>
                    <TableCell>
                      {invoice.customer}
                      <Box sx={{ ...PHONE_ONLY, color: 'text.secondary', typography: 'body2' }}>
                        {[status, STATE_LABEL[invoice.state], correction(invoice)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Box>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{status}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{STATE_LABEL[invoice.state]}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{correction(invoice)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {rows.length > SHOWN && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The first {SHOWN} of {rows.length.toLocaleString()} invoices; the CSV lists them all.
          </Typography>
        )}
        {proof.creditMemos && <CreditMemoNumbering memos={proof.creditMemos} />}
        {proof.chainHead && (
          <Alert severity="info" sx={{ mt: 2, wordBreak: 'break-all' }}>
            Event chain head at that moment: #{proof.chainHead.seq} {proof.chainHead.hash}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
