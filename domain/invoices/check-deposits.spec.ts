import { checkDepositDeadline, checkOverdue } from './check-deposits.js';

/** The deposit deadline of a check taken at delivery: beer 2 days (no Sundays, no holidays), liquor 5 business days. */
describe('Check deposit deadlines', () => {
  it('given a beer check taken on a Friday, then Saturday and Monday count: Sunday does not', () => {
    expect(checkDepositDeadline('2026-11-06', true)).toBe('2026-11-09');
  });

  it('given a beer check taken the Wednesday before Thanksgiving, then the two holidays and Sunday do not count: due Monday', () => {
    expect(checkDepositDeadline('2026-11-25', true)).toBe('2026-11-30');
  });

  it('given a liquor check taken on a Friday, then five business days without Veterans Day: due the Monday after next', () => {
    expect(checkDepositDeadline('2026-11-06', false)).toBe('2026-11-16');
  });

  it('given a liquor check taken the Monday of Thanksgiving week, then Thursday, Friday and the weekend are skipped', () => {
    expect(checkDepositDeadline('2026-11-23', false)).toBe('2026-12-02');
  });

  it('given a check not deposited, then it is overdue only after its deadline', () => {
    expect(checkOverdue('2026-11-06', true, '2026-11-09')).toBe(false);
    expect(checkOverdue('2026-11-06', true, '2026-11-10')).toBe(true);
  });
});
