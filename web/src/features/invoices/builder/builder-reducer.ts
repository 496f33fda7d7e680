import type { ConvertedInvoice } from '#domain/contracts/integration.contract';
import { fieldErrors, problemMessages, type Problem } from '../../../shared/problem';
import type { Invoice } from '../invoices.api';
import { BUILDER_MESSAGES } from './builder-messages';
import { modeBeer, type BuilderMode } from './builder-mode';
import {
  addProduct,
  lineFromItem,
  lineKey,
  lineName,
  moveLine,
  type BelowCostLine,
  type BuilderLine,
  type BuilderStampRange,
  type BuilderValues,
  type LineChange,
  type PickedCustomer,
} from './builder-state';
import {
  beerMixMessage,
  beerMixMessages,
  dollarsToCents,
  isBelowCost,
  priceCents,
  quantity,
} from './invoice-math';

/** Where the save is: editing, one of its questions open, or on its way. */
export type SaveStep =
  | { kind: 'editing' }
  | { kind: 'zero-price'; products: string[] }
  | { kind: 'below-cost'; lines: BelowCostLine[] }
  | { kind: 'saving' }
  | { kind: 'duplicate'; existing: Invoice; message: string };

export interface BuilderState {
  mode: BuilderMode;
  values: BuilderValues;
  /** lines added, changed or removed since the builder opened and not saved: leaving asks first */
  dirty: boolean;
  step: SaveStep;
  /** the messages above the form (the browser's checks, else the server's answer) */
  problem: string[];
  /** server (or browser) messages by body field; one goes away once its value changes */
  fields: Record<string, string>;
  /** the server's messages on lines, by line key; one goes away once its line changes */
  lineProblems: ReadonlyMap<string, string>;
  /** Replicate Last Invoice on an invoice with lines: the invoice whose items would replace them (asked first) */
  replaceWith: Invoice | null;
  /** the Upload Invoice dialog is open */
  uploading: boolean;
}

export type BuilderAction =
  | { type: 'customerPicked'; customer: PickedCustomer | null }
  | { type: 'fieldChanged'; field: 'invoicedAt' | 'dueAt' | 'note' | 'companyNote' | 'logoId'; value: string }
  | { type: 'stampsChanged'; stamps: BuilderStampRange[] }
  | { type: 'lineAdded'; line: BuilderLine }
  | { type: 'lineChanged'; key: string; change: LineChange }
  | { type: 'lineMoved'; key: string; by: -1 | 1 }
  | { type: 'lineRemoved'; key: string }
  /** Replicate Last Invoice on an invoice with lines: its items replace them once confirmed */
  | { type: 'replaceAsked'; invoice: Invoice }
  | { type: 'itemsCopied'; source: Invoice }
  | { type: 'replaceDismissed' }
  | { type: 'uploadOpened' }
  | { type: 'uploadClosed' }
  | { type: 'fileConverted'; converted: ConvertedInvoice }
  /** Save pressed: the browser's checks, then the zero-price question, the below-cost one, or the save */
  | { type: 'submitChecked'; check: SubmitCheck }
  | { type: 'stepChanged'; step: SaveStep }
  | { type: 'saveStarted' }
  | { type: 'saved' }
  | { type: 'saveFailed'; failure: SaveFailure };

/** The body field a builder value is sent as (its server message goes away once the user changes it). */
const SERVER_FIELDS: Partial<Record<keyof BuilderValues, string>> = {
  customer: 'customer_id',
  invoicedAt: 'invoiced_at',
  dueAt: 'due_at',
  note: 'note',
  companyNote: 'company_note',
  logoId: 'logo_id',
};

export const initialBuilderState = (mode: BuilderMode, values: BuilderValues): BuilderState => ({
  mode,
  values,
  dirty: false,
  step: { kind: 'editing' },
  problem: [],
  fields: {},
  lineProblems: new Map(),
  replaceWith: null,
  uploading: false,
});

