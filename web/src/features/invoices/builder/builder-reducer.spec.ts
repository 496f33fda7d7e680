import { describe, expect, it } from '@jest/globals';
import type { ConvertedInvoice } from '#domain/contracts/integration.contract';
import type { Invoice } from '../invoices.api';
import { BUILDER_MESSAGES } from './builder-messages';
import { builderRoute, builderRouteKey, modeSubtitle, type BuilderMode } from './builder-mode';
import {
  builderReducer,
  costCheck,
  initialBuilderState,
  lineMessages,
  productRefusal,
  saveFailure,
  submitCheck,
  type BuilderAction,
  type BuilderState,
} from './builder-reducer';
import { lineFromSuggestion, type BuilderLine, type BuilderValues } from './builder-state';
import type { ProductSuggestion } from './builder.api';

const blank: BuilderValues = {
  customer: null,
  invoicedAt: '2026-03-02',
  dueAt: '',
  note: 'Thank you',
  companyNote: '',
  logoId: '',
  lines: [],
  stamps: [],
};

const aProduct = (over: Partial<ProductSuggestion> = {}): ProductSuggestion => ({
  id: 'p-vodka',
  product: 'Tito’s Vodka',
  product_size: '750ML',
  product_type: 'LIQUOR',
  upc: '619947000020',
  case_size: 12,
  internal_sku: null,
  distributor: null,
  ydk_product_id: null,
  last_purchase_price: 15,
  last_invoiced_price: null,
  match: 'name',
  price: 19.99,
  price_source: 'list',
  list_price: 19.99,
  tier: null,
  ...over,
});

const anInvoice = (over: Partial<Invoice> = {}): Invoice =>
  ({
    id: 'inv-7',
    number: '1007',
    beer: false,
    customer_id: 'c-1',
    customer: { id: 'c-1', name: 'Corner Liquor', display_tabc_id: 'P123', city: 'Austin' },
    note: 'Deliver at the back',
    status: 'open',
    items: [
      {
        position: 2,
        product_id: 'p-gin',
        product: { product: 'Gin', product_size: '1L', product_type: 'LIQUOR', upc: null },
        stamp_case_size: null,
        qty: 3,
        price: 22,
        taxable: true,
        on_deal: false,
        cost: 18,
        last_invoiced_price: null,
      },
      {
        position: 1,
        product_id: 'p-rum',
        product: { product: 'Rum', product_size: '750ML', product_type: 'LIQUOR', upc: null },
        stamp_case_size: null,
        qty: 2,
        price: 14.5,
        taxable: true,
        on_deal: true,
        cost: 10,
        last_invoiced_price: 14,
      },
    ],
    ...over,
  }) as unknown as Invoice;

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const opened = (mode: BuilderMode = { kind: 'new' }, values: BuilderValues = blank) =>
  initialBuilderState(mode, values);
const added = (state: BuilderState, product: ProductSuggestion) =>
  builderReducer(state, { type: 'lineAdded', line: lineFromSuggestion(product) });
const lineOf = (state: BuilderState, index = 0): BuilderLine => state.values.lines[index]!;

