import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { dateRangeError, isAfterToday } from './toolbar-filters';

/**
 * A grid page's filter bar: the filters in a search landmark, 'Clear filters' while any is set, the chips of
 * filters that came with the link (a customer), then a divider above the grid.
 */
export function GridFilterBar({
  label,
  onClear,
  chips,
  children,
}: {
  /** The search landmark's name, e.g. 'Invoice filters'. */
  label: string;
  /** Shown as 'Clear filters' while any toolbar filter is set; undefined hides it. */
  onClear?: () => void;
  chips?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Box
        role="search"
        aria-label={label}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}
      >
        {children}
        {onClear && (
          <Button size="small" onClick={onClear} sx={{ mt: 0.5 }}>
            Clear filters
          </Button>
        )}
      </Box>
      {chips && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>{chips}</Box>}
      <Divider sx={{ mb: 1.5 }} />
    </>
  );
}

/**
 * Fields side by side (a from–to pair) with their one message below, announced when it appears. On a narrow card
 * the pair wraps, the To under the From, rather than running past the card's edge.
 */
export function FilterGroup({
  error,
  errorId,
  children,
}: {
  error: string;
  /** The message's id, for the fields' aria-describedby. */
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, maxWidth: '100%' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
      {error && (
        <Typography id={errorId} role="alert" variant="caption" color="error" sx={{ mt: 0.25, ml: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** Two date fields, neither of which can pick a day after today nor a From after the To. */
export function DateRangeFilter({
  labels,
  from,
  to,
  today,
  onFromChange,
  onToChange,
}: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  /** yyyy-MM-dd */
  today: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
}) {
  const error = dateRangeError(from, to, today);
  const reversed = !!to && from > to;
  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  return (
    <FilterGroup error={error} errorId={errorId}>
      <TextField
        size="small"
        type="date"
        label={labels.from}
        value={from}
        onChange={(event) => onFromChange(event.target.value)}
        error={!!error && (isAfterToday(from, today) || reversed)}
        sx={{ width: 168 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { max: to && to <= today ? to : today, 'aria-describedby': describedBy },
        }}
      />
      <TextField
        size="small"
        type="date"
        label={labels.to}
        value={to}
        onChange={(event) => onToChange(event.target.value)}
        error={!!error && (isAfterToday(to, today) || reversed)}
        sx={{ width: 168 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: from || undefined, max: today, 'aria-describedby': describedBy },
        }}
      />
    </FilterGroup>
  );
}
