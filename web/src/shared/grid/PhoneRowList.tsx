import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../ui/visually-hidden';
import { PAGE_SIZE_CHOICES } from './grid-protocol';
import type { PhoneRowFacts } from './phone-row';

/**
 * What a phone shows of a row, in priority order: the first line names it (an invoice's number and customer), the
 * amount sits on its right, the badge (a status) and the details below; names and details wrap, never cut. Actions,
 * when the row has some that opening it does not offer, go last.
 */
export interface PhoneRowParts {
  primary: ReactNode;
  /** the line under it: a customer, a date */
  secondary?: ReactNode;
  /** on the right of the first line: a total */
  amount?: ReactNode;
  /** on the right of the second line: a status chip */
  badge?: ReactNode;
  /** buttons or links of the row (each with its own name) */
  actions?: ReactNode;
}

export interface PhoneRowListProps<Row extends GridValidRowModel> {
  label: string;
  rows: readonly Row[];
  rowCount: number;
  loading: boolean;
  /** the empty or error text, and Retry for an error */
  overlay: { message: string; error: boolean; onRetry?: () => void };
  phoneRow: (row: Row) => PhoneRowParts;
  /** opening a row (the whole line is a button then) */
  onOpen?: (row: Row) => void;
  /** or the address a row opens (the whole line is a link then; a row without one opens nothing) */
  rowLink?: (row: Row) => string | undefined;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  getRowId?: (row: Row) => string | number;
}

/** A row's facts as PhoneRowList shows them: the badge becomes a small outlined chip. */
export const phoneRowParts = ({ primary, secondary, amount, badge }: PhoneRowFacts): PhoneRowParts => ({
  primary,
  secondary,
  amount,
  badge: badge && <Chip size="small" variant="outlined" color={badge.color} label={badge.label} />,
});

/**
 * A grid on a phone: its rows as a list of what matters most (no table clipped at the screen's edge), with the same
 * page, page size ('25/page'), empty and error states as the table it replaces.
 */
export function PhoneRowList<Row extends GridValidRowModel>({
  label,
  rows,
  rowCount,
  loading,
  overlay,
  phoneRow,
  onOpen,
  rowLink,
  paginationModel,
  onPaginationModelChange,
  getRowId = (row) => row.id as string,
}: PhoneRowListProps<Row>) {
  const firstLoad = loading && rows.length === 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={`Loading ${label}`} />}</Box>
      {firstLoad ? (
        <Box role="status" aria-label={`Loading ${label}`} sx={{ px: 1 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} sx={{ my: 1 }} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Box
          role={overlay.error ? 'alert' : 'status'}
          sx={{ display: 'grid', justifyItems: 'center', gap: 1, p: 3, textAlign: 'center' }}
        >
          {overlay.error ? (
            <ErrorOutline aria-hidden color="error" sx={{ fontSize: 40 }} />
          ) : (
            <InboxOutlined aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
          )}
          <Typography color={overlay.error ? 'error' : 'text.secondary'}>{overlay.message}</Typography>
          {overlay.error && overlay.onRetry && (
            <Button size="small" variant="outlined" onClick={overlay.onRetry}>
              Retry
            </Button>
          )}
        </Box>
      ) : (
        <List aria-label={label} data-phone-grid sx={{ flex: 1, overflow: 'auto', py: 0 }}>
          {rows.map((row) => {
            const parts = phoneRow(row);
            const link = rowLink?.(row);
            const body = (
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1.5, width: '100%' }}>
                <Typography component="div" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {parts.primary}
                </Typography>
                <Typography component="div" sx={{ fontWeight: 600, textAlign: 'right' }} noWrap>
                  {parts.amount}
                </Typography>
                <Typography
                  component="div"
                  variant="body2"
                  color="text.secondary"
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {parts.secondary}
                </Typography>
                <Box sx={{ justifySelf: 'end', mt: 0.25 }}>{parts.badge}</Box>
              </Box>
            );
            return (
              <ListItem key={getRowId(row)} disablePadding divider sx={{ display: 'block' }}>
                {link ? (
                  <ListItemButton component={RouterLink} to={link} sx={{ px: 1, py: 1 }}>
                    {body}
                  </ListItemButton>
                ) : onOpen ? (
                  <ListItemButton onClick={() => onOpen(row)} sx={{ px: 1, py: 1 }}>
                    {body}
                  </ListItemButton>
                ) : (
                  <Box sx={{ px: 1, py: 1 }}>{body}</Box>
                )}
                {parts.actions && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 0.5, pb: 1 }}>
                    {parts.actions}
                  </Box>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      <TablePagination
        component="div"
        count={rowCount}
        page={rowCount > 0 ? paginationModel.page : 0}
        rowsPerPage={paginationModel.pageSize}
        rowsPerPageOptions={PAGE_SIZE_CHOICES}
        labelRowsPerPage={
          <Box component="span" sx={visuallyHidden}>
            Rows per page
          </Box>
        }
        onPageChange={(_event, page) => onPaginationModelChange({ ...paginationModel, page })}
        onRowsPerPageChange={(event) =>
          onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })
        }
        sx={{
          flexShrink: 0,
          borderTop: 1,
          borderColor: 'divider',
          '& .MuiTablePagination-toolbar': { px: 0.5 },
          '& .MuiTablePagination-input': { ml: 0, mr: 1 },
        }}
      />
    </Box>
  );
}
