import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setCompanyTimeZone } from '../../shared/format';
import { rollPhoneLines } from './roll-phone';

const AB = {
  prefix: 'AB',
  received_at: '2026-11-28',
  finished_at: null,
  stamps: 1464,
  stampsCount: 1480,
  invoiced_count: 12,
  destroyed_count: 4,
  first_available: 1016,
};

describe('a stamp roll on a phone', () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('says when it was received, what is left of it, invoiced and destroyed, and the next stamp', () =>
    expect(rollPhoneLines(AB)).toEqual([
      'Received 28 Nov, 2026',
      '1,464 / 1,480 left · 12 invoiced · 4 destroyed',
      'Next stamp AB1016',
    ]));

  it('adds the day a finished roll finished, and that no stamp is left', () =>
    expect(
      rollPhoneLines({
        ...AB,
        finished_at: '2026-11-30T18:00:00Z',
        stamps: 0,
        invoiced_count: 1476,
        first_available: null,
      }),
    ).toEqual([
      'Received 28 Nov, 2026',
      'Finished 30 Nov, 2026',
      '0 / 1,480 left · 1,476 invoiced · 4 destroyed',
      'No stamp left',
    ]));
});
