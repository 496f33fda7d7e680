import type { Theme } from '@mui/material/styles';

/** Out of sight, still read by assistive technologies (and part of a control's accessible name). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** `sx` for a control's words that a phone's top bar has no room for: hidden below 600 px, still in its name. */
export const hiddenOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden });
