import { beforeEach, describe, expect, it } from '@jest/globals';
import { toast, visibleToasts } from './toast-store';

describe('toasts', () => {
  beforeEach(() => toast.clear());

  it('shows the same toast once when the action is repeated, its time restarted', () => {
    toast.success('Item reviewed.');
    const first = visibleToasts()[0]!.id;
    toast.success('Item reviewed.');
    toast.success('Item reviewed.');
    expect(visibleToasts().map((t) => t.message)).toEqual(['Item reviewed.']);
    expect(visibleToasts()[0]!.id).not.toBe(first);
  });

  it('keeps different toasts, at most four, the newest last', () => {
    for (const message of ['one', 'two', 'three', 'four', 'five']) toast.info(message);
    toast.error('two');
    expect(visibleToasts().map((t) => `${t.severity} ${t.message}`)).toEqual([
      'info three',
      'info four',
      'info five',
      'error two',
    ]);
  });
});
