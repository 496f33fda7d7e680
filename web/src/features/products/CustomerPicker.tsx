import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { usePriceChangeCustomersQuery, type CustomerOption } from './products.api';

/**
 * The price change's optional customer ("a customer picker appears"): empty means the list price for
 * everyone; a customer makes it that customer's own price. Searches the company's customers as the user types.
 */
export function CustomerPicker({
  value,
  onChange,
  error,
  helperText,
  disabled,
  label = 'Customer',
  placeholder = 'Everyone (list price)',
  size,
  sx,
}: {
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  label?: string;
  placeholder?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(input.trim(), 300);
  const typingSelected = value !== null && input === value.name;
  const { data, isFetching, isError } = usePriceChangeCustomersQuery(typingSelected ? '' : search, {
    skip: !open,
  });
  const options = data ?? [];

  return (
    <Autocomplete<CustomerOption, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      disabled={disabled}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, next) => onChange(next)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      loadingText="Searching…"
      noOptionsText={isError ? 'Error searching customers' : 'No customers found'}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ fontWeight: 600 }}>{option.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[option.city, option.display_tabc_id].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      )}
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={error}
          helperText={helperText ?? 'Optional: the new price for this customer only'}
        />
      )}
    />
  );
}
