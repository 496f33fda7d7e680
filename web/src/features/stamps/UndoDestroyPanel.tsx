import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { formatDateTime } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { formatCount, stampRange } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import { useDestroyedStampsQuery, useUndoDestroyMutation, type DestroyRecord } from './stamps.api';
import { RetryAlert } from '../../shared/ui/RetryAlert';

const recordLabel = (record: DestroyRecord) =>
  `#${record.id} ${stampRange(record.prefix, record.from, record.to)}: ${formatCount(record.count)} destroyed`;

/** GET stamp/destroyed, checkboxes, DELETE stamp/undo-destroy?ids=…: the stamps go back to AVAILABLE. */
export function UndoDestroyPanel() {
  const { data: records, isLoading, isError, isFetching, refetch } = useDestroyedStampsQuery();
  const [undoDestroy, { isLoading: undoing }] = useUndoDestroyMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<string[]>([]);

  if (isLoading)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading destroyed stamps" />
      </Box>
    );
  if (isError || !records)
    return (
      <RetryAlert onRetry={() => void refetch()} retrying={isFetching} small>
        Error loading destroyed stamps
      </RetryAlert>
    );
  if (records.length === 0)
    return (
      <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
        No destroyed stamps to undo.
      </Typography>
    );

  const present = records.filter((r) => selected.has(r.id));
  const allChecked = present.length === records.length;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const undo = async () => {
    setProblem([]);
    try {
      const result = await undoDestroy(present.map((r) => r.id)).unwrap();
      const count = result.restored.reduce((sum, r) => sum + r.count, 0);
      setSelected(new Set());
      if (result.restored.length)
        toast.success(
          `Restored ${formatCount(count)} stamp${count === 1 ? '' : 's'}: they are available again.`,
        );
      if (result.already_restored.length)
        toast.info(`Already undone: #${result.already_restored.join(', #')}.`);
    } catch (error) {
      setProblem(problemMessages(toProblem(error), STAMP_MESSAGES.saveFailed));
    }
  };

  return (
    <Stack spacing={1.5}>
      <ProblemAlert title={STAMP_MESSAGES.saveFailed} messages={problem} />
      <FormControlLabel
        label="Select all"
        control={
          <Checkbox
            checked={allChecked}
            indeterminate={present.length > 0 && !allChecked}
            onChange={() => setSelected(allChecked ? new Set() : new Set(records.map((r) => r.id)))}
          />
        }
      />
      <Box
        component="ul"
        aria-label="Destroy records"
        sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {records.map((record) => (
          <Box
            component="li"
            key={record.id}
            sx={{ px: 1.5, py: 0.75, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
          >
            <FormControlLabel
              sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
              control={
                <Checkbox
                  checked={selected.has(record.id)}
                  onChange={() => toggle(record.id)}
                  sx={{ mt: -0.75 }}
                />
              }
              label={
                <Box>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {recordLabel(record)}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    {record.ranges.map((r) => stampRange(record.prefix, r.from, r.to)).join(', ')} ·{' '}
                    {formatDateTime(record.destroyed_at)}
                    {record.destroyed_by ? ` by ${record.destroyed_by}` : ''}
                    {record.note ? ` · ${record.note}` : ''}
                  </Typography>
                </Box>
              }
            />
          </Box>
        ))}
      </Box>
      <Box>
        <Button
          variant="contained"
          disabled={present.length === 0}
          loading={undoing}
          onClick={() => void undo()}
        >
          Undo Destroy{present.length > 0 ? ` (${present.length})` : ''}
        </Button>
      </Box>
    </Stack>
  );
}
