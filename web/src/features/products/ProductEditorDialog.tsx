import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCompany } from '../../shared/company/company.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDate } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { CustomerPicker } from './CustomerPicker';
import {
  EMPTY_PRODUCT,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  productSaveProblem,
  productValues,
  samePrice,
  todayIn,
  toProductBody,
  toProductUpdate,
  validateProduct,
  type ProductValues,
} from './product-form';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
  type CustomerOption,
  type Product,
} from './products.api';
import { CATALOGUE_LOCK_MESSAGE, useCatalogueLock } from '../integrations/catalogue-lock';
import { CloverProductNotice } from '../integrations/CloverProductNotice';

export interface ProductEditorDialogProps {
  open: boolean;
  /** the product to edit; none: a new product */
  product: Product | null;
  onClose: () => void;
  /** after create or save, with the product as the server answered it */
  onSaved?: (product: Product) => void;
  /** after delete */
  onDeleted?: (id: string) => void;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ p: 0, mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 0.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** What the editor shows over its fields when the server refused: a save, an archive or a delete. */
interface Problem {
  title: string;
  messages: string[];
  existingProductId: string | null;
}
const NO_PROBLEM: Problem = { title: '', messages: [], existingProductId: null };

const span = (columns: number) => ({ gridColumn: { sm: `span ${columns}` } });
const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
const numeric = { htmlInput: { inputMode: 'decimal' as const } };

/**
 * The product editor modal (as the client's specification asks): create, edit, archive, restore and delete (after confirming,
 * only without invoice history). A new price asks for its effective date (not before today) and optionally a
 * customer. 'Error saving product!' lists the server's details and links to the product that exists already.
 * Mount it with a key per product (and per opening) so every opening starts from the product as saved.
 */
export function ProductEditorDialog({
  open,
  product,
  onClose,
  onSaved,
  onDeleted,
}: ProductEditorDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data: company } = useCompany();
  const today = todayIn(company?.time_zone);
  const { active: withSku } = useFeature('internal_sku');
  // Clover keeps the catalogue (nothing is edited here); Bottle POS keeps all but the price (as the client's specification asks).
  const lock = useCatalogueLock();
  const fixed = lock !== null;
  const priceFixed = lock === 'clover';
  const initialValues = useMemo(
    () => (product ? { ...productValues(product), effective_date: today } : EMPTY_PRODUCT),
    [product, today],
  );
  const validate = useCallback((values: ProductValues) => validateProduct(values, today), [today]);
  const form = useForm<ProductValues>({ initialValues, validate });
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [problem, setProblem] = useState<Problem>(NO_PROBLEM);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [createProduct] = useCreateProductMutation();
  const [updateProduct, { isLoading: updating }] = useUpdateProductMutation();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [archiving, setArchiving] = useState(false);

  const priceChanged =
    !!product &&
    form.values.product_price.trim() !== '' &&
    !samePrice(form.values.product_price, product.product_price);

  const submit = form.handleSubmit(async (values) => {
    setProblem(NO_PROBLEM);
    try {
      const saved = product
        ? await updateProduct({ id: product.id, body: toProductUpdate(values, product, withSku) }).unwrap()
        : await createProduct(toProductBody(values, withSku)).unwrap();
      toast.success(product ? PRODUCT_SCREEN_MESSAGES.saved : PRODUCT_SCREEN_MESSAGES.created);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const { fields, messages, existingProductId } = productSaveProblem(error);
      form.setServerErrors(fields);
      setProblem({ title: PRODUCT_SCREEN_MESSAGES.saveFailed, messages, existingProductId });
    }
  });

  const archive = async (archived: boolean) => {
    if (!product) return;
    setArchiving(true);
    setProblem(NO_PROBLEM);
    try {
      const saved = await updateProduct({ id: product.id, body: { archived } }).unwrap();
      toast.success(archived ? PRODUCT_SCREEN_MESSAGES.archived : PRODUCT_SCREEN_MESSAGES.restored);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // Restoring a product another current one duplicates: the editor links to that one.
      const { messages, existingProductId } = productSaveProblem(error);
      setProblem({
        title: archived ? PRODUCT_SCREEN_MESSAGES.notArchived : PRODUCT_SCREEN_MESSAGES.saveFailed,
        messages,
        existingProductId,
      });
    } finally {
      setArchiving(false);
    }
  };

  const remove = async () => {
    if (!product) return;
    setProblem(NO_PROBLEM);
    try {
      const { message } = await deleteProduct(product.id).unwrap();
      toast.success(message || PRODUCT_SCREEN_MESSAGES.deleted);
      setConfirmDelete(false);
      onDeleted?.(product.id);
      onClose();
    } catch (error) {
      setConfirmDelete(false);
      const { messages } = productSaveProblem(error);
      setProblem({ title: PRODUCT_SCREEN_MESSAGES.notRemoved, messages, existingProductId: null });
    }
  };

  const busy = form.submitting || updating || deleting || archiving;
  const hasHistory = (product?.invoice_count ?? 0) > 0;

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
      >
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-labelledby={titleId}
          sx={{ display: 'contents' }}
        >
          <DialogTitle id={titleId}>{product ? `Edit ${product.product}` : 'New Product'}</DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
            {product?.archived && (
              <Alert severity="warning" variant="outlined">
                This product is archived: it is left out of the grid and the invoice builder until restored.
              </Alert>
            )}
            <ProblemAlert title={problem.title} messages={problem.messages}>
              {problem.existingProductId && (
                <Box sx={{ mt: 1 }}>
                  <Link
                    component={RouterLink}
                    to={`/product/${encodeURIComponent(problem.existingProductId)}`}
                    sx={{ fontWeight: 600 }}
                  >
                    {PRODUCT_SCREEN_MESSAGES.existing}
                  </Link>
                </Box>
              )}
            </ProblemAlert>

