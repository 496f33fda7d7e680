import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A row of labelled figures (the dashboard's stats, the inventory stats): each a group named by its label, so a
 * screen reader reads "Invoices, 6"; two a row on a phone, `columns` a row from md up.
 */
export function StatFigures({ figures, columns }: { figures: [string, string][]; columns: number }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` } }}
    >
      {figures.map(([label, value]) => (
        <Box key={label} role="group" aria-label={label}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h3" component="p">
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
