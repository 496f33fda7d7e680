import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { progressText, useSyncProgress } from '../../app/sync-progress';

/** A running sync's progress (n of m records), as the live socket reports it after each record. */
export function SyncProgressLine({ syncId }: { syncId: string }) {
  const progress = useSyncProgress(syncId);
  const text = progress ? progressText(progress) : 'Syncing…';
  const value =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : undefined;
  return (
    <Box sx={{ maxWidth: 480 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={text}
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}