describe('invoice builder address', () => {
  const read = (number: string | undefined, query: string) =>
    builderRoute(number, new URLSearchParams(query));

  it('reads one mode, edit first, then replace, clone, order, customer', () => {
    expect(read('1007', 'clone=5')).toEqual({ kind: 'edit', number: '1007' });
    expect(read(undefined, 'replace=9&clone=5')).toEqual({ kind: 'replace', number: '9' });
    expect(read(undefined, 'clone=5&order=3')).toEqual({ kind: 'copy', number: '5' });
    expect(read(undefined, 'order=3&customerId=c-1')).toEqual({ kind: 'fromOrder', orderNumber: '3' });
    expect(read(undefined, 'customerId=c-1')).toEqual({ kind: 'new', customerId: 'c-1' });
    expect(read(undefined, 'clone=%20%20')).toEqual({ kind: 'new' });
  });

  it('starts a fresh builder for another address', () => {
    const keys = ['', 'customerId=c-1', 'clone=5', 'order=5', 'replace=5'].map((query) =>
      builderRouteKey(read(undefined, query)),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says what the builder is for', () => {
    expect(modeSubtitle({ kind: 'fromOrder', orderId: 'o-1', orderNumber: 12 })).toBe('From order #12');
    expect(modeSubtitle({ kind: 'copy', cloneOf: '1007' })).toBe('A copy of invoice #1007');
    expect(modeSubtitle({ kind: 'replace', invoiceId: 'inv-7', invoiceNumber: '1007' })).toBe(
      'Replaces cancelled invoice #1007: correct what was wrong, then save',
    );
    expect(modeSubtitle({ kind: 'edit', invoice: anInvoice() })).toBe(
      'Corner Liquor · stamps already on the invoice are kept',
    );
  });
});

describe('invoice builder state', () => {
  describe('lines', () => {
    it('adds a picked product as a line of one at its price, and a second pick adds a unit to it', () => {
      const once = added(opened(), aProduct());
      expect(once.values.lines).toEqual([
        expect.objectContaining({ qty: '1', price: '19.99', costCents: 1500, taxable: true, onDeal: false }),
      ]);
      const twice = added(once, aProduct());
      expect(twice.values.lines).toHaveLength(1);
      expect(lineOf(twice).qty).toBe('2');
    });

    it('changes a quantity and a price as typed', () => {
      const state = added(opened(), aProduct());
      const key = lineOf(state).key;
      const next = run(
        state,
        { type: 'lineChanged', key, change: { qty: '12345' } },
        { type: 'lineChanged', key, change: { price: '12345.67' } },
      );
      expect(lineOf(next)).toMatchObject({ qty: '12345', price: '12345.67' });
    });

    it('removes a line and moves one', () => {
      const state = added(added(opened(), aProduct()), aProduct({ id: 'p-gin', product: 'Gin' }));
      const [vodka, gin] = state.values.lines.map((line) => line.key);
      expect(
        builderReducer(state, { type: 'lineMoved', key: gin!, by: -1 }).values.lines.map((l) => l.key),
      ).toEqual([gin, vodka]);
      expect(
        builderReducer(state, { type: 'lineRemoved', key: vodka! }).values.lines.map((l) => l.key),
      ).toEqual([gin]);
    });

    it('drops the server message of a line once the line changes', () => {
      const state = added(opened(), aProduct());
      const key = lineOf(state).key;
      const failed = builderReducer(state, {
        type: 'saveFailed',
        failure: saveFailure(
          { status: 400, message: 'x', details: [{ field: 'items.0.price', message: 'Too low' }] },
          state.values.lines,
        ),
      });
      expect(lineMessages(failed).get(key)).toBe('Too low');
      const changed = builderReducer(failed, { type: 'lineChanged', key, change: { price: '30' } });
      expect(lineMessages(changed).has(key)).toBe(false);
    });

    it('refuses beer beside liquor, and liquor on an edited beer invoice', () => {
      const withLiquor = added(opened(), aProduct());
      expect(productRefusal(withLiquor, 'BEER')).toMatch(/separate invoice/);
      expect(productRefusal(opened(), 'BEER')).toBeNull();
      const editedBeer = opened({ kind: 'edit', invoice: anInvoice({ beer: true }) });
      expect(productRefusal(editedBeer, 'LIQUOR')).toMatch(/separate invoice/);
    });
  });

  describe('customer and fields', () => {
    it('picks a customer and drops its server message', () => {
      const failed = builderReducer(opened(), {
        type: 'submitChecked',
        check: submitCheck(opened()),
      });
      expect(failed.fields.customer_id).toBe(BUILDER_MESSAGES.customerRequired);
      const picked = builderReducer(failed, {
        type: 'customerPicked',
        customer: { id: 'c-1', name: 'Corner Liquor' },
      });
      expect(picked.values.customer?.name).toBe('Corner Liquor');
      expect(picked.fields.customer_id).toBeUndefined();
    });

    it('sets the dates and the notes', () => {
      const state = run(
        opened(),
        { type: 'fieldChanged', field: 'dueAt', value: '2026-03-30' },
        { type: 'fieldChanged', field: 'companyNote', value: 'call first' },
      );
      expect(state.values).toMatchObject({ dueAt: '2026-03-30', companyNote: 'call first' });
    });
  });

  describe('loading items', () => {
    it('copies an invoice’s items in their order, and its note', () => {
      const state = builderReducer(opened(), { type: 'itemsCopied', source: anInvoice() });
      expect(state.values.note).toBe('Deliver at the back');
      expect(state.values.lines.map((line) => [line.product.id, line.qty, line.price])).toEqual([
        ['p-rum', '2', '14.50'],
        ['p-gin', '3', '22.00'],
      ]);
    });

    it('asks before the last invoice replaces lines, and forgets it on Nevermind', () => {
      const asked = builderReducer(added(opened(), aProduct()), {
        type: 'replaceAsked',
        invoice: anInvoice(),
      });
      expect(asked.replaceWith?.number).toBe('1007');
      expect(builderReducer(asked, { type: 'replaceDismissed' }).replaceWith).toBeNull();
      const replaced = builderReducer(asked, { type: 'itemsCopied', source: anInvoice() });
      expect(replaced.replaceWith).toBeNull();
      expect(replaced.values.lines).toHaveLength(2);
    });

    it('takes a converted file’s items, customer and date, and closes the upload', () => {
      const converted: ConvertedInvoice = {
        reference: 'A-1',
        customer: { id: 'c-2', name: 'Bar', city: 'Waco', display_tabc_id: 'MB1' },
        invoiced_at: '2026-03-01',
        items: [
          {
            line: 2,
            product_id: 'p-rum',
            product: {
              id: 'p-rum',
              product: 'Rum',
              product_size: '750ML',
              product_type: 'LIQUOR',
              upc: null,
              last_purchase_price: '10.00',
            },
            qty: 4,
            price: '13.00',
            taxable: false,
            on_deal: true,
          },
        ],
        warnings: [],
      };
      const state = run(opened(), { type: 'uploadOpened' }, { type: 'fileConverted', converted });
      expect(state.uploading).toBe(false);
      expect(state.values.customer).toEqual({ id: 'c-2', name: 'Bar', city: 'Waco', tabc_id: 'MB1' });
      expect(state.values.invoicedAt).toBe('2026-03-01');
      expect(lineOf(state)).toMatchObject({ qty: '4', price: '13.00', costCents: 1000, onDeal: true });
    });
  });

  describe('unsaved changes', () => {
    it('is clean as opened, whatever it was opened with', () => {
      expect(opened().dirty).toBe(false);
      expect(
        opened({ kind: 'copy', cloneOf: '1007' }, { ...blank, lines: [lineOf(added(opened(), aProduct()))] })
          .dirty,
      ).toBe(false);
    });

    it('is dirty once a line is added, changed, moved or removed, or items are loaded', () => {
      const state = added(opened(), aProduct());
      const key = lineOf(state).key;
      expect(state.dirty).toBe(true);
      const loaded = { ...state, dirty: false };
      const actions: BuilderAction[] = [
        { type: 'lineChanged', key, change: { qty: '3' } },
        { type: 'lineMoved', key, by: 1 },
        { type: 'lineRemoved', key },
        { type: 'itemsCopied', source: anInvoice() },
      ];
      for (const action of actions) expect(builderReducer(loaded, action).dirty).toBe(true);
    });

    it('is not dirty for a customer, a date or a note alone, and clean again once saved', () => {
      const state = run(
        opened(),
        { type: 'customerPicked', customer: { id: 'c-1', name: 'Corner Liquor' } },
        { type: 'fieldChanged', field: 'note', value: 'x' },
      );
      expect(state.dirty).toBe(false);
      expect(run(added(state, aProduct()), { type: 'saveStarted' }, { type: 'saved' }).dirty).toBe(false);
    });
  });

  describe('saving', () => {
    const ready = (product = aProduct()) =>
      added(
        builderReducer(opened(), { type: 'customerPicked', customer: { id: 'c-1', name: 'Corner Liquor' } }),
        product,
      );

    it('lists what is missing before anything is sent', () => {
      const check = submitCheck(opened());
      expect(check.next.kind).toBe('invalid');
      expect(check.messages).toEqual([BUILDER_MESSAGES.customerRequired, BUILDER_MESSAGES.itemsRequired]);
    });

    it('asks about zero prices first, then below cost, else saves', () => {
      const priced = ready();
      const free = builderReducer(priced, {
        type: 'lineChanged',
        key: lineOf(priced).key,
        change: { price: '0' },
      });
      expect(submitCheck(free).next).toEqual({ kind: 'zero-price', products: ['Tito’s Vodka 750ML'] });
      expect(builderReducer(free, { type: 'submitChecked', check: submitCheck(free) }).step.kind).toBe(
        'zero-price',
      );
      const cheap = ready(aProduct({ price: 12 }));
      expect(submitCheck(cheap).next).toMatchObject({ kind: 'below-cost', lines: [{ priceCents: 1200 }] });
      expect(submitCheck(ready()).next).toEqual({ kind: 'save' });
      expect(costCheck(ready().values)).toEqual({ kind: 'save' });
    });

    it('keeps what was typed when the save fails, with the server’s messages', () => {
      const state = run(ready(), { type: 'saveStarted' });
      const failed = builderReducer(state, {
        type: 'saveFailed',
        failure: saveFailure({ status: 0, message: '', details: [] }, state.values.lines),
      });
      expect(failed.step.kind).toBe('editing');
      expect(failed.problem).toEqual([BUILDER_MESSAGES.unreachable]);
      expect(failed.values).toBe(state.values);
    });

    it('offers the duplicate it found', () => {
      const failed = builderReducer(ready(), {
        type: 'saveFailed',
        failure: { kind: 'duplicate', existing: anInvoice(), message: 'Same invoice' },
      });
      expect(failed.step).toMatchObject({ kind: 'duplicate', message: 'Same invoice' });
      expect(builderReducer(failed, { type: 'stepChanged', step: { kind: 'editing' } }).step.kind).toBe(
        'editing',
      );
    });
  });
});
