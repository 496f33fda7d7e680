import { CREDIT_REASONS, type CreditReason } from '#domain/credits/credit-memo.events';
import { CREDIT_MESSAGES, CREDIT_REASON_LABELS, creditsLines } from '#domain/credits/credit-memo.rules';
import type { CreditMemoBody } from '#domain/contracts/credit-memo.contract';
import { lineTaxCents, lineTotalCents } from '#domain/invoices/invoice.rules';
import type { Invoice } from '../invoices/invoices.api';

/** The reasons the form offers, in the law's order; a freshness swap only on a beer invoice. */
export function reasonOptions(invoice: Pick<Invoice, 'items'>): { value: CreditReason; label: string }[] {
  const beer = invoice.items.some((item) => item.product.product_type === 'BEER');
  return CREDIT_REASONS.filter((reason) => reason !== 'freshness_swap' || beer).map((value) => ({
    value,
    label: CREDIT_REASON_LABELS[value],
  }));
}

/** One invoice line as the form shows it: what may still be credited of it. */
export interface CreditableLine {
  lineNo: number;
  name: string;
  price: number;
  taxable: boolean;
  beer: boolean;
  /** invoiced − credited already (not below 0) */
  left: number;
}

export const creditableLines = (invoice: Pick<Invoice, 'items'>): CreditableLine[] =>
  invoice.items.map((item) => ({
    lineNo: item.id,
    name: `${item.product.product} ${item.product.product_size}`.trim(),
    price: item.price,
    taxable: item.taxable,
    beer: item.product.product_type === 'BEER',
    left: Math.max(0, item.qty - (item.credited_qty ?? 0)),
  }));

export interface CreditValues {
  reason: CreditReason;
  note: string;
  /** qty to credit per line number, as typed */
  qty: Record<number, string>;
  /** dollars, for an amount */
  amount: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The credit's total as the server will count it (an estimate to the cent: the server gives a line's last
 * bottle the rest of its tax): price × qty, plus tax on taxable lines at the invoice's rate.
 */
export function creditTotal(values: CreditValues, lines: CreditableLine[], taxRate: number): number {
  if (!creditsLines(values.reason)) {
    const amount = Number(values.amount);
    return Number.isFinite(amount) && amount > 0 ? amount : 0;
  }
  let totalCents = 0;
  for (const line of lines) {
    const qty = Number(values.qty[line.lineNo] ?? 0);
    if (!Number.isInteger(qty) || qty <= 0) continue;
    const lineCents = lineTotalCents(cents(line.price), qty);
    totalCents += lineCents + lineTaxCents(lineCents, line.taxable, Math.round(taxRate * 100));
  }
  return totalCents / 100;
}

/** What is wrong with the form before it is sent (the server says it again, with the same words). */
export function creditProblems(values: CreditValues, lines: CreditableLine[]): string[] {
  const problems: string[] = [];
  if (values.reason === 'other' && values.note.trim() === '') problems.push(CREDIT_MESSAGES.noteRequired);
  if (creditsLines(values.reason)) {
    let any = false;
    for (const line of lines) {
      const text = (values.qty[line.lineNo] ?? '').trim();
      if (text === '' || text === '0') continue;
      const qty = Number(text);
      if (!Number.isInteger(qty) || qty < 0) problems.push(`Line ${line.lineNo}: ${CREDIT_MESSAGES.qty}`);
      else if (qty > line.left)
        problems.push(`Line ${line.lineNo} (${line.name}): at most ${line.left} can still be credited.`);
      else if (values.reason === 'freshness_swap' && !line.beer)
        problems.push(`A freshness swap is for beer only; line ${line.lineNo} (${line.name}) is not beer.`);
      else any = true;
    }
    if (!any && problems.length === 0) problems.push(CREDIT_MESSAGES.linesRequired);
  } else if (!/^\d{1,9}(\.\d{1,2})?$/.test(values.amount.trim()) || Number(values.amount) <= 0) {
    problems.push(CREDIT_MESSAGES.amountRequired);
  }
  return problems;
}

export function toCreditBody(
  invoiceId: string,
  values: CreditValues,
  lines: CreditableLine[],
): CreditMemoBody {
  const note = values.note.trim();
  if (!creditsLines(values.reason))
    return { invoice: invoiceId, reason: values.reason, note, amount: values.amount.trim() };
  return {
    invoice: invoiceId,
    reason: values.reason,
    note,
    lines: lines
      .map((line) => ({ line_no: line.lineNo, qty: Number(values.qty[line.lineNo] ?? 0) }))
      .filter((line) => Number.isInteger(line.qty) && line.qty > 0),
  };
}

export const creditMemoPath = (id: string) => `/credit-memo/${encodeURIComponent(id)}`;
