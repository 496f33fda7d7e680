import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
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

const COLLAPSED_KEY = 'builder.recommendations.collapsed';

/** The client's specification's Recommendation. */
export const RECOMMENDATION_FAILED = 'Sorry, we could not generate a recommendation for you at the moment';

/**
 * The builder's recommendations for the chosen customer (`ai` feature): each with its one-line reason
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
  // collapsible: the user's choice is kept for the next invoice
  const [open, setOpenState] = useState(() => localStorage.getItem(COLLAPSED_KEY) !== '1');
  const setOpen = (next: boolean) => {
    setOpenState(next);
    localStorage.setItem(COLLAPSED_KEY, next ? '0' : '1');
  };
  const shown = (result.data?.recommendation ?? []).filter((r) => !onInvoice.has(r.product.id));
  if (result.isSuccess && shown.length === 0 && !problem) return null;
  return (
    <Box component="section" aria-labelledby="recommendations-title">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        <Button
          id="recommendations-title"
          size="small"
          aria-expanded={open}
          aria-controls="recommendations-list"
          onClick={() => setOpen(!open)}
          startIcon={<AutoAwesomeOutlined fontSize="small" aria-hidden />}
          endIcon={open ? <ExpandLessOutlined aria-hidden /> : <ExpandMoreOutlined aria-hidden />}
          sx={{ fontWeight: 600, px: 0.5 }}
        >
          Recommended for this customer
        </Button>
      </Typography>
      {!open ? null : result.isError ? (
        <Alert severity="warning">{RECOMMENDATION_FAILED}</Alert>
      ) : result.isLoading ? (
        <Skeleton height={48} />
      ) : (
        <List dense disablePadding id="recommendations-list" aria-labelledby="recommendations-title">
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
