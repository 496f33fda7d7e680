import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { formatMoney } from '../../shared/format';
import { useGetInvoiceQuery } from '../invoices/invoices.api';
import { PaymentFormDialog } from '../payments/PaymentFormDialog';
import type { CustomerOverview } from './customers.api';

/** The invoice chosen in the Log Payment dialog, loaded whole for the payment form. */
function PaymentForInvoice({ number, onClose }: { number: string; onClose: () => void }) {
  const { data } = useGetInvoiceQuery(number);
  return data ? <PaymentFormDialog invoice={data} onClose={onClose} /> : null;
}

/** Log Payment: pick one of the open invoices (the oldest first), then the payment form for it. */
export function LogPayment({ overview }: { overview: CustomerOverview }) {
  const titleId = useId();
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState('');
  const [paying, setPaying] = useState<string | null>(null);
  const rows = overview.open_invoices;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Add />}
        disabled={rows.length === 0}
        onClick={() => {
          setChoice(rows[0]?.number ?? '');
          setPicking(true);
        }}
      >
        Log Payment
      </Button>
      <Dialog
        open={picking}
        onClose={() => setPicking(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>Log Payment</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            label="Invoice"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            sx={{ mt: 1 }}
          >
            {rows.map((row) => (
              <MenuItem key={row.id} value={row.number}>
                #{row.number} · {formatMoney(row.balance)} left
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!choice}
            onClick={() => {
              setPicking(false);
              setPaying(choice);
            }}
          >
            Continue
          </Button>
        </DialogActions>
      </Dialog>
      {paying && <PaymentForInvoice number={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
