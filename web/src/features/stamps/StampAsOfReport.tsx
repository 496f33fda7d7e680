import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { saveFile } from '../../shared/download';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { fromWallTime, toDate, toWallTime } from '../../shared/format';
import { toast } from '../../shared/toasts';
import { STAMP_MESSAGES } from './stamp-messages';
import { useDownloadStampsAsOfMutation } from './stamps.api';

/** Now on the company's clock, as <input type="datetime-local" step="1"> holds it (to the second). */
const nowLocal = () => toWallTime(new Date());

type AsOfValues = { at: string };

const validate = (v: AsOfValues): FormErrors<AsOfValues> => {
  const at = toDate(v.at);
  if (!v.at) return { at: 'Pick a date and time.' };
  if (!at) return { at: 'Enter a valid date and time.' };
  return { at: at.getTime() > Date.now() ? 'The report cannot be after now.' : undefined };
};

/**
 * GET stamp/as-of/download?at=…: the stamp ledger replayed to a past instant, each roll's available, invoiced
 * and destroyed ranges with totals, as CSV. The picker cannot go past now.
 */
export function StampAsOfReport() {
  const [download] = useDownloadStampsAsOfMutation();
  const [initialValues] = useState<AsOfValues>(() => ({ at: nowLocal() }));
  const form = useForm({ initialValues, validate });

  const submit = form.handleSubmit(async ({ at }) => {
    try {
      saveFile(await download({ at: fromWallTime(at)! }).unwrap());
    } catch {
      toast.error(STAMP_MESSAGES.csvFailed);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Ledger as of"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        {...form.field('at', 'Stamp status at that moment, per roll')}
        label="As Of"
        type="datetime-local"
        sx={{ flex: 1, minWidth: 220 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: nowLocal(), step: 1 } }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        loading={form.submitting}
        sx={{ height: 56 }}
      >
        Download As-of CSV
      </Button>
    </Box>
  );
}
