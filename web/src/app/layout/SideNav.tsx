import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router-dom';
import { BrandMark } from '../../shared/ui/BrandMark';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { initials, type User } from '../session';
import { useFeatureOnOrUnknown } from '../../shared/feature-gate/use-feature';
import { NAV_ITEMS, visibleNavItems } from './nav-items';

export const NAV_WIDTH = 248;
export const NAV_MINI_WIDTH = 72;

/** The id of the phone's navigation drawer (the top bar's menu button controls it). */
export const NAV_DRAWER_ID = 'main-navigation-drawer';

interface SideNavProps {
  user: User | null;
  minimized: boolean;
  onToggle: () => void;
  /**
   * On a phone the navigation is a drawer over the page (no rail takes room from it): open or closed, closed again
   * once an entry is chosen.
   */
  phone?: { open: boolean; onClose: () => void };
}

export function SideNav({ user, minimized: minimizedWanted, onToggle, phone }: SideNavProps) {
  // the phone's drawer always shows the entries whole (with their sub-entries)
  const minimized = phone ? false : minimizedWanted;
  const width = minimized ? NAV_MINI_WIDTH : NAV_WIDTH;
  const { pathname } = useLocation();
  const chosen = phone?.onClose;
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  // Until the company is known, entries hidden under a feature stay hidden (no flash of Inventory under clover).
  const items = visibleNavItems(NAV_ITEMS, useFeatureOnOrUnknown());

  return (
    <Drawer
      id={phone ? NAV_DRAWER_ID : undefined}
      variant={phone ? 'temporary' : 'permanent'}
      open={phone ? phone.open : true}
      onClose={phone?.onClose}
      // the links stay in the page while it is closed (they are hidden from everyone then)
      ModalProps={phone ? { keepMounted: true } : undefined}
      sx={{
        width: phone ? undefined : width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          maxWidth: '85vw',
          overflowX: 'hidden',
          boxSizing: 'border-box',
          borderRight: 1,
          borderColor: 'divider',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <Box
        component="nav"
        aria-label="Main navigation"
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: minimized ? 2.5 : 2.5 }}>
          <BrandMark compact={minimized} />
        </Box>
        <Divider />
        <List sx={{ flex: 1, px: 1, py: 1.5 }}>
          {items.map((item) => (
            <Box component="li" key={item.to} sx={{ listStyle: 'none' }}>
              {/* Minimized, the label is hidden text rather than an aria-label: an icon that shows text of its own
                  (the Order count) keeps that text inside the link's name (WCAG 2.5.3, axe label-content-name-mismatch). */}
              <Tooltip title={minimized ? item.label : ''} placement="right" describeChild>
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  onClick={chosen}
                  selected={isActive(item.to)}
                  sx={{ borderRadius: 2, mb: 0.5, minHeight: 44, px: 1.75 }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{item.icon}</ListItemIcon>
                  {minimized ? (
                    <Box component="span" sx={visuallyHidden}>
                      {item.label}
                    </Box>
                  ) : (
                    <ListItemText primary={item.label} />
                  )}
                </ListItemButton>
              </Tooltip>
              {!minimized &&
                item.children?.map((child) => (
                  <ListItemButton
                    key={child.to}
                    component={NavLink}
                    to={child.to}
                    onClick={chosen}
                    end
                    selected={pathname === child.to}
                    sx={{ borderRadius: 2, pl: 7, minHeight: 36 }}
                  >
                    <ListItemText primary={child.label} slotProps={{ primary: { variant: 'body2' } }} />
                  </ListItemButton>
                ))}
            </Box>
          ))}
        </List>
        <Divider />
        {user && (
          <Tooltip title={minimized ? `${user.name} · ${user.email}` : ''} placement="right" describeChild>
            <ListItemButton
              component={NavLink}
              to="/setting"
              onClick={chosen}
              selected={isActive('/setting')}
              sx={{ flexGrow: 0, mx: 1, my: 1, borderRadius: 2, gap: 1.5, px: 1.25, minHeight: 56 }}
            >
              <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
                {initials(user.name)}
              </Avatar>
              {minimized ? (
                <Box component="span" sx={visuallyHidden}>
                  {user.name}, {user.email}
                </Box>
              ) : (
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {user.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {user.email}
                  </Typography>
                </Box>
              )}
            </ListItemButton>
          </Tooltip>
        )}
        <Box sx={{ display: 'flex', justifyContent: minimized ? 'center' : 'flex-end', px: 1, pb: 1 }}>
          {phone ? (
            <IconButton onClick={phone.onClose} aria-label="Close navigation" size="small">
              <ChevronLeft />
            </IconButton>
          ) : (
            <IconButton
              onClick={onToggle}
              aria-label={minimized ? 'Expand navigation' : 'Minimize navigation'}
              aria-expanded={!minimized}
              size="small"
            >
              {minimized ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
          )}
        </Box>
      </Box>
    </Drawer>
  );
}
