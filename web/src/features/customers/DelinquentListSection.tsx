import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { formatDate, formatDateTime } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import {
  useCustomerDelinquencyQuery,
  useRecordDelinquentOverrideMutation,
  type DelinquentOverrideAnswer,
} from './customers.api';

export const OVERRIDE_REASONS = [
  { value: 'bankruptcy_exemption', label: 'Bankruptcy exemption' },
  { value: 'removed_by_tabc', label: 'Removed by TABC, not yet in the imported list' },
] as const;

/** One override as the customer page and the stamp record show it: reason, note, who and when. */
export function OverrideLine({ override }: { override: DelinquentOverrideAnswer }) {
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {override.reason_label}
        {override.listing_effective_date && ` · listing of ${formatDate(override.listing_effective_date)}`}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {override.note}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Recorded by {override.recorded_by} on {formatDateTime(override.recorded_at)}
      </Typography>
    </Box>
  );
}

/**
 * The customer page's credit-law delinquent list: the listing and whether a liquor or wine sale on credit is refused
 * now, the owner's documented overrides, and (the owner) Record Override. Nothing when not listed and never
 * overridden.
 */
export function DelinquentListSection({ customerId }: { customerId: string }) {
  const titleId = useId();
  const { data } = useCustomerDelinquencyQuery(customerId);
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  const [open, setOpen] = useState(false);
  const overrides = data?.overrides ?? [];
  if (!data || (!data.delinquent && overrides.length === 0)) return null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
          Credit-law delinquent list
        </Typography>
        {data.delinquent && (
          <Alert severity={data.refused ? 'error' : data.override ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
            Listed as {data.permit}
            {data.effective_date && ` from 12:01 a.m. on ${formatDate(data.effective_date)}`}
            {data.list_number && ` (list ${data.list_number})`}.{' '}
            {data.refused
              ? 'No liquor or wine may be sold or delivered to it on credit until TABC removes it from the list.'
              : data.override
                ? 'The override below lets it be sold to on credit.'
                : data.in_effect
                  ? 'It is cash on delivery: sales are allowed.'
                  : 'Sales on credit are refused from then.'}
          </Alert>
        )}
        {overrides.length > 0 && (
          <Box component="ul" aria-label="Overrides" sx={{ m: 0, pl: 2.5 }}>
            {overrides.map((override) => (
              <OverrideLine key={override.recorded_at} override={override} />
            ))}
          </Box>
        )}
        {owner && data.delinquent && !data.override && (
          <Button variant="outlined" startIcon={<GavelOutlined />} onClick={() => setOpen(true)}>
            Record Override
          </Button>
        )}
        {open && <OverrideDialog customerId={customerId} onClose={() => setOpen(false)} />}
      </CardContent>
    </Card>
  );
}

function OverrideDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const titleId = useId();
  const [record, { isLoading }] = useRecordDelinquentOverrideMutation();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const save = async () => {
    const missing = [
      ...(reason ? [] : ['Choose the reason.']),
      ...(note.trim() ? [] : ['Note is required (at most 500 characters).']),
    ];
    if (missing.length > 0) return setProblems(missing);
    try {
      await record({ id: customerId, body: { reason, note } }).unwrap();
      toast.success('Override recorded.');
      onClose();
    } catch (error) {
      setProblems(problemMessages(toProblem(error), 'The override could not be recorded.'));
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Record Override</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            Sales on credit to this retailer are allowed again for this listing. Record why, with what
            documents it: it shows on the customer and in the stamp record for inspection.
          </Typography>
          {problems.length > 0 && (
            <Alert severity="error" role="alert">
              {problems.join(' ')}
            </Alert>
          )}
          <TextField
            select
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          >
            {OVERRIDE_REASONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            helperText="The court case, the TABC notice: what documents it"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={isLoading}>
          Record Override
        </Button>
      </DialogActions>
    </Dialog>
  );
}
