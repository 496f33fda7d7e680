import { AGING_BUCKETS, agingBucketOf, type AgingBucket } from '../customers/customer-aging.js';

/**
 * A customer's statement, computed from its documents (pure). Every document is dated; a charge adds to the balance,
 * a credit takes off it. A new kind of document is one more member of `StatementDocument` and one more case in
 * `amountsOf`.
 */

/** An invoice: a charge of its total on its invoice date, unless cancelled (a cancelled invoice charges nothing). */
export interface InvoiceDocument {
  kind: 'invoice';
  id: string;
  date: string;
  reference: string;
  totalCents: number;
  cancelled: boolean;
  /** The due date every screen shows (null: due on delivery, that is on the invoice date). */
  dueOn: string | null;
}

/**
 * A payment: a credit of its amount on the day it was received, applied to the invoice it was logged on. A payment on
 * a cancelled invoice stays a payment: the customer's money, credited on account.
 */
export interface PaymentDocument {
  kind: 'payment';
  id: string;
  date: string;
  /** The invoice number it was logged on. */
  reference: string;
  amountCents: number;
  /** The invoice it pays. */
  appliesTo: string;
  note: string;
}

/**
 * A credit memo: a credit of its total on the day it was issued, applied to the invoice it credits. A memo voided
 * later stays on the day it was issued; its void is a document of its own.
 */
export interface CreditMemoDocument {
  kind: 'credit_memo';
  id: string;
  date: string;
  /** The memo's number, e.g. CM-1001. */
  reference: string;
  amountCents: number;
  /** The invoice it credits. */
  appliesTo: string;
  /** The number of the invoice it credits. */
  invoiceReference: string;
}

/**
 * A credit memo's void: its total charged back to the invoice it credited, on the company's day of the void, so a
 * statement of an earlier period still shows the credit the customer had then.
 */
export interface CreditMemoVoidDocument {
  kind: 'credit_memo_void';
  id: string;
  date: string;
  /** The memo's number, e.g. CM-1001. */
  reference: string;
  amountCents: number;
  /** The invoice it credited. */
  appliesTo: string;
  /** The number of the invoice it credited. */
  invoiceReference: string;
}

/**
 * Money received for the customer rather than one invoice (a payment on account): a credit of its amount on the day
 * it was received, applied to no invoice by itself; its applications say where it went.
 */
export interface AccountPaymentDocument {
  kind: 'account_payment';
  id: string;
  date: string;
  /** e.g. "Check 1042". */
  reference: string;
  amountCents: number;
}

/**
 * Credit applied to an invoice (from a payment on account or the customer's credit): neither a charge nor a credit,
 * it says which invoice the money pays, for the aging.
 */
export interface ApplicationDocument {
  kind: 'application';
  id: string;
  date: string;
  /** The number of the invoice it pays. */
  reference: string;
  amountCents: number;
  appliesTo: string;
}

/**
 * A share of credit applied to an invoice and taken back to the customer's credit (applied to the wrong invoice):
 * neither a charge nor a credit, it takes the application's amount back off the invoice it paid, for the aging (the
 * invoice owes it again, the credit is unapplied again).
 */
export interface UnapplicationDocument {
  kind: 'unapplication';
  id: string;
  date: string;
  /** The number of the invoice it was taken back from. */
  reference: string;
  amountCents: number;
  appliesTo: string;
}

/** Credit paid back to the customer: a charge of its amount that uses unapplied credit (never aged as owed). */
export interface RefundDocument {
  kind: 'refund';
  id: string;
  date: string;
  /** e.g. "Check 2001". */
  reference: string;
  amountCents: number;
}

/**
 * The payments of a cancelled invoice became the customer's credit: a line that says so, neither a charge nor a
 * credit (its payments stay credits on the days they were received, and pay no charge now that it is cancelled).
 */
export interface InvoiceCreditDocument {
  kind: 'invoice_credit';
  id: string;
  date: string;
  /** The cancelled invoice's number. */
  reference: string;
  amountCents: number;
}

