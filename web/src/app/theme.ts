import { createTheme } from '@mui/material/styles';

/** Stampline's look: a calm navy for actions, neutral surfaces, system fonts (nothing to download). */
export const theme = createTheme({
  palette: {
    primary: { main: '#1d4e89', dark: '#143a68', light: '#4a78b0', contrastText: '#ffffff' },
    secondary: { main: '#c2571a', contrastText: '#ffffff' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
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
    MuiFormHelperText: { styleOverrides: { root: { marginLeft: 2, minHeight: '1.25em' } } },
  },
});
