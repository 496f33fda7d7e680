import { describe, expect, it } from '@jest/globals';
import type { DriverDayResponse, DriverStop } from '#domain/contracts/route.contract';
import {
  afterDownload,
  afterOutcome,
  dayWithLocal,
  dueAfterAdjustments,
  emptyLocalState,
  enqueue,
  nextSeq,
  nextToSend,
  outcomeOf,
  outcomeOfDelivery,
  retryDelayMs,
  syncLabel,
  whyNotClosable,
  type DriverLocalState,
  type OutboxCommand,
  type SendOutcome,
  type StopLocal,
} from './outbox';

const stop = (id: string, extra: Partial<DriverStop> = {}): DriverStop => ({
  id,
  position: 1,
  invoice_id: `inv-${id}`,
  invoice_number: '1001',
  order_id: null,
  customer_id: 'c1',
  customer: 'Corner Store',
  address: '1 Main St',
  status: 'planned',
  cod: false,
  amount_due: 108.25,
  collected: 0,
  delivered_at: null,
  note: null,
  invoice_version: 3,
  customer_notes: '',
  phone: null,
  // 10 × $10 + 8.25 % tax = $108.25
  lines: [
    { line_id: 'l1', product_id: 'p1', product: 'Cabernet', quantity: 10, unit_price: 10, is_beer: false },
  ],
  ...extra,
});

const command = (key: string, seq: number, stopId = `s${seq}`): OutboxCommand => ({
  key,
  seq,
  kind: 'deliver',
  url: `invoice/inv-${stopId}/delivery`,
  body: { delivered_at: '2026-11-30T12:00:00.000Z', signer_name: 'Ann', signature: 'data:image/png;base64,' },
  created_at: '2026-11-30T12:00:00.000Z',
  route_id: 'r1',
  stop_id: stopId,
  attempts: 0,
  retry_at: 0,
});

const local = (stopId: string): StopLocal => ({
  stop_id: stopId,
  status: 'delivered',
  collected: 0,
  at: '2026-11-30T12:00:00.000Z',
  note: null,
  state: 'waiting',
  message: null,
});

const queued = (...keys: string[]): DriverLocalState =>
  keys.reduce((state, key, i) => enqueue(state, command(key, i + 1), local(`s${i + 1}`)), emptyLocalState());

/** Sends the queue as the device does: the first command, one at a time, stopping at a retry. */
function drain(state: DriverLocalState, answers: SendOutcome[], sent: string[], now = 0) {
  for (;;) {
    const next = nextToSend(state, now);
    if (!next) return state;
    sent.push(next.key);
    const outcome = answers.shift() ?? { type: 'sent' };
    state = afterOutcome(state, next.key, outcome, now);
    if (outcome.type === 'retry') return state;
  }
}

