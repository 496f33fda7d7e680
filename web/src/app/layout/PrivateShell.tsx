import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Outlet, useNavigation } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { SessionExpiredDialog } from '../../features/auth/SessionExpiredDialog';
import { useLiveUpdates } from '../live-updates';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { useAppSelector } from '../store';
import { useNavMinimized } from './nav-preferences';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** Every private route: sign-in guard, side navigation, top bar, and the session-expired modal. */
export default function PrivateShell() {
  return (
    <RequireAuth>
      <AppLayout />
      <SessionExpiredDialog />
    </RequireAuth>
  );
}

function AppLayout() {
  const user = useAppSelector((state) => state.session.user);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [minimized, toggle] = useNavMinimized(narrow);
  const navigation = useNavigation();
  useLiveUpdates();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <SideNav user={user} minimized={minimized} onToggle={toggle} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar companyName={user?.company?.name} />
        {navigation.state === 'loading' && (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1300 }}
          />
        )}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, maxWidth: 1440, width: '100%', mx: 'auto', outline: 'none' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
