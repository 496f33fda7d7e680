import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { toProblem } from '../../shared/problem';
import { ProductEditorDialog } from './ProductEditorDialog';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import { useGetProductQuery, type Product } from './products.api';

/**
 * The editor modal for a new product (`productId` null) or for a product read first (the grid's row has fewer
 * fields than the editor edits). Mounted while open; unmounting closes it.
 */
export function ProductEditor({
  productId,
  onClose,
  onSaved,
  onDeleted,
}: {
  productId: string | null;
  onClose: () => void;
  onSaved?: (product: Product) => void;
  onDeleted?: (id: string) => void;
}) {
  const { data, error, isLoading, refetch } = useGetProductQuery(productId ?? '', {
    skip: productId === null,
  });
  if (productId === null || data)
    return (
      <ProductEditorDialog
        open
        product={productId === null ? null : data!}
        onClose={onClose}
        onSaved={onSaved}
        onDeleted={onDeleted}
      />
    );
  return (
    <Dialog open onClose={onClose} aria-label="Loading product" maxWidth="xs" fullWidth>
      <DialogTitle>{isLoading ? 'Loading product…' : PRODUCT_SCREEN_MESSAGES.notFound}</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading product" />
          </Box>
        ) : (
          <ProblemAlert messages={[toProblem(error)?.message || PRODUCT_SCREEN_MESSAGES.notFound]} />
        )}
      </DialogContent>
      <DialogActions>
        {!isLoading && <Button onClick={() => void refetch()}>Retry</Button>}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
