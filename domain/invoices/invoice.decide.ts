import { businessDate } from '../shared/business-date.js';
import { creditMemoError } from '../credits/credit-memo.errors.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { isInvoiceStatus, type InvoiceStatus } from '../shared/invoice-status.js';
import { allocateStamps, releaseStamps } from '../stamps/stamp.decide.js';
import type { StampRangeInput } from '../stamps/stamp.commands.js';
import type { StampEvent, StampRange } from '../stamps/stamp.events.js';
import { evolve as evolveStamps, type StampLedger } from '../stamps/stamp.state.js';
import {
  holdingChanges,
  type ReissuedStamps,
  type StampHolding,
  type StampHoldingChanged,
} from '../stamps/stamp-holding.js';
import {
  backInStock,
  byProduct,
  carriedReturned,
  keptReturned,
  reissueChosenStamps,
  reissueReturnedStamps,
} from '../stamps/goods-returns.js';
import { stampCount, stampsMinus } from '../stamps/stamp-ranges.js';
import { assignNumber, type InvoiceNumberEvent, type InvoiceNumbers } from './invoice-numbers.js';
import type {
  CreateInvoices,
  DeleteInvoice,
  InvoiceDraft,
  LineInput,
  ReplaceInvoice,
  ReviseInvoice,
} from './invoice.commands.js';
import { INVOICE_MESSAGES, invoiceError, invoiceInvalid } from './invoice.errors.js';
import type {
  InvoiceContent,
  InvoiceCreated,
  InvoiceCustomer,
  InvoiceDeleted,
  InvoiceEvent,
  InvoiceLine,
  InvoiceReplaced,
  InvoiceRevised,
  InvoiceStatusChanged,
  LineReview,
} from './invoice.events.js';
import {
  beerMixProblems,
  dateProblems,
  isBeerInvoice,
  lineTaxCents,
  lineTotalCents,
  MAX_LINES,
  MAX_NOTE_LENGTH,
  MAX_PRICE_CENTS,
  MAX_QTY,
  stampCaseSizeOf,
  stampNeedsOf,
  stampsNeeded,
  totalsOf,
} from './invoice.rules.js';
import type { Invoice, LiveInvoice } from './invoice.state.js';

/** Lines in the user's order, or by product (name, size) when the company sorts invoice products. */
export function linesOf(
  inputs: readonly LineInput[],
  rateBasisPoints: number,
  sort: boolean,
  smallFormatStamps = false,
): InvoiceLine[] {
  const ordered = sort
    ? [...inputs].sort((a, b) => a.name.localeCompare(b.name) || a.size.localeCompare(b.size))
    : inputs;
  return ordered.map((input, index) => {
    const totalCents = lineTotalCents(input.priceCents, input.qty);
    const stampCaseSize = stampCaseSizeOf(input, smallFormatStamps);
    return {
      lineNo: index + 1,
      productId: input.productId,
      name: input.name,
      size: input.size,
      type: input.type,
      upc: input.upc,
      qty: input.qty,
      priceCents: input.priceCents,
      taxable: input.taxable,
      onDeal: input.onDeal,
      totalCents,
      taxCents: lineTaxCents(totalCents, input.taxable, rateBasisPoints),
      costCents: input.costCents,
      lastInvoicedPriceCents: input.lastInvoicedPriceCents,
      ...(stampCaseSize === undefined ? {} : { stampCaseSize }),
      ...(input.review ? { review: input.review } : {}),
    };
  });
}

/**
 * A line keeps the review of the order item it was made from when the invoice's lines are edited or the invoice is
 * replaced: each product's new line takes the review its previous line carried (the first one per product), unless
 * the new line brings its own.
 */
export function keepReviews(previous: readonly InvoiceLine[], inputs: readonly LineInput[]): LineInput[] {
  const reviews = new Map<string, LineReview>();
  for (const line of previous)
    if (line.review && !reviews.has(line.productId)) reviews.set(line.productId, line.review);
  return withProductReviews(inputs, reviews);
}

/** Lines with the review of their product (from `reviews`) where they bring none of their own. */
export function withProductReviews(
  inputs: readonly LineInput[],
  reviews: ReadonlyMap<string, LineReview>,
): LineInput[] {
  if (reviews.size === 0) return [...inputs];
  return inputs.map((input) => {
    const review = input.review ?? reviews.get(input.productId);
    return review ? { ...input, review } : input;
  });
}

