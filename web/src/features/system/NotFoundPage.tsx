import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../../shared/ui/BrandMark';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        px: 2,
      }}
    >
      <title>Page not found · Stampline</title>
      <BrandMark />
      <Typography aria-hidden sx={{ fontSize: 72, fontWeight: 700, color: 'primary.main', lineHeight: 1 }}>
        404
      </Typography>
      <Typography variant="h1">A bit lost, are we?</Typography>
      <Link component={RouterLink} to="/" underline="hover" sx={{ fontWeight: 600 }}>
        Take me home
      </Link>
    </Box>
  );
}
