import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { formatBytes } from '../invoices/delivery/delivery-messages';
import { useConvertInvoiceFileMutation, type ConvertedInvoice } from './integrations.api';

export const INVOICE_UPLOAD_TEXTS = {
  button: 'Upload Invoice',
  /** the client's specification's Documents */
  failed: 'Error Uploading Invoice',
  tooLarge: 'The file is over 5 MB.',
  choose: 'Please choose the invoice file (CSV) to upload.',
} as const;

const MAX_BYTES = 5 * 1024 * 1024;

/** The answer's message first (e.g. 'nothing was converted'), then its per-line problems. */
const withMessage = (message: string | undefined, details: string[]) =>
  message && !details.includes(message) ? [message, ...details] : details;

/**
 * Upload Invoice on the new invoice builder (fintech feature; POST /invoice/convert): a distributor's invoice file
 * (CSV) becomes the builder's items, customer and date. The server checks every row; its problems are listed here
 * with their lines, and 'Error Uploading Invoice' is toasted.
 */
export function InvoiceUploadDialog({
  replacing,
  onClose,
  onConverted,
}: {
  /** the builder has items already: they are replaced */
  replacing: boolean;
  onClose: () => void;
  onConverted: (invoice: ConvertedInvoice) => void;
}) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [convert, { isLoading }] = useConvertInvoiceFileMutation();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setProblems(chosen.size > MAX_BYTES ? [INVOICE_UPLOAD_TEXTS.tooLarge] : []);
  };

  const submit = async () => {
    if (!file) return setProblems([INVOICE_UPLOAD_TEXTS.choose]);
    if (file.size > MAX_BYTES) return setProblems([INVOICE_UPLOAD_TEXTS.tooLarge]);
    setProblems([]);
    try {
      onConverted(await convert(file).unwrap());
    } catch (error) {
      const problem = toProblem(error);
      setProblems(
        problem?.status === 413
          ? [INVOICE_UPLOAD_TEXTS.tooLarge]
          : problem?.status === 0
            ? ['The server could not be reached. Try again.']
            : withMessage(problem?.message, problemMessages(problem, INVOICE_UPLOAD_TEXTS.failed)),
      );
      toast.error(INVOICE_UPLOAD_TEXTS.failed);
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{INVOICE_UPLOAD_TEXTS.button}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2">
            A distributor&apos;s invoice as a CSV file with a header row and one row per item: <b>UPC</b>,{' '}
            <b>Qty</b> and <b>Price</b> are required; Taxable, On Deal, Invoice Number, Invoice Date, Customer
            and TABC ID are read when present. A Detailed CSV export of one invoice works as is. Products are
            found by their UPC; the invoice is not saved until you save it here.
          </Typography>
          {replacing && (
            <Alert severity="info">The file&apos;s items replace the items on this invoice.</Alert>
          )}
          <input
            ref={input}
            type="file"
            hidden
            aria-label="Invoice file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={choose}
          />
          <Box>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={isLoading}
              onClick={() => input.current?.click()}
            >
              Choose File
            </Button>
          </Box>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} aria-live="polite">
            {file ? `${file.name} · ${formatBytes(file.size)}` : 'CSV, at most 5 MB.'}
          </Typography>
          {problems.length > 0 && (
            <Alert severity="error" role="alert">
              <AlertTitle>{INVOICE_UPLOAD_TEXTS.failed}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
                {problems.map((message, index) => (
                  <li key={index}>{message}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={isLoading} disabled={!file}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