function lineProblems(lines: readonly LineInput[]): FieldProblem[] {
  if (lines.length === 0) return [{ field: 'items', message: INVOICE_MESSAGES.itemsRequired }];
  if (lines.length > MAX_LINES)
    return [{ field: 'items', message: INVOICE_MESSAGES.tooManyItems(MAX_LINES) }];
  const problems: FieldProblem[] = [];
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.qty) || Math.abs(line.qty) > MAX_QTY)
      problems.push({ field: `items.${index}.qty`, message: INVOICE_MESSAGES.qty(MAX_QTY) });
    if (!Number.isSafeInteger(line.priceCents) || line.priceCents < 0 || line.priceCents > MAX_PRICE_CENTS)
      problems.push({ field: `items.${index}.price`, message: INVOICE_MESSAGES.price });
  });
  return problems;
}

function noteProblems(note: string, companyNote: string): FieldProblem[] {
  return [
    ...(note.length > MAX_NOTE_LENGTH
      ? [{ field: 'note', message: INVOICE_MESSAGES.noteTooLong('Note', MAX_NOTE_LENGTH) }]
      : []),
    ...(companyNote.length > MAX_NOTE_LENGTH
      ? [{ field: 'company_note', message: INVOICE_MESSAGES.noteTooLong('Company note', MAX_NOTE_LENGTH) }]
      : []),
  ];
}

/** The stamps an invoice should end up with: its manual ranges (at least as many as it needs) or `needed`. */
function stampRequest(
  needed: number,
  ranges: readonly StampRangeInput[] | undefined | null,
): { count: number } | { ranges: StampRangeInput[] } {
  if (!ranges) return { count: needed };
  const added = ranges.reduce((sum, range) => sum + Math.max(0, range.to - range.from + 1), 0);
  if (added < needed) {
    throw invoiceInvalid([{ field: 'stamps', message: INVOICE_MESSAGES.moreStampsNeeded(needed, added) }]);
  }
  return { ranges: [...ranges] };
}

function stampHolder(invoiceId: string, display: string, customer: InvoiceCustomer) {
  return {
    invoiceId,
    invoiceNumber: display,
    customerId: customer.id,
    customerName: customer.name,
    customerTabcId: customer.tabcId,
  };
}

/**
 * Bottles back in stock from credit memos go out with their own stamps: first, when stamps are allocated by count;
 * when the user chose the serials, those of the chosen serials that are on returned bottles. Answers the re-issue and
 * what is left to allocate fresh.
 */
function returnedBottlesFirst(
  ledger: StampLedger,
  lines: readonly InvoiceLine[],
  request: { count: number } | { ranges: StampRangeInput[] },
  holder: ReturnType<typeof stampHolder>,
  now: string,
): { events: StampEvent[]; fresh: { count: number } | { ranges: StampRangeInput[] } } {
  if ('count' in request) {
    const { events, covered } = reissueReturnedStamps(ledger, stampNeedsOf(lines), holder, now);
    return { events, fresh: { count: request.count - covered } };
  }
  const { events, rest } = reissueChosenStamps(ledger, stampNeedsOf(lines), request.ranges, holder, now);
  return { events, fresh: { ranges: rest } };
}

/** Applies events to a ledger state so a second decision in the same append sees the first. */
const ledgerAfter = (state: StampLedger, events: StampEvent[]) => events.reduce(evolveStamps, state);

/**
 * Creates one invoice, or a liquor-and-wine and a beer invoice sharing a number (as the client's specification asks): takes the
 * next number, allocates one stamp per liquor bottle, and starts at the company's default status. A retry of a
 * creation that already happened (the same invoice ids) decides nothing.
 */
