import { describe, expect, it } from '@jest/globals';
import { LIVE_EVENTS } from '#domain/contracts/live.contract.js';
import type { StoredEvent } from '#engine';
import {
  CUSTOMER_ROUTES,
  customerSessionsEndIn,
  customerSubject,
  formerCustomerOf,
  LIVE_ROUTES,
  sessionEndingUser,
  toCustomerDeliveries,
  toLiveDeliveries,
} from './live-events.js';

const stored = (type: string, data: Record<string, unknown>, companyId = 'co-1'): StoredEvent => ({
  id: 'e-1',
  streamId: 's-1',
  revision: 0n,
  position: 7n,
  checkpoint: 'cp-7',
  type,
  data,
  metadata: { companyId, userId: 'u-1', occurredAt: '2026-11-25T12:00:00.000Z', schemaVersion: 1 },
  recordedAt: '2026-11-25T12:00:00.001Z',
});

describe('Live routes', () => {
  it('send every row to its own company only, as one of the contract’s socket events', () => {
    for (const type of Object.keys(LIVE_ROUTES)) {
      // a sync's completion goes out as its partner's event (the sales platform's: none)
      const deliveries = toLiveDeliveries(
        stored(
          type,
          type === 'SyncCompleted'
            ? { partner: 'clover' }
            : /(Sync(ed|Failed)|StockPush(ed|Failed))$/.test(type)
              ? { partner: 'clover', progress: { done: 1, total: 2 } }
              : {},
          'co-A',
        ),
      );
      expect(deliveries.length).toBeGreaterThan(0);
      for (const delivery of deliveries) {
        expect(delivery.companyId).toBe('co-A');
        expect(LIVE_EVENTS).toContain(delivery.event);
      }
    }
  });

  it("tells the routes board of a route's change, and of a delivery at one of its stops", () => {
    expect(toLiveDeliveries(stored('RouteStopSkipped', { routeId: 'r-1', stopId: 's-1' }))).toEqual([
      expect.objectContaining({ event: 'route:changed', message: expect.objectContaining({ id: 'r-1' }) }),
    ]);
    expect(
      toLiveDeliveries(stored('InvoiceDelivered', { invoiceId: 'i-1', routeId: 'r-1' })).map((d) => [
        d.event,
        d.message.id,
      ]),
    ).toEqual([
      ['invoice:changed', 'i-1'],
      ['route:changed', 'r-1'],
    ]);
  });

  it('carries the order number of a placed order, and who placed it', () => {
    expect(toLiveDeliveries(stored('OrderPlaced', { orderId: 'o-1', orderNumber: 42 }))).toEqual([
      {
        event: 'order:placed',
        companyId: 'co-1',
        message: {
          type: 'OrderPlaced',
          id: 'o-1',
          by: 'u-1',
          checkpoint: 'cp-7',
          at: '2026-11-25T12:00:00.000Z',
          order_number: '42',
          status: 'placed',
        },
      },
    ]);
  });

  it('tells the order screens when the order feature is switched', () => {
    const events = toLiveDeliveries(stored('FeatureActivated', { feature: 'order' })).map((d) => d.event);
    expect(events).toEqual(['company:update', 'order:feature']);
  });

  it("sends each record of a point-of-sale sync as its partner's progress (n of m); none without progress", () => {
    const [invoice] = toLiveDeliveries(
      stored('InvoiceSynced', {
        syncId: 's-5',
        partner: 'bottle_pos',
        invoiceId: 'i-1',
        invoiceNumber: '12',
        progress: { done: 3, total: 12 },
      }),
    );
    expect(invoice).toMatchObject({
      event: 'bottle-pos:sync-progress',
      message: { syncId: 's-5', kind: 'invoices', done: 3, total: 12 },
    });
    const [product] = toLiveDeliveries(
      stored('ProductSyncFailed', {
        syncId: 's-6',
        partner: 'clover',
        productId: 'p-1',
        error: 'x',
        progress: { done: 1, total: 2 },
      }),
    );
    expect(product).toMatchObject({
      event: 'clover:sync-progress',
      message: { syncId: 's-6', kind: 'products', done: 1, total: 2 },
    });
    // written before progress existed, or the sales platform / fintech: nothing to send
    expect(
      toLiveDeliveries(stored('InvoiceSynced', { syncId: 's-4', partner: 'clover', invoiceId: 'i' })),
    ).toEqual([]);
    expect(
      toLiveDeliveries(
        stored('InvoiceSynced', {
          syncId: 's-3',
          partner: 'fintech',
          invoiceId: 'i',
          progress: { done: 1, total: 1 },
        }),
      ),
    ).toEqual([]);
  });

  it('sends a failed sync as the partner sync error with its syncId and error', () => {
    const [bottle] = toLiveDeliveries(
      stored('SyncCompleted', {
        syncId: 's-9',
        partner: 'bottle_pos',
        outcome: 'failed',
        error: 'timeout',
        failed: 0,
      }),
    );
    expect(bottle).toMatchObject({
      event: 'bottle-pos:sync-error',
      message: { syncId: 's-9', error: 'timeout' },
    });
    const [clover] = toLiveDeliveries(
      stored('SyncCompleted', {
        syncId: 's-8',
        partner: 'clover',
        outcome: 'success',
        error: null,
        failed: 2,
      }),
    );
    expect(clover).toMatchObject({ event: 'clover:sync-error', message: { syncId: 's-8' } });
    const [done] = toLiveDeliveries(
      stored('SyncCompleted', {
        syncId: 's-7',
        partner: 'clover',
        outcome: 'success',
        error: null,
        failed: 0,
      }),
    );
    expect(done).toMatchObject({ event: 'clover:sync-completed', message: { syncId: 's-7' } });
    expect(done!.message.error).toBeUndefined();
  });

  it("sends Clover's failed inventory push as clover:inventory-push-error, and its progress as Clover's", () => {
    const push = (data: Record<string, unknown>) =>
      toLiveDeliveries(
        stored('SyncCompleted', { syncId: 's-6', partner: 'clover', kind: 'inventory', ...data }),
      )[0];
    expect(push({ outcome: 'failed', error: 'Clover failed with an error (500).', failed: 0 })).toMatchObject(
      {
        event: 'clover:inventory-push-error',
        message: { syncId: 's-6', error: 'Clover failed with an error (500).' },
      },
    );
    expect(push({ outcome: 'success', error: null, failed: 1 })).toMatchObject({
      event: 'clover:inventory-push-error',
      message: { syncId: 's-6', error: '1 record(s) failed' },
    });
    expect(push({ outcome: 'success', error: null, failed: 0 })).toMatchObject({
      event: 'clover:sync-completed',
    });
    expect(
      toLiveDeliveries(
        stored('StockPushFailed', {
          syncId: 's-6',
          partner: 'clover',
          productId: 'p-1',
          qty: 3,
          progress: { done: 1, total: 2 },
        }),
      ),
    ).toEqual([
      expect.objectContaining({
        event: 'clover:sync-progress',
        message: expect.objectContaining({ kind: 'inventory', done: 1, total: 2 }),
      }),
    ]);
  });

  it('sends nothing for unlisted events or events without a company', () => {
    expect(toLiveDeliveries(stored('PublicLinkIssued', { invoiceId: 'i-1' }))).toEqual([]);
    expect(toLiveDeliveries(stored('InvoiceCreated', { invoiceId: 'i-1' }, ''))).toEqual([]);
  });

  it('names the user whose sessions a sign-out, reset or disabling may end', () => {
    expect(sessionEndingUser(stored('UserSignedOut', { userId: 'u-2' }))).toBe('u-2');
    expect(sessionEndingUser(stored('StaffDisabled', { userId: 'owner', staffUserId: 'u-3' }))).toBe('u-3');
    expect(sessionEndingUser(stored('UserSignedIn', { userId: 'u-2' }))).toBeNull();
  });
});

