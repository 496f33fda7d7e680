import { useRef } from 'react';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ACCOUNT_MESSAGES, newIdempotencyKey } from './account-form';
import { useUnapplyCreditMutation } from './accounts.api';

/** A payment of an invoice applied from the customer's account, as the take-back names it. */
export interface AccountShare {
  customerId: string;
  invoiceId: string;
  invoiceNumber: string | null;
  /** The invoice's payment (an application entry's id). */
  paymentId: string;
  /** Dollars. */
  amount: number;
}

/** The question the take-back asks, naming the amount and the invoice. */
export const takeBackQuestion = (share: Pick<AccountShare, 'amount' | 'invoiceNumber'>) =>
  `Take the ${formatMoney(share.amount)} applied to invoice #${share.invoiceNumber ?? ''} back to credit?`;

/**
 * Take back to credit (the owner's alone): a payment applied from the customer's account to the wrong invoice leaves
 * the invoice and returns to the customer's unapplied credit, asked first. The invoice owes the amount again.
 */
export function TakeBackToCreditDialog({ share, onClose }: { share: AccountShare; onClose: () => void }) {
  const [unapply, { isLoading: busy }] = useUnapplyCreditMutation();
  const key = useRef(newIdempotencyKey());
  const amount = formatMoney(share.amount);
  const takeBack = async () => {
    try {
      await unapply({
        customerId: share.customerId,
        idempotencyKey: key.current,
        invoiceNumber: share.invoiceNumber,
        body: { invoice_id: share.invoiceId, payment_id: share.paymentId },
      }).unwrap();
      toast.success(ACCOUNT_MESSAGES.takenBack);
      onClose();
    } catch (error) {
      toast.error(toProblem(error)?.message || ACCOUNT_MESSAGES.takeBackFailed);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      title={takeBackQuestion(share)}
      confirmLabel="Take Back to Credit"
      cancelLabel="Nevermind"
      busy={busy}
      onConfirm={() => void takeBack()}
      onClose={onClose}
    >
      The {amount} returns to the customer&apos;s unapplied credit, and the balance of invoice #
      {share.invoiceNumber} grows by {amount}. Apply the credit to the right invoice from the customer&apos;s
      page.
    </ConfirmDialog>
  );
}