export function createInvoices(
  states: { numbers: InvoiceNumbers; stamps: StampLedger; invoices: Invoice[] },
  { data, metadata }: CreateInvoices,
): { numbers: InvoiceNumberEvent[]; stamps: StampEvent[]; invoices: InvoiceCreated[][] } {
  const { drafts, settings } = data;
  if (states.invoices.some((invoice) => invoice.status !== 'none')) {
    if (states.invoices.every((invoice) => invoice.status === 'live'))
      return { numbers: [], stamps: [], invoices: drafts.map(() => []) };
    throw invoiceError('INVOICE_EXISTS');
  }
  const today = businessDate(metadata.now, settings.timeZone);
  const problems = drafts.flatMap((draft, index) => {
    const found = [
      ...lineProblems(draft.lines),
      ...(drafts.length === 1 ? beerMixProblems(draft.lines) : beerMixProblems(draft.lines, index === 1)),
      ...dateProblems(today, draft.invoicedOn, draft.dueOn),
      ...noteProblems(draft.note, draft.companyNote),
    ];
    return found;
  });
  if (problems.length > 0) throw invoiceInvalid(problems);

  const beerFlags = drafts.map((draft, index) =>
    drafts.length === 1 ? isBeerInvoice(draft.lines) : index === 1,
  );
  const { events: numberEvents, numbers } = assignNumber(
    states.numbers,
    drafts.map((draft, index) => ({ invoiceId: draft.invoiceId, beer: beerFlags[index]! })),
    {
      startingNumber: settings.startingNumber,
      perCustomer: settings.perCustomerNumbering,
      customerId: drafts[0]!.customer.id,
    },
    metadata.now,
  );

  let ledger = states.stamps;
  const stampEvents: StampEvent[] = [];
  const invoiceEvents = drafts.map((draft: InvoiceDraft, index): InvoiceCreated[] => {
    const number = numbers[index]!;
    const lines = linesOf(
      draft.lines,
      settings.taxRateBasisPoints,
      settings.sortLines,
      settings.smallFormatStamps ?? false,
    );
    const request = stampRequest(stampsNeeded(lines), draft.stampRanges);
    const holder = stampHolder(draft.invoiceId, number.display, draft.customer);
    const reissued = returnedBottlesFirst(ledger, lines, request, holder, metadata.now);
    const allocated = [
      ...reissued.events,
      ...allocateStamps(ledgerAfter(ledger, reissued.events), { ...holder, ...reissued.fresh }, metadata.now),
    ];
    ledger = ledgerAfter(ledger, allocated);
    stampEvents.push(...allocated);
    return [
      {
        type: 'InvoiceCreated',
        data: {
          invoiceId: draft.invoiceId,
          companyId: metadata.companyId,
          number,
          customer: draft.customer,
          lines,
          invoicedOn: draft.invoicedOn,
          dueOn: draft.dueOn,
          note: draft.note,
          companyNote: draft.companyNote,
          logoId: draft.logoId,
          taxRateBasisPoints: settings.taxRateBasisPoints,
          totals: totalsOf(lines),
          fingerprint: draft.fingerprint,
          ...(draft.licenceWarning ? { licenceWarning: draft.licenceWarning } : {}),
          status: settings.defaultStatus,
          orderIds: data.orderIds,
          createdAt: metadata.now,
        },
      },
    ];
  });
  return { numbers: numberEvents, stamps: stampEvents, invoices: invoiceEvents };
}

export function liveInvoice(state: Invoice): LiveInvoice {
  if (state.status !== 'live') throw invoiceError('INVOICE_NOT_FOUND');
  return state;
}

const contentOf = (invoice: LiveInvoice): InvoiceContent => ({
  customer: invoice.customer,
  lines: invoice.lines,
  invoicedOn: invoice.invoicedOn,
  dueOn: invoice.dueOn,
  note: invoice.note,
  companyNote: invoice.companyNote,
  logoId: invoice.logoId,
  taxRateBasisPoints: invoice.taxRateBasisPoints,
  totals: invoice.totals,
  fingerprint: invoice.fingerprint,
});

/** Keys in sorted order: events read back from the store (Postgres jsonb) come with their keys reordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Edits an invoice and/or changes its status (PUT /invoice/{id}). Keeps the stamps it holds, allocates only the
 * shortfall and releases the excess; cancelling releases every stamp ('Below stamps are available for use') and
 * un-cancelling allocates them again. A cancelled invoice cannot be edited unless the same change un-cancels it.
 * The invoice date and due date are judged only when they change. `held`: the stamps the invoice holds now (its
 * `stamp-holding-{invoiceId}` stream).
 */
