import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { fold } from '../shared/decider.js';
import { allocateStamps, stampLedgerDecider } from './stamp.decide.js';
import {
  aDeactivateStampRoll,
  aDestroyStamps,
  anActivateStampRoll,
  anAllocateStamps,
  anAssignStamps,
  aReceiveStampRoll,
  aReleaseStamps,
  aRestoreStamps,
  aStampRollDeactivated,
  aStampRollReceived,
  aStampsAllocated,
  aStampsDestroyed,
  aStampsReleased,
  aStampsRestored,
  NOW,
  withHoldings,
} from './stamp.fixtures.js';
import type { StampCommand } from './stamp.commands.js';
import type { StampEvent } from './stamp.events.js';
import { stampRollSizeWarnings } from './stamp.rules.js';
import { stampLedgerReport } from './stamp.report.js';

const spec = deciderSpec(stampLedgerDecider);
/** given/when/then, with the holdings the API would read (the ledger keeps no owners) taken from the given events. */
const given = (events: StampEvent[]) => ({
  when: (command: StampCommand) => spec(events).when(withHoldings(command, events)),
});

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('Stamp ledger', () => {
  describe('when no roll was received', () => {
    it('receives a roll with its prefix trimmed and upper-cased, active, as roll 1', () =>
      given([]).when(aReceiveStampRoll()).then([aStampRollReceived()]));

    it('receives a roll without a prefix', () =>
      given([])
        .when(aReceiveStampRoll({ prefix: null }))
        .then([aStampRollReceived({ prefix: '' })]));

    it('accepts a received date 3 days after today in the company time zone', () =>
      // 21 Nov 2026 15:00Z is still the 21st in Chicago: the latest date is the 24th.
      given([])
        .when(aReceiveStampRoll({ receivedOn: '2026-11-24' }))
        .then([aStampRollReceived({ receivedOn: '2026-11-24' })]));

    it('refuses a received date later than 3 days after today', () =>
      given([])
        .when(aReceiveStampRoll({ receivedOn: '2026-11-25' }))
        .thenThrows('Received date must not be later than 3 days after today (2026-11-24).'));

    it('judges today in the company time zone, not in UTC', () => {
      // 22 Nov 03:00Z is still the 21st in Chicago, but already the 22nd in UTC and Tokyo.
      const late = { ...aReceiveStampRoll({ receivedOn: '2026-11-25' }) };
      const atNight = { ...late, metadata: { ...late.metadata, now: '2026-11-22T03:00:00.000Z' } };
      expect(() => stampLedgerDecider.decide(atNight, fold(stampLedgerDecider, []))).toThrow(
        'Received date must not be later than 3 days after today (2026-11-24).',
      );
      const tokyo = { ...atNight, data: { ...atNight.data, timeZone: 'Asia/Tokyo' } };
      expect(stampLedgerDecider.decide(tokyo, fold(stampLedgerDecider, []))).toHaveLength(1);
    });

    it('refuses a roll that ends below its start', () =>
      given([])
        .when(aReceiveStampRoll({ from: 1000, to: 999 }))
        .thenThrows('Stamp roll must end in a larger value than the start'));

    it('accepts a roll of one stamp (to equal to from)', () =>
      given([])
        .when(aReceiveStampRoll({ from: 5, to: 5 }))
        .then([aStampRollReceived({ from: 5, to: 5 })]));

    it('refuses a start below 1', () =>
      given([])
        .when(aReceiveStampRoll({ from: 0 }))
        .thenThrows('From must be at least 1.'));

    it('lists every broken field at once', () => {
      const error = errorOf(() =>
        stampLedgerDecider.decide(
          aReceiveStampRoll({ from: 0, to: -5, receivedOn: '2027-01-01' }),
          fold(stampLedgerDecider, []),
        ),
      );
      expect(error.details).toEqual([
        {
          field: 'received_at',
          message: 'Received date must not be later than 3 days after today (2026-11-24).',
        },
        { field: 'from', message: 'From must be at least 1.' },
        { field: 'to', message: 'Stamp roll must end in a larger value than the start' },
      ]);
    });

    it('refuses to allocate stamps with the builder warning', () =>
      given([])
        .when(anAllocateStamps({ count: 1 }))
        .thenThrows('Stamp roll missing - Please add your current stamp roll before creating an invoice'));
  });

  describe('with one active roll AB 1000–1479', () => {
    const roll = aStampRollReceived();

    it('refuses another roll overlapping it with the same prefix', () =>
      given([roll])
        .when(aReceiveStampRoll({ from: 1400, to: 1900 }))
        .thenThrows('Stamp roll AB1400-AB1900 overlaps stamp roll AB1000-AB1479 with the same prefix.'));

    it('receives an overlapping roll with another prefix as roll 2', () =>
      given([roll])
        .when(aReceiveStampRoll({ prefix: 'cd', from: 1400, to: 1900 }))
        .then([aStampRollReceived({ rollId: 2, prefix: 'CD', from: 1400, to: 1900 })]));

    it('allocates the first available stamps to an invoice', () =>
      given([roll])
        .when(
          anAllocateStamps({
            invoiceId: 'inv-1',
            count: 12,
            customerName: 'Bar One',
            customerTabcId: 'MB123456',
          }),
        )
        .then([
          aStampsAllocated(
            { from: 1000, to: 1011 },
            {
              allocationId: 'invoice-inv-1',
              invoiceId: 'inv-1',
              invoiceNumber: '1001',
              customerName: 'Bar One',
              customerTabcId: 'MB123456',
            },
          ),
        ]));

    it('allocates nothing more when asked again for what the invoice holds (idempotent)', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1011 }, { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' }),
      ])
        .when(anAllocateStamps({ invoiceId: 'inv-1', count: 12 }))
        .then([]));

    it('keeps the stamps of an edited invoice and allocates only the shortfall', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1011 }, { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' }),
        aStampsAllocated({ from: 1012, to: 1019 }, { allocationId: 'invoice-inv-2', invoiceId: 'inv-2' }),
      ])
        .when(anAllocateStamps({ invoiceId: 'inv-1', count: 15 }))
        .then([
          aStampsAllocated(
            { from: 1020, to: 1022 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001' },
          ),
        ]));

    it('releases the highest stamps of an invoice that needs fewer', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1011 }, { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' }),
      ])
        .when(anAllocateStamps({ invoiceId: 'inv-1', count: 10 }))
        .then([
          aStampsReleased(
            { from: 1010, to: 1011 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001', reason: 'edited' },
          ),
        ]));

    it('fills a released hole first (lowest numbers first)', () =>
      given([roll, aStampsAllocated({ from: 1000, to: 1019 }), aStampsReleased({ from: 1005, to: 1009 })])
        .when(anAllocateStamps({ count: 8 }))
        .then([
          {
            type: 'StampsAllocated',
            data: {
              allocationId: 'invoice-inv-1',
              invoiceId: 'inv-1',
              invoiceNumber: '1001',
              customerId: null,
              customerName: null,
              customerTabcId: null,
              note: null,
              ranges: [
                { rollId: 1, prefix: 'AB', from: 1005, to: 1009 },
                { rollId: 1, prefix: 'AB', from: 1020, to: 1022 },
              ],
              allocatedAt: NOW,
            },
          },
        ]));

    it('refuses more stamps than are left', () =>
      given([roll, aStampsAllocated({ from: 1000, to: 1469 })])
        .when(anAllocateStamps({ count: 11 }))
        .thenThrows('Not enough stamps: 11 needed, 10 available in active rolls.'));

    it('refuses to allocate from an inactive roll', () =>
      given([roll, aStampRollDeactivated()])
        .when(anAllocateStamps({ count: 1 }))
        .thenThrows('Not enough stamps: 1 needed, 0 available in active rolls.'));

    it('takes a manual range', () =>
      given([roll])
        .when(anAllocateStamps({ ranges: [{ rollId: 1, from: 1100, to: 1104 }] }))
        .then([
          aStampsAllocated(
            { from: 1100, to: 1104 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001' },
          ),
        ]));

    it('replaces an invoice’s stamps with its manual ranges: releases the others, allocates the new ones', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1009 }, { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' }),
      ])
        .when(anAllocateStamps({ ranges: [{ rollId: 1, from: 1005, to: 1014 }] }))
        .then([
          aStampsReleased(
            { from: 1000, to: 1004 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001', reason: 'edited' },
          ),
          aStampsAllocated(
            { from: 1010, to: 1014 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001' },
          ),
        ]));

    it('refuses a manual range below the first available stamp', () =>
      given([roll, aStampsAllocated({ from: 1000, to: 1099 })])
        .when(anAssignStamps({ from: 1050, to: 1060 }))
        .thenThrows('Stamp number 1050 is below the first available stamp 1100 in the roll.'));

    it('refuses a manual range above the last available stamp', () =>
      given([roll])
        .when(anAssignStamps({ from: 1470, to: 1480 }))
        .thenThrows('Stamp number 1480 is above the last available stamp 1479 in the roll.'));

    it('refuses a manual range that ends below its start', () =>
      given([roll, aStampsAllocated({ from: 1000, to: 1099 })])
        .when(anAssignStamps({ from: 1200, to: 1150 }))
        .thenThrows(
          'End Stamp number must be above the first available stamp 1100 and the start stamp number 1200 the roll.',
        ));

    it('refuses a manual range holding a stamp another invoice has', () =>
      given([roll, aStampsAllocated({ from: 1200, to: 1210 })])
        .when(anAssignStamps({ from: 1195, to: 1205 }))
        .thenThrows('Stamp number 1200 is not available in the roll.'));

    it('refuses manual ranges that overlap each other', () =>
      given([roll])
        .when(
          anAllocateStamps({
            ranges: [
              { rollId: 1, from: 1100, to: 1110 },
              { rollId: 1, from: 1105, to: 1120 },
            ],
          }),
        )
        .thenThrows('AB1105-AB1120 is overlapping with already added stamp range AB1100-AB1110'));

    it('refuses a range of an unknown roll', () =>
      given([roll])
        .when(anAssignStamps({ rollId: 7 }))
        .thenThrows('No roll found'));

    it('assigns a range manually with the note upper-cased', () =>
      given([roll])
        .when(anAssignStamps({ from: 1000, to: 1009, note: ' samples ' }))
        .then([
          aStampsAllocated(
            { from: 1000, to: 1009 },
            { allocationId: 'assignment-1', invoiceId: null, invoiceNumber: null, note: 'SAMPLES' },
          ),
        ]));

    it('numbers manual assignments 1, 2, …', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1009 }, { allocationId: 'assignment-1', invoiceId: null }),
      ])
        .when(anAssignStamps({ from: 1010, to: 1010 }))
        .then([
          aStampsAllocated(
            { from: 1010, to: 1010 },
            { allocationId: 'assignment-2', invoiceId: null, invoiceNumber: null, note: null },
          ),
        ]));

    it('releases every stamp of a cancelled invoice', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1009 }, { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' }),
        aStampsAllocated({ from: 1010, to: 1019 }, { allocationId: 'invoice-inv-2', invoiceId: 'inv-2' }),
      ])
        .when(aReleaseStamps({ invoiceId: 'inv-1' }))
        .then([
          aStampsReleased(
            { from: 1000, to: 1009 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', reason: 'cancelled' },
          ),
        ]));

    it('releases nothing for an invoice without stamps', () =>
      given([roll])
        .when(aReleaseStamps({ invoiceId: 'inv-9' }))
        .then([]));

    it('deactivates the roll', () =>
      given([roll]).when(aDeactivateStampRoll()).then([aStampRollDeactivated()]));

    it('does nothing when activating an active roll', () =>
      given([roll]).when(anActivateStampRoll()).then([]));

    it('activates an inactive roll', () =>
      given([roll, aStampRollDeactivated()])
        .when(anActivateStampRoll())
        .then([{ type: 'StampRollActivated', data: { rollId: 1, activatedAt: NOW } }]));

    it('refuses to toggle a finished roll', () =>
      given([roll, aStampsAllocated({ from: 1000, to: 1479 })])
        .when(aDeactivateStampRoll())
        .thenThrows('This stamp roll is finished: it cannot be activated or deactivated.'));

    it('refuses to toggle an unknown roll', () =>
      given([roll]).when(anActivateStampRoll(2)).thenThrows('No roll found'));
  });

  describe('with two rolls, the older received later', () => {
    const events = [
      aStampRollReceived({ rollId: 1, prefix: 'AB', from: 1000, to: 1009, receivedOn: '2026-11-20' }),
      aStampRollReceived({ rollId: 2, prefix: 'CD', from: 1, to: 100, receivedOn: '2026-11-01' }),
    ];

    it('allocates from the first received roll first, then runs over into the next', () =>
      given([...events, aStampsAllocated({ rollId: 2, prefix: 'CD', from: 1, to: 95 })])
        .when(anAllocateStamps({ count: 8 }))
        .then([
          {
            type: 'StampsAllocated',
            data: {
              allocationId: 'invoice-inv-1',
              invoiceId: 'inv-1',
              invoiceNumber: '1001',
              customerId: null,
              customerName: null,
              customerTabcId: null,
              note: null,
              ranges: [
                { rollId: 1, prefix: 'AB', from: 1000, to: 1002 },
                { rollId: 2, prefix: 'CD', from: 96, to: 100 },
              ],
              allocatedAt: NOW,
            },
          },
        ]));
  });

  describe('destroying stamps of roll AB 1000–1479', () => {
    const roll = aStampRollReceived();

    it('destroys the available stamps of a range as record 1', () =>
      given([roll])
        .when(aDestroyStamps({ from: 1000, to: 1009, note: 'water damage' }))
        .then([aStampsDestroyed({ from: 1000, to: 1009 }, { note: 'water damage' })]));

    it('leaves invoiced and already destroyed stamps alone and says why', () =>
      given([
        roll,
        aStampsAllocated({ from: 1000, to: 1004 }, { invoiceNumber: '1001' }),
        aStampsAllocated({ from: 1005, to: 1006 }, { allocationId: 'invoice-inv-2', invoiceNumber: '1002' }),
        aStampsDestroyed({ from: 1007, to: 1008 }),
      ])
        .when(aDestroyStamps({ from: 1000, to: 1012 }))
        .then([
          aStampsDestroyed(
            { from: 1000, to: 1012 },
            {
              destroyId: 2,
              ranges: [{ rollId: 1, prefix: 'AB', from: 1009, to: 1012 }],
              notDestroyed: {
                invoiced: [
                  { from: 1000, to: 1004, label: '1001' },
                  { from: 1005, to: 1006, label: '1002' },
                ],
                alreadyDestroyed: [{ from: 1007, to: 1008 }],
              },
            },
          ),
        ]));

    it('destroys nothing when the range holds no available stamp, listing the invoices', () => {
      const past = [
        roll,
        aStampsAllocated({ from: 1000, to: 1004 }, { invoiceNumber: '1001' }),
        aStampsDestroyed({ from: 1005, to: 1006 }),
      ];
      const state = fold(stampLedgerDecider, past);
      const destroy = withHoldings(aDestroyStamps({ from: 1000, to: 1006 }), past);
      const error = errorOf(() => stampLedgerDecider.decide(destroy, state));
      expect(error.message).toBe('None destroyed in range AB1000-AB1006.');
      expect(error.details).toEqual([
        { field: 'from', message: 'None destroyed in range AB1000-AB1006.' },
        { field: 'from', message: 'Invoiced stamps not destroyed: AB1000-AB1004 (invoice #1001).' },
        { field: 'from', message: 'Already destroyed: AB1005-AB1006.' },
      ]);
    });

    it('refuses a range outside the roll', () =>
      given([roll])
        .when(aDestroyStamps({ from: 1470, to: 1480 }))
        .thenThrows('From and to must lie within the roll range AB1000-AB1479.'));

    it('refuses to allocate destroyed stamps', () =>
      given([roll, aStampsDestroyed({ from: 1000, to: 1009 })])
        .when(anAllocateStamps({ count: 2 }))
        .then([
          aStampsAllocated(
            { from: 1010, to: 1011 },
            { allocationId: 'invoice-inv-1', invoiceId: 'inv-1', invoiceNumber: '1001' },
          ),
        ]));

    it('restores a destroy record: its stamps are available again', () =>
      given([roll, aStampsDestroyed({ from: 1000, to: 1009 })])
        .when(aRestoreStamps([1]))
        .then([aStampsRestored(1, { from: 1000, to: 1009 })]));

    it('restores nothing twice', () =>
      given([roll, aStampsDestroyed({ from: 1000, to: 1009 }), aStampsRestored(1, { from: 1000, to: 1009 })])
        .when(aRestoreStamps([1]))
        .then([]));

    it('refuses an unknown destroy record', () =>
      given([roll, aStampsDestroyed({ from: 1000, to: 1009 })])
        .when(aRestoreStamps([1, 2]))
        .thenThrows('No destroyed stamps record 2.'));

    it('reports each status as ranges that cover the roll', () => {
      const state = fold(stampLedgerDecider, [
        roll,
        aStampsAllocated({ from: 1000, to: 1004 }),
        aStampsDestroyed({ from: 1010, to: 1019 }),
      ]);
      expect(stampLedgerReport(state).rolls[0]).toMatchObject({
        available: [
          { from: 1005, to: 1009 },
          { from: 1020, to: 1479 },
        ],
        invoiced: [{ from: 1000, to: 1004 }],
        destroyed: [{ from: 1010, to: 1019 }],
        availableCount: 465,
        invoicedCount: 5,
        destroyedCount: 10,
      });
    });
  });

  describe('allocateStamps, the pure function an invoice decision calls', () => {
    it('answers the same events as the command', () => {
      const state = fold(stampLedgerDecider, [aStampRollReceived()]);
      expect(allocateStamps(state, { invoiceId: 'inv-1', invoiceNumber: '1001', count: 3 }, NOW)).toEqual(
        stampLedgerDecider.decide(anAllocateStamps({ count: 3 }), state),
      );
    });
  });

  describe('roll size warnings (never blocking)', () => {
    it.each([
      [1, 480, []],
      [1, 500, []],
      [1, 10_000, []],
      [1, 10_080, ['A roll of 10080 stamps exceeds the maximum of 10000.']],
      [
        1,
        40,
        [
          'A roll of 40 stamps is too few (under 80).',
          'A roll of 40 stamps is unusual: not a multiple of 80 or 500.',
        ],
      ],
      [1, 100, ['A roll of 100 stamps is unusual: not a multiple of 80 or 500.']],
    ])('from %d to %d warns %j', (from, to, warnings) =>
      expect(stampRollSizeWarnings(from, to)).toEqual(warnings),
    );
  });
});
