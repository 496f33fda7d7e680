import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../shared/format';
import { useGetInvoiceQuery, useInvoiceGridQuery } from '../invoices/invoices.api';
import { InvoicePickerDialog } from '../invoices/InvoicePickerDialog';
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
 * "Credit an Invoice…" on the customer overview: pick one of the customer's invoices, then the invoice's own Credit
 * items… dialog (lines or an amount, the reason, a note); the memo's page opens when it is issued.
 */
export function CustomerCredit({ customerId }: { customerId: string }) {
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
        Credit an Invoice…
      </Button>
      <InvoicePickerDialog
        open={picking}
        title="Credit an invoice"
        options={rows.map((row) => ({
          id: row.id,
          number: row.number,
          label: `#${row.number} · ${formatDate(row.invoiced_at)} · ${formatMoney(row.total)}`,
        }))}
        value={chosen}
        onChange={setChoice}
        onClose={() => setPicking(false)}
        onContinue={(number) => {
          setPicking(false);
          setCrediting(number);
        }}
        helperText="Credit its items (goods back or written off), or an amount."
        emptyText={
          invoices.isSuccess && rows.length === 0 ? 'This customer has no invoice to credit.' : undefined
        }
      />
      {crediting && <CreditForInvoice number={crediting} onClose={() => setCrediting(null)} />}
    </>
  );
}
