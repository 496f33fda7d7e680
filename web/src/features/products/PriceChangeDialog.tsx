import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useId, useMemo, useState } from 'react';
import { productRules } from '#domain/products/product.rules';
import { useCompany } from '../../shared/company/company.api';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { formatMoney } from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { CustomerPicker } from './CustomerPicker';
import { effectiveDateProblem, todayIn } from './product-form';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import { useUpdateProductMutation, type CustomerOption, type Product } from './products.api';

interface PriceChangeValues {
  [field: string]: string;
  product_price: string;
  effective_date: string;
  customerId: string;
}

const FIELDS = ['product_price', 'effective_date', 'customerId'] as const;

/**
 * "Change price" (a price-effective date, not before today, and a customer picker): a new list price
 * from a day on, or one customer's own price. PUT /product/{id} with product_price, effective_date, customerId.
 */
export function PriceChangeDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const titleId = useId();
  const { data: company } = useCompany();
  const today = todayIn(company?.time_zone);
  const initialValues = useMemo(
    () => ({ product_price: product.product_price.toFixed(2), effective_date: today, customerId: '' }),
    [product.product_price, today],
  );
  const validate = useCallback(
    (values: PriceChangeValues) => {
      const errors: FormErrors<PriceChangeValues> = {
        product_price: productRules.product_price(values.product_price),
        effective_date:
          values.effective_date.trim() === ''
            ? 'The price-effective date is required.'
            : effectiveDateProblem(values.effective_date, today),
      };
      for (const field of FIELDS) if (errors[field] === undefined) delete errors[field];
      return errors;
    },
    [today],
  );
  const form = useForm<PriceChangeValues>({ initialValues, validate });
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [updateProduct] = useUpdateProductMutation();

  const submit = form.handleSubmit(async (values) => {
    setMessages([]);
    try {
      await updateProduct({
        id: product.id,
        body: {
          product_price: values.product_price.trim(),
          effective_date: values.effective_date,
          customerId: values.customerId || null,
        },
      }).unwrap();
      toast.success(
        customer
          ? `${PRODUCT_SCREEN_MESSAGES.priceChanged} for ${customer.name}`
          : PRODUCT_SCREEN_MESSAGES.priceChanged,
      );
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      const all = fieldErrors(problem);
      const fields: FormErrors<PriceChangeValues> = {};
      for (const field of FIELDS) if (all[field]) fields[field] = all[field];
      form.setServerErrors(fields);
      setMessages(problemMessages(problem, PRODUCT_SCREEN_MESSAGES.saveFailed));
    }
  });

  return (
    <Dialog
      open
      onClose={form.submitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Change price</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Alert severity="info" variant="outlined">
            {`${product.product} lists at ${formatMoney(product.product_price)} today. Pick a customer to give only them the new price.`}
          </Alert>
          <ProblemAlert title={PRODUCT_SCREEN_MESSAGES.saveFailed} messages={messages} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              {...form.field('product_price', 'At least 0.01')}
              label="New Price"
              required
              autoFocus
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
            <TextField
              {...form.field('effective_date', 'Not before today')}
              label="Effective Date"
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
          </Box>
          <CustomerPicker
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              form.setValue('customerId', next?.id ?? '');
            }}
            error={!!form.errorOf('customerId')}
            helperText={form.errorOf('customerId')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            Change Price
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
