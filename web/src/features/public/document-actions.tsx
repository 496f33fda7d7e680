import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { PdfButton, RevokeLinksButton, ShareLinkButton, usePdfDownload } from './pdf-actions';
import {
  useBalanceLinkMutation,
  useBalancePdfMutation,
  useInvoiceLinkMutation,
  useInvoicePdfMutation,
  useRevokeBalanceLinksMutation,
  useRevokeInvoiceLinksMutation,
} from './pdf.api';

/** The invoice view page's Pdf button (POST /invoice/pdf). */
export function InvoicePdfButton({ number }: { number: string }) {
  const [download] = useInvoicePdfMutation();
  const { busy, run } = usePdfDownload((n: string) => download({ number: n }).unwrap());
  return <PdfButton busy={busy} onClick={() => void run(number)} ariaLabel={`Pdf of invoice #${number}`} />;
}

/** The grid's PDF row action: downloads without opening the row. */
export function InvoicePdfRowAction({ number }: { number: string }) {
  const [download] = useInvoicePdfMutation();
  const { busy, run } = usePdfDownload((n: string) => download({ number: n }).unwrap());
  return (
    <Tooltip title="Download PDF">
      <span>
        <IconButton
          size="small"
          aria-label={`Download PDF of invoice #${number}`}
          disabled={busy}
          onClick={(event) => {
            event.stopPropagation();
            void run(number);
          }}
        >
          {busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** 'Share link' for an invoice: the public /invoice/pdf/{token} address. */
export function InvoiceShareLinkButton({ invoiceId, number }: { invoiceId: string; number: string }) {
  const [create] = useInvoiceLinkMutation();
  return <ShareLinkButton title={`Share Invoice #${number}`} create={() => create(invoiceId).unwrap()} />;
}

/** 'Revoke links' for an invoice (DELETE /invoice/{id}/link). */
export function InvoiceRevokeLinksButton({ invoiceId, number }: { invoiceId: string; number: string }) {
  const [revoke] = useRevokeInvoiceLinksMutation();
  return <RevokeLinksButton what={`Invoice #${number}`} revoke={() => revoke(invoiceId).unwrap()} />;
}

/** The balance page's Pdf button (POST /customer/{id}/balance/pdf). */
export function BalancePdfButton({ customerId, label }: { customerId: string; label?: string }) {
  const [download] = useBalancePdfMutation();
  const { busy, run } = usePdfDownload((id: string) => download(id).unwrap());
  return <PdfButton busy={busy} label={label} onClick={() => void run(customerId)} />;
}

/** 'Share link' for a customer balance: the public /customer/balance/pdf/{token} address. */
export function BalanceShareLinkButton({ customerId, name }: { customerId: string; name: string }) {
  const [create] = useBalanceLinkMutation();
  return <ShareLinkButton title={`Share ${name}'s balance`} create={() => create(customerId).unwrap()} />;
}

/** 'Revoke links' for a customer balance (DELETE /customer/{id}/balance/link). */
export function BalanceRevokeLinksButton({ customerId, name }: { customerId: string; name: string }) {
  const [revoke] = useRevokeBalanceLinksMutation();
  return <RevokeLinksButton what={`${name}'s balance`} revoke={() => revoke(customerId).unwrap()} />;
}
