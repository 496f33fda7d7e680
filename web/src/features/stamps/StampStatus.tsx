import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RouterButton } from '../../shared/ui/RouterButton';
import { formatCount, rollLabel, stampLabel } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import { useStampRemainingQuery } from './stamps.api';

/** Where the low-stamp warning links: the settings page, its threshold field focused. */
export const THRESHOLD_SETTING = '/setting?focus_field=threshold';
const DISMISSED_KEY = 'stamp_low_warning_dismissed';

/**
 * 'Error Checking Stamp Status' with Check Again and Register new roll (as the client's specification asks). `register` replaces the
 * default link to /stamp/roll (the roll page focuses its own form instead).
 */
export function StampStatusError({
  onRetry,
  retrying,
  register,
}: {
  onRetry: () => void;
  retrying?: boolean;
  register?: ReactNode;
}) {
  return (
    <Alert severity="error">
      {STAMP_MESSAGES.statusFailed}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Check Again
        </Button>
        {register ?? (
          <RouterButton to="/stamp/roll" color="inherit" size="small">
            Register new roll
          </RouterButton>
        )}
      </Box>
    </Alert>
  );
}

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage unavailable: dismissed until the page reloads
  }
}

/**
 * The dashboard's stamp banners (as the client's specification asks), checked on every load: the dismissible low-stamp warning (stamps
 * left in active rolls under the company threshold) with a link to the threshold setting, and the active-roll
 * banner. Without any roll: 'No data found' and Register new roll; when the status can't be read: the error with
 * Check Again. A dismissed warning stays hidden for the browser tab's session.
 */
export function StampStatusBanners() {
  const { data, isLoading, isError, isFetching, refetch } = useStampRemainingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [dismissed, setDismissed] = useState(readDismissed);

  if (isLoading)
    return <Skeleton variant="rounded" height={52} aria-label="Checking stamp status" sx={{ mb: 3 }} />;
  if (isError || !data)
    return (
      <Box sx={{ mb: 3 }}>
        <StampStatusError onRetry={() => void refetch()} retrying={isFetching} />
      </Box>
    );
  if (data.rollCount === 0)
    return (
      <Alert
        severity="info"
        role="status"
        sx={{ mb: 3 }}
        action={
          <RouterButton to="/stamp/roll" color="inherit" size="small">
            Register new roll
          </RouterButton>
        }
      >
        <AlertTitle>{STAMP_MESSAGES.noData}</AlertTitle>
        No stamp roll is registered yet.
      </Alert>
    );

  const { currentRoll } = data;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {data.low && !dismissed && (
        <Alert
          severity="warning"
          role="status"
          closeText="Dismiss low-stamp warning"
          onClose={() => {
            rememberDismissed();
            setDismissed(true);
          }}
        >
          <AlertTitle>Running low on stamps</AlertTitle>
          {formatCount(data.availableStampCount)} stamps left in your active rolls, under your threshold of{' '}
          {formatCount(data.threshold)}. Register a new roll or{' '}
          <Link component={RouterLink} to={THRESHOLD_SETTING} color="inherit" sx={{ fontWeight: 600 }}>
            change the stamp threshold
          </Link>
          .
        </Alert>
      )}
      {currentRoll ? (
        <Alert
          severity="success"
          role="status"
          action={
            <RouterButton to="/stamp/roll" color="inherit" size="small">
              Manage Rolls
            </RouterButton>
          }
        >
          Active roll <strong>{rollLabel(currentRoll)}</strong>: {formatCount(currentRoll.stamps)} of{' '}
          {formatCount(currentRoll.stampsCount)} stamps left
          {data.firstAvailableStamp !== null && (
            <>
              , next stamp <strong>{stampLabel(currentRoll.prefix, data.firstAvailableStamp)}</strong>
            </>
          )}
          .
        </Alert>
      ) : (
        <Alert
          severity="warning"
          role="status"
          action={
            <RouterButton to="/stamp/roll" color="inherit" size="small">
              Manage Rolls
            </RouterButton>
          }
        >
          No active stamp roll: activate a roll or register a new one before invoicing.
        </Alert>
      )}
    </Stack>
  );
}
