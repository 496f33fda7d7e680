import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../shared/format';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { useCloverProductQuery } from './integrations.api';

/**
 * The client's specification's Clover product 'has not been updated': while Clover keeps the catalogue, a product whose last push to
 * Clover failed says so (with the reason, when, and a link to that sync's log) on its detail page and in its editor.
 */
export function CloverProductNotice({ productId }: { productId: string }) {
  const clover = useFeature('clover').active;
  const { data } = useCloverProductQuery(productId, { skip: !clover });
  if (!clover || data?.state !== 'failed' || !data.message) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {data.message}
      {data.updatedAt && ` (${formatDateTime(data.updatedAt)})`}{' '}
      {data.sync_id && (
        <Link component={RouterLink} to={`/clover/${data.sync_id}`} color="inherit" underline="always">
          See the sync log
        </Link>
      )}
    </Alert>
  );
}
