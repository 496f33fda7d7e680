import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { addDays, formatDate, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { dollars, undelivered } from './route-board';
import {
  useAddStopsMutation,
  useCloseRouteMutation,
  useCreateRouteMutation,
  type RouteResponse,
} from './routes.api';

/**
 * Close Route: the office counts the cash and checks the driver brought back against what was recorded at the
 * stops, sees the stops not delivered, and may move them to a route of the next day. A closed route no longer
 * changes.
 */
export function CloseRouteDialog({ route, onClose }: { route: RouteResponse; onClose: () => void }) {
  const titleId = useId();
  const [cash, setCash] = useState('');
  const [checks, setChecks] = useState('');
  const left = undelivered(route.stop_list);
  const [move, setMove] = useState(left.length > 0);
  const [key] = useState(() => crypto.randomUUID());
  const [close, closing] = useCloseRouteMutation();
  const [create, creating] = useCreateRouteMutation();
  const [add, adding] = useAddStopsMutation();
  const busy = closing.isLoading || creating.isLoading || adding.isLoading;
  const counted = dollars(cash) + dollars(checks);
  const difference = Math.round((counted - route.collected) * 100) / 100;
  const nextDay = addDays(route.date, 1);

  const submit = async () => {
    try {
      await close(route.id).unwrap();
      if (move && left.length > 0) {
        const next = await create({
          body: { date: nextDay, name: route.name, driver_id: route.driver?.id ?? null, truck: route.truck },
          idempotencyKey: key,
        }).unwrap();
        await add({
          id: next.id,
          body: {
            invoice_ids: left.flatMap((s) => (s.invoice_id ? [s.invoice_id] : [])),
            order_ids: left.flatMap((s) => (!s.invoice_id && s.order_id ? [s.order_id] : [])),
          },
        }).unwrap();
        toast.success(`${route.name} is closed; ${left.length} stop(s) moved to ${formatDate(nextDay)}.`);
      } else toast.success(`${route.name} is closed.`);
      onClose();
    } catch (error) {
      toast.error(toProblem(error)?.message || 'The route could not be closed.');
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Close route {route.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Count the cash and checks the driver brought back. A closed route no longer changes.
        </DialogContentText>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            label="Cash counted"
            value={cash}
            onChange={(event) => setCash(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Checks counted"
            value={checks}
            onChange={(event) => setChecks(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
        <Typography>
          Collected at the stops: <strong>{formatMoney(route.collected)}</strong> · Counted:{' '}
          <strong>{formatMoney(counted)}</strong>
        </Typography>
        {(cash || checks) && difference !== 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {difference > 0 ? 'Over' : 'Short'} by {formatMoney(Math.abs(difference))}.
          </Alert>
        )}
        {left.length > 0 ? (
          <>
            <Typography sx={{ mt: 2, fontWeight: 600 }}>Not delivered ({left.length})</Typography>
            <ul style={{ marginTop: 4 }}>
              {left.map((stop) => (
                <li key={stop.id}>
                  {stop.customer}
                  {stop.invoice_number ? ` · #${stop.invoice_number}` : ''}
                  {stop.status === 'skipped' && stop.note ? ` · skipped: ${stop.note}` : ''}
                </li>
              ))}
            </ul>
            <FormControlLabel
              control={<Checkbox checked={move} onChange={(event) => setMove(event.target.checked)} />}
              label={`Move them to a route on ${formatDate(nextDay)}`}
            />
          </>
        ) : (
          <Typography sx={{ mt: 2 }}>Every stop was delivered or handled.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" loading={busy} onClick={() => void submit()}>
          Close Route
        </Button>
      </DialogActions>
    </Dialog>
  );
}
