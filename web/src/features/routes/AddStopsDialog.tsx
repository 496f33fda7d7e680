import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useAddStopsMutation, useUnroutedQuery, type RouteSummary } from './routes.api';

interface Pickable {
  key: string;
  id: string;
  kind: 'invoice' | 'order';
  title: string;
  detail: string;
}

/** "Add Stops": the day's invoices and placed orders on no open route, with a search; checked ones go at the end. */
export function AddStopsDialog({ route, onClose }: { route: RouteSummary; onClose: () => void }) {
  const titleId = useId();
  const unrouted = useUnroutedQuery(route.date);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [add, { isLoading }] = useAddStopsMutation();

  const items = useMemo<Pickable[]>(() => {
    const data = unrouted.data;
    if (!data) return [];
    return [
      ...data.invoices.map((i) => ({
        key: `invoice:${i.id}`,
        id: i.id,
        kind: 'invoice' as const,
        title: `Invoice #${i.number} · ${i.customer}`,
        detail: `${formatDate(i.invoiced_on)} · ${formatMoney(i.total)}`,
      })),
      ...data.orders.map((o) => ({
        key: `order:${o.id}`,
        id: o.id,
        kind: 'order' as const,
        title: `Order #${o.number} · ${o.customer}`,
        detail: `Placed ${formatDate(o.placed_at)} · ${formatMoney(o.total)}`,
      })),
    ];
  }, [unrouted.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? items.filter((item) => item.title.toLowerCase().includes(needle)) : items;

  const toggle = (key: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const submit = async () => {
    const picked = items.filter((item) => chosen.has(item.key));
    try {
      await add({
        id: route.id,
        body: {
          invoice_ids: picked.filter((p) => p.kind === 'invoice').map((p) => p.id),
          order_ids: picked.filter((p) => p.kind === 'order').map((p) => p.id),
        },
      }).unwrap();
      toast.success(`${picked.length} stop${picked.length === 1 ? '' : 's'} added to ${route.name}.`);
      onClose();
    } catch (error) {
      toast.error(toProblem(error)?.message || 'The stops could not be added.');
    }
  };

  const group = (kind: Pickable['kind'], label: string) => {
    const rows = shown.filter((item) => item.kind === kind);
    if (rows.length === 0) return null;
    return (
      <li key={kind}>
        <List dense disablePadding subheader={<ListSubheader disableSticky>{label}</ListSubheader>}>
          {rows.map((item) => (
            <ListItem key={item.key} dense>
              <FormControlLabel
                sx={{ m: 0, alignItems: 'flex-start', width: 1 }}
                control={
                  <Checkbox
                    checked={chosen.has(item.key)}
                    onChange={() => toggle(item.key)}
                    sx={{ mt: -0.5 }}
                    slotProps={{ input: { 'aria-label': item.title } }}
                  />
                }
                label={<ListItemText primary={item.title} secondary={item.detail} sx={{ my: 0 }} />}
              />
            </ListItem>
          ))}
        </List>
      </li>
    );
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Add stops to {route.name}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Search customer or number"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          size="small"
          sx={{ mb: 1 }}
        />
        {unrouted.isLoading && <Skeleton height={160} />}
        {unrouted.isError && <Alert severity="error">The invoices and orders could not be loaded.</Alert>}
        {unrouted.isSuccess && shown.length === 0 && (
          <Alert severity="info">
            {items.length === 0
              ? 'Every invoice and order of this day is on a route.'
              : 'Nothing matches this search.'}
          </Alert>
        )}
        <List sx={{ maxHeight: 420, overflow: 'auto' }}>
          {group('invoice', 'Invoices')}
          {group('order', 'Placed orders')}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0}
          loading={isLoading}
          onClick={() => void submit()}
        >
          Add {chosen.size || ''} Stop{chosen.size === 1 ? '' : 's'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
