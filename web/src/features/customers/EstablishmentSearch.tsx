import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAutoFillSuggestionsQuery, type Establishment } from './customers.api';
import { useDebouncedValue } from '../../shared/use-debounced-value';

/** The client's specification: establishment search starts at 3 characters, 300 ms after the last keystroke. */
export const SEARCH_MIN_CHARACTERS = 3;
export const SEARCH_DEBOUNCE_MS = 300;

const place = (e: Establishment) => [e.address, e.city, e.zip].filter(Boolean).join(', ');

/** GET /customer/auto-fill-suggestions: establishments from the TABC licence list; picking one fills the form. */
export function EstablishmentSearch({ onPick }: { onPick: (establishment: Establishment) => void }) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const ready = query.length >= SEARCH_MIN_CHARACTERS;
  const { data, isFetching, isError } = useAutoFillSuggestionsQuery(query, { skip: !ready });
  const options = ready ? (data ?? []) : [];
  const typing = input.trim() !== query;

  const noOptionsText =
    input.trim().length < SEARCH_MIN_CHARACTERS
      ? `Type at least ${SEARCH_MIN_CHARACTERS} characters`
      : isError
        ? 'Error searching establishments'
        : typing || isFetching
          ? 'Searching…'
          : 'No results found';

  return (
    <Autocomplete<Establishment, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_event, value) => {
        if (value) {
          onPick(value);
          setInput('');
        }
      }}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.permitCodes.map((p) => p.license_id).join('-') || option.name}
      isOptionEqualToValue={(a, b) => a === b}
      loading={ready && (isFetching || typing)}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ fontWeight: 600 }}>{option.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {place(option)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {option.permitCodes.map((permit) => (
              <Chip
                key={permit.license_id}
                size="small"
                variant="outlined"
                color={permit.primary_status === 'Active' ? 'success' : 'default'}
                label={`${permit.tabc_id} · ${permit.primary_status ?? 'Unknown'}`}
              />
            ))}
            {option.delinquency && <Chip size="small" color="error" label="Delinquent list" />}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Search establishments"
          placeholder="Name, address or TABC permit"
          helperText="Pick an establishment from the TABC licence list to fill the form, or fill it in yourself."
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <StorefrontOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
