import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LogoutIcon from '@mui/icons-material/Logout';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { CompanyClock } from '../../shared/company/company-clock';
import { MAIN_CONTENT_ID } from '../../shared/ui/SkipLink';
import { DayPage } from './DayPage';
import { installDriverApp } from './install';
import { StopPage } from './StopPage';
import { SyncIndicator } from './SyncIndicator';
import { useDevice } from './use-device';

/**
 * The driver's app under /driver, phone first: the day's route downloaded in the morning and kept on the device, each
 * stop delivered or skipped with no signal, the outbox sent when the network is back. Any signed-in user may open it
 * (drivers, and owners and staff trying it). With no network the stored sign-in is trusted: the server checks it when
 * the outbox is sent.
 */
export default function DriverApp() {
  const status = useAppSelector((state) => state.session.status);
  const location = useLocation();
  const { loaded, sync } = useDevice();

  useEffect(() => {
    installDriverApp();
    document.title = 'Stampline Driver';
  }, []);

  if (status === 'anonymous') return <Navigate to="/auth/signin" replace state={{ from: location }} />;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      {/* a field scrolled into view (focus, a jump) stops below the sticky top bar, not under it */}
      <GlobalStyles styles={{ html: { scrollPaddingTop: 112 } }} />
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ gap: 1, py: 1 }}>
          <LocalShippingIcon aria-hidden />
          {/* one row on a phone: the product's name only where there is room for it */}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 700 }}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Stampline{' '}
            </Box>
            Driver
          </Typography>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 4 }}>
            <SyncIndicator sync={sync} />
          </Box>
          {/* a shared phone: the next driver signs in after this one; what is not sent yet stays on the phone */}
          <Tooltip title="Sign out">
            <IconButton component={RouterLink} to="/logout" color="inherit" aria-label="Sign out">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 3 }, outline: 'none' }}
      >
        {!loaded ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label="Opening the stored route" />
          </Box>
        ) : (
          <CompanyClock>
            <Routes>
              <Route index element={<DayPage />} />
              <Route path="stop/:stopId" element={<StopPage />} />
              <Route path="*" element={<Navigate to="/driver" replace />} />
            </Routes>
          </CompanyClock>
        )}
      </Box>
    </Box>
  );
}
