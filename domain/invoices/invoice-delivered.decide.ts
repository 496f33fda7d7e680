import type {
  CollectedMethod,
  DeliveryAdjustmentReason,
  DeliveryMeans,
} from '../contracts/route.contract.js';
import {
  creditMemoNumbersDecider,
  type CreditMemoNumberEvent,
  type CreditMemoNumbers,
} from '../credits/credit-memo-numbers.js';
import { issueCreditMemoWithStamps } from '../credits/credit-memo-stamps.js';
import { CREDIT_MEMO_EVENT_TYPES, type CreditMemoIssued } from '../credits/credit-memo.events.js';
import { creditedOfLine } from '../credits/credit-memo.state.js';
import { businessDate } from '../shared/business-date.js';
import type { CommandMetadata } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import { stampHoldingDecider, type StampHolding, type StampHoldingChanged } from '../stamps/stamp-holding.js';
import { stampLedgerDecider } from '../stamps/stamp.decide.js';
import type { StampRange, StampsReturnedWithGoods } from '../stamps/stamp.events.js';
import type { StampLedger } from '../stamps/stamp.state.js';
import type { InvoiceDelivered } from './invoice-delivered.events.js';
import {
  ADJUSTMENT_CREDIT,
  ADJUSTMENT_REASONS,
  COLLECTED_METHODS,
  DELIVERY_MEANS,
  DELIVERY_MESSAGES,
  MAX_CARRIER_FIELD,
  MAX_DELIVERY_NOTE,
  MAX_REFERENCE,
  MAX_SIGNER_NAME,
} from './invoice-delivered.rules.js';
import { MAX_PAYMENT_CENTS, netTotalCents, remainingCents } from './invoice-payments.js';
import {
  paidCents,
  PAYMENT_EVENT_TYPES,
  type Payment,
  type PaymentLogged,
} from './invoice-payment.events.js';
import { invoiceError, invoiceInvalid } from './invoice.errors.js';
import type { InvoiceStatusChanged } from './invoice.events.js';
import {
  evolve,
  initialState,
  type Invoice,
  type InvoiceStreamEvent,
  type LiveInvoice,
} from './invoice.state.js';

/**
 * Delivering an invoice: the goods reached the retailer, who signed for them (or refused them at the door). One
 * decision on the invoice's own stream appends, at once, the credit memos of the lines that came back (through the
 * credit memo's own decision: numbered on the credit-memo series, their liquor stamps following the goods), the
 * payments taken at the stop, and InvoiceDelivered; the invoice is then Delivered, or Paid when the money covers it.
 *
 * Beer is sold for cash on or before delivery (Alco. Bev. Code §102.31), and a customer marked cash on delivery pays
 * at the door: such an invoice is not delivered unless the money taken covers what it owes after what came back.
 */

export interface DeliveryAdjustmentInput {
  /** The invoice line, as the driver's app names it (its line number as text). */
  lineId: string;
  qty: number;
  reason: DeliveryAdjustmentReason;
}

export interface CollectedPaymentInput {
  paymentId: string;
  method: CollectedMethod;
  /** undefined: not an amount of dollars and cents. */
  amountCents: number | undefined;
  reference: string;
}

