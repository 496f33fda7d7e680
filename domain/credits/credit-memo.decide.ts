import { businessDate } from '../shared/business-date.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { dollarsOf } from '../shared/money.js';
import { followPayments } from '../invoices/invoice-payments.js';
import { invoiceError } from '../invoices/invoice.errors.js';
import type { InvoiceLine, InvoiceStatusChanged } from '../invoices/invoice.events.js';
import { lineTaxCents, lineTotalCents } from '../invoices/invoice.rules.js';
import type { Invoice, LiveInvoice } from '../invoices/invoice.state.js';
import {
  assignCreditMemoNumber,
  type CreditMemoNumberEvent,
  type CreditMemoNumbers,
} from './credit-memo-numbers.js';
import type { IssueCreditMemo, VoidCreditMemo } from './credit-memo.commands.js';
import { creditMemoError, creditMemoInvalid } from './credit-memo.errors.js';
import type {
  CreditMemoIssued,
  CreditMemoLine,
  CreditMemoTotals,
  CreditMemoVoided,
  CreditReason,
} from './credit-memo.events.js';
import {
  CREDIT_MESSAGES,
  creditsLines,
  isCreditReason,
  MAX_CREDIT_CENTS,
  MAX_CREDIT_LINES,
  MAX_CREDIT_NOTE,
  voidReasonProblems,
} from './credit-memo.rules.js';
import { creditedCents, creditedOfLine, evolveCredits, type InvoiceCredit } from './credit-memo.state.js';

const money = (cents: number) => `$${dollarsOf(cents).toFixed(2)}`;

/** The invoice a memo may credit: live (else not found) and not cancelled. */
function creditable(state: Invoice): LiveInvoice {
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  if (state.invoiceStatus === 'cancelled')
    throw creditMemoError('INVOICE_CANCELLED', { number: state.number.display });
  return state;
}

function fieldProblems(data: IssueCreditMemo['data']): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isCreditReason(data.reason)) return [{ field: 'reason', message: CREDIT_MESSAGES.reason }];
  const note = data.note.trim();
  if (note.length > MAX_CREDIT_NOTE) problems.push({ field: 'note', message: CREDIT_MESSAGES.noteTooLong });
  if (data.reason === 'other' && note === '')
    problems.push({ field: 'note', message: CREDIT_MESSAGES.noteRequired });
  if (creditsLines(data.reason)) {
    if (data.amountCents !== null)
      problems.push({ field: 'amount', message: CREDIT_MESSAGES.amountNotAllowed });
    if (data.lines.length === 0) problems.push({ field: 'lines', message: CREDIT_MESSAGES.linesRequired });
    if (data.lines.length > MAX_CREDIT_LINES)
      problems.push({ field: 'lines', message: CREDIT_MESSAGES.tooManyLines });
    data.lines.forEach((line, i) => {
      if (!Number.isSafeInteger(line.qty) || line.qty < 1)
        problems.push({ field: `lines[${i}].qty`, message: CREDIT_MESSAGES.qty });
    });
  } else {
    if (data.lines.length > 0) problems.push({ field: 'lines', message: CREDIT_MESSAGES.linesNotAllowed });
    const amount = data.amountCents;
    if (amount === null || !Number.isSafeInteger(amount) || amount < 1)
      problems.push({ field: 'amount', message: CREDIT_MESSAGES.amountRequired });
    else if (amount > MAX_CREDIT_CENTS)
      problems.push({ field: 'amount', message: CREDIT_MESSAGES.amountTooLarge });
  }
  return problems;
}

/**
 * The credited lines: each an invoice line with a positive quantity, credited at most what is left of it after
 * the memos that are not void; a freshness swap only of beer. A line credited to its last bottle takes the rest of
 * the line's tax, so the credits of a line never add up to more tax than it was charged.
 */
function creditedLines(
  invoice: LiveInvoice,
  data: IssueCreditMemo['data'],
  reason: CreditReason,
): CreditMemoLine[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<number>();
  const lines: CreditMemoLine[] = [];
  data.lines.forEach((input, i) => {
    const field = `lines[${i}]`;
    const line: InvoiceLine | undefined = invoice.lines.find((l) => l.lineNo === input.lineNo);
    if (!line) return problems.push({ field, message: CREDIT_MESSAGES.lineNotFound(input.lineNo) });
    if (seen.has(line.lineNo))
      return problems.push({ field, message: CREDIT_MESSAGES.lineRepeated(line.lineNo) });
    seen.add(line.lineNo);
    if (line.qty <= 0)
      return problems.push({ field, message: CREDIT_MESSAGES.lineNotCreditable(line.lineNo) });
    if (reason === 'freshness_swap' && line.type !== 'BEER')
      return problems.push({ field, message: CREDIT_MESSAGES.freshnessBeerOnly(line.lineNo, line.name) });
    const before = creditedOfLine(invoice.credits, line.lineNo);
    const left = line.qty - before.qty;
    if (input.qty > left)
      return problems.push({
        field: `${field}.qty`,
        message: CREDIT_MESSAGES.qtyOverLine(line.lineNo, line.name, Math.max(0, left)),
      });
    const totalCents = lineTotalCents(line.priceCents, input.qty);
    const taxCents =
      input.qty === left
        ? line.taxCents - before.taxCents
        : Math.min(
            lineTaxCents(totalCents, line.taxable, invoice.taxRateBasisPoints),
            line.taxCents - before.taxCents,
          );
    lines.push({
      lineNo: line.lineNo,
      productId: line.productId,
      name: line.name,
      size: line.size,
      type: line.type,
      qty: input.qty,
      priceCents: line.priceCents,
      totalCents,
      taxCents,
    });
    return undefined;
  });
  if (problems.length > 0) throw creditMemoInvalid(problems);
  return lines;
}

