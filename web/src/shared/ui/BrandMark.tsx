import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Stampline mark and word; `compact` shows only the mark. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          flex: '0 0 32px',
          borderRadius: 1.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 18,
        }}
      >
        S
      </Box>
      {!compact && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 20, letterSpacing: 0.2 }} noWrap>
          Stampline
        </Typography>
      )}
    </Box>
  );
}
