import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toProblem } from '../../../shared/problem';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { formatCount, stampRange } from '../../stamps/stamp-format';
import { useStampRollsQuery, type StampRoll } from '../../stamps/stamps.api';
import { useCheckStampRangeMutation, useStampAllocationQuery } from './builder.api';
import type { BuilderStampRange } from './builder-state';
import { canAddRange, STAMP_PANEL, stampBalance } from './stamp-panel';

const usableRolls = (rolls: StampRoll[] | undefined) =>
  (rolls ?? []).filter((roll) => !roll.finished && roll.stamps > 0);

const rangeCount = (ranges: readonly { from: number; to: number }[]) =>
  ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);

function RangeChip({ label, count, onDelete }: { label: string; count: number; onDelete?: () => void }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: 'rgba(29, 78, 137, 0.06)',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <Typography sx={{ fontWeight: 600, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {count === 1 ? '1 stamp' : `${formatCount(count)} stamps`}
        </Typography>
        {onDelete && (
          <IconButton size="small" aria-label={`Remove stamps ${label}`} onClick={onDelete}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

/** The manual range form: roll, from, to; every rule of the client's specification checked by POST stamp/range/check. */
function ManualRangeForm({
  invoiceId,
  ranges,
  onAdd,
}: {
  invoiceId?: string;
  ranges: BuilderStampRange[];
  onAdd: (range: BuilderStampRange) => void;
}) {
  const rolls = useStampRollsQuery();
  const usable = usableRolls(rolls.data);
  const [rollId, setRollId] = useState<number | ''>('');
  const roll = usable.find((r) => r.id === rollId) ?? usable.find((r) => r.active) ?? usable[0];
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [check, { isLoading }] = useCheckStampRangeMutation();

  const add = async () => {
    if (!roll || !canAddRange(from, to)) return;
    setMessage(null);
    try {
      const checked = await check({
        roll_id: roll.id,
        from: Number(from),
        to: Number(to),
        ...(invoiceId ? { invoice_id: invoiceId } : {}),
        added: ranges.map(({ roll_id, from: a, to: b }) => ({ roll_id, from: a, to: b })),
      }).unwrap();
      onAdd({
        roll_id: checked.roll_id,
        from: checked.from,
        to: checked.to,
        prefix: checked.prefix,
        label:
          checked.returned > 0 ? `${checked.range} (${checked.returned} on returned bottles)` : checked.range,
        count: checked.count,
      });
      setFrom('');
      setTo('');
    } catch (error) {
      const problem = toProblem(error);
      setMessage(problem?.details[0]?.message || problem?.message || 'Error checking the stamp range');
    }
  };

  if (rolls.isLoading) return <CircularProgress size={20} aria-label="Loading stamp rolls" />;
  if (usable.length === 0) return <Alert severity="info">No roll has stamps left to assign.</Alert>;

  return (
    <Box
      role="group"
      aria-label="Add stamp range"
      onKeyDown={(event) => {
        // inside the invoice form: Enter adds the range, it never saves the invoice
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          void add();
        }
      }}
    >
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label="Roll"
          value={roll?.id ?? ''}
          onChange={(event) => setRollId(Number(event.target.value))}
        >
          {usable.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {stampRange(r.prefix, r.from, r.to)}
              {r.active ? '' : ' (inactive)'}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 1, alignItems: 'start' }}>
          <TextField
            size="small"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value.trim())}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            size="small"
            label="To"
            value={to}
            onChange={(event) => setTo(event.target.value.trim())}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button
            variant="outlined"
            onClick={() => void add()}
            startIcon={<AddOutlined />}
            disabled={!roll || !canAddRange(from, to)}
            loading={isLoading}
            sx={{ height: 40 }}
          >
            Add
          </Button>
        </Box>
        {roll && roll.first_available !== null && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
            Next available {roll.prefix}
            {roll.first_available} · {formatCount(roll.stamps)} left
          </Typography>
        )}
        {message && (
          <Alert severity="error" role="alert" aria-label="Stamp range problem">
            {message}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The stamps panel (as the client's specification asks): one stamp per liquor bottle. Without manual ranges the stamps are
 * allocated on save, first active roll first (previewed here; an edited invoice keeps its own). Manual ranges
 * replace that, with 'More Stamp(s) Needed' / 'Extra Stamp(s) Added' when they don't match the bottles.
 */
export function StampsPanel({
  needed,
  bottlesByProduct = '',
  invoiceId,
  rollMissing,
  ranges,
  onRangesChange,
}: {
  needed: number;
  /** `productId:bottles,…` of the lines stamped one per bottle: returned bottles of them go out first (new invoices). */
  bottlesByProduct?: string;
  invoiceId?: string;
  rollMissing: boolean;
  ranges: BuilderStampRange[];
  onRangesChange: (ranges: BuilderStampRange[]) => void;
}) {
  const [manual, setManual] = useState(ranges.length > 0);
  const count = useDebouncedValue(needed, 300);
  const bottles = useDebouncedValue(invoiceId ? '' : bottlesByProduct, 300);
  const preview = useStampAllocationQuery(
    { count, ...(invoiceId ? { invoiceId } : {}), ...(bottles ? { bottles } : {}) },
    { skip: manual || rollMissing || (count === 0 && !invoiceId) },
  );
  const added = rangeCount(ranges);
  const balance = stampBalance(needed, added);

  return (
    <Box component="section" aria-label="Stamps">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ConfirmationNumberOutlined color="primary" aria-hidden />
          <Typography variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Stamps
          </Typography>
        </Box>
        <Chip
          size="small"
          color={needed > 0 ? 'primary' : 'default'}
          label={`${formatCount(needed)} needed`}
          aria-label={`Stamps needed: ${needed}`}
        />
      </Box>

      {!manual && (
        <Stack spacing={1}>
          {rollMissing ? (
            <Typography variant="body2" color="text.secondary">
              Add a stamp roll to allocate stamps.
            </Typography>
          ) : needed === 0 && !preview.currentData?.ranges.length ? (
            <Typography variant="body2" color="text.secondary">
              No liquor on this invoice: no stamps needed.
            </Typography>
          ) : preview.isError ? (
            <Alert severity="error" aria-label="Stamp allocation problem">
              {toProblem(preview.error)?.message || 'Error Checking Stamp Status'}
            </Alert>
          ) : !preview.currentData || preview.isFetching || count !== needed ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <CircularProgress size={16} aria-label="Checking stamps" />{' '}
              <Typography variant="body2">Checking stamps…</Typography>
            </Box>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {invoiceId ? 'Kept and allocated on save:' : 'Allocated automatically on save:'}
              </Typography>
              <Stack spacing={0.75} aria-label="Allocated stamps">
                {(preview.currentData.reissued ?? []).map((range) => (
                  <RangeChip
                    key={`returned-${range.roll_id}-${range.from}`}
                    label={`${stampRange(range.prefix, range.from, range.to)} (on returned bottles)`}
                    count={range.to - range.from + 1}
                  />
                ))}
                {preview.currentData.ranges.map((range) => (
                  <RangeChip
                    key={`${range.roll_id}-${range.from}`}
                    label={stampRange(range.prefix, range.from, range.to)}
                    count={range.to - range.from + 1}
                  />
                ))}
              </Stack>
            </>
          )}
          {!rollMissing && (
            <Box>
              <Button size="small" onClick={() => setManual(true)} sx={{ ml: -0.75 }}>
                Assign stamps manually
              </Button>
            </Box>
          )}
        </Stack>
      )}

      {manual && (
        <Stack spacing={1.5}>
          {ranges.length > 0 && (
            <Stack spacing={0.75} aria-label="Manual stamps">
              {ranges.map((range, index) => (
                <RangeChip
                  key={`${range.roll_id}-${range.from}`}
                  label={stampRange(range.prefix, range.from, range.to)}
                  count={range.count}
                  onDelete={() => onRangesChange(ranges.filter((_, i) => i !== index))}
                />
              ))}
            </Stack>
          )}
          {balance.kind !== 'ok' && (ranges.length > 0 || needed > 0) && (
            <Alert severity="warning" aria-label="Stamp count">
              <AlertTitle sx={{ mb: 0 }}>
                {balance.kind === 'more' ? STAMP_PANEL.moreNeeded : STAMP_PANEL.extraAdded}
              </AlertTitle>
              {needed} needed, {added} added
              {balance.kind === 'more' ? ` — add ${balance.by} more.` : ` — ${balance.by} too many.`}
            </Alert>
          )}
          <ManualRangeForm
            invoiceId={invoiceId}
            ranges={ranges}
            onAdd={(range) => onRangesChange([...ranges, range])}
          />
          <Box>
            <Button
              size="small"
              sx={{ ml: -0.75 }}
              onClick={() => {
                onRangesChange([]);
                setManual(false);
              }}
            >
              Use automatic allocation
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
