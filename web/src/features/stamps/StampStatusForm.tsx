import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { fieldErrors, toProblem, type Problem } from '../../shared/problem';
import { ROLL_STATE, rollLabel } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import {
  useRecordStampStatusMutation,
  type ExtendedStampStatus,
  type StampStatusRecordResult,
} from './stamp-statuses.api';
import { normalizePrefix, toStampNumber, validateRange } from './stamp-validation';
import type { StampRoll } from './stamps.api';

/** The statuses in plain words. */
export const STATUS_CHOICES: { value: ExtendedStampStatus; label: string }[] = [
  { value: 'lost', label: 'Lost' },
  { value: 'stolen', label: 'Stolen' },
  { value: 'voided', label: 'Voided' },
  { value: 'returned_to_state', label: 'Returned to the state' },
];

export const STAMP_STATUS_MESSAGES = {
  noteRequired: 'Please add a note saying what happened to the stamps.',
  oneStamp: 'A replacement stands for one stamp: from and to must be the same number.',
  notReturned: 'Stamps returned to the state are not replaced.',
  replacementWhole: 'Enter the replacement stamp number: a whole number of 1 or more.',
} as const;

type StatusValues = {
  roll: string;
  status: string;
  from: string;
  to: string;
  note: string;
  replacement_prefix: string;
  replacement_number: string;
};

const allMessages = (problem: Problem | null): string[] =>
  problem
    ? [...new Set([problem.message, ...problem.details.map((d) => d.message)].filter(Boolean))].slice(0, 20)
    : [];

const defaultRoll = (rolls: StampRoll[]) => String((rolls.find((r) => !r.finished) ?? rolls[0])?.id ?? '');

function validate(v: StatusValues, roll: StampRoll | undefined): FormErrors<StatusValues> {
  const range = validateRange({ roll: v.roll, from: v.from, to: v.to, note: v.note }, roll);
  const replacing = v.replacement_number.trim() !== '';
  const from = toStampNumber(v.from, roll?.prefix);
  const to = toStampNumber(v.to, roll?.prefix);
  return {
    ...range,
    note: !v.note.trim() ? STAMP_STATUS_MESSAGES.noteRequired : range.note,
    replacement_number: !replacing
      ? undefined
      : toStampNumber(v.replacement_number) === null || Number(v.replacement_number) < 1
        ? STAMP_STATUS_MESSAGES.replacementWhole
        : v.status === 'returned_to_state'
          ? STAMP_STATUS_MESSAGES.notReturned
          : from !== null && to !== null && from !== to
            ? STAMP_STATUS_MESSAGES.oneStamp
            : undefined,
  };
}

/**
 * POST stamp/roll/{roll_id}/status (with the company setting on): stamps in stock become lost, stolen,
 * voided or returned to the state, with a note; one lost, stolen or voided stamp may name its replacement.
 */
export function StampStatusForm({ rolls }: { rolls: StampRoll[] }) {
  const [record] = useRecordStampStatusMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const [result, setResult] = useState<StampStatusRecordResult | null>(null);
  const initialValues = useMemo<StatusValues>(
    () => ({
      roll: defaultRoll(rolls),
      status: 'lost',
      from: '',
      to: '',
      note: '',
      replacement_prefix: '',
      replacement_number: '',
    }),
    [rolls],
  );
  const byId = useMemo(() => new Map(rolls.map((roll) => [String(roll.id), roll])), [rolls]);
  const check = useCallback((values: StatusValues) => validate(values, byId.get(values.roll)), [byId]);
  const form = useForm({ initialValues, validate: check });
  const roll = byId.get(form.values.roll);

  const submit = form.handleSubmit(async (values) => {
    setProblem([]);
    setResult(null);
    try {
      const replacement = toStampNumber(values.replacement_number);
      const recorded = await record({
        rollId: Number(values.roll),
        status: values.status as ExtendedStampStatus,
        from: toStampNumber(values.from, byId.get(values.roll)?.prefix)!,
        to: toStampNumber(values.to, byId.get(values.roll)?.prefix)!,
        note: values.note.trim(),
        ...(replacement !== null
          ? {
              replacement_number: replacement,
              replacement_prefix: normalizePrefix(values.replacement_prefix || (roll?.prefix ?? '')),
            }
          : {}),
      }).unwrap();
      setResult(recorded);
      form.reset({ ...initialValues, roll: values.roll, status: values.status });
    } catch (error) {
      const details = toProblem(error);
      const fields = fieldErrors(details);
      form.setServerErrors({
        from: fields.from,
        to: fields.to,
        note: fields.note,
        status: fields.status,
        replacement_number: fields.replacement_number,
      });
      setProblem(allMessages(details).length ? allMessages(details) : [STAMP_MESSAGES.saveFailed]);
    }
  });

  if (rolls.length === 0)
    return (
      <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
        {STAMP_MESSAGES.noRoll}: register a roll first.
      </Typography>
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Record lost, stolen, voided or returned stamps"
    >
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          For stamps in stock. They leave the stock for good and the stamp record lists each one.
        </Typography>
        <ProblemAlert title={STAMP_MESSAGES.saveFailed} messages={problem} />
        {result && (
          <Alert severity="success" role="status" onClose={() => setResult(null)} closeText="Dismiss result">
            <AlertTitle>
              {result.record ? `Status record #${result.record.id}` : 'Replacement recorded'}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {result.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...form.field('roll', roll ? `${roll.stamps.toLocaleString('en-US')} in stock` : ' ')}
            select
            label="Roll"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {rolls.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {rollLabel(r)} ({ROLL_STATE[r.state].label})
              </option>
            ))}
          </TextField>
          <TextField
            {...form.field('status')}
            select
            label="What happened"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {STATUS_CHOICES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </TextField>
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
        <TextField {...form.field('note', 'What happened, for the record')} label="Note" required multiline />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...form.field('replacement_prefix', "Optional; the roll's prefix when empty")}
            label="Replacement prefix"
            autoComplete="off"
          />
          <TextField
            {...form.field('replacement_number', 'Optional: the stamp issued in its place (one stamp only)')}
            label="Replacement stamp"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
        <Box>
          <Button type="submit" variant="contained" loading={form.submitting}>
            Record Stamps
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