describe('Customer routes (the ordering app)', () => {
  it('follow only orders and invoices, each a live route too', () => {
    for (const type of Object.keys(CUSTOMER_ROUTES)) expect(LIVE_ROUTES[type]).toBeDefined();
    expect(customerSubject(stored('DocumentAttached', { invoiceId: 'i-1' }))).toBeNull();
    expect(customerSubject(stored('PrivateNoteAdded', { invoiceId: 'i-1' }))).toBeNull();
    expect(customerSubject(stored('CustomerUpdated', { customerId: 'c-1' }))).toBeNull();
  });

  it('take the customer from the event when it has one, else leave it to the read model', () => {
    expect(customerSubject(stored('OrderPlaced', { orderId: 'o-1', customer: { id: 'c-1' } }))).toEqual({
      kind: 'order',
      id: 'o-1',
      companyId: 'co-1',
      customerId: 'c-1',
    });
    expect(customerSubject(stored('PaymentLogged', { invoiceId: 'i-1' }))).toEqual({
      kind: 'invoice',
      id: 'i-1',
      companyId: 'co-1',
      customerId: null,
    });
  });

  it('tell the customer an invoice was for when a revision moves it to another', () => {
    expect(formerCustomerOf(stored('InvoiceRevised', { invoiceId: 'i-1', previousCustomerId: 'c-0' }))).toBe(
      'c-0',
    );
    expect(formerCustomerOf(stored('InvoiceRevised', { invoiceId: 'i-1' }))).toBeNull();
    expect(
      formerCustomerOf(stored('PaymentLogged', { invoiceId: 'i-1', previousCustomerId: 'c-0' })),
    ).toBeNull();
  });

  it('name who did it only when a customer user did', () => {
    const placed = toCustomerDeliveries(
      stored('OrderPlaced', { orderId: 'o-1', number: 3, customerUser: { id: 'cu-1' } }),
      'c-1',
    );
    expect(placed).toEqual([
      expect.objectContaining({
        event: 'order:placed',
        customerId: 'c-1',
        message: expect.objectContaining({ by: 'cu-1' }),
      }),
    ]);
    const cancelled = toCustomerDeliveries(
      stored('OrderCancelled', { orderId: 'o-1', by: 'customer_user', userId: 'cu-1' }),
      'c-1',
    );
    expect(cancelled[0]!.message.by).toBe('cu-1');
    const rejected = toCustomerDeliveries(stored('OrderRejected', { orderId: 'o-1', userId: 'u-1' }), 'c-1');
    expect(rejected[0]!.message).toMatchObject({ by: null, status: 'rejected' });
  });

  it('check the company’s customer-user sockets after a sign-out, a loss of access or the order feature off', () => {
    expect(customerSessionsEndIn(stored('CustomerUserSignedOut', { customerUserId: 'cu-1' }))).toBe('co-1');
    expect(customerSessionsEndIn(stored('CustomerUserAccessChanged', { access: 'disabled' }))).toBe('co-1');
    expect(customerSessionsEndIn(stored('CustomerUserAccessChanged', { access: 'revoked' }))).toBe('co-1');
    expect(customerSessionsEndIn(stored('CustomerUserAccessChanged', { access: 'enabled' }))).toBeNull();
    expect(customerSessionsEndIn(stored('CustomerRemoved', { customerId: 'c-1' }))).toBe('co-1');
    expect(customerSessionsEndIn(stored('FeatureDeactivated', { feature: 'order' }))).toBe('co-1');
    expect(customerSessionsEndIn(stored('FeatureDeactivated', { feature: 'payment' }))).toBeNull();
  });
});