function totalsOfCredit(lines: readonly CreditMemoLine[], amountCents: number | null): CreditMemoTotals {
  if (lines.length === 0) return { subtotalCents: amountCents!, taxCents: 0, totalCents: amountCents! };
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * Issues a credit memo on an invoice (POST /credit-memo): the memo on the invoice's stream and its number on the
 * company's credit-memo series, in one append. The memo never credits more of a line than is left of it, nor more
 * money than the invoice's total less the memos before it; a cancelled invoice is not credited. When the credit
 * settles what is left to pay, the invoice's status follows as it does for payments. A retry of the same memo
 * (same id) decides nothing.
 */
export function issueCreditMemo(
  states: { numbers: CreditMemoNumbers; invoice: Invoice },
  { data, metadata }: IssueCreditMemo,
): { numbers: CreditMemoNumberEvent[]; invoice: (CreditMemoIssued | InvoiceStatusChanged)[] } {
  if (states.invoice.status === 'live' && states.invoice.credits.some((c) => c.id === data.creditMemoId))
    return { numbers: [], invoice: [] };
  const invoice = creditable(states.invoice);
  const problems = fieldProblems(data);
  if (problems.length > 0) throw creditMemoInvalid(problems);
  const reason = data.reason as CreditReason;
  const lines = creditsLines(reason) ? creditedLines(invoice, data, reason) : [];
  const totals = totalsOfCredit(lines, data.amountCents);
  const left = invoice.totals.totalCents - creditedCents(invoice.credits);
  if (totals.totalCents > left)
    throw creditMemoInvalid([
      { field: 'amount', message: CREDIT_MESSAGES.amountOverInvoice(money(Math.max(0, left))) },
    ]);

  const { event: numbered, number } = assignCreditMemoNumber(
    states.numbers,
    { creditMemoId: data.creditMemoId, invoiceId: invoice.id },
    metadata.now,
  );
  const issued: CreditMemoIssued = {
    type: 'CreditMemoIssued',
    data: {
      creditMemoId: data.creditMemoId,
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      number,
      invoiceNumber: invoice.number.display,
      customerId: invoice.customer.id,
      customerName: invoice.customer.name,
      reason,
      note: data.note.trim(),
      lines,
      totals,
      issuedOn: businessDate(metadata.now, data.timeZone),
      issuedBy: metadata.userId,
      issuedAt: metadata.now,
    },
  };
  const credited: LiveInvoice = { ...invoice, credits: evolveCredits(invoice.credits, issued) };
  return {
    numbers: [numbered],
    invoice: [issued, ...followPayments(credited, invoice.payments, metadata.now)],
  };
}

/** The memo on its invoice, or not found (another invoice's, or none). */
function memoOn(invoice: LiveInvoice, creditMemoId: string): InvoiceCredit {
  const memo = invoice.credits.find((credit) => credit.id === creditMemoId);
  if (!memo) throw creditMemoError('CREDIT_MEMO_NOT_FOUND');
  return memo;
}

/**
 * Voids a credit memo (POST /credit-memo/{id}/void) with the reason why: it no longer counts, so its quantity and
 * money may be credited again, and the invoice's status follows what is owed. Its number stays used. A memo void
 * already is refused.
 */
export function voidCreditMemo(
  state: Invoice,
  { data, metadata }: VoidCreditMemo,
): (CreditMemoVoided | InvoiceStatusChanged)[] {
  if (state.status !== 'live') throw creditMemoError('CREDIT_MEMO_NOT_FOUND');
  const memo = memoOn(state, data.creditMemoId);
  if (memo.voided) throw creditMemoError('CREDIT_MEMO_VOID', { number: memo.number });
  const problems = voidReasonProblems(data.reason);
  if (problems.length > 0) throw creditMemoInvalid(problems);
  const voided: CreditMemoVoided = {
    type: 'CreditMemoVoided',
    data: {
      creditMemoId: memo.id,
      invoiceId: state.id,
      companyId: state.companyId,
      number: memo.number,
      reason: data.reason.trim(),
      voidedBy: metadata.userId,
      voidedAt: metadata.now,
    },
  };
  const after: LiveInvoice = { ...state, credits: evolveCredits(state.credits, voided) };
  const follows =
    state.invoiceStatus === 'cancelled' ? [] : followPayments(after, state.payments, metadata.now);
  return [voided, ...follows];
}
