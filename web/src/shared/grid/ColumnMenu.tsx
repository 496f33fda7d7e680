import RestartAlt from '@mui/icons-material/RestartAlt';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { GridColumnMenu, type GridColumnMenuItemProps, type GridColumnMenuProps } from '@mui/x-data-grid';

interface ResetColumnsItemProps extends GridColumnMenuItemProps {
  onReset?: () => void;
  changed?: boolean;
}

/** 'Reset columns': the grid's own columns and widths again, in place of those the user hid, showed or dragged. */
function ResetColumnsItem({ onClick, onReset, changed }: ResetColumnsItemProps) {
  if (!onReset) return null;
  return (
    <MenuItem
      disabled={!changed}
      onClick={(event) => {
        onReset();
        onClick(event);
      }}
    >
      <ListItemIcon>
        <RestartAlt fontSize="small" />
      </ListItemIcon>
      <ListItemText>Reset columns</ListItemText>
    </MenuItem>
  );
}

/**
 * The grid's column menu (sort, filter, hide, manage columns) with 'Reset columns' last: `onResetColumns` forgets the
 * user's column choice of the grid (none: no such item), disabled unless `columnsChanged`.
 */
export function ColumnMenu({
  onResetColumns,
  columnsChanged,
  ...props
}: GridColumnMenuProps & { onResetColumns?: () => void; columnsChanged?: boolean }) {
  return (
    <GridColumnMenu
      {...props}
      slots={{ columnMenuResetItem: ResetColumnsItem }}
      slotProps={{
        columnMenuResetItem: { displayOrder: 200, onReset: onResetColumns, changed: columnsChanged },
      }}
    />
  );
}
