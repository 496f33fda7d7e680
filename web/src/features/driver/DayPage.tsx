import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney, formatTime } from '../../shared/format';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { DownloadError } from './driver-device';
import { collectsOnDelivery, dayWithLocal } from './outbox';
import { stopColor, stopStatusText } from './stop-labels';
import { useDevice } from './use-device';

/** A route's truck as the office named it: 'Truck 3' stays so, '3' reads 'Truck 3'. */
const truckName = (truck: string) => (/^truck\b/i.test(truck.trim()) ? truck : `Truck ${truck}`);

/** The day's stops in order, and the download. */
export function DayPage() {
  const { device, day, fetchedAt, local, sync, otherDriver } = useDevice();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = day ? dayWithLocal(day, local) : null;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await device.download();
    } catch (problem) {
      setError(
        problem instanceof DownloadError ? problem.message : 'The route could not be downloaded. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Today&apos;s route
        </Typography>
        {shown && (
          <Typography color="text.secondary">
            {shown.driver.name} · {formatDate(shown.date, shown.date)}
            {fetchedAt && ` · Downloaded at ${formatTime(fetchedAt)}`}
          </Typography>
        )}
      </Box>
      <Button
        variant={day ? 'outlined' : 'contained'}
        size="large"
        startIcon={<DownloadIcon />}
        onClick={() => void download()}
        disabled={busy || (otherDriver?.waiting ?? 0) > 0}
        sx={{ minHeight: 56, alignSelf: { sm: 'flex-start' } }}
      >
        {busy ? 'Downloading…' : day ? 'Download again' : "Download today's route"}
      </Button>
      {!sync.online && day && (
        <Alert severity="info">
          No signal: you can keep delivering. Everything is sent when the signal is back.
        </Alert>
      )}
      {otherDriver && (
        <Alert severity="warning">
          {otherDriver.waiting > 0
            ? `This phone holds ${otherDriver.waiting} ${otherDriver.waiting === 1 ? 'delivery' : 'deliveries'} of ${otherDriver.name} not sent yet. ${otherDriver.name} signs in to send them before another route is downloaded.`
            : `The route kept on this phone is ${otherDriver.name}'s. Download yours to replace it.`}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {(sync.needsSignIn || error?.startsWith('Sign in')) && (
        <Button
          component={RouterLink}
          to="/auth/signin"
          state={{ from: { pathname: '/driver' } }}
          variant="contained"
          size="large"
          sx={{ minHeight: 56, alignSelf: { sm: 'flex-start' } }}
        >
          Sign in again
        </Button>
      )}
      {!shown && !error && !otherDriver && (
        <Alert severity="info">
          Download the day&apos;s route while you have signal: it stays on this phone for the day.
        </Alert>
      )}
      {shown && shown.routes.length === 0 && <Alert severity="info">No stops for you today.</Alert>}
      {shown?.routes.map((route) => (
        <Box component="section" key={route.id} aria-labelledby={`route-${route.id}`}>
          <Typography id={`route-${route.id}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {route.name}
            {route.truck && ` · ${truckName(route.truck)}`} · {route.stop_list.length} stops
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {route.stop_list.map((stop) => {
              const stopLocal = local.stops[stop.id];
              return (
                <li key={stop.id}>
                  <Card variant="outlined">
                    <CardActionArea component={RouterLink} to={`/driver/stop/${stop.id}`} sx={{ p: 0 }}>
                      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                        <Box
                          sx={{
                            minWidth: 36,
                            height: 36,
                            borderRadius: '50%',
                            bgcolor: 'primary.main',
                            color: 'primary.contrastText',
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'center',
                            fontWeight: 700,
                          }}
                        >
                          <Box component="span" sx={visuallyHidden}>
                            Stop{' '}
                          </Box>
                          {stop.position}
                        </Box>
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 700 }}>{stop.customer}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {stop.address}
                          </Typography>
                          <Typography variant="body2">
                            {stop.invoice_number ? `Invoice #${stop.invoice_number}` : 'Order not invoiced'} ·{' '}
                            {stop.status === 'planned' || stop.status === 'skipped'
                              ? `${formatMoney(stop.amount_due)} due`
                              : `${formatMoney(stop.collected)} collected`}
                          </Typography>
                          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                            <Chip
                              size="small"
                              label={stopStatusText(stop, stopLocal)}
                              color={stopColor(stop, stopLocal)}
                            />
                            {collectsOnDelivery(stop) && (
                              <Chip
                                size="small"
                                variant="outlined"
                                color="secondary"
                                label="Collect on delivery"
                              />
                            )}
                          </Box>
                          {stopLocal?.state === 'attention' && (
                            <Typography variant="body2" color="error" sx={{ mt: 0.5, fontWeight: 600 }}>
                              {stopLocal.message}
                            </Typography>
                          )}
                        </Box>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </li>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
