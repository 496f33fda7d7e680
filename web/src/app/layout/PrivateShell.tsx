import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { SessionExpiredDialog } from '../../features/auth/SessionExpiredDialog';
import { useLiveUpdates } from '../live-updates';
import { BootShell } from '../../shared/ui/BootShell';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { useAppSelector } from '../store';
import { useNavMinimized } from './nav-preferences';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/**
 * Every private route: sign-in guard, side navigation, top bar, and the session-expired modal. A driver's back office
 * is the driver's app: every other page sends them there.
 */
export default function PrivateShell() {
  return (
    <RequireAuth>
      <DriversToTheirApp>
        <AppLayout />
        <SessionExpiredDialog />
      </DriversToTheirApp>
    </RequireAuth>
  );
}

/**
 * The driver's app is loaded afresh (not routed to inside this page), so its service worker takes the page from the
 * start and it opens again with no signal.
 */
function DriversToTheirApp({ children }: { children: ReactNode }) {
  const role = useAppSelector((state) => state.session.user?.role);
  useEffect(() => {
    if (role === 'driver') window.location.replace('/driver');
  }, [role]);
  return role === 'driver' ? <BootShell label="Opening the driver's app" /> : <>{children}</>;
}

/**
 * Below 900 px (a phone, a small tablet) the navigation is a drawer the top bar's menu button opens, over the page:
 * no rail takes the page's room and opening it never squeezes the page. Wider, it is the side navigation with its
 * minimize toggle.
 */
function AppLayout() {
  const user = useAppSelector((state) => state.session.user);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  // between 900 and 1200 px the side navigation starts as its icon rail (the user's toggle is remembered)
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const [minimized, toggle] = useNavMinimized(narrow);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  useLiveUpdates();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <SideNav
        user={user}
        minimized={minimized}
        onToggle={toggle}
        phone={phone ? { open: drawerOpen, onClose: () => setDrawerOpen(false) } : undefined}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          companyName={user?.company?.name}
          onOpenNavigation={phone ? () => setDrawerOpen(true) : undefined}
          navigationOpen={drawerOpen}
        />
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
