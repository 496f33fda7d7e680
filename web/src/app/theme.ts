import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * A user who asked their system for less motion (WCAG 2.3.3) gets none: no transitions, no ripple, no skeleton pulse;
 * dialogs and menus appear at once. Spinners still turn (they say something is loading).
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const STILL: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
};

/** Stampline's look: a calm navy for actions, neutral surfaces, system fonts (nothing to download). */
export const theme = createTheme({
  ...(reducedMotion ? STILL : {}),
  palette: {
    primary: { main: '#1d4e89', dark: '#143a68', light: '#4a78b0', contrastText: '#ffffff' },
    // Every colour that MUI uses for text (main for outlined chips and text buttons, dark for warnings in text) has a
    // contrast of at least 4.5:1 on white and on the page background (WCAG 2.1 AA); MUI's default
    // warning (#e65100 dark, 3.8:1) and info (#0288d1, 3.9:1) do not.
    secondary: { main: '#ad4c15', contrastText: '#ffffff' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
    warning: { main: '#b45309', light: '#d97706', dark: '#9a4a00', contrastText: '#ffffff' },
    info: { main: '#0369a1', light: '#0ea5e9', dark: '#075985', contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#52606d' },
    divider: '#e1e6ee',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A link in running text is told apart by more than its colour (WCAG 1.4.1, axe link-in-text-block).
    MuiLink: { defaultProps: { underline: 'always' } },
    // The keyboard's focus is always visible (WCAG 2.4.7): a ring on every button, tab, list item, chip and icon
    // button reached with the keyboard, rather than MUI's faint ripple alone.
    MuiButtonBase: {
      defaultProps: { disableRipple: reducedMotion },
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '2px solid #1d4e89', outlineOffset: 2 },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#e1e6ee' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          '&.Mui-selected': { backgroundColor: 'rgba(29, 78, 137, 0.10)', color: '#143a68' },
          '&.Mui-selected:hover': { backgroundColor: 'rgba(29, 78, 137, 0.16)' },
        },
      },
    },
    MuiSkeleton: { defaultProps: reducedMotion ? { animation: false } : {} },
    MuiFormHelperText: { styleOverrides: { root: { marginLeft: 2, minHeight: '1.25em' } } },
  },
});
