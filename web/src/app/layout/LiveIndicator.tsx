import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useLiveState } from '../live-updates';

/** A quiet mark in the top bar while live updates are cut off (the socket reconnects by itself). */
export function LiveIndicator() {
  const state = useLiveState();
  if (state !== 'offline') return null;
  return (
    <Tooltip title="Live updates are paused; reconnecting…">
      <Box
        role="status"
        aria-label="Offline"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
      >
        <CloudOffOutlined fontSize="small" />
        <Typography variant="body2" component="span">
          Offline
        </Typography>
      </Box>
    </Tooltip>
  );
}