export function reviseInvoice(
  states: { invoice: Invoice } & StampStates,
  { data, metadata }: ReviseInvoice,
): { invoice: InvoiceEvent[]; stamps: StampEvent[] } {
  const invoice = liveInvoice(states.invoice);
  const { changes } = data;
  const targetStatus: InvoiceStatus = changes.status ?? invoice.invoiceStatus;
  if (changes.status !== undefined && !isInvoiceStatus(changes.status))
    throw invoiceInvalid([{ field: 'status', message: INVOICE_MESSAGES.status }]);

  const before = contentOf(invoice);
  const lines = changes.lines
    ? linesOf(
        keepReviews(invoice.lines, changes.lines),
        invoice.taxRateBasisPoints,
        data.settings.sortLines,
        data.settings.smallFormatStamps ?? false,
      )
    : invoice.lines;
  const after: InvoiceContent = {
    customer: changes.customer ?? invoice.customer,
    lines,
    invoicedOn: changes.invoicedOn ?? invoice.invoicedOn,
    dueOn: changes.dueOn !== undefined ? changes.dueOn : invoice.dueOn,
    note: changes.note ?? invoice.note,
    companyNote: changes.companyNote ?? invoice.companyNote,
    logoId: changes.logoId !== undefined ? changes.logoId : invoice.logoId,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    totals: totalsOf(lines),
    fingerprint: data.fingerprint ?? invoice.fingerprint,
  };
  const contentChanged = !sameJson(before, after);
  // What its credit memos credited is read from its lines and customer: they stay until the memos are void.
  if (
    invoice.credits.some((credit) => !credit.voided) &&
    (!sameJson(before.lines, after.lines) || before.customer.id !== after.customer.id)
  )
    throw creditMemoError('INVOICE_HAS_CREDITS', { number: invoice.number.display });
  // Its memos credit goods and money of a sale that stands: cancelling it would count them twice.
  if (
    targetStatus === 'cancelled' &&
    invoice.invoiceStatus !== 'cancelled' &&
    invoice.credits.some((c) => !c.voided)
  )
    throw creditMemoError('INVOICE_HAS_CREDITS_CANCEL', { number: invoice.number.display });
  const stampsTouched = changes.stampRanges !== undefined;
  const wasCancelled = invoice.invoiceStatus === 'cancelled';
  if (wasCancelled && targetStatus === 'cancelled' && (contentChanged || stampsTouched))
    throw invoiceError('CANCELLED_NOT_EDITABLE');
  // Its replacement carries the sale now: un-cancelling would invoice it (and stamp it) twice.
  if (wasCancelled && targetStatus !== 'cancelled' && invoice.replacedBy)
    throw invoiceError('REPLACED_STAYS_CANCELLED', {
      number: invoice.number.display,
      replacement: invoice.replacedBy.number,
    });

  if (contentChanged) {
    const today = businessDate(metadata.now, data.settings.timeZone);
    const problems = [
      ...(changes.lines ? lineProblems(changes.lines) : []),
      ...beerMixProblems(after.lines, invoice.number.beer),
      ...dateProblems(today, after.invoicedOn, after.dueOn, {
        invoicedOn: after.invoicedOn !== before.invoicedOn,
        dueOn: after.dueOn !== before.dueOn,
      }),
      ...noteProblems(after.note, after.companyNote),
    ];
    if (problems.length > 0) throw invoiceInvalid(problems);
  }

  const invoiceEvents: InvoiceEvent[] = [];
  if (contentChanged) {
    const revised: InvoiceRevised = {
      type: 'InvoiceRevised',
      data: {
        ...after,
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        revisedAt: metadata.now,
        ...(after.customer.id !== before.customer.id ? { previousCustomerId: before.customer.id } : {}),
      },
    };
    invoiceEvents.push(revised);
  }
  if (targetStatus !== invoice.invoiceStatus) {
    const changed: InvoiceStatusChanged = {
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        from: invoice.invoiceStatus,
        to: targetStatus,
        reason: 'user',
        changedAt: metadata.now,
      },
    };
    invoiceEvents.push(changed);
  }

  let stampEvents: StampEvent[] = [];
  if (targetStatus === 'cancelled') {
    if (!wasCancelled) stampEvents = unstampCancelled(states, invoice, metadata.now);
  } else if (wasCancelled || changes.lines || stampsTouched) {
    stampEvents = restampRevised(states, invoice, {
      lines: after.lines,
      customer: after.customer,
      chosen: changes.stampRanges ?? undefined,
      now: metadata.now,
    });
  }
  return { invoice: invoiceEvents, stamps: stampEvents };
}

type StampStates = { stamps: StampLedger; held?: StampRange[]; reissued?: ReissuedStamps[] };

