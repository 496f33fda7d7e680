import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { useGetInvoiceQuery } from '../invoices/invoices.api';
import { InvoicePickerDialog } from '../invoices/InvoicePickerDialog';
import { PaymentFormDialog } from '../payments/PaymentFormDialog';
import type { CustomerOverview } from './customers.api';

/** The invoice chosen in the Log Payment dialog, loaded whole for the payment form. */
function PaymentForInvoice({ number, onClose }: { number: string; onClose: () => void }) {
  const { data } = useGetInvoiceQuery(number);
  return data ? <PaymentFormDialog invoice={data} onClose={onClose} /> : null;
}

/** Log Payment: pick one of the open invoices (the oldest first), then the payment form for it. */
export function LogPayment({ overview }: { overview: CustomerOverview }) {
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
      <InvoicePickerDialog
        open={picking}
        title="Log Payment"
        options={rows.map((row) => ({
          id: row.id,
          number: row.number,
          label: `#${row.number} · ${formatMoney(row.balance)} left`,
        }))}
        value={choice}
        onChange={setChoice}
        onClose={() => setPicking(false)}
        onContinue={(number) => {
          setPicking(false);
          setPaying(number);
        }}
      />
      {paying && <PaymentForInvoice number={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
