import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Chip from '@mui/material/Chip';
import { syncLabel, type SyncView } from './outbox';

/** "Offline — 3 waiting", "Sending 2 of 5…", "All sent": what the outbox is doing, read out when it changes. */
export function SyncIndicator({ sync }: { sync: SyncView }) {
  const label = syncLabel(sync);
  const icon = !sync.online ? (
    <CloudOffIcon />
  ) : sync.waiting || sync.needsSignIn ? (
    <CloudUploadIcon />
  ) : (
    <CloudDoneIcon />
  );
  const color = sync.needsSignIn ? 'error' : !sync.online || sync.waiting ? 'warning' : 'success';
  return (
    <Chip
      role="status"
      aria-live="polite"
      data-testid="sync-indicator"
      icon={icon}
      label={label}
      color={color}
      variant="filled"
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
