import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../features/auth/session-thunks';
import { CommandPalette } from '../../features/palette/CommandPalette';
import { useAppDispatch } from '../store';

export function TopBar({ companyName }: { companyName?: string }) {
  const [confirming, setConfirming] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logOut = () => {
    setConfirming(false);
    void dispatch(signOut());
    navigate('/auth/signin', { replace: true });
  };

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 2, minHeight: { xs: 64 } }}>
        <Typography component="div" color="text.secondary" noWrap sx={{ fontWeight: 600 }}>
          {companyName}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <CommandPalette />
        <Button color="inherit" startIcon={<Logout />} onClick={() => setConfirming(true)}>
          Logout
        </Button>
      </Toolbar>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="logout-title">
        <DialogTitle id="logout-title">Sure you want to logout?</DialogTitle>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirming(false)} autoFocus>
            Nevermind
          </Button>
          <Button variant="contained" color="error" onClick={logOut}>
            Log Me Out
          </Button>
        </DialogActions>
      </Dialog>
    </AppBar>
  );
}
