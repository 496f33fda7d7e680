import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { formatCount, ROLL_STATE, rollLabel, stampLabel } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import { useSetStampRollActiveMutation, type StampRoll } from './stamps.api';

/** Read by screen readers, not shown (the roll is in the row's first cell). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** State second: the switch stays in view on narrow screens. */
const COLUMNS = ['Roll', 'State', 'Received', 'Stamps Left', 'Invoiced', 'Destroyed', 'Next Stamp'];

/**
 * Finished grey, Active green, Inactive red; clicking toggles active (disabled when finished or empty). Deactivating
 * asks first, and says plainly when the roll is the only active one: liquor invoices would then get no stamps.
 */
function RollStateButton({ roll, onlyActive }: { roll: StampRoll; onlyActive: boolean }) {
  const [setActive, { isLoading }] = useSetStampRollActiveMutation();
  const [asking, setAsking] = useState(false);
  const state = ROLL_STATE[roll.state];
  const toggle = async () => {
    setAsking(false);
    try {
      const updated = await setActive({ id: roll.id, active: !roll.active }).unwrap();
      toast.success(`Roll ${rollLabel(updated)} is now ${updated.active ? 'active' : 'inactive'}.`, {
        seconds: 3,
      });
    } catch (error) {
      const [message] = problemMessages(toProblem(error), STAMP_MESSAGES.updateFailed);
      toast.error(message ?? STAMP_MESSAGES.updateFailed, { title: STAMP_MESSAGES.updateFailed });
    }
  };
  const disabled = roll.toggle_disabled;
  return (
    <>
      <Button
        size="small"
        variant={disabled ? 'outlined' : 'contained'}
        color={state.color === 'default' ? 'inherit' : state.color}
        disabled={disabled}
        loading={isLoading}
        onClick={() => (roll.active ? setAsking(true) : void toggle())}
        title={
          disabled
            ? 'Finished rolls cannot be switched'
            : roll.active
              ? 'Click to deactivate'
              : 'Click to activate'
        }
        sx={{
          minWidth: 88,
          '&.Mui-disabled': { color: 'text.secondary', borderColor: 'divider', bgcolor: 'action.hover' },
        }}
      >
        {state.label}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          roll {rollLabel(roll)}
        </Box>
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Deactivate roll ${rollLabel(roll)}?`}
        confirmLabel="Deactivate"
        destructive
        busy={isLoading}
        onConfirm={() => void toggle()}
        onClose={() => setAsking(false)}
      >
        {onlyActive
          ? 'It is the only active roll: liquor invoices will then get no stamps until a roll is active again.'
          : 'New invoices will take their stamps from the other active rolls.'}
      </ConfirmDialog>
    </>
  );
}

/** GET stamp/roll: every roll, first received first, with its state toggle. */
export function RollTable({
  rolls,
  isLoading,
  isError,
  isFetching,
  onRetry,
}: {
  rolls: StampRoll[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
}) {
  if (isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} loading={isFetching}>
            Retry
          </Button>
        }
      >
        {STAMP_MESSAGES.rollsFailed}
      </Alert>
    );

  return (
    <TableContainer>
      <Table size="small" aria-labelledby="stamp-rolls-title" aria-busy={isLoading}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={['Stamps Left', 'Invoiced', 'Destroyed'].includes(column) ? 'right' : 'left'}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading &&
            [0, 1, 2].map((i) => (
              <TableRow key={i}>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {!isLoading && (rolls ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography color="text.secondary" role="status" sx={{ py: 3, textAlign: 'center' }}>
                  {STAMP_MESSAGES.noRoll}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {(rolls ?? []).map((roll) => (
            <TableRow key={roll.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {rollLabel(roll)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <RollStateButton
                  roll={roll}
                  onlyActive={
                    roll.state === 'active' &&
                    (rolls ?? []).filter((other) => other.state === 'active').length === 1
                  }
                />
                {roll.finished_at && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
                    on {formatDate(roll.finished_at)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(roll.received_at)}</TableCell>
              <TableCell align="right">
                {formatCount(roll.stamps)} / {formatCount(roll.stampsCount)}
              </TableCell>
              <TableCell align="right">{formatCount(roll.invoiced_count)}</TableCell>
              <TableCell align="right">{formatCount(roll.destroyed_count)}</TableCell>
              <TableCell>
                {roll.first_available === null ? '—' : stampLabel(roll.prefix, roll.first_available)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
