import { describe, expect, it } from '@jest/globals';
import { periodLabel } from './delivery-messages';

describe('A statement period as the e-mail log names it', () => {
  it.each([
    ['2026-10-01', '2026-10-31', 'Oct 2026'],
    ['2024-02-01', '2024-02-29', 'Feb 2024'],
    ['2026-10-01', '2026-10-15', '01 Oct – 15 Oct, 2026'],
    ['2026-09-16', '2026-10-15', '16 Sep – 15 Oct, 2026'],
    ['2025-12-01', '2026-01-31', '01 Dec, 2025 – 31 Jan, 2026'],
  ])('%s to %s is %s', (from, to, label) => expect(periodLabel(from, to)).toBe(label));

  it('is empty without a period', () => expect(periodLabel(null, null)).toBe(''));
});
