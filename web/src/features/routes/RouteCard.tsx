import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { AddStopsDialog } from './AddStopsDialog';
import { CloseRouteDialog } from './CloseRouteDialog';
import { LoadSheetDialog } from './LoadSheetDialog';
import { RouteDialog } from './RouteDialog';
import { moved, ROUTE_STATUS, STOP_STATUS } from './route-board';
import {
  useGetRouteQuery,
  useRemoveStopMutation,
  useReorderStopsMutation,
  useSuggestOrderMutation,
  type RouteStopResponse,
  type RouteSummary,
} from './routes.api';

type Open = 'add' | 'edit' | 'sheet' | 'close' | null;

/** One route of the day: its driver, truck, progress, and its stops in order, moved by buttons or by dragging. */
export function RouteCard({ summary }: { summary: RouteSummary }) {
  const route = useGetRouteQuery(summary.id);
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<RouteStopResponse | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [reorder] = useReorderStopsMutation();
  const [suggest, suggesting] = useSuggestOrderMutation();
  const [remove, removal] = useRemoveStopMutation();
  const closed = summary.status === 'closed';
  const stops = route.data?.stop_list ?? [];
  const ids = stops.map((stop) => stop.id);

  const move = async (from: number, to: number) => {
    const next = moved(ids, from, to);
    if (next.join() === ids.join()) return;
    try {
      await reorder({ id: summary.id, stopIds: next }).unwrap();
    } catch (error) {
      toast.error(toProblem(error)?.message || 'The stops could not be reordered.');
    }
  };
  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(toProblem(error)?.message || failed);
    }
  };

  return (
    <Card
      component="section"
      aria-label={`Route ${summary.name}`}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {summary.name}
          </Typography>
          <Chip
            size="small"
            label={ROUTE_STATUS[summary.status]}
            color={summary.status === 'out' ? 'primary' : 'default'}
            variant={summary.status === 'closed' ? 'outlined' : 'filled'}
          />
        </Stack>
        <Typography color="text.secondary" variant="body2">
          {summary.driver?.name ?? 'No driver'}
          {summary.truck ? ` · ${summary.truck}` : ''}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, mt: 1, alignItems: 'center' }}>
          <Typography variant="body2">
            <strong>
              {summary.done}/{summary.stops}
            </strong>{' '}
            done
          </Typography>
          <Typography variant="body2">
            Collected <strong>{formatMoney(summary.collected)}</strong>
          </Typography>
        </Stack>
        <Box aria-hidden sx={{ mt: 1, mb: 1.5, height: 6, borderRadius: 3, bgcolor: 'action.hover' }}>
          <Box
            sx={{
              height: 1,
              borderRadius: 3,
              bgcolor: 'primary.main',
              width: `${summary.stops ? (100 * summary.done) / summary.stops : 0}%`,
            }}
          />
        </Box>
        {route.isLoading && <Skeleton height={80} />}
        {route.isError && <Alert severity="error">The stops could not be loaded.</Alert>}
        {route.isSuccess && stops.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No stops yet. Add the day's invoices and orders.
          </Typography>
        )}
        <Box component="ol" aria-label={`Stops of ${summary.name}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {stops.map((stop, index) => (
            <Box
              component="li"
              key={stop.id}
              draggable={!closed}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null) void move(dragged, index);
                setDragged(null);
              }}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
                opacity: dragged === index ? 0.5 : 1,
              }}
            >
              {!closed && (
                <DragIndicatorOutlined
                  fontSize="small"
                  sx={{
                    color: 'text.disabled',
                    cursor: 'grab',
                    mt: 0.25,
                    display: { xs: 'none', sm: 'block' },
                  }}
                  aria-hidden
                />
              )}
              <Typography sx={{ width: 24, fontWeight: 700, flexShrink: 0 }}>{stop.position}</Typography>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography
                  sx={{
                    fontWeight: 600,
                    overflowWrap: 'anywhere',
                    textDecoration: stop.invoice_cancelled ? 'line-through' : undefined,
                  }}
                >
                  {stop.customer}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {stop.invoice_number ? `#${stop.invoice_number}` : 'Order'} · {stop.address || 'No address'}
                </Typography>
                <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    label={STOP_STATUS[stop.status].label}
                    color={STOP_STATUS[stop.status].color}
                  />
                  {stop.invoice_cancelled && <Chip size="small" color="error" label="Invoice cancelled" />}
                  {stop.cod && <Chip size="small" variant="outlined" label="COD" />}
                  {stop.collected > 0 && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={`${formatMoney(stop.collected)} collected`}
                    />
                  )}
                </Stack>
                {stop.note && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {stop.note}
                  </Typography>
                )}
              </Box>
              {!closed && (
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <IconButton
                    size="small"
                    aria-label={`Move ${stop.customer} up`}
                    disabled={index === 0}
                    onClick={() => void move(index, index - 1)}
                  >
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${stop.customer} down`}
                    disabled={index === stops.length - 1}
                    onClick={() => void move(index, index + 1)}
                  >
                    <ArrowDownwardOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${stop.customer}`}
                    // a delivered stop stays on its route, with what was collected there
                    disabled={stop.status !== 'planned' && stop.status !== 'skipped'}
                    onClick={() => setRemoving(stop)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Stack>
              )}
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        {!closed && (
          <Button size="small" variant="outlined" startIcon={<AddOutlined />} onClick={() => setOpen('add')}>
            Add Stops
          </Button>
        )}
        {!closed && stops.length > 1 && (
          <Button
            size="small"
            loading={suggesting.isLoading}
            onClick={() =>
              void act(
                () => suggest(summary.id).unwrap(),
                `${summary.name}: stops ordered by address.`,
                'The stops could not be ordered.',
              )
            }
          >
            Suggest Order
          </Button>
        )}
        <Button size="small" onClick={() => setOpen('sheet')}>
          Load Sheet
        </Button>
        {!closed && (
          <Button size="small" aria-label={`Edit route ${summary.name}`} onClick={() => setOpen('edit')}>
            Edit
          </Button>
        )}
        {!closed && route.data && (
          <Button size="small" color="error" onClick={() => setOpen('close')}>
            Close Route
          </Button>
        )}
      </CardActions>
      {open === 'add' && <AddStopsDialog route={summary} onClose={() => setOpen(null)} />}
      {open === 'edit' && <RouteDialog date={summary.date} route={summary} onClose={() => setOpen(null)} />}
      {open === 'sheet' && <LoadSheetDialog route={summary} onClose={() => setOpen(null)} />}
      {open === 'close' && route.data && (
        <CloseRouteDialog route={route.data} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.customer ?? 'this stop'} from ${summary.name}?`}
        confirmLabel="Remove"
        destructive
        busy={removal.isLoading}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const stop = removing!;
          void act(
            () => remove({ id: summary.id, stopId: stop.id }).unwrap(),
            `${stop.customer} is off ${summary.name}.`,
            'The stop could not be removed.',
          ).finally(() => setRemoving(null));
        }}
      >
        Its invoice goes back to the day's list, for another route.
      </ConfirmDialog>
    </Card>
  );
}
