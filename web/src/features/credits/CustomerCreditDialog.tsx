import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDate, formatMoney } from '../../shared/format';
import { useGetInvoiceQuery, useInvoiceGridQuery } from '../invoices/invoices.api';
import { CreditItemsDialog } from './CreditItemsDialog';

/** The customer's invoices a memo may credit (not cancelled), newest first: the 100 latest. */
const creditableInvoices = (customerId: string) => ({
  startRow: 0,
  endRow: 100,
  sortModel: JSON.stringify([{ colId: 'invoiced_at', sort: 'desc' }]),
  filterModel: JSON.stringify({ customer_id: { filterType: 'set', type: 'in', values: [customerId] } }),
});

/** The invoice chosen, loaded whole for the Credit items… dialog. */
function CreditForInvoice({ number, onClose }: { number: string; onClose: () => void }) {
  const { data } = useGetInvoiceQuery(number);
  return data ? <CreditItemsDialog invoice={data} onClose={onClose} /> : null;
}

/**
 * "Credit…" on the customer overview: pick one of the customer's invoices, then the invoice's own Credit items…
 * dialog (lines or an amount, the reason, a note); the memo's page opens when it is issued.
 */
export function CustomerCredit({ customerId }: { customerId: string }) {
  const titleId = useId();
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState('');
  const [crediting, setCrediting] = useState<string | null>(null);
  const invoices = useInvoiceGridQuery(creditableInvoices(customerId), { skip: !picking });
  const rows = (invoices.data?.rows ?? []).filter((row) => row.status !== 'cancelled');
  const chosen = choice || rows[0]?.number || '';
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReceiptLongOutlined />}
        onClick={() => {
          setChoice('');
          setPicking(true);
        }}
      >
        Credit…
      </Button>
      <Dialog
        open={picking}
        onClose={() => setPicking(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>Credit an invoice</DialogTitle>
        <DialogContent>
          {invoices.isSuccess && rows.length === 0 ? (
            <Typography sx={{ mt: 1 }}>This customer has no invoice to credit.</Typography>
          ) : (
            <TextField
              select
              fullWidth
              label="Invoice"
              value={chosen}
              onChange={(event) => setChoice(event.target.value)}
              helperText="Credit its items (goods back or written off), or an amount."
              sx={{ mt: 1 }}
            >
              {rows.map((row) => (
                <MenuItem key={row.id} value={row.number}>
                  #{row.number} · {formatDate(row.invoiced_at)} · {formatMoney(row.total)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!chosen}
            onClick={() => {
              setPicking(false);
              setCrediting(chosen);
            }}
          >
            Continue
          </Button>
        </DialogActions>
      </Dialog>
      {crediting && <CreditForInvoice number={crediting} onClose={() => setCrediting(null)} />}
    </>
  );
}
