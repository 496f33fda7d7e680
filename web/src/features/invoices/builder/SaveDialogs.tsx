import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatCents, formatDate, formatMoney } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import type { BelowCostLine } from './builder-state';

/** The client's specification: the zero-price prompt, with the products named. */
export const zeroPriceQuestion = (products: readonly string[]) =>
  `Are you sure you want to create the invoice with Item Price for these products ${products.join(', ')} set to $0.00?`;

/** The client's specification: the below-cost question for one line. */
export const belowCostQuestion = (costCents: number, priceCents: number) =>
  `The cost of this product is ${formatCents(costCents)}, you sure you want to invoice this for ${formatCents(priceCents)}?`;

export function ZeroPriceDialog({
  products,
  onFix,
  onSkip,
}: {
  /** null: closed */
  products: string[] | null;
  onFix: () => void;
  onSkip: () => void;
}) {
  return (
    <Dialog
      open={products !== null}
      onClose={onFix}
      aria-labelledby="zero-price-title"
      aria-describedby="zero-price-text"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="zero-price-title">Items priced at $0.00</DialogTitle>
      <DialogContent>
        <DialogContentText id="zero-price-text">{zeroPriceQuestion(products ?? [])}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onFix} autoFocus>
          Fix Price
        </Button>
        <Button variant="contained" onClick={onSkip}>
          Skip and create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function BelowCostDialog({
  lines,
  onFix,
  onConfirm,
}: {
  /** null: closed */
  lines: BelowCostLine[] | null;
  onFix: (key: string) => void;
  onConfirm: () => void;
}) {
  const first = lines?.[0];
  return (
    <Dialog
      open={lines !== null}
      onClose={() => first && onFix(first.key)}
      aria-labelledby="below-cost-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="below-cost-title">Invoiced below cost</DialogTitle>
      <DialogContent>
        {(lines ?? []).map((line) => (
          <Box key={line.key} sx={{ '& + &': { mt: 1.5 } }}>
            <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
            <DialogContentText>{belowCostQuestion(line.costCents, line.priceCents)}</DialogContentText>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => first && onFix(first.key)} autoFocus>
          Fix Price
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          Yes, invoice below cost
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The client's specification: a duplicate (an identical invoice within 24 hours), named, with Nevermind / Create anyway. */
export function DuplicateDialog({
  existing,
  message,
  busy,
  onNevermind,
  onCreateAnyway,
}: {
  /** null: closed */
  existing: Invoice | null;
  message: string;
  busy: boolean;
  onNevermind: () => void;
  onCreateAnyway: () => void;
}) {
  return (
    <Dialog
      open={existing !== null}
      onClose={busy ? undefined : onNevermind}
      aria-labelledby="duplicate-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="duplicate-title">Duplicate invoice</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
        {existing && (
          <Box
            aria-label="Existing invoice"
            role="group"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              gap: 0.5,
            }}
          >
            <Link
              component={RouterLink}
              to={`/invoice/${existing.number}`}
              target="_blank"
              sx={{ fontWeight: 700 }}
            >
              Invoice #{existing.number}
            </Link>
            <Typography sx={{ fontWeight: 700, textAlign: 'right' }}>
              {formatMoney(existing.total)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {existing.customer.name} · {formatDate(existing.invoiced_at)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
              {existing.items.length === 1 ? '1 item' : `${existing.items.length} items`}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onNevermind} disabled={busy} autoFocus>
          Nevermind
        </Button>
        <Button variant="contained" onClick={onCreateAnyway} loading={busy}>
          Create anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
