import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type Ref } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { rollLabel } from './stamp-format';
import {
  latestReceivedDate,
  normalizePrefix,
  rollSizeWarnings,
  toStampNumber,
  today,
  validateRoll,
  type RollValues,
} from './stamp-validation';
import { STAMP_MESSAGES } from './stamp-messages';
import { useCreateStampRollMutation } from './stamps.api';

/**
 * POST stamp/roll (as the client's specification asks): prefix optional (trimmed, upper-cased), received date at most
 * 3 days ahead, from ≥ 1, to ≥ from. The size warnings show while typing and never block saving.
 */
export function AddRollForm({ prefixRef }: { prefixRef?: Ref<HTMLInputElement> }) {
  const [createRoll] = useCreateStampRollMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const initialValues = useMemo<RollValues>(
    () => ({ prefix: '', received_at: today(), from: '', to: '' }),
    [],
  );
  const form = useForm({ initialValues, validate: validateRoll });
  const warnings = rollSizeWarnings(form.values);
  const maxDate = latestReceivedDate();

  const submit = form.handleSubmit(async (values) => {
    setProblem([]);
    const prefix = normalizePrefix(values.prefix);
    try {
      const roll = await createRoll({
        ...(prefix ? { prefix } : {}),
        received_at: values.received_at,
        from: toStampNumber(values.from, normalizePrefix(values.prefix))!,
        to: toStampNumber(values.to, normalizePrefix(values.prefix))!,
      }).unwrap();
      form.reset({ ...initialValues, received_at: values.received_at });
      toast.success(`Stamp roll ${rollLabel(roll)} added.`);
    } catch (error) {
      const details = toProblem(error);
      const fields = fieldErrors(details);
      form.setServerErrors({
        prefix: fields.prefix,
        received_at: fields.received_at,
        from: fields.from,
        to: fields.to,
      });
      setProblem(problemMessages(details, STAMP_MESSAGES.saveFailed));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add roll">
      <Stack spacing={1.5}>
        <ProblemAlert title={STAMP_MESSAGES.saveFailed} messages={problem} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...form.field('prefix', 'Optional, saved in capitals')}
            label="Prefix"
            inputRef={prefixRef}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 20, style: { textTransform: 'uppercase' } } }}
          />
          <TextField
            {...form.field('received_at')}
            label="Received Date"
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: maxDate } }}
          />
          <TextField
            {...form.field('from')}
            label="From"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            {...form.field('to')}
            label="To"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
        {warnings.length > 0 && (
          <Alert severity="warning" role="status" aria-label="Roll size warnings">
            <AlertTitle>Check the roll size</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </Box>
            These warnings don't block saving.
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={form.submitting}>
            Add Roll
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
