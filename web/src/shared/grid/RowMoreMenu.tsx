import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactElement, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface RowMenuItem {
  /** the item's words, e.g. 'Clone' */
  label: string;
  /** its accessible name when the words alone do not say which row, e.g. 'Clone invoice #3015' */
  name?: string;
  icon?: ReactElement;
  /** a route of the app (the item is a link) … */
  to?: string;
  /** … or what choosing it does */
  onSelect?: () => void;
}

/**
 * A row's less frequent actions behind one '⋮' button, so a grid's row actions take the room of two icons and stay in
 * view beside the other columns. Neither the button nor an item opens the row.
 */
export function RowMoreMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  if (items.length === 0) return null;
  return (
    <>
      <Tooltip title="More actions">
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVert fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) =>
          item.to ? (
            <MenuItem
              key={item.label}
              component={RouterLink}
              to={item.to}
              aria-label={item.name}
              onClick={close}
            >
              {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={item.label}
              aria-label={item.name}
              onClick={() => {
                close();
                item.onSelect?.();
              }}
            >
              {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
