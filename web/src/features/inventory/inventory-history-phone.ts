import type { InventoryHistoryRow, InventoryHistorySource } from '#domain/contracts/inventory.contract';
import { formatDateTime } from '../../shared/format';
import { joinFacts, type PhoneBadgeColor, type PhoneRowFacts } from '../../shared/grid/phone-row';

/** Each source's colour, the same on the grid's chips and the phone's badges. */
export const SOURCE_COLORS: Record<InventoryHistorySource, PhoneBadgeColor> = {
  INVOICE: 'primary',
  RESTOCK: 'success',
  MANUAL: 'default',
  RETURN: 'info',
  WRITE_OFF: 'warning',
};

/** A movement's quantity with its sign: '+30' in, '-6' out. */
export const signedQty = (qty: number): string => (qty > 0 ? `+${qty}` : String(qty));

/** The invoice an invoice movement came from (its page), or undefined for any other movement. */
export const movementInvoice = (row: Pick<InventoryHistoryRow, 'source' | 'invoice'>): string | undefined =>
  row.source === 'INVOICE' && row.invoice ? row.invoice : undefined;

/**
 * A movement on a phone: the product (whole, wrapped; a dash when it is unknown), the signed quantity on its right, its source as the badge;
 * under it the size, the reference (the invoice's number for an invoice), the time and the distributor. An invoice
 * movement opens its invoice, as the grid's reference link does; other movements open nothing.
 */
export function inventoryHistoryPhoneFacts(row: InventoryHistoryRow): PhoneRowFacts {
  const invoice = movementInvoice(row);
  return {
    primary: row.product || '—',
    amount: signedQty(row.qty),
    secondary: joinFacts(
      row.product_size,
      invoice ? `Invoice #${invoice}` : row.ref,
      formatDateTime(row.created_at),
      row.distributor,
    ),
    badge: { label: row.source, color: SOURCE_COLORS[row.source] },
    link: invoice && `/invoice/${encodeURIComponent(invoice)}`,
  };
}
