import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, companyToday, formatDate } from '../../shared/format';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouteDialog } from './RouteDialog';
import { RouteCard } from './RouteCard';
import { useDayRoutesQuery } from './routes.api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /routes: the dispatcher plans a day's deliveries (tomorrow by default, `?date=`): one card per route with its
 * driver, truck and stops in order; the board follows the drivers live (route:changed).
 */
export default function RoutesPage() {
  const [params, setParams] = useSearchParams();
  const today = companyToday();
  const asked = params.get('date') ?? '';
  const date = DAY.test(asked) ? asked : addDays(today, 1);
  const setDate = (next: string) =>
    setParams(DAY.test(next) ? { date: next } : {}, { replace: true, preventScrollReset: true });
  const routes = useDayRoutesQuery(date);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Routes"
        subtitle="Plan each day's deliveries: routes, drivers, trucks and stops in order."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            New Route
          </Button>
        }
      />
      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          label="Delivery date"
          size="small"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        />
        <Button variant={date === today ? 'contained' : 'outlined'} onClick={() => setDate(today)}>
          Today
        </Button>
        <Button
          variant={date === addDays(today, 1) ? 'contained' : 'outlined'}
          onClick={() => setDate(addDays(today, 1))}
        >
          Tomorrow
        </Button>
        <Typography color="text.secondary" sx={{ ml: { sm: 1 } }}>
          {formatDate(date)}
        </Typography>
      </Stack>
      {routes.isLoading && <Skeleton variant="rounded" height={240} />}
      {routes.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void routes.refetch()}>
              Retry
            </Button>
          }
        >
          The routes could not be loaded.
        </Alert>
      )}
      {routes.isSuccess && routes.data.length === 0 && (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <LocalShippingOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
            <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 1 }}>
              No routes for this day
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Plan a route, then add the day's invoices and orders to it.
            </Typography>
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              New Route
            </Button>
          </CardContent>
        </Card>
      )}
      {routes.isSuccess && routes.data.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
            alignItems: 'start',
          }}
        >
          {routes.data.map((route) => (
            <RouteCard key={route.id} summary={route} />
          ))}
        </Box>
      )}
      {creating && <RouteDialog date={date} onClose={() => setCreating(false)} />}
    </>
  );
}