const allRanges = (byProductRanges: readonly ReissuedStamps[]) => byProductRanges.flatMap((r) => r.ranges);

const named = (lines: readonly InvoiceLine[], given: readonly ReissuedStamps[]) =>
  given.map((g) => ({ ...g, name: lines.find((line) => line.productId === g.productId)?.name ?? '' }));

/**
 * A cancel frees the invoice's stamps ('Below stamps are available for use'), except those of returned bottles it
 * carried again: they stay on their bottles, back in stock.
 */
function unstampCancelled(states: StampStates, invoice: LiveInvoice, now: string): StampEvent[] {
  const held = states.held ?? [];
  const carried = carriedReturned(states.reissued ?? [], held);
  const recipient = { invoiceId: invoice.id, invoiceNumber: invoice.number.display };
  return [
    ...backInStock(recipient, named(invoice.lines, carried), 'cancelled', now),
    ...releaseStamps(
      states.stamps,
      { invoiceId: invoice.id, reason: 'cancelled', held: stampsMinus(held, allRanges(carried)) },
      now,
    ),
  ];
}

/**
 * The stamps of an edited or un-cancelled invoice: the returned bottles it carries stay on it as far as its lines
 * still take that product (the others go back in stock with their stamps); bottles it gains of a product with
 * returned bottles in stock go out with those bottles' stamps, as on a new invoice; the rest are its other stamps,
 * kept, topped up or released as before.
 */
function restampRevised(
  states: StampStates,
  invoice: LiveInvoice,
  revision: { lines: InvoiceLine[]; customer: InvoiceCustomer; chosen?: StampRangeInput[]; now: string },
): StampEvent[] {
  const { lines, chosen, now } = revision;
  const held = states.held ?? [];
  const carried = carriedReturned(states.reissued ?? [], held);
  const needs = byProduct(stampNeedsOf(lines));
  const { kept, given } = keptReturned(carried, needs, chosen);
  const holder = stampHolder(invoice.id, invoice.number.display, revision.customer);
  const back = backInStock(holder, named(invoice.lines, given), 'edited', now);
  let ledger = ledgerAfter(states.stamps, back);

  const keptOf = (productId: string) => stampCount(kept.find((k) => k.productId === productId)?.ranges ?? []);
  const before = new Map(
    invoice.invoiceStatus === 'cancelled'
      ? []
      : byProduct(stampNeedsOf(invoice.lines)).map((need) => [need.productId, need.stamps]),
  );
  const request = stampRequest(stampsNeeded(lines), chosen);
  let reissued: StampEvent[];
  let fresh: { count: number } | { ranges: StampRangeInput[] };
  if ('count' in request) {
    const gained = needs.map((need) => ({
      ...need,
      stamps: Math.min(need.stamps - keptOf(need.productId), need.stamps - (before.get(need.productId) ?? 0)),
    }));
    const { events, covered } = reissueReturnedStamps(ledger, gained, holder, now);
    const keptCount = kept.reduce((sum, k) => sum + stampCount(k.ranges), 0);
    reissued = events;
    fresh = { count: request.count - keptCount - covered };
  } else {
    const left = needs.map((need) => ({ ...need, stamps: need.stamps - keptOf(need.productId) }));
    const rest = stampsMinus(
      request.ranges.map((range) => ({ ...range, prefix: '' })),
      allRanges(kept),
    ).map(({ rollId, from, to }) => ({ rollId, from, to }));
    const { events, rest: unchosen } = reissueChosenStamps(ledger, left, rest, holder, now);
    reissued = events;
    fresh = { ranges: unchosen };
  }
  ledger = ledgerAfter(ledger, reissued);
  return [
    ...back,
    ...reissued,
    ...allocateStamps(ledger, { ...holder, ...fresh, held: stampsMinus(held, allRanges(carried)) }, now),
  ];
}

/**
 * Only owners delete, and only cancelled invoices (as the client's specification asks); with strict records on nobody does:
 * the cancelled invoice stays, and Replace corrects it.
 */
export function deleteInvoice(state: Invoice, { data, metadata }: DeleteInvoice): InvoiceDeleted[] {
  const invoice = liveInvoice(state);
  if (data.strictRecords) throw invoiceError('DELETE_STRICT_RECORDS');
  if (!data.byOwner) throw invoiceError('DELETE_NOT_OWNER');
  if (invoice.invoiceStatus !== 'cancelled') throw invoiceError('DELETE_NOT_CANCELLED');
  return [
    {
      type: 'InvoiceDeleted',
      data: { invoiceId: invoice.id, companyId: invoice.companyId, deletedAt: metadata.now },
    },
  ];
}