function withValue<K extends keyof BuilderValues>(
  state: BuilderState,
  key: K,
  value: BuilderValues[K],
): BuilderState {
  const field = SERVER_FIELDS[key];
  const fields =
    field && state.fields[field]
      ? Object.fromEntries(Object.entries(state.fields).filter(([name]) => name !== field))
      : state.fields;
  return { ...state, values: { ...state.values, [key]: value }, fields };
}

const withLines = (state: BuilderState, lines: BuilderLine[]): BuilderState => ({
  ...state,
  values: { ...state.values, lines },
  dirty: true,
});

const linesOf = (source: Invoice): BuilderLine[] =>
  [...source.items].sort((a, b) => a.position - b.position).map(lineFromItem);

/** Copy (Replicate Last Invoice): the invoice's items and note replace the builder's. */
const copied = (state: BuilderState, source: Invoice): BuilderState => ({
  ...state,
  values: { ...state.values, note: source.note, lines: linesOf(source) },
  dirty: true,
  replaceWith: null,
});

/** Upload Invoice: the file's items (and its customer and date when it names them) replace the builder's. */
function fromFile(state: BuilderState, converted: ConvertedInvoice): BuilderState {
  const values = state.values;
  return {
    ...state,
    dirty: true,
    uploading: false,
    values: {
      ...values,
      customer: converted.customer
        ? {
            id: converted.customer.id,
            name: converted.customer.name,
            city: converted.customer.city,
            tabc_id: converted.customer.display_tabc_id,
          }
        : values.customer,
      invoicedAt: converted.invoiced_at ?? values.invoicedAt,
      lines: converted.items.map((item) => ({
        key: lineKey(),
        product: item.product,
        qty: String(item.qty),
        price: item.price,
        taxable: item.taxable,
        onDeal: item.on_deal,
        costCents: dollarsToCents(Number(item.product.last_purchase_price)),
        lastInvoicedPrice: null,
      })),
    },
  };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'customerPicked':
      return withValue(state, 'customer', action.customer);
    case 'fieldChanged':
      return withValue(state, action.field, action.value);
    case 'stampsChanged':
      return withValue(state, 'stamps', action.stamps);
    case 'lineAdded':
      return withLines(state, addProduct(state.values.lines, action.line));
    case 'lineChanged': {
      const next = withLines(
        state,
        state.values.lines.map((line) => (line.key === action.key ? { ...line, ...action.change } : line)),
      );
      if (!state.lineProblems.has(action.key)) return next;
      const lineProblems = new Map(state.lineProblems);
      lineProblems.delete(action.key);
      return { ...next, lineProblems };
    }
    case 'lineMoved': {
      const lines = state.values.lines;
      const index = lines.findIndex((line) => line.key === action.key);
      return withLines(state, moveLine(lines, index, action.by));
    }
    case 'lineRemoved':
      return withLines(
        state,
        state.values.lines.filter((line) => line.key !== action.key),
      );
    case 'replaceAsked':
      return { ...state, replaceWith: action.invoice };
    case 'itemsCopied':
      return copied(state, action.source);
    case 'replaceDismissed':
      return { ...state, replaceWith: null };
    case 'uploadOpened':
      return { ...state, uploading: true };
    case 'uploadClosed':
      return { ...state, uploading: false };
    case 'fileConverted':
      return fromFile(state, action.converted);
    case 'submitChecked': {
      const { check } = action;
      return {
        ...state,
        fields: check.fields,
        problem: check.messages,
        lineProblems: new Map(),
        step: check.next.kind === 'zero-price' || check.next.kind === 'below-cost' ? check.next : state.step,
      };
    }
    case 'stepChanged':
      return { ...state, step: action.step };
    case 'saveStarted':
      return { ...state, step: { kind: 'saving' } };
    case 'saved':
      return { ...state, dirty: false };
    case 'saveFailed': {
      const { failure } = action;
      if (failure.kind === 'duplicate')
        return {
          ...state,
          step: { kind: 'duplicate', existing: failure.existing, message: failure.message },
        };
      return {
        ...state,
        step: { kind: 'editing' },
        fields: failure.fields,
        lineProblems: failure.lineProblems,
        problem: failure.messages,
      };
    }
  }
}

