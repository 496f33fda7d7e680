import Logout from '@mui/icons-material/Logout';
import MenuRounded from '@mui/icons-material/MenuRounded';
import IconButton from '@mui/material/IconButton';
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
import { hiddenOnPhones } from '../../shared/ui/visually-hidden';
import { useAppDispatch } from '../store';
import { LiveIndicator } from './LiveIndicator';
import { NAV_DRAWER_ID } from './SideNav';

export function TopBar({
  companyName,
  onOpenNavigation,
  navigationOpen = false,
}: {
  companyName?: string;
  /** on a phone: opens the navigation drawer (the menu button shows only then) */
  onOpenNavigation?: () => void;
  navigationOpen?: boolean;
}) {
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
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64 }, px: { xs: 1.5, sm: 3 } }}>
        {onOpenNavigation && (
          <IconButton
            edge="start"
            onClick={onOpenNavigation}
            aria-label="Open navigation"
            aria-controls={NAV_DRAWER_ID}
            aria-expanded={navigationOpen}
            sx={{ flexShrink: 0 }}
          >
            <MenuRounded />
          </IconButton>
        )}
        {/* the name gives way (ellipsis) before the controls do; on a phone the controls show their icons only */}
        <Typography
          component="div"
          color="text.secondary"
          noWrap
          sx={{ fontWeight: 600, minWidth: 0, flexShrink: 1 }}
        >
          {companyName}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <LiveIndicator />
        <CommandPalette />
        <Button
          color="inherit"
          startIcon={<Logout />}
          onClick={() => setConfirming(true)}
          sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={hiddenOnPhones}>
            Logout
          </Box>
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
