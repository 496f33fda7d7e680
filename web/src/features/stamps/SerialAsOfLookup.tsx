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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { formatDate, formatDateTime } from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { saveFile } from '../../shared/download';
import {
  useDownloadSerialHistoryMutation,
  useLazySerialHistoryAsOfQuery,
  type SerialHistoryResponse,
} from './stamps.api';
import { RECORD_KIND_LABEL } from './stamp-format';
import { SERIAL_HINT, serialError } from './stamp-validation';

type SerialValues = { serial: string };

const validate = (v: SerialValues): FormErrors<SerialValues> => ({ serial: serialError(v.serial) });

const STATUS: Record<SerialHistoryResponse['status'], string> = {
  not_received: 'Not received',
  available: 'Available',
  invoiced: 'Invoiced',
  destroyed: 'Destroyed',
  lost: 'Lost',
  stolen: 'Stolen',
  voided: 'Voided',
  returned_to_state: 'Returned to the state',
  returned_in_stock: 'On a returned bottle in stock',
  written_off: 'Written off with its bottle',
};

const KIND: Record<SerialHistoryResponse['transactions'][number]['kind'], string> = RECORD_KIND_LABEL;

/**
 * One serial's history replayed to the record's "As Of" moment (now when empty): every transaction that touched it,
 * with its invoice as it read then, and its status after them.
 */
export function SerialAsOfLookup({ asOf }: { asOf: string | undefined }) {
  const [initialValues] = useState<SerialValues>({ serial: '' });
  const form = useForm({ initialValues, validate });
  const [lookUp, result] = useLazySerialHistoryAsOfQuery();

  const submit = form.handleSubmit(async ({ serial }) => {
    try {
      await lookUp({ serial: serial.trim(), ...(asOf ? { as_of: asOf } : {}) }).unwrap();
    } catch (error) {
      const problem = toProblem(error);
      const fields = fieldErrors(problem);
      if (fields.serial) form.setServerErrors({ serial: fields.serial });
      else toast.error(problemMessages(problem, 'Error loading the stamp history')[0]!);
    }
  });
  const history = result.data;
  const [download] = useDownloadSerialHistoryMutation();
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  /** The stamp and instant shown, as a file (one serial's history as of then). */
  const downloadAs = async (format: 'csv' | 'pdf') => {
    if (!history) return;
    setDownloading(format);
    try {
      saveFile(
        await download({
          prefix: history.prefix,
          number: history.number,
          as_of: history.asOf,
          format,
        }).unwrap(),
      );
    } catch (error) {
      toast.error(
        problemMessages(
          toProblem(error),
          format === 'csv' ? 'Error downloading the CSV' : 'Error generating pdf',
        )[0]!,
      );
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="serial-as-of-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="serial-as-of-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
          One Stamp As Of
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every transaction of one stamp up to the As Of moment above (now when it is empty).
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="One stamp as of"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            {...form.field('serial', SERIAL_HINT)}
            label="Stamp Serial"
            autoComplete="off"
            sx={{ flex: '2 1 220px' }}
            slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }}
          />
          <Button type="submit" variant="outlined" loading={form.submitting} sx={{ height: 56 }}>
            Look Up
          </Button>
        </Box>
        {history && (
          <>
            <Typography sx={{ mt: 1 }}>
              <strong>
                {history.prefix}
                {history.number}
              </strong>{' '}
              as of {formatDateTime(history.asOf)}: {STATUS[history.status]}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button
                variant="outlined"
                size="small"
                loading={downloading === 'csv'}
                onClick={() => void downloadAs('csv')}
              >
                Download Stamp CSV
              </Button>
              <Button
                variant="outlined"
                size="small"
                loading={downloading === 'pdf'}
                onClick={() => void downloadAs('pdf')}
              >
                Download Stamp PDF
              </Button>
            </Box>
            {history.transactions.length > 0 && (
              <TableContainer
                sx={{ overflowX: 'auto', mt: 1 }}
                tabIndex={0}
                role="region"
                aria-label="Transactions of the stamp (scrolls)"
              >
                <Table size="small" aria-label="Transactions of the stamp" sx={{ minWidth: 560 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Date</TableCell>
                      <TableCell>Transaction</TableCell>
                      <TableCell>Range</TableCell>
                      <TableCell>Invoice</TableCell>
                      <TableCell>Retailer</TableCell>
                      <TableCell>Permit</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {history.transactions.map((t) => (
                      <TableRow key={`${t.at}-${t.kind}`}>
                        <TableCell>{formatDate(`${t.date}T12:00:00`)}</TableCell>
                        <TableCell>
                          {KIND[t.kind]}
                          {t.note ? ` (${t.note})` : ''}
                        </TableCell>
                        <TableCell>{t.range}</TableCell>
                        <TableCell>{t.invoiceNumber ? `#${t.invoiceNumber}` : ''}</TableCell>
                        <TableCell>{t.retailer ?? ''}</TableCell>
                        <TableCell>{t.permit ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