describe('the outbox', () => {
  it('sends in the order the actions were taken, each once, and empties', () => {
    const sent: string[] = [];
    const state = drain(queued('a', 'b', 'c'), [], sent);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(state.queue).toEqual([]);
    expect(Object.values(state.stops).map((s) => s.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('keeps a command that got no answer or a 5xx, with the same key, and the ones behind it wait', () => {
    const sent: string[] = [];
    let state = drain(queued('a', 'b'), [outcomeOf(503, null)], sent, 1_000);
    expect(sent).toEqual(['a']);
    expect(state.queue.map((c) => [c.key, c.attempts, c.retry_at])).toEqual([
      ['a', 1, 3_000],
      ['b', 0, 0],
    ]);
    // not before its time
    expect(nextToSend(state, 2_999)).toBeNull();
    state = drain(state, [outcomeOf('network', null)], sent, 3_000);
    expect(state.queue[0]).toMatchObject({ key: 'a', attempts: 2, retry_at: 7_000 });
    state = drain(state, [], sent, 7_000);
    expect(sent).toEqual(['a', 'a', 'a', 'b']);
    expect(state.queue).toEqual([]);
  });

  it('takes a refused command (409, 400) out of the queue, marks its stop for attention and sends the next', () => {
    const sent: string[] = [];
    const conflict = outcomeOf(409, {
      statusCode: 409,
      message: 'Invoice 1001 was cancelled',
      reason: 'cancelled',
      invoice_version: 4,
    });
    const unpaid = outcomeOf(400, {
      statusCode: 400,
      message: 'Beer is sold for cash on delivery: collect $20.00 before closing this stop.',
    });
    const state = drain(queued('a', 'b', 'c'), [conflict, unpaid], sent);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(state.queue).toEqual([]);
    expect(state.stops.s1).toMatchObject({
      state: 'attention',
      message: 'Cancelled in the office',
      conflict: true,
    });
    expect(state.stops.s2).toMatchObject({
      state: 'attention',
      message: 'Beer is sold for cash on delivery: collect $20.00 before closing this stop.',
      conflict: false,
    });
    expect(state.stops.s3!.state).toBe('sent');
  });

  it('reads every answer', () => {
    expect(outcomeOf(201, {})).toEqual({ type: 'sent' });
    expect(outcomeOf(200, {})).toEqual({ type: 'sent' });
    expect(outcomeOf(500, {})).toEqual({ type: 'retry' });
    expect(outcomeOf(429, {})).toEqual({ type: 'retry' });
    expect(outcomeOf(401, {})).toEqual({ type: 'signin' });
    expect(outcomeOf(409, { reason: 'revised' })).toEqual({
      type: 'rejected',
      message: 'Changed in the office: download again',
      conflict: true,
    });
    expect(outcomeOf(404, { message: ['Invoice not found'] })).toEqual({
      type: 'rejected',
      message: 'Invoice not found',
      conflict: false,
    });
  });

  it('waits longer after each failure, at most a minute', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000]);
  });

  it('numbers commands past every one it ever queued', () => {
    expect(nextSeq(emptyLocalState(), 7)).toBe(8);
    expect(nextSeq(queued('a', 'b'), 0)).toBe(3);
  });

  it('keeps only what is still waiting after a new download', () => {
    const state = afterOutcome(queued('a', 'b'), 'a', { type: 'sent' }, 0);
    expect(Object.keys(afterDownload(state).stops)).toEqual(['s2']);
  });

  it('shows the stored day with what was done on top, except what the office refused', () => {
    const day: DriverDayResponse = {
      date: '2026-11-30',
      driver: { id: 'd', name: 'Dan' },
      downloaded_at: '2026-11-30T12:00:00.000Z',
      routes: [
        {
          id: 'r1',
          date: '2026-11-30',
          name: 'North',
          driver: null,
          truck: 'T1',
          status: 'out',
          stops: 2,
          done: 0,
          collected: 0,
          stop_list: [stop('s1'), stop('s2')],
        },
      ],
    };
    let state = enqueue(queued('a'), command('b', 2), { ...local('s2'), collected: 20 });
    state = afterOutcome(
      state,
      'a',
      { type: 'rejected', message: 'Cancelled in the office', conflict: true },
      0,
    );
    const shown = dayWithLocal(day, state).routes[0]!.stop_list;
    expect(shown.map((s) => [s.status, s.collected])).toEqual([
      ['planned', 0],
      ['delivered', 20],
    ]);
  });
});

describe('closing a stop', () => {
  it('takes returned bottles off the amount due at their taxed price', () => {
    expect(dueAfterAdjustments(stop('s'), [{ line_id: 'l1', quantity: 2, reason: 'damaged' }])).toBe(86.6);
    expect(dueAfterAdjustments(stop('s'), [{ line_id: 'l1', quantity: 10, reason: 'refused' }])).toBe(0);
  });

  it('names the outcome from what came back', () => {
    expect(outcomeOfDelivery(stop('s'), [])).toBe('delivered');
    expect(outcomeOfDelivery(stop('s'), [{ line_id: 'l1', quantity: 1, reason: 'short' }])).toBe(
      'partially_delivered',
    );
    expect(outcomeOfDelivery(stop('s'), [{ line_id: 'l1', quantity: 10, reason: 'refused' }])).toBe(
      'refused',
    );
  });

  it('refuses to close a collect-on-delivery stop until the amount due is taken, and says why', () => {
    const beer = stop('s', {
      amount_due: 24,
      lines: [
        { line_id: 'l1', product_id: 'p', product: 'Lager', quantity: 2, unit_price: 12, is_beer: true },
      ],
    });
    const input = { adjustments: [], collected: 0, signed: true, signerName: 'Ann', missingReference: false };
    expect(whyNotClosable(beer, input)).toBe('Collect $24.00 before closing this stop.');
    expect(whyNotClosable(beer, { ...input, collected: 24 })).toBeNull();
    expect(
      whyNotClosable(beer, {
        ...input,
        collected: 12,
        adjustments: [{ line_id: 'l1', quantity: 1, reason: 'damaged' }],
      }),
    ).toBeNull();
    // a stop on terms closes without money
    expect(whyNotClosable(stop('s'), input)).toBeNull();
    expect(whyNotClosable(stop('s'), { ...input, signed: false })).toBe('Ask the customer to sign.');
  });
});

describe('the sync indicator', () => {
  it('says what the outbox is doing', () => {
    const view = { online: true, waiting: 0, sending: null, needsSignIn: false };
    expect(syncLabel(view)).toBe('All sent');
    expect(syncLabel({ ...view, online: false, waiting: 3 })).toBe('Offline — 3 waiting');
    expect(syncLabel({ ...view, waiting: 4, sending: { index: 2, total: 5 } })).toBe('Sending 2 of 5…');
    expect(syncLabel({ ...view, waiting: 2 })).toBe('2 waiting to send');
  });
});
