import { deciderSpec } from '../shared/decider-spec.js';
import { integrationDecider } from './integration.decide.js';
import {
  aCompleteSync,
  anInvoiceSynced,
  aRecordInvoiceSync,
  aRecordProductSync,
  aRecordStockPush,
  aStartSync,
  aSyncStarted,
  NOW,
} from './integration.fixtures.js';

const given = deciderSpec(integrationDecider);

describe('Integrations', () => {
  describe('with no sync running', () => {
    it('starts a sync', () =>
      given([])
        .when(aStartSync({ scope: { invoiceIds: ['inv-1'] } }))
        .then([
          {
            type: 'SyncStarted',
            data: {
              syncId: 'sync-1',
              companyId: 'co-1',
              partner: 'bottle_pos',
              kind: 'invoices',
              scope: { invoiceIds: ['inv-1'] },
              startedBy: 'u-1',
              startedAt: NOW,
            },
          },
        ]));

    it('refuses to record an invoice of a sync that is not running', () =>
      given([]).when(aRecordInvoiceSync()).thenThrows('This sync is not running.'));

    it('completes nothing twice', () =>
      given([aSyncStarted(), { type: 'SyncCompleted', data: { ...aCompletedData() } }])
        .when(aCompleteSync())
        .then([]));
  });

  describe('with a Bottle POS invoice sync running', () => {
    it('starts nothing more for Bottle POS (the running sync answers)', () =>
      given([aSyncStarted()])
        .when(aStartSync({ syncId: 'sync-2' }))
        .then([]));

    it('starts a Clover sync beside it', () =>
      given([aSyncStarted()])
        .when(aStartSync({ syncId: 'sync-2', partner: 'clover', kind: 'products' }))
        .then([
          {
            type: 'SyncStarted',
            data: {
              syncId: 'sync-2',
              companyId: 'co-1',
              partner: 'clover',
              kind: 'products',
              scope: {},
              startedBy: 'u-1',
              startedAt: NOW,
            },
          },
        ]));

    it('records an invoice pushed', () =>
      given([aSyncStarted()]).when(aRecordInvoiceSync()).then([anInvoiceSynced()]));

    it('records an invoice the partner refused', () =>
      given([aSyncStarted()])
        .when(aRecordInvoiceSync({ result: { error: 'Bottle POS refused the invoice (422).' } }))
        .then([
          {
            type: 'InvoiceSyncFailed',
            data: {
              syncId: 'sync-1',
              partner: 'bottle_pos',
              invoiceId: 'inv-1',
              invoiceNumber: '1001',
              error: 'Bottle POS refused the invoice (422).',
              failedAt: NOW,
            },
          },
        ]));

    it('records where the sync stands (n of m) with the record, and leaves out a progress that makes no sense', () => {
      given([aSyncStarted()])
        .when(aRecordInvoiceSync({ progress: { done: 3, total: 12 } }))
        .then([
          { ...anInvoiceSynced(), data: { ...anInvoiceSynced().data, progress: { done: 3, total: 12 } } },
        ]);
      given([aSyncStarted()])
        .when(aRecordInvoiceSync({ progress: { done: 13, total: 12 } }))
        .then([anInvoiceSynced()]);
    });

    it('refuses a product record in an invoice sync', () =>
      given([aSyncStarted()])
        .when(aRecordProductSync({ partner: 'bottle_pos' }))
        .thenThrows('This sync does not sync that kind of record.'));

    it('completes with the counts', () =>
      given([
        aSyncStarted(),
        anInvoiceSynced(),
        anInvoiceSynced({ invoiceId: 'inv-2' }),
        {
          type: 'InvoiceSyncFailed',
          data: {
            syncId: 'sync-1',
            partner: 'bottle_pos',
            invoiceId: 'inv-3',
            invoiceNumber: '1003',
            error: 'refused',
            failedAt: NOW,
          },
        },
      ])
        .when(aCompleteSync())
        .then([{ type: 'SyncCompleted', data: { ...aCompletedData(), synced: 2, failed: 1 } }]));

    it('completes as failed with the reason when it stopped early', () =>
      given([aSyncStarted(), anInvoiceSynced()])
        .when(aCompleteSync({ error: 'Bottle POS did not answer within 10 s.' }))
        .then([
          {
            type: 'SyncCompleted',
            data: {
              ...aCompletedData(),
              outcome: 'failed',
              error: 'Bottle POS did not answer within 10 s.',
              synced: 1,
            },
          },
        ]));
  });

  describe('with a Clover inventory push running', () => {
    const started = aSyncStarted({ partner: 'clover', kind: 'inventory' });

    it("records a product's stock level set at Clover, with where the push stands", () =>
      given([started])
        .when(aRecordStockPush({ progress: { done: 1, total: 3 } }))
        .then([
          {
            type: 'StockPushed',
            data: {
              syncId: 'sync-1',
              partner: 'clover',
              productId: 'p-1',
              product: "TITO'S VODKA",
              qty: 24,
              externalId: 'ITEM1',
              pushedAt: NOW,
              progress: { done: 1, total: 3 },
            },
          },
        ]));

    it('records a stock level Clover refused', () =>
      given([started])
        .when(aRecordStockPush({ qty: -2, result: { error: 'Clover refused the record (422).' } }))
        .then([
          {
            type: 'StockPushFailed',
            data: {
              syncId: 'sync-1',
              partner: 'clover',
              productId: 'p-1',
              product: "TITO'S VODKA",
              qty: -2,
              error: 'Clover refused the record (422).',
              failedAt: NOW,
            },
          },
        ]));

    it('refuses a stock level in a product sync', () =>
      given([aSyncStarted({ partner: 'clover', kind: 'products' })])
        .when(aRecordStockPush())
        .thenThrows('This sync does not sync that kind of record.'));

    it('completes with the counts of the stock levels pushed and refused', () =>
      given([
        started,
        {
          type: 'StockPushed',
          data: {
            syncId: 'sync-1',
            partner: 'clover',
            productId: 'p-1',
            product: 'A',
            qty: 1,
            externalId: 'ITEM1',
            pushedAt: NOW,
          },
        },
        {
          type: 'StockPushFailed',
          data: {
            syncId: 'sync-1',
            partner: 'clover',
            productId: 'p-2',
            product: 'B',
            qty: 2,
            error: 'refused',
            failedAt: NOW,
          },
        },
      ])
        .when(aCompleteSync({ partner: 'clover' }))
        .then([
          {
            type: 'SyncCompleted',
            data: {
              syncId: 'sync-1',
              partner: 'clover',
              kind: 'inventory',
              outcome: 'success',
              error: null,
              synced: 1,
              failed: 1,
              completedAt: NOW,
            },
          },
        ]));
  });

  describe('with a sync started long ago that never completed', () => {
    it('completes it as interrupted and starts the new one', () =>
      given([aSyncStarted({ startedAt: '2026-11-27T14:00:00.000Z' })])
        .when(aStartSync({ syncId: 'sync-2' }))
        .then([
          {
            type: 'SyncCompleted',
            data: {
              ...aCompletedData(),
              outcome: 'failed',
              error: 'The sync was interrupted (the server stopped) and was not resumed in time.',
            },
          },
          {
            type: 'SyncStarted',
            data: {
              syncId: 'sync-2',
              companyId: 'co-1',
              partner: 'bottle_pos',
              kind: 'invoices',
              scope: {},
              startedBy: 'u-1',
              startedAt: NOW,
            },
          },
        ]));
  });
});

function aCompletedData() {
  return {
    syncId: 'sync-1',
    partner: 'bottle_pos' as const,
    kind: 'invoices' as const,
    outcome: 'success' as const,
    error: null,
    synced: 0,
    failed: 0,
    completedAt: NOW,
  };
}
