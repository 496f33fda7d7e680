import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useCreateInvoiceMutation } from '../invoices/invoices.api';
import { newIdempotencyKey } from '../invoices/builder/builder-messages';
import { ORDER_MESSAGES } from './order-messages';
import { invoiceRangeLink, orderInvoiceBody, orderInvoiceGroups } from './order-to-invoices';
import type { OrderResponse } from './orders.api';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Create Invoice on an order whose lines left to invoice mix beer with liquor or wine: beer goes on its own invoice,
 * so the order becomes two invoices (the beer one numbered with a B). Both are created, each naming the order, and
 * the invoice list opens filtered to their number range. One group only: the builder opens as usual.
 */
export function useCreateOrderInvoices(order: OrderResponse) {
  const navigate = useNavigate();
  const [createInvoice] = useCreateInvoiceMutation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const groups = orderInvoiceGroups(order);

  const start = () => {
    if (groups.length > 1) setAsking(true);
    else navigate(`/invoice/create?order=${order.order_number}`);
  };

  const create = async () => {
    setBusy(true);
    const made: string[] = [];
    try {
      for (const group of groups) {
        const invoice = await createInvoice({
          body: orderInvoiceBody(order, group.lines),
          idempotencyKey: newIdempotencyKey(),
        }).unwrap();
        made.push(invoice.number);
      }
      toast.success(`Invoices #${made.join(' and #')} created from order #${order.order_number}.`);
      navigate(invoiceRangeLink(made) ?? `/invoice/${encodeURIComponent(made[0]!)}`);
    } catch (error) {
      const why = toProblem(error)?.message;
      toast.error(
        [
          ORDER_MESSAGES.invoiceFailed,
          why,
          made.length ? `Invoice #${made[0]} was created; Create Invoice again makes the rest.` : '',
        ]
          .filter(Boolean)
          .join(': '),
      );
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  const [rest, beer] = groups.length > 1 ? [groups[0]!, groups[1]!] : [undefined, undefined];
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={`Create ${groups.length} invoices from order #${order.order_number}?`}
      confirmLabel={`Create ${groups.length} Invoices`}
      cancelLabel="Nevermind"
      busy={busy}
      onConfirm={() => void create()}
      onClose={() => setAsking(false)}
    >
      {rest && beer
        ? `Beer goes on its own invoice. This order becomes an invoice of liquor and wine (${plural(rest.lines.length, 'item')}) and a beer invoice (${plural(beer.lines.length, 'item')}), numbered with a B. Both use the reviewed prices; edit them afterwards if needed.`
        : ''}
    </ConfirmDialog>
  );
  return { start, dialog, split: groups.length > 1, nothingLeft: groups.length === 0 };
}
