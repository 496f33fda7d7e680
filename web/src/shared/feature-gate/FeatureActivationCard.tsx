import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FEATURE_CATALOGUE, type FeatureName } from '#domain/companies/company.features';
import { RouterButton } from '../ui/RouterButton';

/**
 * The activation card a feature-dependent screen shows while the company's feature is off (as the client's specification asks): what the feature does and a link to /features to activate it or request access.
 */
export function FeatureActivationCard({ feature, message }: { feature: FeatureName; message?: string }) {
  const { title, description, access } = FEATURE_CATALOGUE[feature];
  const titleId = useId();
  const how =
    access === 'free'
      ? 'It is free: activate it on the Feature Extensions page.'
      : access === 'paid'
        ? 'Request access on the Feature Extensions page and the Stampline team will switch it on.'
        : 'It is coming soon. See the Feature Extensions page for what is available.';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 }, p: { xs: 3, sm: 4 }, textAlign: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(29, 78, 137, 0.10)',
          color: 'primary.main',
        }}
      >
        <ExtensionOutlined />
      </Box>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {`${title} is not active`}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message ?? how}
      </Typography>
      <RouterButton to="/features" variant="contained">
        Go to Feature Extensions
      </RouterButton>
    </Paper>
  );
}
