import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, toProblem, type Problem } from '../../shared/problem';
import { ROLL_STATE, rollLabel } from './stamp-format';
import { toStampNumber, validateRange, type RangeValues } from './stamp-validation';
import { STAMP_MESSAGES } from './stamp-messages';
import { useDestroyStampsMutation, type DestroyStampsResult, type StampRoll } from './stamps.api';

/** The server's headline and every detail under it, once each ('None destroyed in range …' + why). */
const allMessages = (problem: Problem | null): string[] =>
  problem
    ? [...new Set([problem.message, ...problem.details.map((d) => d.message)].filter(Boolean))].slice(0, 20)
    : [];

/** The roll a destroy most likely concerns: the first one with stamps left, else the first. */
const defaultRoll = (rolls: StampRoll[]) => String((rolls.find((r) => !r.finished) ?? rolls[0])?.id ?? '');

/**
 * POST stamp/roll/{roll_id}/destroy: the available stamps of a range become DESTROYED; invoiced ones are kept
 * and the server's result messages say so. Each destroy is a record the Undo Destroy tab can take back.
 */
export function DestroyStampsForm({ rolls }: { rolls: StampRoll[] }) {
  const [destroyStamps] = useDestroyStampsMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const [result, setResult] = useState<DestroyStampsResult | null>(null);
  const initialValues = useMemo<RangeValues>(
    () => ({ roll: defaultRoll(rolls), from: '', to: '', note: '' }),
    [rolls],
  );
  const [rollsSeen, setRollsSeen] = useState(rolls);
  const byId = useMemo(() => new Map(rolls.map((roll) => [String(roll.id), roll])), [rolls]);
  const validate = useCallback((values: RangeValues) => validateRange(values, byId.get(values.roll)), [byId]);
  const form = useForm({ initialValues, validate });
  // A roll added meanwhile (or the first one arriving): pick a sensible roll if none is picked.
  if (rollsSeen !== rolls) {
    setRollsSeen(rolls);
    if (!byId.has(form.values.roll)) form.setValue('roll', defaultRoll(rolls));
  }
  const roll = byId.get(form.values.roll);

  const submit = form.handleSubmit(async (values) => {
    setProblem([]);
    setResult(null);
    try {
      const note = values.note.trim();
      const destroyed = await destroyStamps({
        rollId: Number(values.roll),
        from: toStampNumber(values.from, byId.get(values.roll)?.prefix)!,
        to: toStampNumber(values.to, byId.get(values.roll)?.prefix)!,
        ...(note ? { note } : {}),
      }).unwrap();
      setResult(destroyed);
      form.reset({ ...initialValues, roll: values.roll });
    } catch (error) {
      const details = toProblem(error);
      const fields = fieldErrors(details);
      form.setServerErrors({ from: fields.from, to: fields.to, note: fields.note });
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
    <Box component="form" noValidate onSubmit={submit} aria-label="Destroy stamps">
      <Stack spacing={1.5}>
        <ProblemAlert title={STAMP_MESSAGES.saveFailed} messages={problem} />
        {result && (
          <Alert severity="success" role="status" onClose={() => setResult(null)} closeText="Dismiss result">
            <AlertTitle>Destroy record #{result.id}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {result.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        )}
        <TextField
          {...form.field(
            'roll',
            roll ? `Stamps ${rollLabel(roll)}, ${roll.stamps.toLocaleString('en-US')} left` : ' ',
          )}
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
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
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
        <TextField {...form.field('note', 'Optional: why (damaged, lost …)')} label="Note" />
        <Box>
          <Button type="submit" variant="contained" color="error" loading={form.submitting}>
            Destroy Stamps
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
