import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridFilterModel } from '@mui/x-data-grid';
import { columnSelectValue, withColumnSelect } from './phone-row';

/**
 * A select column's filter ("is" one value) as a field above the grid, for a phone where the rows are a list and
 * the grid's column menu is not there. It reads and writes the grid's own filter model, so the server call, the
 * export and 'Clear filters' see it as they see the column's filter.
 */
export function ColumnSelectFilter({
  label,
  field,
  options,
  allLabel,
  filterModel,
  onFilterModelChange,
}: {
  label: string;
  field: string;
  options: readonly { value: string; label: string }[];
  /** the choice that filters nothing, e.g. 'All sources' */
  allLabel: string;
  filterModel: GridFilterModel;
  onFilterModelChange: (model: GridFilterModel) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={columnSelectValue(filterModel, field)}
      onChange={(event) => onFilterModelChange(withColumnSelect(filterModel, field, event.target.value))}
      sx={{ width: 168 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