export type StatementDocument =
  | InvoiceDocument
  | PaymentDocument
  | CreditMemoDocument
  | CreditMemoVoidDocument
  | AccountPaymentDocument
  | ApplicationDocument
  | UnapplicationDocument
  | RefundDocument
  | InvoiceCreditDocument;

export interface StatementLine {
  kind: StatementDocument['kind'];
  id: string;
  date: string;
  reference: string;
  description: string;
  chargeCents: number;
  creditCents: number;
  balanceCents: number;
  dueOn: string | null;
  appliesTo: string | null;
}

export type StatementAgingCents = Record<AgingBucket, number> & { unapplied_credit: number };

export interface Statement {
  from: string;
  to: string;
  /** The day the aging counts to: `to`, or `asOf` when the period ends after it. */
  agingOn: string;
  openingCents: number;
  lines: StatementLine[];
  chargesCents: number;
  creditsCents: number;
  closingCents: number;
  aging: StatementAgingCents;
}

interface Amounts {
  chargeCents: number;
  creditCents: number;
  description: string;
  dueOn: string | null;
  appliesTo: string | null;
}

/** What one document does to the balance, and how the statement words it. */
function amountsOf(document: StatementDocument): Amounts {
  switch (document.kind) {
    case 'invoice':
      return {
        chargeCents: document.cancelled ? 0 : document.totalCents,
        creditCents: 0,
        description: document.cancelled
          ? `Invoice ${document.reference} (cancelled)`
          : `Invoice ${document.reference}`,
        dueOn: document.cancelled ? null : document.dueOn,
        appliesTo: null,
      };
    case 'payment': {
      const note = document.note.trim();
      return {
        chargeCents: 0,
        creditCents: document.amountCents,
        description: `Payment on invoice ${document.reference}${note ? ` · ${note}` : ''}`,
        dueOn: null,
        appliesTo: document.appliesTo,
      };
    }
    case 'credit_memo':
      return {
        chargeCents: 0,
        creditCents: document.amountCents,
        description: `Credit memo ${document.reference} on invoice ${document.invoiceReference}`,
        dueOn: null,
        appliesTo: document.appliesTo,
      };
    case 'credit_memo_void':
      return {
        chargeCents: document.amountCents,
        creditCents: 0,
        description: `Credit memo ${document.reference} on invoice ${document.invoiceReference} voided`,
        dueOn: null,
        appliesTo: document.appliesTo,
      };
    case 'account_payment':
      return {
        chargeCents: 0,
        creditCents: document.amountCents,
        description: `Payment on account · ${document.reference}`,
        dueOn: null,
        appliesTo: null,
      };
    case 'application':
      return {
        chargeCents: 0,
        creditCents: 0,
        description: `Credit applied to invoice ${document.reference}: ${dollars(document.amountCents)}`,
        dueOn: null,
        appliesTo: document.appliesTo,
      };
    case 'unapplication':
      return {
        chargeCents: 0,
        creditCents: 0,
        description: `Taken back to credit from invoice ${document.reference}: ${dollars(document.amountCents)}`,
        dueOn: null,
        appliesTo: document.appliesTo,
      };
    case 'refund':
      return {
        chargeCents: document.amountCents,
        creditCents: 0,
        description: `Refund of credit · ${document.reference}`,
        dueOn: null,
        appliesTo: null,
      };
    case 'invoice_credit':
      return {
        chargeCents: 0,
        creditCents: 0,
        description: `Payments of cancelled invoice ${document.reference} became credit: ${dollars(document.amountCents)}`,
        dueOn: null,
        appliesTo: null,
      };
  }
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Charges before credits on the same day, so a day's credit memo or payment follows the invoice it applies to. */
const KIND_ORDER: Record<StatementDocument['kind'], number> = {
  invoice: 0,
  credit_memo: 1,
  credit_memo_void: 2,
  payment: 3,
  account_payment: 4,
  application: 5,
  unapplication: 6,
  invoice_credit: 7,
  refund: 8,
};

/** References in number order ('2' before '10'); one collator, as a statement sorts thousands of documents. */
const REFERENCES = new Intl.Collator('en', { numeric: true });

const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byDate = (a: StatementDocument, b: StatementDocument) =>
  plain(a.date, b.date) ||
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
  REFERENCES.compare(a.reference, b.reference) ||
  plain(a.id, b.id);

/**
 * The statement of `documents` for the period [from, to] (business dates, both days included), made on `asOf`:
 * - the opening balance is every charge less every credit dated before `from`;
 * - the period's documents in date order, each with the balance after it; documents after `to` are left out;
 * - the closing balance is the opening balance plus the period's charges less its credits;
 * - the aging splits what each charge still has open at `to` (its amount less the credits applied to it dated on or
 *   before `to`) by days past its due date on the aging day (`to`, or `asOf` when the period has not ended):
 *   current (not yet due), 1–30, 31–60, 61–90, over 90; a credit memo's void takes its credit back off the invoice
 *   it credited, and a share of credit taken back its application; a credit that pays no open charge (a cancelled invoice's
 *   payment, or more than the charge) is unapplied credit, less what was refunded. The buckets less the unapplied
 *   credit are the closing balance.
 */
export function statementOf(
  documents: readonly StatementDocument[],
  period: { from: string; to: string },
  asOf: string,
): Statement {
  const { from, to } = period;
  const agingOn = to < asOf ? to : asOf;
  const dated = documents.filter((document) => document.date <= to).sort(byDate);

  let openingCents = 0;
  let chargesCents = 0;
  let creditsCents = 0;
  const lines: StatementLine[] = [];
  const charges = new Map<string, { cents: number; dueOn: string | null; date: string }>();
  const applied = new Map<string, number>();
  let allCreditsCents = 0;
  let refundedCents = 0;

  for (const document of dated) {
    const amounts = amountsOf(document);
    if (document.kind === 'refund') refundedCents += amounts.chargeCents;
    else if (document.kind === 'credit_memo_void') {
      // the credit taken back: the invoice it credited owes it again (no new charge of its own to age)
      allCreditsCents -= document.amountCents;
      applied.set(document.appliesTo, (applied.get(document.appliesTo) ?? 0) - document.amountCents);
    } else if (amounts.chargeCents > 0)
      charges.set(document.id, { cents: amounts.chargeCents, dueOn: amounts.dueOn, date: document.date });
    if (amounts.creditCents !== 0) allCreditsCents += amounts.creditCents;
    const appliedCents =
      document.kind === 'application'
        ? document.amountCents
        : document.kind === 'unapplication'
          ? -document.amountCents
          : amounts.creditCents;
    if (amounts.appliesTo && appliedCents !== 0)
      applied.set(amounts.appliesTo, (applied.get(amounts.appliesTo) ?? 0) + appliedCents);
    const net = amounts.chargeCents - amounts.creditCents;
    if (document.date < from) {
      openingCents += net;
      continue;
    }
    chargesCents += amounts.chargeCents;
    creditsCents += amounts.creditCents;
    lines.push({
      kind: document.kind,
      id: document.id,
      date: document.date,
      reference: document.reference,
      description: amounts.description,
      chargeCents: amounts.chargeCents,
      creditCents: amounts.creditCents,
      balanceCents: openingCents + chargesCents - creditsCents,
      dueOn: amounts.dueOn,
      appliesTo: amounts.appliesTo,
    });
  }

  const aging = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as StatementAgingCents;
  let appliedCents = 0;
  for (const [id, charge] of charges) {
    const paid = Math.min(charge.cents, Math.max(0, applied.get(id) ?? 0));
    appliedCents += paid;
    const open = charge.cents - paid;
    if (open > 0) aging[agingBucketOf(charge.dueOn, charge.date, agingOn)] += open;
  }
  aging.unapplied_credit = allCreditsCents - appliedCents - refundedCents;

  return {
    from,
    to,
    agingOn,
    openingCents,
    lines,
    chargesCents,
    creditsCents,
    closingCents: openingCents + chargesCents - creditsCents,
    aging,
  };
}
