import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatMoney } from '../../../shared/format';
import { useProductRecommendationQuery, type ProductSuggestion } from './builder.api';

/** Spec 000 §8 Recommendation. */
export const RECOMMENDATION_FAILED = 'Sorry, we could not generate a recommendation for you at the moment';

/**
 * The builder's recommendations for the chosen customer (issue 17 §2, `ai` feature): each with its one-line reason
 * and the customer's price; Add puts the line on the invoice as a search pick would. Products on the invoice already
 * are not offered again.
 */
export function Recommendations({
  customerId,
  onPick,
  onInvoice,
}: {
  customerId: string;
  onPick: (product: ProductSuggestion) => string | null;
  onInvoice: ReadonlySet<string>;
}) {
  const result = useProductRecommendationQuery(customerId);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = (result.data?.recommendation ?? []).filter((r) => !onInvoice.has(r.product.id));
  if (result.isSuccess && shown.length === 0 && !problem) return null;
  return (
    <Box component="section" aria-labelledby="recommendations-title">
      <Typography
        id="recommendations-title"
        variant="subtitle2"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 0.5 }}
      >
        <AutoAwesomeOutlined fontSize="small" color="primary" aria-hidden /> Recommended for this customer
      </Typography>
      {result.isError ? (
        <Alert severity="warning">{RECOMMENDATION_FAILED}</Alert>
      ) : result.isLoading ? (
        <Skeleton height={48} />
      ) : (
        <List dense disablePadding aria-labelledby="recommendations-title">
          {shown.map(({ product, reason }) => (
            <ListItem
              key={product.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  aria-label={`Add ${product.product}`}
                  onClick={() => setProblem(onPick(product))}
                >
                  Add
                </Button>
              }
            >
              <ListItemText
                primary={`${product.product} · ${product.product_size} · ${formatMoney(product.price)}`}
                secondary={reason}
              />
            </ListItem>
          ))}
        </List>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