/**
 * 'Replace' on a cancelled invoice (corrections by event): creates the new invoice as any creation does
 * (next number, stamps allocated), naming the cancelled one in `replaces`, and records InvoiceReplaced on the
 * cancelled invoice, in one atomic append. Only a cancelled invoice, and only once (the replacement, if wrong in turn,
 * is cancelled and replaced itself). A retry of a replacement that happened decides nothing.
 */
export function replaceInvoice(
  states: { cancelled: Invoice; numbers: InvoiceNumbers; stamps: StampLedger; invoice: Invoice },
  { data, metadata }: ReplaceInvoice,
): {
  cancelled: InvoiceReplaced[];
  numbers: InvoiceNumberEvent[];
  stamps: StampEvent[];
  invoice: InvoiceCreated[];
} {
  const cancelled = liveInvoice(states.cancelled);
  const draft = { ...data.draft, lines: keepReviews(cancelled.lines, data.draft.lines) };
  if (cancelled.replacedBy?.invoiceId === draft.invoiceId && states.invoice.status === 'live')
    return { cancelled: [], numbers: [], stamps: [], invoice: [] };
  if (cancelled.invoiceStatus !== 'cancelled') throw invoiceError('REPLACE_NOT_CANCELLED');
  if (cancelled.replacedBy)
    throw invoiceError('REPLACED_ALREADY', {
      number: cancelled.number.display,
      replacement: cancelled.replacedBy.number,
    });
  const created = createInvoices(
    { numbers: states.numbers, stamps: states.stamps, invoices: [states.invoice] },
    { type: 'CreateInvoices', data: { drafts: [draft], settings: data.settings, orderIds: [] }, metadata },
  );
  const invoice = created.invoices[0]!.map((event): InvoiceCreated => ({
    ...event,
    data: { ...event.data, replaces: { invoiceId: cancelled.id, number: cancelled.number.display } },
  }));
  const replacement = invoice[0]!;
  return {
    cancelled: [
      {
        type: 'InvoiceReplaced',
        data: {
          invoiceId: cancelled.id,
          companyId: cancelled.companyId,
          replacement: { invoiceId: replacement.data.invoiceId, number: replacement.data.number.display },
          replacedAt: metadata.now,
        },
      },
    ],
    numbers: created.numbers,
    stamps: created.stamps,
    invoice,
  };
}

/**
 * An edit with the invoice's stamp holding: what the invoice holds is its holding stream, or `heldBefore` (its stamps
 * as the stamp log knows them) while the holding has recorded nothing; the stamps the edit moves are recorded on the
 * holding. An invoice of another company is not found.
 */
export function reviseHeldInvoice(
  states: { invoice: Invoice; stamps: StampLedger; holding: StampHolding; heldBefore: readonly StampRange[] },
  command: ReviseInvoice,
): { invoice: InvoiceEvent[]; stamps: StampEvent[]; holding: StampHoldingChanged[] } {
  if (states.invoice.status !== 'none' && states.invoice.companyId !== command.metadata.companyId)
    throw invoiceError('INVOICE_NOT_FOUND');
  const held = states.holding.recorded ? states.holding.ranges : [...states.heldBefore];
  const reissued = states.holding.reissued ?? [];
  const decided = reviseInvoice({ invoice: states.invoice, stamps: states.stamps, held, reissued }, command);
  return {
    ...decided,
    holding: holdingChanges(held, command.data.invoiceId, decided.stamps, command.metadata.now, reissued),
  };
}

/** A replacement with the new invoice's stamp holding: the stamps it takes are recorded on its holding stream. */
export function replaceHeldInvoice(
  states: Parameters<typeof replaceInvoice>[0] & { holding: StampHolding },
  command: ReplaceInvoice,
): ReturnType<typeof replaceInvoice> & { holding: StampHoldingChanged[] } {
  const decided = replaceInvoice(states, command);
  const { invoiceId } = command.data.draft;
  return {
    ...decided,
    holding: holdingChanges(states.holding.ranges, invoiceId, decided.stamps, command.metadata.now),
  };
}