            {lock && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {CATALOGUE_LOCK_MESSAGE[lock]}
              </Alert>
            )}
            {product && <CloverProductNotice productId={product.id} />}
            <Group title="Product">
              <TextField
                {...form.field('product')}
                disabled={fixed}
                label="Product Name"
                required
                autoComplete="off"
                autoFocus={!product}
                sx={span(4)}
              />
              <TextField
                {...form.field('product_type')}
                disabled={fixed}
                select
                label="Type"
                required
                sx={span(2)}
              >
                {PRODUCT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {PRODUCT_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...form.field('product_size', 'e.g. 750ml, 1.75L, 12oz 6pk')}
                disabled={fixed}
                label="Size"
                required
                autoComplete="off"
                sx={span(2)}
              />
              <TextField
                {...form.field('upc', 'Optional, 6 to 14 digits')}
                disabled={fixed}
                label="UPC"
                autoComplete="off"
                sx={span(2)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                {...form.field('case_size', 'Optional: bottles per case')}
                disabled={fixed}
                label="Case Size"
                autoComplete="off"
                sx={span(2)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              {withSku && (
                <TextField
                  {...form.field('internal_sku', "Optional; '0' means none")}
                  disabled={fixed}
                  label="Internal SKU"
                  autoComplete="off"
                  sx={span(2)}
                />
              )}
              <TextField
                {...form.field('distributor')}
                disabled={fixed}
                label="Distributor"
                sx={span(withSku ? 4 : 6)}
              />
            </Group>

            <Group title="Pricing">
              <TextField
                {...form.field(
                  'product_price',
                  product?.effective_date
                    ? `In effect since ${formatDate(product.effective_date)}`
                    : 'At least 0.01',
                )}
                label="List Price"
                required
                disabled={priceFixed}
                sx={span(3)}
                slotProps={{ ...dollar, ...numeric }}
              />
              <TextField
                {...form.field('last_purchase_price', 'What you pay for it (0 or more)')}
                disabled={fixed}
                label="Purchase Price"
                sx={span(3)}
                slotProps={{ ...dollar, ...numeric }}
              />
              {priceChanged && (
                <Box
                  role="group"
                  aria-label="Price change"
                  sx={{
                    gridColumn: '1 / -1',
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' },
                    p: 2,
                    mb: 1,
                    borderRadius: 1,
                    bgcolor: 'rgba(29, 78, 137, 0.05)',
                    border: 1,
                    borderColor: 'divider',
                  }}
                >
                  <TextField
                    {...form.field('effective_date', 'Not before today')}
                    label="Effective Date"
                    type="date"
                    required
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                  />
                  <CustomerPicker
                    value={customer}
                    onChange={(next) => {
                      setCustomer(next);
                      form.setValue('customerId', next?.id ?? '');
                    }}
                    error={!!form.errorOf('customerId')}
                    helperText={form.errorOf('customerId')}
                  />
                </Box>
              )}
            </Group>

            <Group title="Reorder (optional)">
              <TextField
                {...form.field('reorder_level')}
                label="Reorder Level"
                disabled={fixed}
                sx={span(2)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                {...form.field('reorder_qty')}
                label="Reorder Qty"
                disabled={fixed}
                sx={span(2)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                {...form.field('reorder_time_in_days')}
                label="Reorder Time (days)"
                disabled={fixed}
                sx={span(2)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Group>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
            {product && (
              <Box sx={{ display: 'flex', gap: 1, mr: 'auto', flexWrap: 'wrap' }}>
                {product.archived ? (
                  <Button
                    startIcon={<UnarchiveOutlined />}
                    onClick={() => void archive(false)}
                    loading={archiving}
                    disabled={busy || fixed}
                  >
                    Restore
                  </Button>
                ) : (
                  <Button
                    startIcon={<ArchiveOutlined />}
                    onClick={() => void archive(true)}
                    loading={archiving}
                    disabled={busy || fixed}
                  >
                    Archive
                  </Button>
                )}
                <Tooltip title={hasHistory ? PRODUCT_SCREEN_MESSAGES.invoiceHistory : ''}>
                  <span>
                    <Button
                      color="error"
                      startIcon={<DeleteOutlined />}
                      onClick={() => setConfirmDelete(true)}
                      disabled={busy || hasHistory || fixed}
                    >
                      Delete
                    </Button>
                  </span>
                </Tooltip>
              </Box>
            )}
            <Button color="inherit" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={form.submitting}
              disabled={(busy && !form.submitting) || priceFixed || (!product && fixed)}
            >
              {product ? 'Save Product' : 'Create Product'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>

      {product && (
        <ConfirmDialog
          open={confirmDelete}
          title={`Delete ${product.product}?`}
          confirmLabel="Delete"
          destructive
          busy={deleting}
          onConfirm={() => void remove()}
          onClose={() => setConfirmDelete(false)}
        >
          The product leaves the catalogue for good. Products with invoice history cannot be deleted: archive
          them instead.
        </ConfirmDialog>
      )}
    </>
  );
}
