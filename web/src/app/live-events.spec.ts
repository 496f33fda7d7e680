import { describe, expect, it } from '@jest/globals';
import { LIVE_EVENTS, type LiveMessage } from '#domain/contracts/live.contract';
import { LIVE_TAGS, liveToast } from './live-events';

const message = (extra: Partial<LiveMessage> = {}): LiveMessage => ({
  type: 'OrderPlaced',
  id: 'o-1',
  by: 'someone-else',
  checkpoint: 'cp',
  at: '2026-11-25T12:00:00.000Z',
  ...extra,
});

describe('Live events on the client', () => {
  it('refresh something for every socket event but a sync progress (kept for the sync page instead)', () => {
    for (const event of LIVE_EVENTS)
      if (!event.endsWith(':sync-progress')) expect(LIVE_TAGS[event].length).toBeGreaterThan(0);
  });

  it('toast a new order with its number, who ordered and its total, leading to the order', () => {
    expect(
      liveToast(
        'order:placed',
        message({ order_number: '42', customer_name: 'Rusty Nail', order_total: 1234.5 }),
        'me',
      ),
    ).toEqual({
      severity: 'info',
      title: 'New order arrived',
      message: 'You got a new order #42',
      detail: 'Rusty Nail · $1,234.50',
      duration: 'normal',
      to: '/order/42',
      action: 'Open order',
    });
    expect(liveToast('order:placed', message({ order_number: 7 }), 'me')).not.toHaveProperty('detail');
  });

  it('toast sync failures for 30 s, leading to the sync log', () => {
    expect(liveToast('bottle-pos:sync-error', message({ syncId: 's-1' }), 'me')).toMatchObject({
      severity: 'error',
      message: 'Bottle POS Sync Failed',
      duration: 'sticky',
      to: '/bottle-pos/s-1',
    });
    expect(liveToast('clover:sync-error', message(), 'me')).toMatchObject({
      message: 'Clover Sync Failed',
      duration: 'sticky',
      to: '/clover',
    });
  });

  it("toast Clover's inventory push error as a Clover sync failure, leading to its log", () => {
    expect(liveToast('clover:inventory-push-error', message({ by: null, syncId: 's-2' }), 'me')).toEqual({
      severity: 'error',
      title: 'Clover Sync Failed',
      message: 'The stock levels were not all pushed to Clover.',
      duration: 'sticky',
      to: '/clover/s-2',
    });
  });

  it('do not toast a user’s own action back to them, nor quiet refreshes', () => {
    expect(liveToast('order:placed', message({ by: 'me', order_number: 7 }), 'me')).toBeNull();
    expect(liveToast('invoice:changed', message(), 'me')).toBeNull();
  });
});
