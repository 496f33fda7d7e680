import type { EmailGridRow } from '#domain/contracts/delivery.contract';
import { invoicePath } from '../view/invoice-display';
import { periodLabel } from './delivery-messages';

/** What an e-mail carried, in words: 'Invoice #345', 'Credit memo CM-1001', 'Statement Oct 2026'. */
export function emailDocumentLabel(row: Pick<EmailGridRow, 'kind' | 'number' | 'period_from' | 'period_to'>) {
  switch (row.kind) {
    case 'credit_memo':
      return `Credit memo ${row.number}`;
    case 'statement':
      return `Statement ${periodLabel(row.period_from, row.period_to)}`;
    default:
      return `Invoice #${row.number}`;
  }
}

/** Where an e-mail's document opens: the invoice, the credit memo, or the statement's customer. */
export function emailDocumentPath(row: Pick<EmailGridRow, 'kind' | 'number' | 'document_id'>): string {
  if (row.kind === 'credit_memo' && row.document_id)
    return `/credit-memo/${encodeURIComponent(row.document_id)}`;
  if (row.kind === 'statement' && row.document_id) return `/customer/${encodeURIComponent(row.document_id)}`;
  return invoicePath(row.number);
}