export interface DeliverInvoice {
  type: 'DeliverInvoice';
  data: {
    invoiceId: string;
    deliveredAt: string;
    deliveredBy: { userId: string; name: string };
    signerName: string;
    /** The stored signature (named from the request's Idempotency-Key: the same key names the same delivery). */
    signatureId: string;
    photoId: string | null;
    means: DeliveryMeans;
    carrier: { name: string; permit: string } | null;
    routeId: string | null;
    stopId: string | null;
    /** The invoice stream's version the driver saw; null: not checked. */
    invoiceVersion: number | null;
    adjustments: DeliveryAdjustmentInput[];
    payments: CollectedPaymentInput[];
    note: string;
    /** The id each kind of returned goods' credit memo takes. */
    creditMemoIds: Record<DeliveryAdjustmentReason, string>;
    /** The customer is marked cash on delivery now (its invoice's copy may be older). */
    cashOnDelivery: boolean;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

/**
 * The invoice with its version: the stream revision of its last event that changed the invoice itself (its content,
 * status, payments, credits or delivery), the invoice row's `revision`; -1 for none. E-mails, documents and notes on
 * the same stream do not change the version: the driver's download is still the invoice as it is.
 */
export interface VersionedInvoice {
  invoice: Invoice;
  version: number;
  /** The revision of the last event folded, whatever its type. */
  position: number;
}

const VERSIONED_TYPES: ReadonlySet<string> = new Set([
  'InvoiceCreated',
  'InvoiceRevised',
  'InvoiceStatusChanged',
  'InvoiceDeleted',
  'InvoiceReplaced',
  'InvoiceDelivered',
  ...PAYMENT_EVENT_TYPES,
  ...CREDIT_MEMO_EVENT_TYPES,
]);

export const versionedInvoiceDecider = {
  initialState: (): VersionedInvoice => ({ invoice: initialState(), version: -1, position: -1 }),
  evolve: (state: VersionedInvoice, event: InvoiceStreamEvent): VersionedInvoice => {
    const position = state.position + 1;
    return {
      invoice: evolve(state.invoice, event),
      version: VERSIONED_TYPES.has(event.type) ? position : state.version,
      position,
    };
  },
};

export interface DeliveryStates {
  invoice: VersionedInvoice;
  numbers: CreditMemoNumbers;
  stamps: StampLedger;
  holding: StampHolding;
  /** The invoice's stamps from the stamp log when its holding recorded nothing yet. */
  heldBefore?: readonly StampRange[];
}

export interface DeliveryEvents {
  invoice: (CreditMemoIssued | PaymentLogged | InvoiceDelivered | InvoiceStatusChanged)[];
  numbers: CreditMemoNumberEvent[];
  stamps: StampsReturnedWithGoods[];
  holding: StampHoldingChanged[];
}

const NOTHING: DeliveryEvents = { invoice: [], numbers: [], stamps: [], holding: [] };

function conflict(reason: 'cancelled' | 'revised' | 'delivered', version: number): DomainError {
  return new DomainError(
    `INVOICE_${reason.toUpperCase()}`,
    'conflict',
    DELIVERY_MESSAGES[reason],
    undefined,
    {
      reason,
      invoice_version: version,
    },
  );
}

function fieldProblems(invoice: LiveInvoice, data: DeliverInvoice['data']): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const signer = data.signerName.trim();
  if (signer === '') problems.push({ field: 'signer_name', message: DELIVERY_MESSAGES.signerRequired });
  else if (signer.length > MAX_SIGNER_NAME)
    problems.push({ field: 'signer_name', message: DELIVERY_MESSAGES.signerTooLong });
  if (Number.isNaN(Date.parse(data.deliveredAt)))
    problems.push({ field: 'delivered_at', message: DELIVERY_MESSAGES.deliveredAt });
  if (!DELIVERY_MEANS.includes(data.means))
    problems.push({ field: 'means', message: DELIVERY_MESSAGES.means });
  if (data.means === 'carrier') {
    const { name = '', permit = '' } = data.carrier ?? {};
    if (name.trim() === '' || permit.trim() === '')
      problems.push({ field: 'carrier', message: DELIVERY_MESSAGES.carrierRequired });
    else if (name.length > MAX_CARRIER_FIELD || permit.length > MAX_CARRIER_FIELD)
      problems.push({ field: 'carrier', message: DELIVERY_MESSAGES.carrierTooLong });
  }
  if (data.note.length > MAX_DELIVERY_NOTE)
    problems.push({ field: 'note', message: DELIVERY_MESSAGES.noteTooLong });
  const back = new Map<number, number>();
  data.adjustments.forEach((adjustment, i) => {
    const field = `adjustments[${i}]`;
    if (!ADJUSTMENT_REASONS.includes(adjustment.reason))
      return problems.push({ field: `${field}.reason`, message: DELIVERY_MESSAGES.adjustmentReason });
    if (!Number.isSafeInteger(adjustment.qty) || adjustment.qty < 1)
      return problems.push({ field: `${field}.quantity`, message: DELIVERY_MESSAGES.adjustmentQty });
    const line = invoice.lines.find((l) => String(l.lineNo) === adjustment.lineId.trim());
    if (!line)
      return problems.push({
        field: `${field}.line_id`,
        message: DELIVERY_MESSAGES.adjustmentLine(adjustment.lineId),
      });
    const left = line.qty - creditedOfLine(invoice.credits, line.lineNo).qty - (back.get(line.lineNo) ?? 0);
    if (adjustment.qty > left)
      return problems.push({
        field: `${field}.quantity`,
        message: DELIVERY_MESSAGES.adjustmentOverLine(line.lineNo, line.name, Math.max(0, left)),
      });
    back.set(line.lineNo, (back.get(line.lineNo) ?? 0) + adjustment.qty);
    return undefined;
  });
  data.payments.forEach((payment, i) => {
    const field = `payments[${i}]`;
    if (!COLLECTED_METHODS.includes(payment.method))
      return problems.push({ field: `${field}.method`, message: DELIVERY_MESSAGES.paymentMethod });
    const cents = payment.amountCents;
    if (cents === undefined || !Number.isSafeInteger(cents) || cents < 1 || cents > MAX_PAYMENT_CENTS)
      problems.push({ field: `${field}.amount`, message: DELIVERY_MESSAGES.paymentAmount });
    if (payment.method === 'check' && payment.reference.trim() === '')
      problems.push({ field: `${field}.reference`, message: DELIVERY_MESSAGES.checkReference });
    if (payment.reference.length > MAX_REFERENCE)
      problems.push({ field: `${field}.reference`, message: DELIVERY_MESSAGES.referenceTooLong });
    return undefined;
  });
  return problems;
}

/** The lines that came back, as one credit memo per kind (lines of one kind summed per line). */
function returnedByReason(
  invoice: LiveInvoice,
  adjustments: readonly DeliveryAdjustmentInput[],
): Map<DeliveryAdjustmentReason, Map<number, number>> {
  const byReason = new Map<DeliveryAdjustmentReason, Map<number, number>>();
  for (const { lineId, qty, reason } of adjustments) {
    const line = invoice.lines.find((l) => String(l.lineNo) === lineId.trim())!;
    const lines = byReason.get(reason) ?? new Map<number, number>();
    lines.set(line.lineNo, (lines.get(line.lineNo) ?? 0) + qty);
    byReason.set(reason, lines);
  }
  return byReason;
}

/** Every line's remaining quantity came back refused. */
function everyLineRefused(invoice: LiveInvoice, data: DeliverInvoice['data']): boolean {
  const refused = returnedByReason(invoice, data.adjustments).get('refused') ?? new Map<number, number>();
  return invoice.lines
    .filter((line) => line.qty > 0)
    .every(
      (line) =>
        (refused.get(line.lineNo) ?? 0) >= line.qty - creditedOfLine(invoice.credits, line.lineNo).qty,
    );
}

/** The credit memos of the lines that came back, each decided by the credit memo's own decision, in turn. */
function creditReturns(states: DeliveryStates, invoice: LiveInvoice, command: DeliverInvoice) {
  let { numbers, stamps, holding } = states;
  let current: LiveInvoice = invoice;
  const events: DeliveryEvents = { invoice: [], numbers: [], stamps: [], holding: [] };
  for (const [reason, lines] of returnedByReason(invoice, command.data.adjustments)) {
    const decided = issueCreditMemoWithStamps(
      { invoice: current, numbers, stamps, holding, heldBefore: states.heldBefore },
      {
        type: 'IssueCreditMemo',
        data: {
          creditMemoId: command.data.creditMemoIds[reason],
          invoiceId: invoice.id,
          reason: ADJUSTMENT_CREDIT[reason].reason,
          note: ADJUSTMENT_CREDIT[reason].note,
          lines: [...lines].map(([lineNo, qty]) => ({ lineNo, qty })),
          amountCents: null,
          timeZone: command.data.timeZone,
        },
        metadata: command.metadata,
      },
    );
    // The memo's own status change is left out: the delivery decides the invoice's status once, below.
    const issued = decided.invoice.filter((e): e is CreditMemoIssued => e.type === 'CreditMemoIssued');
    current = issued.reduce((s, e) => evolve(s, e) as LiveInvoice, current);
    numbers = decided.numbers.reduce(creditMemoNumbersDecider.evolve, numbers);
    stamps = decided.stamps.reduce(stampLedgerDecider.evolve, stamps);
    holding = decided.holding.reduce(stampHoldingDecider.evolve, holding);
    events.invoice.push(...issued);
    events.numbers.push(...decided.numbers);
    events.stamps.push(...decided.stamps);
    events.holding.push(...decided.holding);
  }
  return { credited: current, events };
}

/** The cash law: a beer invoice, or a customer on cash on delivery, is not left unpaid. */
function cashLawProblem(invoice: LiveInvoice, data: DeliverInvoice['data'], collectedCents: number) {
  const beer = invoice.number.beer || invoice.lines.some((line) => line.type === 'BEER' && line.qty > 0);
  const cod = data.cashOnDelivery || invoice.customer.cashOnDelivery;
  if (!beer && !cod) return undefined;
  const owed = remainingCents(invoice);
  if (collectedCents >= owed) return undefined;
  return new DomainError(
    beer ? 'BEER_CASH_ON_DELIVERY' : 'CUSTOMER_CASH_ON_DELIVERY',
    'invalid',
    beer ? DELIVERY_MESSAGES.beerCash(owed) : DELIVERY_MESSAGES.codCash(owed),
    [
      {
        field: 'payments',
        message: beer ? DELIVERY_MESSAGES.beerCash(owed) : DELIVERY_MESSAGES.codCash(owed),
      },
    ],
    { owed: owed / 100 },
  );
}

function statusChanges(
  invoice: LiveInvoice,
  payments: readonly Payment[],
  now: string,
): InvoiceStatusChanged[] {
  const change = (
    from: InvoiceStatus,
    to: InvoiceStatus,
    reason: 'delivery' | 'payments',
  ): InvoiceStatusChanged => ({
    type: 'InvoiceStatusChanged',
    data: { invoiceId: invoice.id, companyId: invoice.companyId, from, to, reason, changedAt: now },
  });
  const paid = paidCents(payments);
  const paidInFull = paid > 0 && paid >= netTotalCents(invoice);
  if (invoice.invoiceStatus === 'paid') return paidInFull ? [] : [change('paid', 'delivered', 'delivery')];
  const delivered =
    invoice.invoiceStatus === 'delivered' ? [] : [change(invoice.invoiceStatus, 'delivered', 'delivery')];
  return paidInFull ? [...delivered, change('delivered', 'paid', 'payments')] : delivered;
}

/**
 * Delivers an invoice (POST /invoice/{id}/delivery). Refused: a cancelled invoice (conflict 'cancelled'), one
 * delivered already by another request (conflict 'delivered'; the same request again decides nothing), one changed
 * since the version the driver saw (conflict 'revised', with the version now), bad fields (invalid), and a beer or
 * cash-on-delivery invoice whose money taken does not cover what it owes after what came back.
 */
export function deliverInvoice(states: DeliveryStates, command: DeliverInvoice): DeliveryEvents {
  const { data, metadata } = command;
  const { invoice: state, version } = states.invoice;
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  if (state.delivery?.signatureId === data.signatureId) return NOTHING; // the same delivery again
  if (state.invoiceStatus === 'cancelled') throw conflict('cancelled', version);
  if (state.delivery) throw conflict('delivered', version);
  if (data.invoiceVersion !== null && data.invoiceVersion !== version) throw conflict('revised', version);
  const problems = fieldProblems(state, data);
  if (problems.length > 0) throw invoiceInvalid(problems);

  const { credited, events } = creditReturns(states, state, command);
  const deliveredOn = businessDate(data.deliveredAt, data.timeZone);
  const logged: PaymentLogged[] = data.payments.map((payment) => ({
    type: 'PaymentLogged',
    data: {
      invoiceId: state.id,
      companyId: state.companyId,
      paymentId: payment.paymentId,
      amountCents: payment.amountCents!,
      receivedOn: deliveredOn,
      note: 'Collected on delivery.',
      loggedAt: metadata.now,
      method: payment.method,
      ...(payment.reference.trim() ? { reference: payment.reference.trim() } : {}),
    },
  }));
  const collectedCents = logged.reduce((sum, p) => sum + p.data.amountCents, 0);
  const cashLaw = cashLawProblem(credited, data, collectedCents);
  if (cashLaw) throw cashLaw;

  const outcome = everyLineRefused(state, data)
    ? 'refused'
    : data.adjustments.length > 0
      ? 'partially_delivered'
      : 'delivered';
  const delivered: InvoiceDelivered = {
    type: 'InvoiceDelivered',
    data: {
      invoiceId: state.id,
      companyId: state.companyId,
      customerId: state.customer.id,
      deliveredAt: data.deliveredAt,
      deliveredOn,
      deliveredBy: data.deliveredBy,
      signerName: data.signerName.trim(),
      signatureId: data.signatureId,
      photoId: data.photoId,
      means: data.means,
      carrier:
        data.means === 'carrier' && data.carrier
          ? { name: data.carrier.name.trim(), permit: data.carrier.permit.trim() }
          : null,
      routeId: data.routeId,
      stopId: data.stopId,
      outcome,
      creditMemoIds: events.invoice.map((e) => (e as CreditMemoIssued).data.creditMemoId),
      paymentIds: logged.map((p) => p.data.paymentId),
      collectedCents,
      recordedAt: metadata.now,
      ...(data.note.trim() ? { note: data.note.trim() } : {}),
    },
  };
  const payments = logged.reduce(
    (all, p) => [
      ...all,
      {
        id: p.data.paymentId,
        amountCents: p.data.amountCents,
        receivedOn: deliveredOn,
        note: p.data.note,
        loggedAt: metadata.now,
      },
    ],
    credited.payments,
  );
  return {
    ...events,
    invoice: [...events.invoice, ...logged, delivered, ...statusChanges(credited, payments, metadata.now)],
  };
}
