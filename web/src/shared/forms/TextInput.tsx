import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'sx'> {
  label: string;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field labelled for assistive technology, like MUI's TextField but without its select
 * mode, whose menu and popover code would otherwise land in the sign-in bundle. Use TextField for selects.
 */
export function TextInput({
  label,
  helperText,
  error,
  id,
  sx,
  fullWidth = true,
  required,
  ...input
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? `field${generated.replace(/:/g, '')}`;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl error={error} required={required} fullWidth={fullWidth} variant="outlined" sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        error={error}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
