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
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PhoneBlock, PhoneBlockLine, PhoneBlockList } from '../../shared/ui/PhoneBlocks';
import { rollPhoneLines } from './roll-phone';
import { formatCount, ROLL_STATE, rollLabel, stampLabel } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import { useSetStampRollActiveMutation, type StampRoll } from './stamps.api';
import { RetryAlert } from '../../shared/ui/RetryAlert';

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

/** Is this the company's only active roll (deactivating it leaves liquor invoices without stamps)? */
const onlyActive = (roll: StampRoll, rolls: StampRoll[]) =>
  roll.state === 'active' && rolls.filter((other) => other.state === 'active').length === 1;

/**
 * Switching rolls active and inactive, for the table and the phone's list alike: the question before deactivating
 * lives here, above both, so it stays open when the screen's width changes between them.
 */
function useRollSwitch(rolls: StampRoll[]) {
  const [setActive, { isLoading, originalArgs }] = useSetStampRollActiveMutation();
  const [asking, setAsking] = useState<StampRoll | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toggle = async (roll: StampRoll) => {
    setConfirming(false);
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
  const button = (roll: StampRoll) => (
    <RollStateButton
      roll={roll}
      busy={isLoading && originalArgs?.id === roll.id}
      onClick={() => {
        if (!roll.active) return void toggle(roll);
        setAsking(roll);
        setConfirming(true);
      }}
    />
  );
  const dialog = (
    <ConfirmDialog
      open={confirming}
      title={`Deactivate roll ${asking ? rollLabel(asking) : ''}?`}
      confirmLabel="Deactivate"
      destructive
      busy={isLoading}
      onConfirm={() => asking && void toggle(asking)}
      onClose={() => setConfirming(false)}
    >
      {asking && onlyActive(asking, rolls)
        ? 'It is the only active roll: liquor invoices will then get no stamps until a roll is active again.'
        : 'New invoices will take their stamps from the other active rolls.'}
    </ConfirmDialog>
  );
  return { button, dialog };
}

/**
 * Finished grey, Active green, Inactive red; clicking toggles active (disabled when finished or empty). Deactivating
 * asks first, and says plainly when the roll is the only active one: liquor invoices would then get no stamps.
 */
function RollStateButton({ roll, busy, onClick }: { roll: StampRoll; busy: boolean; onClick: () => void }) {
  const state = ROLL_STATE[roll.state];
  const disabled = roll.toggle_disabled;
  return (
    <Button
      size="small"
      variant={disabled ? 'outlined' : 'contained'}
      color={state.color === 'default' ? 'inherit' : state.color}
      disabled={disabled}
      loading={busy}
      onClick={onClick}
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
  );
}

/** On a phone: one block per roll, its range and state switch first, every figure of the table under them. */
function RollList({
  rolls,
  isLoading,
  stateButton,
}: {
  rolls: StampRoll[];
  isLoading: boolean;
  stateButton: (roll: StampRoll) => ReactNode;
}) {
  if (isLoading)
    return (
      <Box aria-busy="true" aria-label="Loading stamp rolls">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={88} sx={{ my: 1 }} />
        ))}
      </Box>
    );
  if (rolls.length === 0)
    return (
      <Typography color="text.secondary" role="status" sx={{ py: 3, textAlign: 'center' }}>
        {STAMP_MESSAGES.noRoll}
      </Typography>
    );
  return (
    <PhoneBlockList aria-labelledby="stamp-rolls-title">
      {rolls.map((roll) => (
        <PhoneBlock key={roll.id}>
          <PhoneBlockLine end={stateButton(roll)}>
            <Typography sx={{ fontWeight: 600 }}>{rollLabel(roll)}</Typography>
          </PhoneBlockLine>
          {rollPhoneLines(roll).map((line) => (
            <Typography key={line} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
        </PhoneBlock>
      ))}
    </PhoneBlockList>
  );
}

/** GET stamp/roll: every roll, first received first, with its state toggle (a list of blocks on a phone). */
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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rollSwitch = useRollSwitch(rolls ?? []);
  if (isError)
    return (
      <RetryAlert onRetry={onRetry} retrying={isFetching} small>
        {STAMP_MESSAGES.rollsFailed}
      </RetryAlert>
    );
  return (
    <>
      {phone ? (
        <RollList rolls={rolls ?? []} isLoading={isLoading} stateButton={rollSwitch.button} />
      ) : (
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
                    {rollSwitch.button(roll)}
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
      )}
      {rollSwitch.dialog}
    </>
  );
}