/** The message a product of this type cannot be added with (beer mixed with liquor & wine), or null. */
export const productRefusal = (state: BuilderState, productType: string): string | null =>
  beerMixMessage(
    state.values.lines.map((line) => ({ type: line.product.product_type })),
    productType,
    modeBeer(state.mode),
  );

/** Messages per line: beer mixed with liquor & wine (as the server reads the lines), then the server's. */
export function lineMessages(state: BuilderState): Map<string, string> {
  const lines = state.values.lines;
  const byIndex = beerMixMessages(
    lines.map((line) => ({ type: line.product.product_type })),
    modeBeer(state.mode),
  );
  const map = new Map(state.lineProblems);
  byIndex.forEach((message, index) => {
    const line = lines[index];
    if (line) map.set(line.key, message);
  });
  return map;
}

/** What Save leads to once the browser's checks pass: a question first, or the save. */
export type SubmitNext =
  | { kind: 'invalid' }
  | { kind: 'zero-price'; products: string[] }
  | { kind: 'below-cost'; lines: BelowCostLine[] }
  | { kind: 'save' };

export interface SubmitCheck {
  messages: string[];
  fields: Record<string, string>;
  next: SubmitNext;
}

/** After the zero-price question (or without it): lines priced below their cost ask once more, else save. */
export function costCheck(values: BuilderValues): SubmitNext {
  const below = values.lines.flatMap((line): BelowCostLine[] => {
    const cents = priceCents(line.price) ?? 0;
    return cents > 0 && isBelowCost(cents, line.costCents)
      ? [{ key: line.key, name: lineName(line.product), costCents: line.costCents!, priceCents: cents }]
      : [];
  });
  return below.length > 0 ? { kind: 'below-cost', lines: below } : { kind: 'save' };
}

/** The checks the browser can make (the server checks the rest and answers the same messages), then the questions. */
export function submitCheck(state: BuilderState): SubmitCheck {
  const { values } = state;
  const messages: string[] = [];
  const fields: Record<string, string> = {};
  if (!values.customer) {
    fields.customer_id = BUILDER_MESSAGES.customerRequired;
    messages.push(BUILDER_MESSAGES.customerRequired);
  }
  if (values.lines.length === 0) messages.push(BUILDER_MESSAGES.itemsRequired);
  if (values.lines.some((line) => quantity(line.qty) === null || priceCents(line.price) === null))
    messages.push(BUILDER_MESSAGES.fixLines);
  messages.push(...new Set(lineMessages(state).values()));
  if (messages.length > 0) return { messages, fields, next: { kind: 'invalid' } };
  const free = values.lines.filter((line) => priceCents(line.price) === 0);
  if (free.length > 0)
    return {
      messages,
      fields,
      next: { kind: 'zero-price', products: free.map((line) => lineName(line.product)) },
    };
  return { messages, fields, next: costCheck(values) };
}

/** Why a save failed, as the builder shows it. */
export type SaveFailure =
  /** the same invoice for the same customer within 24 hours: Nevermind or Create anyway */
  | { kind: 'duplicate'; existing: Invoice; message: string }
  | {
      kind: 'problem';
      fields: Record<string, string>;
      lineProblems: Map<string, string>;
      messages: string[];
    };

/** The server's answer to a failed save: its messages by field, on the lines that were sent, and above the form. */
export function saveFailure(problem: Problem | null, sent: readonly BuilderLine[]): SaveFailure {
  const lineProblems = new Map<string, string>();
  for (const detail of problem?.details ?? []) {
    const index = /^items\.(\d+)/.exec(detail.field)?.[1];
    const line = index === undefined ? undefined : sent[Number(index)];
    if (line && !lineProblems.has(line.key)) lineProblems.set(line.key, detail.message);
  }
  return {
    kind: 'problem',
    fields: fieldErrors(problem),
    lineProblems,
    messages:
      problem?.status === 0
        ? [BUILDER_MESSAGES.unreachable]
        : problemMessages(problem, BUILDER_MESSAGES.saveFailed),
  };
}
