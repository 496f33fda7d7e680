import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { CustomerAvatar } from '../../customers/CustomerAvatar';
import { useCustomerGridQuery, type CustomerGridRow } from '../../customers/customers.api';
import type { PickedCustomer } from './builder-state';

const gridArgs = (search: string) => ({
  startRow: 0,
  endRow: 20,
  sortModel: JSON.stringify([{ colId: 'name', sort: 'asc' }]),
  ...(search
    ? { filterModel: JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: search } }) }
    : {}),
});

const toPicked = (row: CustomerGridRow): PickedCustomer => ({
  id: row.id,
  name: row.name,
  city: row.city,
  tabc_id: row.tabc_id,
});

/** The invoice's customer, searched in the customer grid by name as the user types. */
export function CustomerField({
  value,
  onChange,
  error,
  disabled,
  autoFocus,
}: {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const [input, setInput] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  // a customer set from outside (the ?customerId= link, a clone, the invoice being edited)
  useEffect(() => {
    if (value) setInput(value.name);
  }, [value]);
  const search = useDebouncedValue(input.trim(), 300);
  const typingSelected = value !== null && input === value.name;
  const { data, isFetching, isError } = useCustomerGridQuery(gridArgs(typingSelected ? '' : search), {
    skip: !open,
  });
  const options = (data?.rows ?? []).map(toPicked);
  const colors = new Map((data?.rows ?? []).map((row) => [row.id, row.color_index]));

  return (
    <Autocomplete<PickedCustomer, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      disabled={disabled}
      inputValue={input}
      autoHighlight
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, next) => onChange(next)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      loadingText="Searching…"
      noOptionsText={isError ? 'Error searching customers' : 'No customers found'}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex !important', gap: 1.5 }}>
          <CustomerAvatar name={option.name} colorIndex={colors.get(option.id) ?? 0} size={32} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {option.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {[option.city, option.tabc_id].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          required
          autoFocus={autoFocus}
          placeholder="Search customers by name"
          error={!!error}
          helperText={
            error ??
            (value ? [value.city, value.tabc_id && `TABC ${value.tabc_id}`].filter(Boolean).join(' · ') : ' ')
          }
        />
      )}
    />
  );
}
